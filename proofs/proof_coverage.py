#!/usr/bin/env python3
"""proof_coverage.py - how much of what a run executes is proved.

Reads the gcov JSON (gcov --json-format --stdout) of runs of a build
compiled with --coverage, classifies every executed function against the
proved set of proofs/proofs.mk and prints, per run, a table per folder and

    proof coverage: L% of executed lines, F% of executed functions, R% with a result contract
    simulation code: X% of N executed lines in proved functions with a result contract

Classification (mechanical, from the sources and the WP report):
  proved     the function is defined in a file of WP_CORE (or in a header
             of its folder that it includes, for static inline functions), is not
             in WP_SKIP, and, when the WP report (report.json of
             `make proofs`) is given, has every one of its goals proved
             there (one without goals of its own counts when the report
             has other functions of its file, not when its file is
             missing from the report).
  result contract
             a proved function whose contract fixes every one of its
             outputs: the result of a non-void function, and every
             location of its `assigns` clauses but ghost variables (a
             location counts as fixed when one of its elements or
             fields is). An ensures
             clause (of the function or of one of its behaviors) fixes an
             output when a conjunct of its conclusion names the output and
               - states an equality: ==, <==>, \\eq_double, \\eq_float or
                 \\in (\\result == f_value(x), *d \\in {g(x)}), or
               - applies a predicate of spec/ whose definition fixes
                 the parameter at the output's position that way
                 (same_double(\\result, v), dop853_dense_slope(dy, ...)).
             The conclusion of a clause is the part after its last
             top-level ==> (inside a \\forall too), split on &&, each
             conjunct taken apart again; a disjunction (||) fixes
             nothing. So a conditional equality (v != 0 ==> r == f(v))
             counts, and ranges (\\le_double, in_range), finiteness and
             sets of values (\\result == 0 || \\result == 1) do not.
The simulation code is src/model, src/kernel, src/system, src/rules and src/b64;
parsing and output (src/io), the API (src/api), the high-precision engine
(src/mp) and the command-line tools (tools/) are outside that figure.

Usage:
  proof_coverage.py --core "FILES" --skip "f,g" [--report report.json]
                    [--json OUT] [--outside OUT] [--binary64 ARGS]...
                    --run ARGS=GCOV.jsonl ...
  proof_coverage.py --selftest
"""
import argparse
import json
import os
import re
import sys

FOLDERS = ["src/base", "src/model", "src/kernel", "src/system", "src/rules",
           "src/io", "src/b64", "src/mp", "src/api", "tools"]
SIMULATION = ["src/model", "src/kernel", "src/system", "src/rules", "src/b64"]
# The -I folders of the proof (proofs/run-wp.sh: -cpp-extra-args).
INCLUDE_PATH = ["src/model", "src/kernel"]
KEYWORDS = {"if", "for", "while", "do", "switch", "return", "sizeof"}


def folder_of(path):
    """The folder of FOLDERS a source path belongs to, or None."""
    path = os.path.normpath(path)
    for f in FOLDERS:
        if path.startswith(f + "/"):
            return f
    return None


# ---------------------------------------------------------------- ACSL

def top_split(text, sep):
    """Split TEXT on SEP where no bracket is open (==> not within <==>)."""
    parts, depth, cur, i = [], 0, [], 0
    while i < len(text):
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if depth == 0 and text.startswith(sep, i) and not (
                sep == "==>" and i > 0 and text[i - 1] == "<"):
            parts.append("".join(cur))
            cur = []
            i += len(sep)
            continue
        cur.append(c)
        i += 1
    parts.append("".join(cur))
    return [p.strip() for p in parts]


def strip_parens(text):
    """TEXT without enclosing parentheses that span all of it."""
    text = text.strip()
    while text.startswith("(") and text.endswith(")"):
        depth = 0
        for i, c in enumerate(text):
            depth += c == "("
            depth -= c == ")"
            if depth == 0 and i < len(text) - 1:
                return text
        text = text[1:-1].strip()
    return text


def clauses(contract, keyword):
    """The clauses KEYWORD ... ; of a contract (label removed)."""
    out = []
    for m in re.finditer(r"(?<![\w\\])" + keyword + r"\s+(.*?);(?=\s*(?:"
                         r"requires|ensures|assigns|behavior|assumes|complete|"
                         r"disjoint|terminates|decreases|frees|allocates|exits|$))",
                         contract, re.S):
        body = m.group(1).strip()
        body = re.sub(r"^[A-Za-z_]\w*\s*:(?!:)\s*", "", body)  # the label
        out.append(" ".join(body.split()))
    return out


