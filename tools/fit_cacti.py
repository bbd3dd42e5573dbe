#!/usr/bin/env python3
"""Fit SwitchLab's "CACTI-derived" cost model to the CACTI 7 reference runs.

Reads  ../shared/cacti/cache_grid.csv and cam.csv (relative to the repository root, or --cacti DIR)
Writes wasm-core/data/cacti_fit.json  (coefficients the C++ core evaluates at run time)
       the error tables between the fit-errors markers of docs/cost-model.md

Pure Python 3 (no numpy): the fits are small linear least-squares problems in log space.

Model (docs/cost-model.md explains why): for every output y,
    ln y = node_factor[tech] + sum_k coef_k * term_k
with terms built from
    L = ln(capacity / reference capacity)      capacity in bytes (cache) or entries (CAM)
    w = log2(ways)                              set-associative caches only
    E = ln(entry_bytes / 12)                    cache only
    K = ln(key_bits / 24)                       CAM only
so the model is a power law in capacity with a smooth curvature term, a per-node constant
(leakage is not a power law in the node, see ../shared/cacti/README.md) and smooth associativity
terms. Fitting minimises squared error of ln y, i.e. relative error.

Validation: besides the error on the training rows, each model is refitted with whole groups
left out (every interior entries value, every interior associativity) and evaluated on the left-out
rows: that is the interpolation error the model will show on CACTI points not in the folder.
"""
import argparse
import csv
import json
import math
import os
import statistics
import sys

NODES = [22, 32, 45, 65, 90]
CACHE_REF_BYTES = 24576.0  # the seeds' 2,048 x 12 B table: centre the fit there
CAM_REF_ENTRIES = 49152.0  # the 48K-entry InfiniBand table of seed 001 Sec. 1
MIN_SETS = 32              # CACTI needs Ndwl, Ndbl >= 2 with >= 16 rows per subarray (README)

# Per-node capacity slopes ("L@22" = L at 22 nm, 0 elsewhere; 45 nm is the base slope).
NODE_SLOPES = ["L@22", "L@32", "L@65", "L@90"]
# Candidate term sets per model family; for each output the script keeps the candidate with the
# lowest hold-out score (see choose_terms). Fewer terms win ties: they extrapolate more safely.
SA_CANDIDATES = [["L", "w", "w2", "Lw", "E"], ["L", "L2", "w", "w2", "Lw", "E"],
                 ["L", "w", "w2", "Lw", "E"] + NODE_SLOPES, ["L", "L2", "w", "w2", "Lw", "E"] + NODE_SLOPES]
FA_CANDIDATES = [["L", "E"], ["L", "L2", "E"], ["L", "E"] + NODE_SLOPES, ["L", "L2", "E"] + NODE_SLOPES]
CAM_CANDIDATES = [["L", "K"], ["L", "L2", "K"], ["L", "L2", "K", "LK"], ["L", "L2", "K"] + NODE_SLOPES]

CACHE_OUTPUTS = ["access_ns", "cycle_ns", "area_mm2", "read_energy_nJ", "leak_mW", "total_leak_mW"]
CAM_OUTPUTS = ["search_ns", "area_mm2", "search_energy_nJ", "searchline_energy_nJ", "leak_mW",
               "total_leak_mW"]


# Rows kept OUT of the shipped fit so the C++ tests can check interpolation on CACTI points the
# model never saw: 16-byte entries at 256 and 8,192 entries (4 KiB and 128 KiB, capacities no
# other row has) and 64-bit-key CAMs at 16K entries. tests/test_cost_fit.cpp holds these rows.
def is_test_holdout_cache(s):
    return s["entry_bytes"] == 16 and s["entries"] in (256, 8192)


def is_test_holdout_cam(s):
    return s["key_bits"] == 64 and s["entries"] == 16384


