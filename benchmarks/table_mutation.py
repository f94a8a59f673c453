"""Mutation of the rules' tables: every literal in the module-level data of each ruleset's
``tables.py`` and facts module, changed one at a time, and the package's tests run against it.

    python benchmarks/table_mutation.py close_action          # every cell of Close Action's tables
    python benchmarks/table_mutation.py rookie --table CHART   # one table (or several: CHART,_ROWS)
    python benchmarks/table_mutation.py --changed             # the tables the last commit touched
    python benchmarks/table_mutation.py --changed main~5      # ... since a revision
    python benchmarks/table_mutation.py eagles --limit 50     # the first 50 mutants (a sample)

mutmut mutates code inside functions only; most of a ruleset's numbers are module-level data,
so its score says nothing of them. Here each number goes up and down by its step (1 for whole
numbers, the last decimal place's unit for others), each boolean flips, each entry of a tuple,
list or dict is removed, and each pair of neighbouring dict values is swapped. A mutant is
*killed* when a test fails (or the module no longer imports), *survives* when every test passes.
The report gives the score per table and each survivor with its line and the rule section its
cell cites (the ``seed``/``house`` source around it). Tests run in a scratch copy under
``build/table_mutation``, ``-x``, two mutants at a time; not part of CI.
"""

from __future__ import annotations

import argparse
import ast
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from mutation import PACKAGES, PYTEST_ARGS, _env  # noqa: E402

RULESETS = ("close_action", "company_fire", "eagles", "easy_company", "rookie")
SOURCES = ("seed", "house", "Sourced")  # the calls that mark a value with the passage it comes from


def tables_of(package: str) -> list[str]:
    """The modules whose data is mutated: the ruleset's tables and its facts."""
    return [f"wgkit/rules/{package}/tables.py", f"wgkit/facts/{package}.py"]


@dataclass(frozen=True)
class Mutant:
    path: str  # the module, relative to the repository
    table: str  # the name the module-level data is bound to
    line: int
    start: int  # offsets into the module's text of the span replaced
    end: int
    text: str  # what replaces it
    what: str  # the change in words
    section: str  # the rule section the cell cites, where it does


def _span(source: str, node: ast.AST) -> tuple[int, int]:
    lines = source.splitlines(keepends=True)
    return (_byte_offset(lines, node.lineno, node.col_offset), _byte_offset(lines, node.end_lineno, node.end_col_offset))


def _byte_offset(lines: list[str], line: int, col: int) -> int:
    """ast columns count UTF-8 bytes; the text is indexed by characters."""
    before = sum(len(x) for x in lines[: line - 1])
    return before + len(lines[line - 1].encode()[:col].decode(errors="ignore"))


def _step(value: float) -> float:
    """A number's step: 1 for whole numbers, else the unit of its last decimal place."""
    if float(value).is_integer():
        return 1
    decimals = len(repr(float(value)).split(".")[1])
    return 10 ** -decimals


def _section(parents: list[ast.AST], table: str) -> str:
    for node in reversed(parents):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name in SOURCES and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                return str(node.args[1].value)[:80]
    return table


def mutants(path: str) -> list[Mutant]:
    """Every mutant of the module-level data in ``path``."""
    source = (ROOT / path).read_text()
    tree = ast.parse(source)
    out: list[Mutant] = []

    def add(node: ast.AST, text: str, what: str, table: str, parents: list[ast.AST]) -> None:
        start, end = _span(source, node)
        out.append(Mutant(path, table, node.lineno, start, end, text, what, _section(parents, table)))

    def walk(node: ast.AST, table: str, parents: list[ast.AST]) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, bool):
            add(node, str(not node.value), f"{node.value} -> {not node.value}", table, parents)
        elif isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            step = _step(node.value)
            for sign in (1, -1):
                new = node.value + sign * step
                new = round(new, 10) if isinstance(new, float) else new
                add(node, repr(new), f"{node.value!r} -> {new!r}", table, parents)
        elif isinstance(node, (ast.Tuple, ast.List, ast.Set)) and len(node.elts) > 1:
            for i, elt in enumerate(node.elts):
                kept = [ast.get_source_segment(source, e) for j, e in enumerate(node.elts) if j != i]
                inner = ", ".join(kept) + ("," if isinstance(node, ast.Tuple) and len(kept) == 1 else "")
                brackets = {ast.Tuple: "()", ast.List: "[]", ast.Set: "{}"}[type(node)]
                add(node, f"{brackets[0]}{inner}{brackets[1]}", f"entry {i + 1} ({_short(source, elt)}) removed", table,
                    parents)
        elif isinstance(node, ast.Dict) and len(node.keys) > 1 and all(k is not None for k in node.keys):
            pairs = [(ast.get_source_segment(source, k), ast.get_source_segment(source, v)) for k, v in zip(node.keys, node.values)]
            for i in range(len(pairs)):
                rest = [f"{k}: {v}" for j, (k, v) in enumerate(pairs) if j != i]
                add(node, "{" + ", ".join(rest) + "}", f"entry {pairs[i][0]} removed", table, parents)
            for i in range(len(pairs) - 1):
                swapped = list(pairs)
                swapped[i], swapped[i + 1] = (pairs[i][0], pairs[i + 1][1]), (pairs[i + 1][0], pairs[i][1])
                if pairs[i][1] != pairs[i + 1][1]:
                    add(node, "{" + ", ".join(f"{k}: {v}" for k, v in swapped) + "}",
                        f"values of {pairs[i][0]} and {pairs[i + 1][0]} swapped", table, parents)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Lambda):
                continue  # code, not data: mutmut's
            walk(child, table, parents + [node])

    for stmt in tree.body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            target = stmt.targets[0] if isinstance(stmt, ast.Assign) else stmt.target
            name = getattr(target, "id", ast.get_source_segment(source, target))
            walk(stmt.value, name, [])
    return out