def output_keys(contract, non_void):
    """The outputs of a function: \\result (non-void) and the locations of
    its assigns clauses, each as a key to look for in its ensures."""
    keys = ["\\result"] if non_void else []
    for a in clauses(contract, "assigns"):
        a = a.split("\\from")[0]
        for target in top_split(a, ","):
            target = strip_parens(target)
            if not target or target in ("\\nothing", "\\result"):
                continue
            key = re.sub(r"\[[^\]]*\]", "", target).lstrip("*").strip()
            key = strip_parens(key).lstrip("*").strip()
            if key and key not in keys:
                keys.append(key)
    return keys


EQUALITY = re.compile(r"(?<![<!])==(?!>)|<==>|\\eq_double\s*\(|\\eq_float\s*\(|\\in\b")
CALL = re.compile(r"(?<![\\\w])([A-Za-z_]\w*)\s*\(")


def mentions(text, key):
    """Whether TEXT names the output KEY (\\result, p, s->f)."""
    if key == "\\result":
        return key in text
    return re.search(r"(?<![\w.>])" + re.escape(key) + r"(?!\w)", text) is not None


def call_args(text):
    """The applications NAME(ARG, ...) in TEXT, nested ones too, as
    (NAME, [ARG, ...])."""
    out = []
    for m in CALL.finditer(text):
        depth, i = 0, m.end() - 1
        for i in range(m.end() - 1, len(text)):
            if text[i] in "([{":
                depth += 1
            elif text[i] in ")]}":
                depth -= 1
                if depth == 0:
                    break
        out.append((m.group(1), top_split(text[m.end():i], ",")))
    return out


def fixes(conjunct, key, equational):
    """Whether one conjunct of an ensures fixes the output KEY: it names
    KEY and states an equality, or it applies a predicate of EQUATIONAL
    with KEY in an argument at a position the predicate fixes."""
    if not mentions(conjunct, key):
        return False
    if EQUALITY.search(conjunct):
        return True
    return any(mentions(args[k], key)
               for name, args in call_args(conjunct) if name in equational
               for k in equational[name] if k < len(args))


def conclusions(clause):
    """The conjuncts of the conclusion of an ensures clause: nothing for a
    disjunction; else the part after the last top-level ==> (also inside
    a binder \\forall ...; ), split on the top-level &&, each conjunct
    taken apart again the same way."""
    clause = strip_parens(clause)
    if len(top_split(clause, "||")) > 1:
        return []
    parts = top_split(clause, "==>")
    concl = strip_parens(parts[-1])
    if concl.startswith("\\forall") or concl.startswith("\\exists"):
        return conclusions(concl.split(";", 1)[-1])
    if len(parts) > 1:
        return conclusions(concl)
    conjs = top_split(concl, "&&")
    if len(conjs) == 1:
        return [concl]
    return [c for conj in conjs for c in conclusions(conj)]


def equational_predicates(text):
    """{predicate: the positions of the parameters its definition fixes}
    of the predicates defined in TEXT (spec/*.acsl) that fix one: a
    conjunct of the body names the parameter in an equality
    (same_double(a, b), dop853_dense_slope(dy, ...)), or applies a
    predicate that fixes the position it passes it at; iterated so that a
    predicate defined by another equational one is too."""
    text = re.sub(r"^\s*@", "", text, flags=re.M)
    text = re.sub(r"//[^\n]*", "", text)
    defs = {}
    for m in re.finditer(r"predicate\s+(\w+)\s*(?:\{[^}]*\})?\s*\(([^)]*)\)\s*=\s*(.*?);"
                         r"(?=\s*(?:predicate|logic|lemma|axiomatic|inductive|\}|\*/|$))",
                         text, re.S):
        params = [p.split()[-1].lstrip("*") for p in m.group(2).split(",") if p.split()]
        if params:
            defs[m.group(1)] = (params, " ".join(m.group(3).split()))
    eq = {}
    while True:
        grown = False
        for n, (params, body) in defs.items():
            fixed = {k for k, p in enumerate(params)
                     if any(fixes(c, p, eq) for c in conclusions(body))}
            if fixed - eq.get(n, set()):
                eq[n] = eq.get(n, set()) | fixed
                grown = True
        if not grown:
            return eq