# ----------------------------------------------------------------------------- linear algebra
def solve_lstsq(X, y, ridge=1e-10):
    """Least squares via normal equations + Gaussian elimination (problems are ~10 unknowns)."""
    n = len(X[0])
    A = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for row, t in zip(X, y):
        for i in range(n):
            ri = row[i]
            if ri == 0.0:
                continue
            b[i] += ri * t
            for j in range(n):
                A[i][j] += ri * row[j]
    for i in range(n):
        A[i][i] += ridge
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(A[r][c]))
        A[c], A[p] = A[p], A[c]
        b[c], b[p] = b[p], b[c]
        for r in range(c + 1, n):
            f = A[r][c] / A[c][c]
            if f == 0.0:
                continue
            for k in range(c, n):
                A[r][k] -= f * A[c][k]
            b[r] -= f * b[c]
    x = [0.0] * n
    for i in range(n - 1, -1, -1):
        x[i] = (b[i] - sum(A[i][k] * x[k] for k in range(i + 1, n))) / A[i][i]
    return x


# ----------------------------------------------------------------------------- features
def term_value(name, f):
    """f: dict with L, w, E, K. Must match wasm-core/src/cost/fit_model.cpp term_value()."""
    L, w, E, K = f.get("L", 0.0), f.get("w", 0.0), f.get("E", 0.0), f.get("K", 0.0)
    if name.startswith("L@"):
        return L if f["tech"] == int(name[2:]) else 0.0
    return {"L": L, "L2": L * L, "L3": L * L * L, "w": w, "w2": w * w, "Lw": L * w, "E": E,
            "K": K, "LK": L * K}[name]


def design_row(f, terms):
    return [1.0 if f["tech"] == t else 0.0 for t in NODES] + [term_value(n, f) for n in terms]


def fit(samples, terms, out):
    X = [design_row(s, terms) for s in samples]
    y = [math.log(s[out]) for s in samples]
    c = solve_lstsq(X, y)
    return {"node": {str(t): c[i] for i, t in enumerate(NODES)},
            "terms": {n: c[len(NODES) + i] for i, n in enumerate(terms)},
            "L_span": [min(s["L"] for s in samples), max(s["L"] for s in samples)]}


def log_value(model, f):
    v = model["node"][str(f["tech"])]
    for n, c in model["terms"].items():
        v += c * term_value(n, f)
    return v


def predict(model, f):
    """Inside the fitted capacity span: the polynomial. Outside: continued linearly in ln y vs L
    with the slope at the span's edge, floored at 0 (no output shrinks as the array grows), so the
    curvature term cannot bend the extrapolation. Must match LogLinearFit::eval in fit_model.cpp."""
    lo, hi = model["L_span"]
    L = f["L"]
    if lo <= L <= hi:
        return math.exp(log_value(model, f))
    b = lo if L < lo else hi
    d = 1e-3
    at = lambda x: log_value(model, dict(f, L=x))
    slope = max(0.0, (at(b + d) - at(b - d)) / (2 * d))
    return math.exp(at(b) + slope * (L - b))


def rel_err(model, s, out):
    return predict(model, s) / s[out] - 1.0


# ----------------------------------------------------------------------------- data
def f_or_none(x):
    return float(x) if x not in ("", None) else None


def load_cache(path):
    sa, fa = [], []
    for r in csv.DictReader(open(path)):
        if r["array_type"] != "cache" or r["status"] != "ok":
            continue
        eb = float(r["block_bytes"])
        s = {"entries": int(r["entries"]), "entry_bytes": eb, "tech": int(r["tech_nm"]),
             "ways": r["assoc_label"],
             "L": math.log(int(r["entries"]) * eb / CACHE_REF_BYTES), "E": math.log(eb / 12.0),
             "access_ns": float(r["access_ns"]), "cycle_ns": float(r["cycle_ns"]),
             "area_mm2": float(r["total_area_mm2"]), "leak_mW": float(r["leak_mW"]),
             "total_leak_mW": float(r["total_leak_mW"])}
        if r["assoc_label"] == "full":
            s["read_energy_nJ"] = float(r["lookup_energy_nJ"])  # search energy for fully assoc.
            fa.append(s)
        else:
            s["read_energy_nJ"] = float(r["read_energy_nJ"])
            s["assoc"] = int(r["assoc"])
            s["w"] = math.log2(int(r["assoc"]))
            sa.append(s)
    return sa, fa


