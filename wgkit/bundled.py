"""Where the bundled scenarios and notebooks are (the checkout's top-level folders, or in an
installed wheel the copies it carries inside the package, see setup.py), and how a command line
names one: a path, or a bundled scenario's name such as ``hedgerow_farm``."""

from __future__ import annotations

import difflib
import os
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


class UnknownScenario(ValueError):
    """A name that is neither a file nor a bundled scenario; the message says which names are."""


def _names() -> dict[str, Path]:
    """Each bundled scenario under its name (``hedgerow_farm``) and its ruleset-qualified name
    (``close_action/hedgerow_farm``)."""
    names: dict[str, Path] = {}
    for path in scenario_files():
        names[f"{path.parent.name}/{path.stem}"] = path
        names[path.stem] = path
    return names


def find(name: str | os.PathLike[str]) -> Path:
    """The file a command line means by ``name``: the path itself if it exists (or with
    ``.yaml`` added); else, for a bare name (``hedgerow_farm``, ``close_action/hedgerow_farm``),
    the bundled scenario, or :class:`UnknownScenario` naming the nearest ones; any other path is
    returned as it is, for the reader to say why it cannot be read."""
    path = Path(name)
    for candidate in (path, path.with_name(path.name + ".yaml")):
        if candidate.exists():
            return candidate
    names = _names()
    key = path.as_posix().removesuffix(".yaml")
    if key in names:
        return names[key]
    folders = {p.parent.name for p in scenario_files()}
    if len(path.parts) > 2 or (len(path.parts) == 2 and path.parts[0] not in folders) or path.suffix not in ("", ".yaml"):
        return path
    near = difflib.get_close_matches(key, [n for n in names if ("/" in n) == ("/" in key)], n=3, cutoff=0.6)
    hint = f"did you mean {' or '.join(repr(n) for n in near)}?" if near else \
        f"the bundled ones are {', '.join(sorted(p.stem for p in scenario_files()))}"
    raise UnknownScenario(f"{name}: no such file, and no bundled scenario of that name; {hint}")


def is_bundled(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is one of the kit's own scenario files (which a game must not write beside)."""
    return Path(path).resolve().is_relative_to(scenarios_dir().resolve())