def fixed_outputs(contract, keys, equational):
    """The outputs among KEYS that some ensures clause fixes."""
    fixed = set()
    for ens in clauses(contract, "ensures"):
        for conj in conclusions(ens):
            for k in keys:
                if fixes(conj, k, equational):
                    fixed.add(k)
    return fixed


CONTRACT = re.compile(r"/\*@((?:(?!\*/).)*)\*/\s*((?:[\w\*]+\s+)*?[\w\*]*?\s*\**\s*(\w+)\s*\(([^)]*)\))", re.S)


def contracts_of(text):
    """{function: (contract, non_void)} of the function contracts of
    a C file or header (a /*@ ... */ block before a declaration or a
    definition; loop annotations and logic declarations are ignored)."""
    out = {}
    for m in CONTRACT.finditer(text):
        body = re.sub(r"^\s*@", "", m.group(1), flags=re.M)
        name = m.group(3)
        if name in KEYWORDS:
            continue
        if not re.search(r"(?<![\w])(requires|ensures|assigns)\b", body):
            continue
        if re.match(r"\s*(loop|assert|ghost|logic|predicate|lemma|axiomatic|check|admit|inductive)\b", body):
            continue
        decl = m.group(2)
        head = decl[:decl.index(name)]
        non_void = not re.search(r"\bvoid\s*$", head) or "*" in head.split("void")[-1]
        prev = out.get(name)
        contract = " ".join(body.split())
        if prev:
            contract = prev[0] + " " + contract
        out[name] = (contract, non_void)
    return out


GHOST = re.compile(r"(?:/\*@|//@)\s*ghost\b((?:(?!\*/)[^\n]|\n(?=\s*@))*)")
GHOST_DECL = re.compile(r"(?:^|;)\s*(?:extern\s+)?(?:const\s+)?"
                        r"(?:unsigned\s+)?(?:double|float|int|long|char|size_t)\s+([^;=]+)")


def ghost_names(text):
    """The variables that ghost declarations of TEXT declare (/*@ ghost
    double a[3], b; */, //@ ghost int n;): they exist for the contracts
    only, and no code of the program reads them (ACSL: ghost code does
    not change the program's state), so they are no output of it."""
    names = set()
    for m in GHOST.finditer(text):
        body = re.sub(r"(?m)^\s*@", " ", m.group(1))
        for d in GHOST_DECL.finditer(body):
            for v in top_split(d.group(1), ","):
                v = re.sub(r"\[.*", "", v).strip().lstrip("*").strip()
                if re.fullmatch(r"[A-Za-z_]\w*", v):
                    names.add(v)
    return names


def result_contract(contract, non_void, equational, ghosts=frozenset()):
    """Whether a contract fixes every output of its function (the ghost
    variables GHOSTS are not outputs)."""
    keys = [k for k in output_keys(contract, non_void)
            if re.match(r"\w*", k).group(0) not in ghosts]
    if not keys:
        return False
    return set(keys) <= fixed_outputs(contract, keys, equational)


# ---------------------------------------------------------------- proved set

def core_headers(core, root="."):
    """The headers that a file of CORE includes (#include "NAME.h"),
    directly or through another such header, found as the preprocessor of
    proofs/run-wp.sh finds them (the including file's folder, then
    INCLUDE_PATH): WP reads their static inline functions in the
    translation units of CORE, and not those of a header no file of CORE
    includes."""
    seen, todo = set(), list(core)
    while todo:
        f = todo.pop()
        try:
            with open(os.path.join(root, f)) as fh:
                text = fh.read()
        except OSError:
            continue
        for name in re.findall(r'(?m)^\s*#\s*include\s+"([^"]+\.h)"', text):
            for d in [os.path.dirname(f)] + INCLUDE_PATH:
                h = os.path.normpath(os.path.join(d, name))
                if os.path.isfile(os.path.join(root, h)):
                    break
            else:
                continue
            if h not in seen:
                seen.add(h)
                todo.append(h)
    return seen


