#!/usr/bin/env python3
"""Generate CACTI 7 training rows for the cost-model fit (wasm-core/data/cacti/).

CACTI itself is not part of SwitchLab: build it outside the repository, e.g.

    git clone https://github.com/HewlettPackard/cacti /tmp/cacti   # commit 1ffd8dfb = CACTI 7.0
    make -C /tmp/cacti                                             # the default (debug) build
    python3 tools/cacti_rows.py --cacti-dir /tmp/cacti --check 12  # reproduces existing rows?
    python3 tools/cacti_rows.py --cacti-dir /tmp/cacti --grid cam --grid cache

For every configuration the script writes a .cfg (CACTI's own cache.cfg with the settings of
wasm-core/data/cacti/README.md substituted), runs `nice -n 10 cacti -infile`, one run at a time,
parses the report and appends a row (source = "cacti_rows.py") to cache_grid.csv or cam.csv.
Configurations already in the file are skipped, so an interrupted run resumes; a run longer than
--timeout seconds is recorded as status "timeout" and not retried; the whole call stops after
--budget-min minutes.
"""
import argparse
import csv
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "wasm-core", "data", "cacti")
NODES = [22, 32, 45, 65, 90]
SOURCE = "cacti_rows.py"


def default_tag_bits(sets, block):
    """CACTI's default tag width, recorded the way the original rows record it (informational)."""
    return 44 if sets == 1 else 47 - int(round(math.log2(sets))) - int(math.floor(math.log2(block)))

CACHE_COLS = ("array_type,repr,entries,entry_bytes,block_bytes,capacity_bytes,assoc,assoc_label,sets,tech_nm,"
              "cell_type,peri_type,rw_ports,search_ports,temperature_K,ecc,access_mode,opt_target,"
              "tag_bits_cacti_default,access_ns,cycle_ns,total_area_mm2,height_mm,width_mm,data_area_mm2,"
              "tag_area_mm2,read_energy_nJ,write_energy_nJ,search_energy_nJ,lookup_energy_nJ,leak_mW,"
              "gate_leak_mW,total_leak_mW,data_access_ns,tag_access_ns,data_read_energy_nJ,"
              "tag_read_energy_nJ,Ndwl,Ndbl,Nspd,Ntwl,Ntbl,runtime_s,status,source").split(",")
CAM_COLS = ("mode,entries,key_bits,result_bytes,capacity_bytes,block_bytes,requested,tech_nm,cell_type,"
            "peri_type,rw_ports,search_ports,temperature_K,ecc,opt_target,search_latency_ns,cycle_ns,"
            "total_area_mm2,height_mm,width_mm,area_eff_pct,search_energy_nJ,searchline_energy_nJ,"
            "matchline_energy_nJ,read_energy_nJ,write_energy_nJ,leak_mW,gate_leak_mW,total_leak_mW,"
            "htree_in_delay_ns,cam_search_delay_ns,bitline_delay_ns,htree_out_delay_ns,Ndbl,runtime_s,"
            "status,source").split(",")
COMMON = {"cell_type": "itrs-hp", "peri_type": "itrs-hp", "rw_ports": 1, "temperature_K": 360,
          "ecc": "true", "opt_target": "ED^2"}


# ----------------------------------------------------------------------------- configurations
def cache_spec(entries, ways, block, tech):
    """ways 0 = fully associative. entry_bytes is 12 for the b12/b16 representations of the
    routing-table entry (block 12 or 16 B), else the block itself."""
    return {"kind": "cache", "entries": entries, "assoc": ways, "block_bytes": block, "tech_nm": tech,
            "entry_bytes": 12 if block in (12, 16) else block}


def cam_spec(mode, entries, key_bits, tech):
    return {"kind": "cam", "mode": mode, "entries": entries, "key_bits": key_bits, "tech_nm": tech}