def _short(source: str, node: ast.AST) -> str:
    text = " ".join((ast.get_source_segment(source, node) or "").split())
    return text if len(text) <= 40 else text[:37] + "..."


def prepare(package: str) -> Path:
    """A scratch copy of the repository the mutants are written into."""
    work = ROOT / "build" / "table_mutation" / package
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for part in ("wgkit", "tests", "scenarios", "notebooks", "docs", "benchmarks"):
        shutil.copytree(ROOT / part, work / part, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("README.md", "pyproject.toml"):
        shutil.copy(ROOT / name, work / name)
    return work


def _forget_bytecode(module: Path) -> None:
    """Python trusts a cached ``.pyc`` whose source has the same size and modification second, so
    a mutant as long as the one before it, written within the same second, would run the earlier
    mutant's code: each mutant's module is compiled afresh."""
    for cached in (module.parent / "__pycache__").glob(f"{module.stem}.*.pyc"):
        cached.unlink()


def run(package: str, chosen: list[Mutant], jobs: int = 2) -> list[tuple[Mutant, bool]]:
    """Each mutant judged by the package's tests in a scratch copy of its own (``jobs`` at a time)."""
    _, tests = PACKAGES[package]
    works = [prepare(f"{package}-{i}") for i in range(jobs)]
    args = [sys.executable, "-m", "pytest", *PYTEST_ARGS, *tests]
    clean = subprocess.run(args, cwd=works[0], env=_env(), capture_output=True, text=True, check=False)
    if clean.returncode != 0:  # every mutant would look killed
        raise SystemExit(f"table_mutation.py: the unmutated tests fail:\n{clean.stdout[-2000:]}")
    free = list(works)

    def judge(m: Mutant) -> tuple[Mutant, bool]:
        work = free.pop()
        target = work / m.path
        original = (ROOT / m.path).read_text()
        try:
            target.write_text(original[: m.start] + m.text + original[m.end:])
            _forget_bytecode(target)
            done = subprocess.run(args, cwd=work, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  check=False, timeout=1800)
            return m, done.returncode != 0
        except subprocess.TimeoutExpired:
            return m, False
        finally:
            target.write_text(original)
            _forget_bytecode(target)
            free.append(work)

    with ThreadPoolExecutor(jobs) as pool:
        results = []
        for i, (m, killed) in enumerate(pool.map(judge, chosen), 1):
            results.append((m, killed))
            print(f"  {i}/{len(chosen)} {'killed  ' if killed else 'SURVIVED'} {m.path}:{m.line} {m.table}: {m.what}",
                  flush=True)
    return results


def changed_tables(since: str) -> dict[str, list[str]]:
    """The packages and modules among the tables that differ from ``since``."""
    names = subprocess.run(["git", "diff", "--name-only", since, "--", "wgkit"], cwd=ROOT, capture_output=True,
                           text=True, check=True).stdout.split()
    out: dict[str, list[str]] = {}
    for package in RULESETS:
        touched = [p for p in tables_of(package) if p in names]
        if touched:
            out[package] = touched
    return out


def report(package: str, results: list[tuple[Mutant, bool]]) -> None:
    by_table: dict[str, list[tuple[Mutant, bool]]] = {}
    for m, killed in results:
        by_table.setdefault(f"{m.path}::{m.table}", []).append((m, killed))
    total = sum(k for _, k in results)
    print(f"\n{package}: {total} of {len(results)} killed ({100 * total / max(1, len(results)):.1f}%)")
    for name, rows in sorted(by_table.items()):
        killed = sum(k for _, k in rows)
        print(f"  {name:60s} {killed:4d}/{len(rows):<4d} {100 * killed / len(rows):5.1f}%")
        for m, k in rows:
            if not k:
                print(f"      survived, line {m.line}: {m.what}  [{m.section}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("packages", nargs="*", help=f"any of {', '.join(RULESETS)} (all by default)")
    parser.add_argument("--changed", nargs="?", const="HEAD~1", help="only the tables changed since this revision")
    parser.add_argument("--table", help="only the data bound to this name (or these, comma-separated)")
    parser.add_argument("--limit", type=int, help="at most this many mutants a package")
    parser.add_argument("--list", action="store_true", help="count the mutants, run nothing")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    unknown = set(args.packages) - set(RULESETS)
    if unknown:
        parser.error(f"no ruleset {', '.join(sorted(unknown))}")
    plan = changed_tables(args.changed) if args.changed else {p: tables_of(p) for p in (args.packages or RULESETS)}
    if not plan:
        print("no table changed")
    for package, paths in plan.items():
        names = args.table.split(",") if args.table else None
        chosen = [m for p in paths for m in mutants(p) if names is None or m.table in names]
        chosen = chosen[: args.limit] if args.limit else chosen
        if args.list:
            print(f"{package}: {len(chosen)} mutants in {', '.join(paths)}")
            continue
        report(package, run(package, chosen, args.jobs))


if __name__ == "__main__":
    main()