def proved_set(core, skip, report, root="."):
    """{(folder, function): has_result_contract} for the proved functions.
    Functions are those that have a contract or a definition in the files
    of CORE and the headers they include (core_headers)."""
    core = [os.path.normpath(c) for c in core]
    headers = sorted(core_headers(core, root))
    files = list(core) + headers
    wp = None
    if report:
        with open(report) as fh:
            wp = {"": set()}  # "": the files the report has functions of
            for row in json.load(fh).get("wp", []):
                ok = row["goals"] == row["proved"]
                wp[row["function"]] = wp.get(row["function"], True) and ok
                wp[""].add(os.path.normpath(row["file"]))
    contracts, ghosts = {}, set()
    for f in files:
        with open(os.path.join(root, f)) as fh:
            text = fh.read()
            ghosts |= ghost_names(text)
            for name, c in contracts_of(text).items():
                prev = contracts.get(name)
                if prev:
                    c = (prev[0] + " " + c[0], c[1])
                contracts[name] = c
    spec = ""
    spec_dir = os.path.join(root, "spec")
    if os.path.isdir(spec_dir):
        for f in sorted(os.listdir(spec_dir)):
            if f.endswith(".acsl"):
                with open(os.path.join(spec_dir, f)) as fh:
                    spec += fh.read() + "\n"
    return headers, contracts, wp, set(skip), equational_predicates(spec), ghosts


class Classifier:
    """Whether an executed function (file, name) is proved and has a
    result contract."""

    def __init__(self, core, skip, report=None, root="."):
        (self.headers, self.contracts, self.wp, self.skip, self.equational,
         self.ghosts) = proved_set(
            core, skip, report, root)
        self.core = {os.path.normpath(c) for c in core}

    def proved(self, path, name):
        path = os.path.normpath(path)
        in_core = path in self.core or path in self.headers
        if not in_core or name in self.skip:
            return False
        if self.wp is not None:
            if name in self.wp:
                return self.wp[name]
            # no goal of its own: proved when WP ran on its file
            return path.endswith(".h") or path in self.wp[""]
        return True

    def result(self, path, name):
        if not self.proved(path, name) or name not in self.contracts:
            return False
        return result_contract(*self.contracts[name], self.equational, self.ghosts)

    def why(self, path, name):
        """Why a function has no proved result contract: one line."""
        path = os.path.normpath(path)
        if not (path in self.core or path in self.headers):
            return "not in the proved set (its file is not in WP_CORE)"
        if name in self.skip:
            return "body not proved (WP_SKIP)"
        if not self.proved(path, name):
            return "a goal not proved"
        if name not in self.contracts:
            return "proved, no contract"
        contract, non_void = self.contracts[name]
        keys = [k for k in output_keys(contract, non_void)
                if re.match(r"\w*", k).group(0) not in self.ghosts]
        if not keys:
            return "proved, its contract names no output"
        loose = [k for k in keys if k not in fixed_outputs(contract, keys, self.equational)]
        return "proved, outputs not fixed: " + ", ".join(loose)


# ---------------------------------------------------------------- gcov

def read_gcov(path):
    """Executed lines {(file, line): function} and executed functions
    {(file, function)} of a gcov JSON stream (one document a line, or
    several concatenated), for the files of FOLDERS."""
    lines, funcs = {}, set()
    with open(path) as fh:
        text = fh.read()
    dec, i = json.JSONDecoder(), 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            break
        doc, i = dec.raw_decode(text, i)
        for f in doc.get("files", []):
            name = os.path.normpath(f["file"])
            if folder_of(name) is None:
                continue
            for fn in f.get("functions", []):
                if fn.get("execution_count", 0) > 0:
                    funcs.add((name, fn["name"]))
            for ln in f.get("lines", []):
                if ln.get("count", 0) > 0:
                    lines[(name, ln["line_number"])] = ln.get("function_name", "")
    return lines, funcs


def measure(lines, funcs, cls):
    """Per folder and in total: executed lines and functions, those
    proved and those with a result contract."""
    rows = {f: dict(lines=0, proved=0, result=0, functions=0,
                    proved_functions=0, result_functions=0) for f in FOLDERS}
    for (path, _), name in lines.items():
        r = rows[folder_of(path)]
        r["lines"] += 1
        if name and cls.proved(path, name):
            r["proved"] += 1
            if cls.result(path, name):
                r["result"] += 1
    for path, name in funcs:
        r = rows[folder_of(path)]
        r["functions"] += 1
        if cls.proved(path, name):
            r["proved_functions"] += 1
            if cls.result(path, name):
                r["result_functions"] += 1

    def total(folders):
        t = dict(lines=0, proved=0, result=0, functions=0,
                 proved_functions=0, result_functions=0)
        for f in folders:
            for k in t:
                t[k] += rows[f][k]
        return t
    return rows, total(FOLDERS), total(SIMULATION)


