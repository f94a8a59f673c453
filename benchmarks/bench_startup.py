"""Start-up benchmark: whole ``wgkit`` commands as a user runs them (issue 23, item 5).

Target: ``wgkit validate`` on one bundled file well under 0.5 s. The baseline runs the same command
in the same run with jsonschema's IRI format checker imported first (what every command paid before:
``rfc3987_syntax`` builds its grammar at import); a bare interpreter start is printed for scale.
Both commands must print the same verdict.

    python benchmarks/bench_startup.py
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILE = str(ROOT / "scenarios/close_action/hedgerow_farm.yaml")
RUNS = 5
CLI = "import sys; from wgkit.cli import main; sys.exit(main(['validate', sys.argv[1]]))"


def best(args: list[str]) -> tuple[float, str]:
    times, out = [], ""
    for _ in range(RUNS):
        t0 = time.perf_counter()
        done = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
        times.append(time.perf_counter() - t0)
        out = done.stdout
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(args)} failed: {done.stderr}")
    return min(times), out


def main() -> None:
    bare, _ = best([sys.executable, "-c", "pass"])
    fast, verdict = best([sys.executable, "-c", CLI, FILE])
    try:
        import rfc3987_syntax  # noqa: F401
        slow, slow_verdict = best([sys.executable, "-c", "import rfc3987_syntax; " + CLI, FILE])
    except ImportError:
        slow, slow_verdict = float("nan"), verdict  # this machine's jsonschema never had the checker
    if slow_verdict != verdict:
        raise SystemExit(f"the two commands disagree: {verdict!r} vs {slow_verdict!r}")
    print(f"python start, nothing imported   {bare * 1000:7.0f} ms")
    print(f"wgkit validate (as shipped)       {fast * 1000:7.0f} ms   target < 500 ms")
    print(f"  with the IRI format checker     {slow * 1000:7.0f} ms   ratio {slow / fast:.1f}x slower")
    print(f"verdict: {verdict.strip()}")


if __name__ == "__main__":
    main()
