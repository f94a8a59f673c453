"""The ``wgkit`` command line: validate, rulesets, schema.

Every failure ends as a message on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Callable, Sequence

SCENARIOS_DIR = Path(__file__).resolve().parent.parent / "scenarios"


def bundled_scenarios() -> list[Path]:
    """The sample scenarios shipped in the repository's ``scenarios/`` folder."""
    return sorted(SCENARIOS_DIR.glob("*/*.yaml"))


def cmd_validate(args: argparse.Namespace) -> int:
    from wgkit.scenario import ScenarioError, load

    files = [Path(f) for f in args.files] or bundled_scenarios()
    bad = 0
    for path in files:
        try:
            scenario = load(path)
        except ScenarioError as exc:
            bad += 1
            print(exc, file=sys.stderr)
            continue
        pieces = len(scenario.pieces())
        print(f"{path}: ok ({scenario.ruleset}, {len(scenario.terrain)} terrain features, "
              f"{len(scenario.sides)} sides, {pieces} pieces)")
    if bad:
        print(f"{bad} of {len(files)} file{'s' if len(files) != 1 else ''} invalid", file=sys.stderr)
    return 1 if bad else 0


def cmd_rulesets(args: argparse.Namespace) -> int:
    from wgkit.rules import RULESETS

    width = max(len(r.id) for r in RULESETS.values())
    for r in RULESETS.values():
        grid = {"none": "free table", "optional": "free table or hex grid",
                "required": "square grid"}[r.grid]
        note = f" [{r.scale_note}]" if r.scale_note else ""
        print(f"{r.id:<{width}}  {r.name}: {r.scale.describe()}{note}, dice {'/'.join(r.dice)}, "
              f"{r.pieces}, {grid}")
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    from wgkit.scenario.schema import SCENARIO

    print(json.dumps(SCENARIO, indent=2, ensure_ascii=False))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="wgkit", description="WWII miniature wargames kit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("validate", help="check scenario files (default: the bundled ones)")
    p.add_argument("files", nargs="*", metavar="FILE")
    p.set_defaults(func=cmd_validate)
    sub.add_parser("rulesets", help="list the five rulesets").set_defaults(func=cmd_rulesets)
    sub.add_parser("schema", help="print the scenario JSON Schema").set_defaults(func=cmd_schema)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func: Callable[[argparse.Namespace], int] = args.func
    try:
        return func(args)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # the user sees one line; the bug is ours to fix
        print(f"wgkit: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
