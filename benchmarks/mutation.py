"""Mutation score per package: how many small deliberate changes to the rules the tests notice.

    python benchmarks/mutation.py                  # every package (hours on two cores)
    python benchmarks/mutation.py rookie core      # some of them
    python benchmarks/mutation.py rookie --resume  # carry on an interrupted run
    python benchmarks/mutation.py rookie --survivors  # after a change: changed functions and last survivors

Each package is mutated by mutmut (3.x) in a scratch copy of the repository under
``build/mutation/<package>``, running only the tests that concern it. A mutant is *killed* when
some test fails; it *survives* when every test passes; *no tests* means no test even runs its
line. The score is killed / (killed + survived + no tests + timeout). The goal is 85% in every
ruleset package (issue 17); `mutmut results` and `mutmut show NAME`, run in the scratch copy,
list and show the survivors.

Each mutant's tests run in a process forked from one that has imported only third-party modules
(mutmut's fork server, PRELOAD): forked from the process that ran the tests to collect its
statistics, or one that collected them, a mutant would find caches warm (the lru caches of odds and
grid sight, a terrain's memo) and objects the test modules build on import (a hex grid, a terrain
index) made by the unmutated code, and the mutated code behind them never ran: it "survived".

A mutant mutmut leaves with "no tests" or a timeout is then judged by the package's whole test list
with the mutant on from the start (:func:`judge_unreached`): code that runs while a module is
imported (a table built by a function, a ruleset's facts) is called by no test in mutmut's records,
though every test reads what it built, and a mutant that breaks an import ends mutmut's test process
in a way it counts as a timeout.

Not part of CI: a ruleset package has thousands of mutants.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ["tests/test_contract.py", "tests/test_odds.py", "tests/test_glossary.py", "tests/test_vocabulary.py"]  # the app tests are too slow to run per mutant
PACKAGES = {  # name: (what is mutated, the tests that concern it)
    "close_action": (["wgkit/rules/close_action/*", "wgkit/facts/close_action.py"], ["tests/close_action", *SHARED]),
    "company_fire": (["wgkit/rules/company_fire/*", "wgkit/facts/company_fire.py"], ["tests/company_fire", *SHARED]),
    "eagles": (["wgkit/rules/eagles/*", "wgkit/facts/eagles.py"], ["tests/eagles", *SHARED]),
    "easy_company": (["wgkit/rules/easy_company/*", "wgkit/facts/easy_company.py"],
                     ["tests/easy_company", "tests/test_easy_company.py", "tests/test_easy_company_play.py", *SHARED]),
    "rookie": (["wgkit/rules/rookie/*", "wgkit/facts/rookie.py"], ["tests/rookie", *SHARED]),
    "core": (["wgkit/dice.py", "wgkit/odds.py", "wgkit/engine/*", "wgkit/facts/common.py", "wgkit/facts/scale.py",
              "wgkit/facts/sourced.py", "wgkit/facts/ruleset.py", "wgkit/facts/registry.py"],
             ["tests/test_dice.py", "tests/test_odds.py", "tests/test_engine.py", "tests/test_save.py",
              "tests/test_journal.py", "tests/test_hostile_saves.py", "tests/test_views.py", "tests/test_facts.py",
              "tests/test_geometry_scale.py"]),
    "geometry": (["wgkit/geometry/*"],
                 ["tests/test_geometry_los.py", "tests/test_geometry_grids.py", "tests/test_geometry_zones.py",
                  "tests/test_geometry_scale.py", "tests/test_scenario_model.py", "tests/test_scenario_errors.py"]),
    "victory_fog": (["wgkit/victory.py", "wgkit/fog.py"], ["tests/test_victory.py", "tests/test_seats.py"]),
}
# Not mutated: each ruleset's policy.py, the scripted player of `wgkit simulate`. It plays the rules
# through the same actions an umpire uses but holds no rule itself; it is judged by the games it
# wins (issue 19), not by a mutation score.
NOT_MUTATED = ["wgkit/rules/*/policy.py"]


RUNAWAY = 5  # a mutant whose whole test list runs this many times longer than the unmutated one's has run away
MEMORY = 6 << 30  # bytes of address space a judged test process may take: a mutant past it has run away too

# Each mutant's pytest starts afresh: plugins no mutation test uses are not loaded (nbval alone, through
# nbformat's JSON schema checks, costs two seconds of import per mutant, as long as the tests themselves).
PYTEST_ARGS = ["-o", "addopts=", "-p", "no:warnings", "-p", "no:cacheprovider", "-p", "no:nbval", "-p", "no:anyio",
               "-x", "-q"]
PRELOAD = ["numpy", "shapely", "shapely.geometry", "shapely.ops", "yaml", "pytest", "hypothesis", "ipywidgets",
           "ipycanvas", "matplotlib", "matplotlib.pyplot"]  # imported once by the fork server: none of wgkit or its tests


def _config(mutate: list[str], tests: list[str], work: Path) -> str:
    (work / "preload.txt").write_text("\n".join(PRELOAD) + "\n")
    quoted = ", ".join(json.dumps(x) for x in mutate)
    return f"""