def cfg_text(template, spec):
    """CACTI's cache.cfg with the run's settings substituted (everything else: CACTI's defaults,
    which are the setup of the README: 1 UCA bank, 1 r/w port, itrs-hp, 360 K, ECC, normal access,
    ED^2, semi-global wires, conservative projection)."""
    if spec["kind"] == "cache":
        block, assoc, ctype = spec["block_bytes"], spec["assoc"], "cache"
        size, tag, search = spec["entries"] * block, '"default"', 1 if spec["assoc"] == 0 else 0
    elif spec["mode"] == "cam":  # pure CAM: the key is the line; returns the match address
        block, assoc, ctype = spec["key_bits"] // 8, 0, "cam"
        size, tag, search = spec["entries"] * block, spec["key_bits"], 1
    else:  # fa_cache: CAM tag holding the key + 4-byte result
        block, assoc, ctype = 4, 0, "cache"
        size, tag, search = spec["entries"] * block, spec["key_bits"], 1
    subs = [(r"-size \(bytes\) .*", f"-size (bytes) {size}"),
            (r"-block size \(bytes\) .*", f"-block size (bytes) {block}"),
            (r"-associativity .*", f"-associativity {assoc}"),
            (r"-technology \(u\) .*", f"-technology (u) {spec['tech_nm'] / 1000:.3f}"),
            (r"-output/input bus width .*", f"-output/input bus width {block * 8}"),
            (r"-cache type .*", f'-cache type "{ctype}"'),
            (r"-tag size \(b\) .*", f"-tag size (b) {tag}")]
    text = template
    for pat, rep in subs:
        text, n = re.subn("(?m)^" + pat + "$", rep, text)
        if n != 1:
            sys.exit(f"cache.cfg template: expected one line matching {pat!r}, found {n}")
    return text + f"\n-search port {search}\n"


# ----------------------------------------------------------------------------- parsing
def parse_report(text):
    """Flat dict of the CACTI report values this script records. Labels repeat across the data,
    tag and CAM/FA blocks, so each value is keyed by the block it appears in."""
    out, section, block = {}, "", ""
    for line in text.splitlines():
        s = line.strip()
        if s.endswith("Components:"):
            section, block = s.split()[0], ""
            continue
        if s.startswith("Wire Properties"):
            break
        if s.startswith(("Data array", "Data side")):
            block = "data"
        elif s.startswith(("Tag array", "Tag side")):
            block = "tag"
        elif s.startswith(("CAM array", "Fully associative")):
            block = "cam"
        m = re.match(r"(.*?)\s*[:-]\s*([-+]?[0-9][0-9.]*(?:[eE][-+]?[0-9]+)?|inf|nan)\s*%?$", s)
        if not m:
            continue
        label, val = m.group(1).strip(), m.group(2)
        key = f"{section}|{block}|{label}" if section else label
        out.setdefault(key, float(val))
    hw = re.search(r"Cache height x width \(mm\): ([0-9.eE+-]+) x ([0-9.eE+-]+)", text)
    if hw:
        out["height_mm"], out["width_mm"] = float(hw.group(1)), float(hw.group(2))
    return out


def g(x):
    return "" if x is None else ("%.6g" % x)


def get(r, *keys):
    for k in keys:
        if k in r:
            return r[k]
    return None


def cache_row(spec, r, runtime, status):
    e, w, b = spec["entries"], spec["assoc"], spec["block_bytes"]
    sets = 1 if w == 0 else e // w
    row = dict(COMMON, array_type="cache", repr=f"b{b}", entries=e, entry_bytes=spec["entry_bytes"],
               block_bytes=b, capacity_bytes=e * b, assoc=w, assoc_label="full" if w == 0 else (
                   "dm" if w == 1 else str(w)), sets=sets, tech_nm=spec["tech_nm"],
               search_ports=1 if w == 0 else 0, access_mode="normal",
               tag_bits_cacti_default=default_tag_bits(sets, b),
               runtime_s="%.2f" % runtime, status=status, source=SOURCE)
    if status != "ok":
        return row
    full = w == 0
    h, wd = r["height_mm"], r["width_mm"]
    read = r["Total dynamic read energy per access (nJ)"]
    search = r.get("Total dynamic associative search energy per access (nJ)")
    leak, gate = r["Total leakage power of a bank (mW)"], r["Total gate leakage power of a bank (mW)"]
    row.update(
        access_ns=g(r["Access time (ns)"]), cycle_ns=g(r["Cycle time (ns)"]), total_area_mm2=g(h * wd),
        height_mm=g(h), width_mm=g(wd),
        data_area_mm2=g(get(r, "Area|data|Data array: Area (mm2)", "Area|cam|Fully associative cache array: Area (mm2)")),
        tag_area_mm2="" if full else g(r.get("Area|tag|Tag array: Area (mm2)")),
        read_energy_nJ=g(read), write_energy_nJ=g(r["Total dynamic write energy per access (nJ)"]),
        search_energy_nJ=g(search) if full else "", lookup_energy_nJ=g(search if full else read),
        leak_mW=g(leak), gate_leak_mW=g(gate), total_leak_mW=g(leak + gate),
        data_access_ns=g(r.get("Time|data|Data side (with Output driver) (ns)")),
        tag_access_ns="" if full else g(r.get("Time|tag|Tag side (with Output driver) (ns)")),
        data_read_energy_nJ="" if full else g(r.get("Power|data|Data array: Total dynamic read energy/access  (nJ)")),
        tag_read_energy_nJ="" if full else g(r.get("Power|tag|Tag array:  Total dynamic read energy/access (nJ)")),
        Ndwl=int(r["Best Ndwl"]), Ndbl=int(r["Best Ndbl"]), Nspd=int(r["Best Nspd"]),
        Ntwl="" if full else int(r["Best Ntwl"]), Ntbl="" if full else int(r["Best Ntbl"]))
    return row