def load_cam(path):
    out = {"cam": [], "fa_cache": []}
    for r in csv.DictReader(open(path)):
        if r["status"] != "ok":
            continue
        s = {"entries": int(r["entries"]), "key_bits": int(r["key_bits"]), "tech": int(r["tech_nm"]),
             "L": math.log(int(r["entries"]) / CAM_REF_ENTRIES),
             "K": math.log(int(r["key_bits"]) / 24.0),
             "search_ns": float(r["search_latency_ns"]), "area_mm2": float(r["total_area_mm2"]),
             "search_energy_nJ": float(r["search_energy_nJ"]),
             "searchline_energy_nJ": float(r["searchline_energy_nJ"]),
             "leak_mW": float(r["leak_mW"]), "total_leak_mW": float(r["total_leak_mW"])}
        out[r["mode"]].append(s)
    return out


# ----------------------------------------------------------------------------- validation
def summary(errs):
    a = [abs(e) for e in errs]
    return {"n": len(a), "median_pct": 100 * statistics.median(a), "worst_pct": 100 * max(a)}


def grouped_holdout(samples, terms, out, key, values):
    """Refit without each group `key == v` and collect the errors on the left-out rows."""
    errs = []
    for v in values:
        train = [s for s in samples if s[key] != v]
        test = [s for s in samples if s[key] == v]
        if not test:
            continue
        m = fit(train, terms, out)
        errs += [rel_err(m, s, out) for s in test]
    return errs


def leave_one_out(samples, terms, out):
    errs = []
    for i in range(len(samples)):
        m = fit(samples[:i] + samples[i + 1:], terms, out)
        errs.append(rel_err(m, samples[i], out))
    return errs


def evaluate_output(samples, terms, out, holdouts):
    """{"training": summary, "leave-one-row-out": summary, <hold-out name>: summary, ...}."""
    m = fit(samples, terms, out)
    row = {"training": summary([rel_err(m, s, out) for s in samples]),
           "leave-one-row-out": summary(leave_one_out(samples, terms, out))}
    for name, key, values in holdouts:
        row[name] = summary(grouped_holdout(samples, terms, out, key, values))
    return row


def holdout_score(samples, terms, out, holdouts):
    """Selection score: mean over hold-out kinds of (median + 0.25 * worst) relative error."""
    sc = []
    for name, key, values in holdouts:
        sm = summary(grouped_holdout(samples, terms, out, key, values))
        sc.append(sm["median_pct"] + 0.25 * sm["worst_pct"])
    return sum(sc) / len(sc)


def choose_terms(samples, candidates, out, holdouts):
    best = None
    for terms in candidates:  # candidates are ordered simplest first; ties keep the simpler one
        score = holdout_score(samples, terms, out, holdouts)
        if best is None or score < best[0] - 1e-9:
            best = (score, terms)
    return best[1]


def cache_holdouts(samples, set_assoc):
    ents = sorted({s["entries"] for s in samples})
    h = [("interior entries out", "entries", ents[1:-1])]
    if set_assoc:
        h.append(("ways out (2, 4)", "assoc", [2, 4]))
    # The model is offered for 16..65,536 entries, beyond the 64..16,384 training span, so the
    # error when the smallest / largest size is left out (= extrapolation) also counts.
    h.append(("end entries out", "entries", [ents[0], ents[-1]]))
    return h


def cam_holdouts(samples):
    # CAM sizes are offered only within the training span 1K..512K: interpolation only.
    ents = sorted({s["entries"] for s in samples})
    return [("interior entries out", "entries", ents[1:-1])]


def fit_family(samples, candidates, outputs, holdouts):
    """Returns ({output: model}, {output: error row}) with per-output chosen terms."""
    models, table = {}, {}
    for out in outputs:
        terms = choose_terms(samples, candidates, out, holdouts)
        models[out] = fit(samples, terms, out)
        table[out] = evaluate_output(samples, terms, out, holdouts)
        table[out]["terms"] = " ".join(terms)
    return models, table