def pct(a, b):
    """A/B in percent, truncated to one decimal (never overstated)."""
    return int(1000 * a / b) / 10 if b else 0.0


def report(label, rows, tot, sim, out):
    print("proof coverage of `collide %s`:" % label, file=out)
    print("  %-11s %8s %8s %8s %8s %8s" % ("folder", "lines", "proved", "result",
                                          "funcs", "proved"), file=out)
    shown = [(f, rows[f]) for f in FOLDERS if rows[f]["lines"]]
    shown += [("simulation", sim or {}), ("all", tot)]
    for f, r in shown:
        if not r:
            continue
        print("  %-11s %8d %7.1f%% %7.1f%% %8d %7.1f%%" % (
            f, r["lines"], pct(r["proved"], r["lines"]), pct(r["result"], r["lines"]),
            r["functions"], pct(r["proved_functions"], r["functions"])), file=out)
    print("proof coverage: %.1f%% of executed lines, %.1f%% of executed functions, "
          "%.1f%% with a result contract" % (
              pct(tot["proved"], tot["lines"]), pct(tot["proved_functions"], tot["functions"]),
              pct(tot["result"], tot["lines"])), file=out)
    if sim is not None:
        print("simulation code: %.1f%% of %d executed lines in proved functions with a "
              "result contract (src/model, src/kernel, src/system, src/rules, src/b64; aim 90%%)" % (
                  pct(sim["result"], sim["lines"]), sim["lines"]), file=out)


def outside(runs, binary64, cls, out):
    """Per binary64 run of RUNS: the executed functions of the simulation
    code without a proved result contract, most executed lines first,
    each with why (Classifier.why)."""
    for run in runs:
        label, path = run.rsplit("=", 1)
        if label not in binary64:
            continue
        lines, _ = read_gcov(path)
        count = {}
        for (p, _), name in lines.items():
            if folder_of(p) in SIMULATION and not (name and cls.result(p, name)):
                count[(p, name)] = count.get((p, name), 0) + 1
        total = sum(1 for (p, _) in lines if folder_of(p) in SIMULATION)
        print("# `collide %s`: %d of the %d executed lines of the simulation code "
              "are outside proved functions with a result contract" % (
                  label, sum(count.values()), total), file=out)
        for (p, name), n in sorted(count.items(), key=lambda kv: (-kv[1], kv[0])):
            print("%5d  %s:%s  %s" % (n, p, name or "?",
                                      cls.why(p, name) if name else "no function"),
                  file=out)
        print(file=out)


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--core", default="")
    ap.add_argument("--skip", default="")
    ap.add_argument("--report")
    ap.add_argument("--json")
    ap.add_argument("--root", default=".")
    ap.add_argument("--selftest", action="store_true")
    ap.add_argument("--run", action="append", default=[],
                    help="ARGS=GCOV.jsonl: the gcov JSON of `collide ARGS`")
    ap.add_argument("--binary64", action="append", default=[],
                    help="ARGS of a binary64 run (the simulation figure is printed for these)")
    ap.add_argument("--outside",
                    help="FILE: the executed functions of the simulation code of the "
                         "binary64 runs that are not proved with a result contract, "
                         "their executed lines and why")
    a = ap.parse_args(argv)
    if a.selftest:
        return selftest()
    report_path = a.report if a.report and os.path.exists(a.report) else None
    cls = Classifier(a.core.split(), [s for s in a.skip.split(",") if s],
                     report_path, a.root)
    print("proof coverage: gcov against the proved set: %s" % (
        "WP_CORE minus WP_SKIP, every goal proved in " + report_path if report_path
        else "WP_CORE minus WP_SKIP (no WP report: from the sources)"))
    result = {"proved_by": report_path or "source", "runs": []}
    for run in a.run:
        label, path = run.rsplit("=", 1)
        lines, funcs = read_gcov(path)
        rows, tot, sim = measure(lines, funcs, cls)
        report(label, rows, tot, sim if label in a.binary64 else None, sys.stdout)
        result["runs"].append({"run": label, "folders": rows, "total": tot,
                               "simulation": sim})
    if a.outside:
        with open(a.outside, "w") as fh:
            outside(a.run, a.binary64, cls, fh)
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(result, fh, indent=1)
            fh.write("\n")
    return 0