def cam_row(spec, r, runtime, status):
    e, k, mode = spec["entries"], spec["key_bits"], spec["mode"]
    block = k // 8 if mode == "cam" else 4
    row = dict(COMMON, mode=mode, entries=e, key_bits=k, result_bytes=0 if mode == "cam" else 4,
               capacity_bytes=e * block, block_bytes=block, requested="no", tech_nm=spec["tech_nm"],
               search_ports=1, runtime_s="%.2f" % runtime, status=status, source=SOURCE)
    if status != "ok":
        return row
    h, wd = r["height_mm"], r["width_mm"]
    leak, gate = r["Total leakage power of a bank (mW)"], r["Total gate leakage power of a bank (mW)"]
    row.update(
        search_latency_ns=g(r["Access time (ns)"]), cycle_ns=g(r["Cycle time (ns)"]),
        total_area_mm2=g(h * wd), height_mm=g(h), width_mm=g(wd),
        area_eff_pct=g(r["Area|cam|Area efficiency (Memory cell area/Total area)"]),
        search_energy_nJ=g(r["Total dynamic associative search energy per access (nJ)"]),
        searchline_energy_nJ=g(r["Power|cam|Searchlines (nJ)"]),
        matchline_energy_nJ=g(r["Power|cam|Matchlines  (nJ)"]),
        read_energy_nJ=g(r["Total dynamic read energy per access (nJ)"]),
        write_energy_nJ=g(r["Total dynamic write energy per access (nJ)"]),
        leak_mW=g(leak), gate_leak_mW=g(gate), total_leak_mW=g(leak + gate),
        htree_in_delay_ns=g(r["Time|data|H-tree input delay (ns)"]),
        cam_search_delay_ns=g(r["Time|data|CAM search delay (ns)"]),
        bitline_delay_ns=g(r["Time|data|Bitline delay (ns)"]),
        htree_out_delay_ns=g(r["Time|data|H-tree output delay (ns)"]), Ndbl=int(r["Best Ndbl"]))
    return row


