// The Emscripten ES module (built from wasm-core/ into build/wasm/). embind functions take and
// return JSON strings.
declare module '@wasm/switchlab_core.mjs' {
  import type { CoreModule } from './core/protocol';
  const createSwitchLabCore: (opts?: {
    locateFile?: (path: string, prefix: string) => string;
    wasmBinary?: ArrayBuffer | Uint8Array;
    print?: (s: string) => void;
    printErr?: (s: string) => void;
  }) => Promise<CoreModule>;
  export default createSwitchLabCore;
}
