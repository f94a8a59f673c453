"""Where the bundled scenarios and notebooks are: the checkout's top-level folders, or in an
installed wheel the copies it carries inside the package (see setup.py)."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent


def _folder(name: str) -> Path:
    checkout = HERE.parent / name
    if (HERE.parent / "pyproject.toml").is_file() and checkout.is_dir():  # a source checkout
        return checkout
    return HERE / f"_{name}"


def scenarios_dir() -> Path:
    """The bundled scenarios, one folder per ruleset."""
    return _folder("scenarios")


def notebooks_dir() -> Path:
    """The lessons and the turn notebooks."""
    return _folder("notebooks")


def scenario_files() -> list[Path]:
    """Every bundled scenario file (variants files, one folder deeper, are not scenarios)."""
    return sorted(scenarios_dir().glob("*/*.yaml"))