[tool.mutmut]
source_paths = ["wgkit"]
only_mutate = [{quoted}]
do_not_mutate = [{", ".join(json.dumps(x) for x in NOT_MUTATED)}]
pytest_add_cli_args = [{", ".join(json.dumps(x) for x in PYTEST_ARGS)}]
pytest_add_cli_args_test_selection = [{", ".join(json.dumps(t) for t in tests)}]
process_isolation = "forkserver"
forkserver_warmup = "import"
preload_modules_file = {json.dumps(str(work / "preload.txt"))}
also_copy = ["scenarios", "notebooks", "docs", "benchmarks", "README.md"]
"""


def prepare(name: str, resume: bool) -> Path:
    """A scratch copy of the repository with mutmut set to this package."""
    work = ROOT / "build" / "mutation" / name
    if work.exists() and resume:
        return work
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for part in ("wgkit", "tests", "scenarios", "notebooks", "docs", "benchmarks"):
        shutil.copytree(ROOT / part, work / part, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copy(ROOT / "README.md", work / "README.md")
    mutate, tests = PACKAGES[name]
    (work / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text() + _config(mutate, tests, work))
    return work


def _codes(meta: Path) -> dict:
    """A module's exit codes by mutant (read again if a running mutmut was rewriting the file)."""
    for _ in range(20):
        try:
            return json.loads(meta.read_text())["exit_code_by_key"]
        except json.JSONDecodeError:
            time.sleep(0.2)
    raise SystemExit(f"mutation.py: {meta} stays unreadable; is mutmut still writing it?")


def _excluded(key: str) -> bool:
    path = key.split(".x_")[0].split(".xǁ")[0].replace(".", "/") + ".py"
    return any(fnmatch(path, pattern) for pattern in NOT_MUTATED)