def run(cacti_dir, template, spec, timeout):
    """Runs one configuration; returns (report dict, seconds, status)."""
    with tempfile.NamedTemporaryFile("w", suffix=".cfg", delete=False) as fh:
        fh.write(cfg_text(template, spec))
        path = fh.name
    t0 = time.time()
    try:
        p = subprocess.run(["nice", "-n", "10", "./cacti", "-infile", path], cwd=cacti_dir,
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {}, time.time() - t0, f"timeout: CACTI took more than {timeout} s"
    finally:
        os.unlink(path)
    dt = time.time() - t0
    text = p.stdout + p.stderr
    if "ERROR" in text or "Access time (ns)" not in text:
        msg = next((ln.strip() for ln in text.splitlines() if "ERROR" in ln or "must" in ln), "no report")
        return {}, dt, "error: CACTI: " + msg
    return parse_report(text), dt, "ok"


# ----------------------------------------------------------------------------- grids
def cache_grid():
    """Most useful first: gaps of the original grid (512 / 4,096 entries, 8 ways, 32K / 64K
    entries, 1.5x sizes between the powers of two), then other entry sizes."""
    ways = [1, 2, 4, 8, 16, 0]
    specs = []
    for block in (12, 16):
        specs += [cache_spec(e, w, block, t) for e in (512, 4096) for w in ways for t in NODES]
        specs += [cache_spec(e, 8, block, t) for e in (64, 128, 256, 1024, 2048, 8192, 16384) for t in NODES]
    for block in (12, 16):
        specs += [cache_spec(e, w, block, t) for e in (32, 32768, 65536) for w in ways for t in NODES]
        specs += [cache_spec(e, w, block, t) for e in (96, 192, 384, 768, 1536, 3072, 6144, 12288, 24576, 49152)
                  for w in ways for t in NODES]
    for block in (8, 24, 32, 64, 4):
        specs += [cache_spec(e, w, block, t) for e in (64, 256, 1024, 2048, 4096, 16384, 65536)
                  for w in ways for t in NODES]
    return [s for s in specs if s["assoc"] == 0 or s["entries"] % s["assoc"] == 0]


def cam_grid():
    sizes = [1024, 2048, 4096, 8192, 16384, 32768, 49152, 65536, 131072, 262144, 524288]
    return [cam_spec(m, e, k, t) for k in (24, 64) for e in sizes for m in ("cam", "fa_cache") for t in NODES]


GRIDS = {"cache": (cache_grid, "cache_grid.csv", CACHE_COLS, cache_row),
         "cam": (cam_grid, "cam.csv", CAM_COLS, cam_row)}


def cache_key(r):
    return ("cache", int(r["entries"]), int(r["assoc"]), int(r["block_bytes"]), int(r["tech_nm"]))


def cam_key(r):
    return (r["mode"], int(r["entries"]), int(r["key_bits"]), int(r["tech_nm"]))


def spec_key(s):
    if s["kind"] == "cache":
        return ("cache", s["entries"], s["assoc"], s["block_bytes"], s["tech_nm"])
    return (s["mode"], s["entries"], s["key_bits"], s["tech_nm"])


def read_rows(path):
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def check(cacti_dir, template, n, timeout):
    """Re-runs n existing rows of each file (spread over the file) and reports the largest
    relative difference of any recorded output: 0 means this CACTI build reproduces them."""
    worst = 0.0
    for name, (_, fname, cols, make) in GRIDS.items():
        rows = [r for r in read_rows(os.path.join(DATA, fname)) if r["status"] == "ok"
                and r.get("array_type", "cache") == "cache"]
        for r in random.Random(1).sample(rows, min(n, len(rows))):
            if name == "cache":
                spec = cache_spec(int(r["entries"]), int(r["assoc"]), int(r["block_bytes"]), int(r["tech_nm"]))
            else:
                spec = cam_spec(r["mode"], int(r["entries"]), int(r["key_bits"]), int(r["tech_nm"]))
            rep, dt, status = run(cacti_dir, template, spec, timeout)
            new = make(spec, rep, dt, status)
            diffs = [abs(float(new[c]) / float(r[c]) - 1) for c in cols
                     if c not in ("runtime_s", "status", "source") and r.get(c) not in ("", None)
                     and re.fullmatch(r"[-0-9.eE+]+", r[c]) and float(r[c]) != 0 and new.get(c) not in ("", None)]
            d = max(diffs) if diffs else float("inf")
            worst = max(worst, d)
            print(f"{name} {spec_key(spec)}: {status}, largest relative difference {d:.2e}")
    print(f"worst relative difference {worst:.2e}")
    return 0 if worst < 1e-5 else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cacti-dir", required=True, help="built CACTI 7 source tree (holds ./cacti and cache.cfg)")
    ap.add_argument("--grid", action="append", choices=sorted(GRIDS), default=[])
    ap.add_argument("--check", type=int, default=0, metavar="N",
                    help="re-run N existing rows per file and compare instead of generating")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per CACTI run")
    ap.add_argument("--budget-min", type=float, default=25.0, help="stop after this many minutes")
    a = ap.parse_args()
    template = open(os.path.join(a.cacti_dir, "cache.cfg")).read()
    if a.check:
        return check(a.cacti_dir, template, a.check, a.timeout)
    t_end = time.time() + 60 * a.budget_min
    for name in a.grid:
        make_specs, fname, cols, make_row = GRIDS[name]
        path = os.path.join(DATA, fname)
        done = {cache_key(r) if name == "cache" else cam_key(r) for r in read_rows(path)}
        todo = [s for s in make_specs() if spec_key(s) not in done]
        print(f"{name}: {len(todo)} configurations to run", flush=True)
        with open(path, "a", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=cols)
            for i, spec in enumerate(todo):
                if time.time() > t_end:
                    print("time budget used up; rerun to continue", flush=True)
                    return 0
                rep, dt, status = run(a.cacti_dir, template, spec, a.timeout)
                w.writerow(make_row(spec, rep, dt, status))
                fh.flush()
                print(f"{name} {i + 1}/{len(todo)} {spec_key(spec)} {status} {dt:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
