"""Each ruleset's coverage table in docs/rules/ names code and tests that exist (issue 17).

A row reads: section of the text | code | tests. Names in the tests column are
`file.py::test_name`, `::test_name` (same file as the name before it in the cell), a bare
`test_name` (any of the ruleset's test files), or a glob `test_prefix_*`; each must match at least
one test function. Names in the code column are `module.attribute` inside the ruleset's package (or
a core module of wgkit; `facts.X` is the ruleset's facts module), and the attribute must exist.
"""

from __future__ import annotations

import ast
import importlib
import re
from fnmatch import fnmatch
from functools import cache
from pathlib import Path

import pytest

from tests.conftest import ROOT

RULESETS = ["close_action", "company_fire", "eagles", "easy_company", "rookie"]
TICKED = re.compile(r"`([^`]+)`")


def rows(ruleset: str) -> list[tuple[str, str, str]]:
    """The coverage table's rows: (section, code, tests) cells."""
    text = (ROOT / f"docs/rules/{ruleset}.md").read_text()
    lines = text[text.index("| section"):].splitlines()
    table = []
    for line in lines[2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        assert len(cells) == 3, f"{ruleset}: a coverage row needs three cells: {line}"
        table.append((cells[0], cells[1], cells[2]))
    return table


def test_files(ruleset: str) -> list[Path]:
    return sorted((ROOT / "tests" / ruleset).glob("test_*.py")) + sorted((ROOT / "tests").glob(f"test_{ruleset}*.py"))


test_files.__test__ = False  # a helper, not a test


@cache
def defined(path: Path) -> frozenset[str]:
    tree = ast.parse(path.read_text())
    return frozenset(node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"))


def find_file(ruleset: str, name: str) -> Path | None:
    for folder in (ROOT / "tests" / ruleset, ROOT / "tests"):
        if (folder / name).exists():
            return folder / name
    found = list((ROOT / "tests").glob(f"**/{name}"))
    return found[0] if len(found) == 1 else None


def missing_tests(ruleset: str, cell: str, current: Path | None = None) -> tuple[list[str], Path | None]:
    """The test names in one tests cell that match no test function, and the file last named
    (a `::name` in the next row means that file)."""
    problems = []
    for token in TICKED.findall(cell):
        token = token.split("(")[0].strip()
        path_part, _, name = token.rpartition("::")
        if token.endswith(".py") and "::" not in token:  # a whole file, or files by a glob
            paths = sorted(ROOT.glob(token)) if token.startswith("tests/") else [find_file(ruleset, Path(token).name)]
            if not paths or paths[0] is None:
                problems.append(token)
            current = paths[0] if len(paths) == 1 else None
            continue
        if token.endswith("/"):  # a whole folder
            if not (ROOT / token).is_dir():
                problems.append(token)
            continue
        if not name.startswith("test_"):
            continue
        if path_part:
            current = ROOT / path_part if path_part.startswith("tests/") else find_file(ruleset, Path(path_part).name)
            files = [current] if current else []
        elif "::" in token:
            files = [current] if current else []
        else:
            files = test_files(ruleset)
        if not any(f and f.exists() and any(fnmatch(t, name) for t in defined(f)) for f in files):
            problems.append(token)
    return problems, current


def missing_code(ruleset: str, cell: str) -> list[str]:
    """The `module.attribute` names in one code cell that do not exist."""
    problems = []
    module = None
    cell = re.sub(r"\([^)]*\)", "", cell)  # (scenario keys, parameters) in brackets are not code
    for match in TICKED.finditer(cell):
        if cell[match.end():].startswith(" parameter"):
            continue
        token = re.split(r"[ (\[]", match.group(1))[0]
        parts = token.split(".")
        if len(parts) == 1:  # a bare name: an attribute of the module named before it
            if module is not None and re.fullmatch(r"_?[a-z][a-z0-9_]*", token) and not hasattr(module, token):
                problems.append(token)
            continue
        if token.endswith(".py") or not all(re.fullmatch(r"_?[A-Za-z][A-Za-z0-9_]*", p) for p in parts):
            continue
        *mod, attr = parts
        if mod == ["facts"]:  # the ruleset's facts: wgkit/facts/<ruleset>.py
            mod = [ruleset]
            bases: tuple[str, ...] = ("wgkit.facts",)
        else:
            bases = (f"wgkit.rules.{ruleset}", "wgkit", "wgkit.engine", "wgkit.geometry")
        for base in bases:
            try:
                module = importlib.import_module(".".join([base, *mod]))
                break
            except ImportError:
                module = None
        if module is None:
            continue  # not a module of the kit (a scenario key, a word of the text)
        if not hasattr(module, attr):
            problems.append(token)
    return problems


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_coverage_row_names_tests_that_exist(ruleset):
    table = rows(ruleset)
    assert len(table) >= 10, f"{ruleset}: the coverage table has only {len(table)} rows"
    problems = {}
    current = None
    for section, code, tests in table:
        if not TICKED.search(tests):  # no test: the row must say why (not implemented, not rules, house)
            assert re.search(r"\bnot\b|house", code + tests), f"{ruleset}: the row '{section[:60]}' names no test and no reason"
            continue
        bad, current = missing_tests(ruleset, tests, current)
        if bad:
            problems[section[:60]] = bad
    assert problems == {}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_coverage_row_names_code_that_exists(ruleset):
    problems = {section[:60]: bad for section, code, _ in rows(ruleset) if (bad := missing_code(ruleset, code))}
    assert problems == {}


def test_the_check_notices_a_test_or_function_that_does_not_exist():
    bad, current = missing_tests("rookie", "`test_cards_and_functions.py::test_one_card_*`, `::test_no_such_thing`")
    assert bad == ["::test_no_such_thing"] and current.name == "test_cards_and_functions.py"
    assert missing_tests("rookie", "`::test_one_card_*`", current) == ([], current)  # the file named in the row above
    assert missing_tests("easy_company", "`test_motivation_points`, `test_never_written`")[0] == ["test_never_written"]
    assert missing_tests("eagles", "`test_nowhere.py::test_x`")[0] == ["test_nowhere.py::test_x"]
    assert missing_code("company_fire", "`fire.plan`, `fire.no_such_function`, `resolve_reduce`, `shoot`") == ["fire.no_such_function", "shoot"]