# ----------------------------------------------------------------------------- output
def emit_test_rows(sa, fa, cams, test_rows):
    """C++ initialisers {entries, ways (0 = full), entry_bytes, tech_nm, outputs...}."""
    def cache_rows(name, rows):
        print(f"// {name}: entries, ways (0 = full), entry_bytes, tech_nm, " + ", ".join(CACHE_OUTPUTS))
        print(f"const CacheRow {name}[] = {{")
        for r in rows:
            w = 0 if r["ways"] == "full" else r["assoc"]
            print("    {%d, %d, %d, %d, %s}," % (r["entries"], w, r["entry_bytes"], r["tech"],
                                              ", ".join("%.6g" % r[o] for o in CACHE_OUTPUTS)))
        print("};")

    def cam_rows(name, rows):
        print(f"// {name}: entries, key_bits, tech_nm, " + ", ".join(CAM_OUTPUTS))
        print(f"const CamRow {name}[] = {{")
        for r in rows:
            print("    {%d, %d, %d, %s}," % (r["entries"], r["key_bits"], r["tech"],
                                          ", ".join("%.6g" % r[o] for o in CAM_OUTPUTS)))
        print("};")

    b12 = lambda rows: [r for r in rows if r["entry_bytes"] == 12]
    cache_rows("kTrainCache", b12(sa) + b12(fa))
    cache_rows("kHeldOutCache", test_rows["set_assoc"] + test_rows["full_assoc"])
    cam_rows("kTrainCam", cams["cam"])
    cam_rows("kHeldOutCam", test_rows["cam"])
    cam_rows("kTrainFaCache", cams["fa_cache"])
    cam_rows("kHeldOutFaCache", test_rows["fa_cache"])


BEGIN, END = "<!-- fit-errors:begin (generated by tools/fit_cacti.py) -->", "<!-- fit-errors:end -->"


def write_between_markers(path, text):
    """Replaces the generated block of docs/cost-model.md (or appends one)."""
    doc = open(path).read() if os.path.exists(path) else ""
    block = f"{BEGIN}\n{text}\n{END}"
    if BEGIN in doc and END in doc:
        doc = doc[:doc.index(BEGIN)] + block + doc[doc.index(END) + len(END):]
    else:
        doc += ("\n" if doc else "") + block + "\n"
    with open(path, "w") as fh:
        fh.write(doc)


def md_table(title, table):
    first = next(iter(table.values()))
    cols = [c for c in first if c != "terms"]
    lines = [f"**{title}** — absolute relative error vs CACTI, median / worst, %", "",
             "| output | " + " | ".join(f"{c} (n={first[c]['n']})" for c in cols) + " | terms |",
             "| --- |" + " --- |" * (len(cols) + 1)]
    for out, row in table.items():
        lines.append(f"| {out} | " + " | ".join(
            f"{row[c]['median_pct']:.1f} / {row[c]['worst_pct']:.1f}" for c in cols) + f" | {row['terms']} |")
    return "\n".join(lines) + "\n"