# ---------------------------------------------------------------- selftest

FAKE_H = """
/*@ logic real f_value(real x) = x; */
/*@ requires finite: \\is_finite(x);
  @ assigns \\nothing;
  @ ensures eq: \\eq_double(\\result, f_value(x));
  @*/
double f(double x);

/*@ requires finite: \\is_finite(x);
  @ assigns \\nothing;
  @ ensures finite: \\is_finite(\\result);
  @ ensures range: \\le_double((double)0.0, \\result);
  @*/
double g(double x);

/*@ requires \\valid(out) && \\valid(n);
  @ assigns *out, *n;
  @ ensures out: \\forall integer i; 0 <= i < 3 ==> in_range(out[i], 0.0, 1.0);
  @ ensures count: *n == \\old(*n) + 1;
  @*/
void h(double *out, int *n);

/*@ requires \\valid(out) && \\valid(n);
  @ assigns *out, *n;
  @ ensures out: \\forall integer i; 0 <= i < 3 ==> same_double(out[i], f_value(i));
  @ ensures count: *n == \\old(*n) + 1;
  @*/
void h2(double *out, int *n);

/*@ assigns \\nothing;
  @ ensures lower: \\le_double(x, \\result);
  @ ensures nested: \\le_double(x, y) ==> \\is_finite(x) && (\\result == x || \\result == y);
  @ ensures either: \\result == x || \\result == y;
  @*/
double m(double x, double y);

/*@ requires \\valid(out);
  @ assigns out[0 .. 2];
  @ behavior up:
  @   assumes s == 1;
  @   ensures val: \\forall integer i; 0 <= i < 3 ==> out[i] == f_value(i);
  @ behavior down:
  @   assumes s != 1;
  @   ensures bool: \\result == 0 || \\result == crosses(s);
  @*/
void k(int s, double *out);

/*@ assigns \\nothing;
  @ ensures b: \\result == 1 <==> crosses(a);
  @*/
int p(int a);

/*@ assigns \\nothing;
  @ ensures at: slot_is(s, k, \\result);
  @*/
double *third(double *s, int k);

/*@ assigns \\nothing;
  @ ensures at: slot_is(\\result, k, s);
  @*/
double *wrong_place(double *s, int k);

/*@ ghost extern int calls;
  @   extern double log_t[4]; */
/*@ assigns calls, log_t[0 .. 3], *w;
  @ ensures r: \\result == 2;
  @*/
int logged(double *w);

/*@ assigns calls, log_t[0 .. 3];
  @ ensures r: \\result == 2;
  @*/
int logged2(void);
"""

FAKE_SPEC = """
/*@ predicate in_range(double x, double lo, double hi) =
  @   \\is_finite(x) && \\le_double(lo, x) && \\le_double(x, hi);
  @ predicate same_double(double a, double b) =
  @   \\eq_double(a, b) && \\eq_double(\\div_double(1.0, a), \\div_double(1.0, b));
  @ predicate slot_is(double *s, integer k, double *p) =
  @   \\valid(s) && 0 <= k && p == &TABLE[k];
  @*/
"""

FAKE_C = """
#include "FAKE.h"
/*@ assigns \\nothing;
  @ ensures e: \\eq_double(\\result, f_value(x));
  @*/
static double helper(double x) { return x; }
double f(double x) {
    /*@ loop invariant 0 <= i;
      @ loop assigns i; */
    for (int i = 0; i < 1; i++) {}
    return helper(x);
}
static double skipped(double x) { return x; }
"""


