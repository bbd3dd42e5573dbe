// Appended to build/wasm/cacti.mjs and cacti_mt.mjs (emcc --extern-post-js; wasm-core/CMakeLists.txt):
// runs CACTI 7's main on one configuration file's text, synchronously, and answers with the fields of
// switchlab::cost::cacti::RunOutput (wasm-core/src/cost/cacti/runner.hpp). The core's
// runner_wasm.cpp calls run() through globalThis.switchlabCacti, which the host (the browser's core
// worker, or node's bindings/wasm/load_node.mjs) sets to one of the two runners below.
const CFG_PATH = '/switchlab.cfg';
// An abort (a failed assert, an uncaught C++ exception) reads as natively: 128 + SIGABRT.
const ABORT_EXIT = 134;

// Emscripten's node code adds process-wide handlers per instance (the second rethrows every
// unhandled rejection): a runner making an instance per run removes the ones it added.
function withoutNodeHandlers(make) {
  const events = ['uncaughtException', 'unhandledRejection'];
  const isNode = typeof process === 'object' && typeof process.listeners === 'function';
  const before = isNode ? events.map((ev) => process.listeners(ev)) : [];
  try {
    return make();
  } finally {
    if (isNode) {
      events.forEach((ev, i) => {
        for (const l of process.listeners(ev)) if (!before[i].includes(l)) process.removeListener(ev, l);
      });
    }
  }
}

// Options every instance gets: no main at start, output into `sink`, and exit() as an exception
// that callMain turns into its status (never node's process exit code).
function instanceOptions(sink) {
  return {
    noInitialRun: true,
    print: (line) => sink.out.push(line),
    printErr: (line) => sink.err.push(line),
    quit: (status, toThrow) => { throw toThrow; },
  };
}

function runMain(m, sink, cfgText, timeLimitS) {
  sink.out = [];
  sink.err = [];
  m.FS.writeFile(CFG_PATH, cfgText);
  m._switchlab_cacti_set_time_limit(timeLimitS);
  const sp = m.stackSave();  // exit() unwinds without restoring the stack pointer
  let code;
  try {
    code = m.callMain(['-infile', CFG_PATH]);
  } catch (e) {
    sink.err.push(e instanceof Error ? e.message : `uncaught C++ exception (${e})`);
    code = ABORT_EXIT;
  } finally {
    m.stackRestore(sp);
  }
  const text = (lines) => lines.map((l) => `${l}\n`).join('');
  return { exit_code: code, timed_out: m._switchlab_cacti_timed_out() === 1, out: text(sink.out), err: text(sink.err) };
}

// The one-thread module (cacti.mjs): a fresh instance of the compiled `wasmModule` per run, so an
// exit() or abort ends only that run and every run starts from fresh memory, as a process does.
export function singleThreadRunner(wasmModule) {
  return {
    threaded: false,
    run(cfgText, timeLimitS) {
      const sink = {};
      const m = {
        ...instanceOptions(sink),
        instantiateWasm(imports, receive) {
          const instance = new WebAssembly.Instance(wasmModule, imports);
          receive(instance, wasmModule);
          return instance.exports;
        },
      };
      // The instance is ready on return (synchronous instantiation, embedded files); an abort
      // rejects its ready promise, which run() has already reported.
      withoutNodeHandlers(() => createCacti(m)).catch(() => {});
      return runMain(m, sink, cfgText, timeLimitS);
    },
  };
}

// The threaded module (cacti_mt.mjs): its pthread pool loads asynchronously, so one instance serves
// every run. CACTI keeps its input in globals and does not reset them (a cache run followed by a CAM
// run fails an assert), so each run starts from the memory the instance had before its first run, as
// a fresh process would: the whole linear memory is copied back and what it grew by is cleared.
// `options`: Emscripten's (locateFile, mainScriptUrlOrBlob, wasmBinary). After an abort the pthreads
// may be left mid-search: later runs report that (exit 134) until the host loads a new runner.
export async function threadedRunner(options) {
  const sink = {};
  const m = await createCacti({ ...options, ...instanceOptions(sink) });
  const initial = new Uint8Array(m.wasmMemory.buffer).slice();
  let aborted = false;
  return {
    threaded: true,
    run(cfgText, timeLimitS) {
      if (aborted) return { exit_code: ABORT_EXIT, timed_out: false, out: '', err: 'CACTI aborted in an earlier run of this instance\n' };
      const memory = new Uint8Array(m.wasmMemory.buffer);
      memory.set(initial);
      memory.fill(0, initial.length);
      const r = runMain(m, sink, cfgText, timeLimitS);
      aborted = r.exit_code === ABORT_EXIT;
      return r;
    },
  };
}
