"""The layers hold: the contracts in pyproject.toml pass `lint-imports`, the only imports they
ignore are the display hooks, the import graph has no circle beside them, and the pure core never
imports a UI or plotting library."""

import ast
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

from tests.conftest import ROOT

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: import-linter brings tomli
    import tomli as tomllib

CORE = ["wgkit.scenario", "wgkit.geometry", "wgkit.rules", "wgkit.facts", "wgkit.engine", "wgkit.cli"]
UI = ["ipywidgets", "ipycanvas", "matplotlib", "voila"]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]


def _lint(config: Path) -> subprocess.CompletedProcess:
    code = ("import sys\nfrom importlinter.cli import lint_imports\n"
            f"sys.exit(lint_imports(config_filename={str(config)!r}, no_cache=True))")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)


def test_the_import_contracts_are_kept():
    out = _lint(ROOT / "pyproject.toml")
    assert out.returncode == 0, out.stdout[-3000:]
    assert "3 kept, 0 broken" in out.stdout


def test_a_layer_reaching_up_breaks_the_contract(tmp_path):
    """The check is live: with the facts put above the rules, the rules' imports of them break it."""
    text = (ROOT / "pyproject.toml").read_text()
    swapped = text.replace('    "wgkit.rules",\n', '    "wgkit.facts",\n', 1).replace(
        '    "wgkit.dice",\n    "wgkit.facts",\n', '    "wgkit.dice",\n    "wgkit.rules",\n', 1)
    assert swapped != text
    (tmp_path / "pyproject.toml").write_text(swapped)
    out = _lint(tmp_path / "pyproject.toml")
    assert out.returncode == 1 and "BROKEN" in out.stdout


def _hook_function(module: str, line: int) -> str:
    """The name of the function whose body holds ``line`` of ``module``."""
    path = ROOT / (module.replace(".", "/") + ".py")
    tree = ast.parse(path.read_text())
    found = [n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.lineno <= line <= n.end_lineno]
    return found[-1] if found else "<module>"


@pytest.mark.parametrize("contract", [c for c in CONFIG["contracts"] if c.get("ignore_imports")], ids=lambda c: c["id"])
def test_the_only_imports_ignored_are_the_display_hooks(contract):
    """Each ignored import is made inside a `_repr_png_` or `_repr_svg_` method, nowhere else."""
    graph = grimp.build_graph("wgkit", cache_dir=None)
    for rule in contract["ignore_imports"]:
        importer, imported = (s.strip() for s in rule.split("->"))
        details = graph.get_import_details(importer=importer, imported=imported)
        assert details, f"{rule}: no such import (drop it from the list)"
        assert {_hook_function(importer, d["line_number"]) for d in details} <= {"_repr_png_", "_repr_svg_"}, rule


def test_the_import_graph_has_no_circle_beside_the_display_hooks():
    graph = grimp.build_graph("wgkit", exclude_type_checking_imports=True, cache_dir=None)
    hooks = {tuple(s.strip() for s in r.split("->")) for c in CONFIG["contracts"] for r in c.get("ignore_imports", ())}
    edges = {m: {d for d in graph.find_modules_directly_imported_by(m) if (m, d) not in hooks} for m in graph.modules}
    state: dict[str, int] = {}  # 1 on the path being walked, 2 done

    def circle_from(start: str) -> list[str]:  # the first circle met walking from start, depth first
        stack = [(start, iter(sorted(edges[start])))]
        path = [start]
        state[start] = 1
        while stack:
            node, todo = stack[-1]
            nxt = next(todo, None)
            if nxt is None:
                state[node] = 2
                stack.pop()
                path.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            elif nxt not in state:
                state[nxt] = 1
                stack.append((nxt, iter(sorted(edges[nxt]))))
                path.append(nxt)
        return []

    for module in sorted(edges):
        if module not in state:
            assert circle_from(module) == [], "an import circle"


def test_core_imports_no_ui():
    code = ("import sys\n" + "".join(f"import {m}\n" for m in CORE) +
            f"print([m for m in {UI!r} if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