def selftest():
    import tempfile
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "src/model"))
        os.makedirs(os.path.join(root, "src/b64"))
        with open(os.path.join(root, "src/model/FAKE.h"), "w") as fh:
            fh.write(FAKE_H)
        with open(os.path.join(root, "src/model/FAKE.c"), "w") as fh:
            fh.write(FAKE_C)
        with open(os.path.join(root, "src/model/OTHER.c"), "w") as fh:
            fh.write("int o(void) { return 0; }\n")
        os.makedirs(os.path.join(root, "spec"))
        with open(os.path.join(root, "spec/FAKE.acsl"), "w") as fh:
            fh.write(FAKE_SPEC)
        cls = Classifier(["src/model/FAKE.c"], ["skipped"], None, root)
        expect = {"f": (True, True), "g": (True, False), "h": (True, False),
                  "h2": (True, True), "m": (True, False),
                  "k": (True, True), "p": (True, True),
                  "helper": (True, True), "skipped": (False, False),
                  "third": (True, True), "wrong_place": (True, False),
                  "logged": (True, False), "logged2": (True, True)}
        fails = []
        for name, want in expect.items():
            path = "src/model/FAKE.c" if name in ("helper", "skipped") else "src/model/FAKE.h"
            got = (cls.proved(path, name), cls.result(path, name))
            if got != want:
                fails.append("%s: %s, expected %s" % (name, got, want))
        if cls.proved("src/b64/engine.c", "f"):
            fails.append("a function outside WP_CORE counted as proved")
        # the WP report decides when given: g has an unproved goal
        rep = os.path.join(root, "report.json")
        with open(rep, "w") as fh:
            json.dump({"wp": [{"file": "src/model/FAKE.c", "function": "f", "goals": 3, "proved": 3},
                              {"file": "src/model/FAKE.c", "function": "g", "goals": 3, "proved": 2}]}, fh)
        cls2 = Classifier(["src/model/FAKE.c"], ["skipped"], rep, root)
        if not cls2.proved("src/model/FAKE.h", "f") or cls2.proved("src/model/FAKE.h", "g"):
            fails.append("the WP report's statuses are not used")
        if not cls2.proved("src/model/FAKE.c", "helper"):
            fails.append("a function without goals of a file WP ran on is not proved")
        # a header of another folder, found on the proof's include path
        with open(os.path.join(root, "src/b64/USE.c"), "w") as fh:
            fh.write('#include "FAKE.h"\nint u(void) { return 0; }\n')
        if not Classifier(["src/b64/USE.c"], [], None, root).proved("src/model/FAKE.h", "f"):
            fails.append("a header on the include path of a file of WP_CORE is not read")
        cls3 = Classifier(["src/model/FAKE.c", "src/model/OTHER.c"], [], rep, root)
        if cls3.proved("src/model/OTHER.c", "o"):
            fails.append("a function of a file missing from the WP report is proved")
        # a fake gcov stream of two documents (a header line counted once)
        gc = os.path.join(root, "run.jsonl")
        doc1 = {"files": [
            {"file": "src/model/FAKE.c", "functions": [
                {"name": "f", "execution_count": 2}, {"name": "skipped", "execution_count": 0}],
             "lines": [{"line_number": 7, "count": 2, "function_name": "f"},
                       {"line_number": 8, "count": 2, "function_name": "f"},
                       {"line_number": 13, "count": 0, "function_name": "skipped"}]},
            {"file": "src/model/FAKE.h", "functions": [{"name": "g", "execution_count": 1}],
             "lines": [{"line_number": 12, "count": 1, "function_name": "g"}]},
            {"file": "/usr/include/stdio.h", "functions": [], "lines": [
                {"line_number": 1, "count": 5, "function_name": "x"}]}]}
        doc2 = {"files": [
            {"file": "src/model/FAKE.h", "functions": [{"name": "g", "execution_count": 1}],
             "lines": [{"line_number": 12, "count": 1, "function_name": "g"}]},
            {"file": "src/b64/engine.c", "functions": [{"name": "step", "execution_count": 1}],
             "lines": [{"line_number": 3, "count": 1, "function_name": "step"},
                       {"line_number": 4, "count": 1, "function_name": "step"},
                       {"line_number": 5, "count": 1, "function_name": "step"}]}]}
        with open(gc, "w") as fh:
            fh.write(json.dumps(doc1) + "\n" + json.dumps(doc2) + "\n")
        lines, funcs = read_gcov(gc)
        rows, tot, sim = measure(lines, funcs, cls)
        want = dict(lines=6, proved=3, result=2, functions=3, proved_functions=2,
                    result_functions=1)
        if tot != want:
            fails.append("totals %s, expected %s" % (tot, want))
        if rows["src/model"]["lines"] != 3 or rows["src/b64"]["proved"] != 0:
            fails.append("per folder rows wrong: %s" % rows)
    for f in fails:
        print("proof_coverage selftest: " + f, file=sys.stderr)
    print("proof_coverage selftest: %s" % ("FAILED" if fails else "ok"))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