def refresh(work: Path) -> None:
    """Bring the scratch copy's code, tests and settings up to date. mutmut re-mutates a module whose
    source is newer than its mutants and forgets the results of the functions that changed."""
    mutate, tests = PACKAGES[work.name]
    (work / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text() + _config(mutate, tests, work))
    for part in ("wgkit", "tests", "scenarios", "docs"):
        shutil.rmtree(work / part)
        shutil.copytree(ROOT / part, work / part, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.rmtree(work / "mutants" / "tests", ignore_errors=True)
    (work / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)  # which tests reach which function


def _hashes(work: Path) -> dict[str, str]:
    """Each mutated function's hash (mutmut's), by the prefix its mutants' names share."""
    out = {}
    for meta in (work / "mutants").rglob("*.py.meta"):
        module = str(meta.relative_to(work / "mutants")).removesuffix(".py.meta").replace("/", ".")
        for func, h in json.loads(meta.read_text()).get("hash_by_function_name", {}).items():
            out[f"{module}.{func}"] = h
    return out


def survivors(work: Path) -> list[str]:
    """The mutants that survived or had no test in the last run."""
    from mutmut.stats import status_by_exit_code

    names = []
    for meta in sorted((work / "mutants").rglob("*.py.meta")):
        for key, code in _codes(meta).items():
            if status_by_exit_code[code] in ("survived", "no tests") and not _excluded(key):
                names.append(key)
    return names


def score(work: Path, mutate: list[str]) -> tuple[Counter, dict[str, Counter]]:
    """Outcomes over the package, and per module (mutmut's own names for its exit codes)."""
    from mutmut.stats import status_by_exit_code

    total: Counter = Counter()
    per: dict[str, Counter] = {}
    prefixes = [m.rstrip("*").removesuffix(".py").replace("/", ".") for m in mutate]
    for meta in sorted((work / "mutants").rglob("*.py.meta")):
        codes = _codes(meta)
        for key, code in codes.items():
            if not any(key.startswith(p) for p in prefixes) or _excluded(key):
                continue
            module = key.split(".x_")[0].split(".xǁ")[0]
            outcome = status_by_exit_code[code]
            total[outcome] += 1
            per.setdefault(module, Counter())[outcome] += 1
    return total, per


def show(work: Path, needle: str) -> None:
    """One line per surviving mutant whose name holds ``needle``: what it changed (faster than
    ``mutmut show``, which takes seconds per mutant)."""
    from mutmut.stats import status_by_exit_code

    for meta in sorted((work / "mutants").rglob("*.py.meta")):
        codes = _codes(meta)
        alive = sorted((k for k, c in codes.items() if status_by_exit_code[c] in ("survived", "no tests")
                        and needle in k and not _excluded(k)), key=lambda k: (k.rsplit("__mutmut_", 1)[0], len(k), k))
        if not alive:
            continue
        source = Path(str(meta).removesuffix(".meta")).read_text()
        lines = source.splitlines()
        funcs = {n.name: lines[n.lineno - 1:n.end_lineno] for n in ast.walk(ast.parse(source))
                 if isinstance(n, ast.FunctionDef)}
        for key in alive:
            name = key.rsplit(".", 1)[-1]  # x_function__mutmut_3, or xǁClassǁmethod__mutmut_3
            mutant, orig = funcs.get(name), funcs.get(name.rsplit("__mutmut_", 1)[0] + "__mutmut_orig")
            if mutant is None or orig is None:
                continue
            base = name.rsplit("__mutmut_", 1)[0]
            orig = [orig[0].replace(base + "__mutmut_orig", base)] + orig[1:]
            mutant = [mutant[0].replace(name, base)] + mutant[1:]
            diff = [d.strip() for d in difflib.unified_diff(orig, mutant, lineterm="", n=0)
                    if d[:1] in "+-" and d[:3] not in ("---", "+++")]
            print(f"{key}: {' | '.join(diff)}"[:400])


def judge_unreached(work: Path, jobs: int = 2) -> int:
    """Judge each mutant mutmut left with "no tests" by the package's whole test list, the mutant
    switched on before anything is imported (mutmut's ``MUTANT_UNDER_TEST``), ``jobs`` at a time.
    Code that runs while a module is imported (a table built by a function, a ruleset's facts) is
    called by no test in mutmut's records, so mutmut never runs it, yet every test reads what it
    built. A mutant mutmut counted a timeout is judged again the same way, given ``RUNAWAY`` times as
    long as the unmutated list takes (two minutes at least) before it counts as running away, and
    ``MEMORY`` bytes (a mutant that fills memory fails its tests, as it would at the table):
    mutmut reports a test process that exits 255 as one, which is also how a process ends whose
    mutant breaks a module's import (Rookie's card codes, built while its tables load). Returns how
    many were judged; their outcomes are written where mutmut keeps its own."""
    from mutmut.stats import status_by_exit_code

    _, tests = PACKAGES[work.name]
    args = [sys.executable, "-m", "pytest", *PYTEST_ARGS, *tests]
    metas = {meta: json.loads(meta.read_text()) for meta in sorted((work / "mutants").rglob("*.py.meta"))}
    todo = [(meta, key) for meta, data in metas.items() for key, code in data["exit_code_by_key"].items()
            if status_by_exit_code[code] in ("no tests", "timeout") and not _excluded(key)]
    if not todo:
        return 0
    started = time.monotonic()
    unmutated = subprocess.run(args, cwd=work / "mutants", env=_env(MUTANT_UNDER_TEST=""),
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False)
    if unmutated.returncode != 0:  # every mutant would look killed
        raise SystemExit(f"mutation.py: the unmutated tests fail in {work / 'mutants'}:\n{unmutated.stdout[-2000:]}")
    limit = max(120.0, RUNAWAY * (time.monotonic() - started))  # two at a time: each runs slower than alone

    def capped() -> None:  # a mutant that grows without end fails with MemoryError, not the machine
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    def judge(key: str) -> int:
        try:
            done = subprocess.run(args, cwd=work / "mutants", env=_env(MUTANT_UNDER_TEST=key), preexec_fn=capped,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, timeout=limit)
            return {0: 0, 5: 33}.get(done.returncode, 1)  # survived, no tests, or killed
        except subprocess.TimeoutExpired:
            return 36  # as mutmut counts a mutant that runs away: not killed

    with ThreadPoolExecutor(jobs) as pool:  # each judge is a process of its own
        for (meta, key), code in zip(todo, pool.map(lambda job: judge(job[1]), todo)):
            metas[meta]["exit_code_by_key"][key] = code
            meta.write_text(json.dumps(metas[meta]))  # after each, so an interrupted run keeps what it judged
    return len(todo)


def _rate(c: Counter) -> str:
    judged = c["killed"] + c["survived"] + c["no tests"] + c["timeout"]
    return f"{c['killed'] / judged:6.1%}" if judged else "   n/a"


def report(name: str, total: Counter, per: dict[str, Counter]) -> None:
    print(f"\n{name}: score {_rate(total).strip()}  ({', '.join(f'{k} {v}' for k, v in sorted(total.items()))})")
    for module, c in sorted(per.items()):
        print(f"  {module:45s} {_rate(c)}  killed {c['killed']:5d}  survived {c['survived']:5d}  "
              f"no tests {c['no tests']:5d}" + (f"  not checked {c['not checked']}" if c["not checked"] else ""))


def _env(**extra: str) -> dict[str, str]:
    """This process's environment with bytecode caching on: a mutated package is megabytes of
    source, and a mutant's test process that may not write (or find) ``.pyc`` files compiles all of
    it again before its first test (``PYTHONDONTWRITEBYTECODE``, set on some machines)."""
    return {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, **extra}


def _mutmut(command: list[str], work: Path) -> None:
    """Run mutmut; stop with its last words when it could not run the tests on the unmutated code
    (a failing test there would leave every mutant unjudged and the score silently stale)."""
    done = subprocess.run(command, cwd=work, env=_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          check=False)
    if done.returncode != 0 or "failed to collect stats" in done.stdout:
        tail = "\n".join(line for line in done.stdout.replace("\r", "\n").splitlines() if line.strip())[-2000:]
        raise SystemExit(f"mutation.py: mutmut stopped in {work} (exit {done.returncode}); the unmutated tests "
                         f"must pass first:\n{tail}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("packages", nargs="*", metavar="PACKAGE", help=f"any of {', '.join(PACKAGES)} (default: all)")
    parser.add_argument("--resume", action="store_true", help="carry on in the existing scratch copy")
    parser.add_argument("--survivors", action="store_true",
                        help="bring the scratch copy up to date; judge changed functions and re-judge last run's survivors")
    parser.add_argument("--show", metavar="TEXT", help="list the last run's survivors whose name holds TEXT, "
                        "each with the change it made (e.g. --show close_action.fire.x_plan_fire)")
    parser.add_argument("--max-children", type=int, default=2, help="parallel test processes (default 2)")
    parser.add_argument("--score-only", action="store_true", help="print the scores of the last run, run nothing")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.packages) - set(PACKAGES))
    if unknown:
        parser.error(f"unknown package {', '.join(unknown)}; choose from {', '.join(PACKAGES)}")
    if shutil.which("mutmut") is None:
        print("mutation.py: mutmut is not installed: pip install 'mutmut>=3'", file=sys.stderr)
        return 1
    for name in args.packages or list(PACKAGES):
        mutate, _ = PACKAGES[name]
        if args.show is not None:
            show(ROOT / "build" / "mutation" / name, args.show)
            continue
        again = args.score_only or args.survivors
        work = ROOT / "build" / "mutation" / name if again else prepare(name, args.resume)
        run = ["mutmut", "run", "--max-children", str(args.max_children)]
        mutmut = lambda extra=(): _mutmut(run + list(extra), work)  # noqa: E731
        if args.survivors:
            before, hashes = survivors(work), _hashes(work)
            refresh(work)
            mutmut()  # the functions that changed
            changed = {f for f, h in _hashes(work).items() if hashes.get(f) != h}  # judged just now
            still = set(survivors(work))
            names = [k for k in before if k in still and k.rsplit("__mutmut_", 1)[0] not in changed]
            if names:
                mutmut(names)  # re-judged
        elif not args.score_only:
            mutmut()  # every mutant not yet judged
        if not args.score_only:
            judge_unreached(work, args.max_children)
        report(name, *score(work, mutate))
    return 0


if __name__ == "__main__":
    sys.exit(main())