def round_model(m):
    return {"node": {k: round(v, 6) for k, v in m["node"].items()},
            "terms": {k: round(v, 6) for k, v in m["terms"].items()},
            "L_span": [round(m["L_span"][0], 6), round(m["L_span"][1], 6)]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--cacti", default=os.path.join(root, "..", "shared", "cacti"))
    ap.add_argument("--out", default=os.path.join(root, "wasm-core", "data", "cacti_fit.json"))
    ap.add_argument("--errors", default=os.path.join(root, "docs", "cost-model.md"),
                    help="document whose fit-errors block is rewritten")
    ap.add_argument("--emit-test-rows", action="store_true",
                    help="print the C++ row tables used by wasm-core/tests/test_cost_fit.cpp and exit")
    a = ap.parse_args()

    sa_all, fa_all = load_cache(os.path.join(a.cacti, "cache_grid.csv"))
    cams_all = load_cam(os.path.join(a.cacti, "cam.csv"))
    sa = [s for s in sa_all if not is_test_holdout_cache(s)]
    fa = [s for s in fa_all if not is_test_holdout_cache(s)]
    cams = {m: [s for s in r if not is_test_holdout_cam(s)] for m, r in cams_all.items()}
    test_rows = {"set_assoc": [s for s in sa_all if is_test_holdout_cache(s)],
                 "full_assoc": [s for s in fa_all if is_test_holdout_cache(s)],
                 "cam": [s for s in cams_all["cam"] if is_test_holdout_cam(s)],
                 "fa_cache": [s for s in cams_all["fa_cache"] if is_test_holdout_cam(s)]}
    if a.emit_test_rows:
        emit_test_rows(sa, fa, cams, test_rows)
        return 0
    families = {
        "set_assoc": ("set-associative cache (1/2/4/16 ways, 12 and 16 B entries)",
                      sa, SA_CANDIDATES, CACHE_OUTPUTS, cache_holdouts(sa, True)),
        "full_assoc": ("fully associative cache (read_energy_nJ = CACTI lookup/search energy)",
                       fa, FA_CANDIDATES, CACHE_OUTPUTS, cache_holdouts(fa, False)),
        "cam": ("binary CAM (mode=cam, 24/64-bit keys)",
                cams["cam"], CAM_CANDIDATES, CAM_OUTPUTS, cam_holdouts(cams["cam"])),
        "fa_cache": ("CAM + 4-byte result (mode=fa_cache, 24/64-bit keys)",
                     cams["fa_cache"], CAM_CANDIDATES, CAM_OUTPUTS, cam_holdouts(cams["fa_cache"])),
    }
    fitted, tables = {}, {}
    for key, (title, samples, cands, outs, hos) in families.items():
        fitted[key], tables[title] = fit_family(samples, cands, outs, hos)
        for out in outs:  # rows the fit never saw (also checked by the C++ tests)
            tables[title][out]["test rows (not fitted)"] = summary(
                [rel_err(fitted[key][out], r, out) for r in test_rows[key]])
            tables[title][out]["terms"] = tables[title][out].pop("terms")
        print("fitted", key, file=sys.stderr)

    data = {
        "about": "SwitchLab CACTI-derived cost model: fitted coefficients, generated by tools/fit_cacti.py "
                 "from CACTI 7.0 (commit 1ffd8dfb) runs in ../shared/cacti (itrs-hp cells and peripherals, "
                 "360 K, ECC, 1 bank, 1 r/w port, ED^2 objective). ln(y) = node[tech_nm] + sum(terms[t] * t), "
                 "L = ln(capacity / ref), w = log2(ways), E = ln(entry_bytes / 12), K = ln(key_bits / 24), "
                 "L@N = L at node N only; outside L_span ln(y) continues linearly with the edge slope "
                 "floored at 0. See docs/cost-model.md.",
        "nodes_nm": NODES,
        "cache": {
            "ref_capacity_bytes": CACHE_REF_BYTES,
            "min_sets": MIN_SETS,
            "training_entries": [min(s["entries"] for s in sa + fa), max(s["entries"] for s in sa + fa)],
            "training_entry_bytes": [12, 16],
            "training_ways": [1, 16],
            "set_assoc": {o: round_model(m) for o, m in fitted["set_assoc"].items()},
            "full_assoc": {o: round_model(m) for o, m in fitted["full_assoc"].items()},
        },
        "cam": {
            "ref_entries": CAM_REF_ENTRIES,
            "training_entries": [min(s["entries"] for s in cams["cam"]), max(s["entries"] for s in cams["cam"])],
            "cam": {o: round_model(m) for o, m in fitted["cam"].items()},
            "fa_cache": {o: round_model(m) for o, m in fitted["fa_cache"].items()},
        },
        # [median, worst] absolute relative error in %, per family, output and validation kind.
        "error_summary_pct": {
            key: {o: {c: [round(v["median_pct"], 1), round(v["worst_pct"], 1)]
                      for c, v in r.items() if c != "terms"} for o, r in tables[families[key][0]].items()}
            for key in families},
    }
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    with open(a.out, "w") as fh:
        json.dump(data, fh, indent=1)
        fh.write("\n")
    md = "\n".join([md_table(k, t) for k, t in tables.items()])
    write_between_markers(a.errors, md)
    print(md)
    print("wrote", a.out, "and", a.errors)
    return 0


if __name__ == "__main__":
    sys.exit(main())
