from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*/*.yaml"))
SHOTS = ROOT / "build" / "screens"  # the browser tests' screenshots, which the docs site shows


@pytest.fixture(params=SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def scenario_path(request: pytest.FixtureRequest) -> Path:
    return request.param


def dotted(event) -> tuple[tuple[str, object], ...]:
    """An event's changes as (dotted path, value), the way a test states what a rule changed."""
    return tuple((".".join(map(str, path)), value) for path, value in event.changes)


def refused(game, message: str, call, *args, **kwargs) -> None:
    """``call(game, *args, **kwargs)`` is refused with exactly ``message`` (a regular expression)
    and writes nothing to the game's log."""
    from wgkit.engine import IllegalActionError

    before = len(game.log)
    with pytest.raises(IllegalActionError, match=f"^{message}$"):
        call(game, *args, **kwargs)
    assert len(game.log) == before


def unit(doc: dict, uid: str) -> dict:
    """The unit ``uid`` in a scenario document (for ``load_edited``'s ``edit``)."""
    return next(u for s in doc["sides"] for u in s["units"] if u["id"] == uid)


def load_edited(path: Path, edit=None):
    """A bundled scenario, optionally changed first: ``edit(doc)`` alters the YAML document, which
    is then validated like any file."""
    import yaml

    from wgkit.scenario import load, loads

    if edit is None:
        return load(path)
    doc = yaml.safe_load(path.read_text())
    edit(doc)
    return loads(yaml.safe_dump(doc, allow_unicode=True), f"{path.stem}-edited.yaml")


@pytest.fixture(autouse=True)
def every_roll_is_explained(monkeypatch):
    """Every event any test commits that rolls dice must be explained (wgkit.resolution)."""
    from wgkit.engine.game import Game
    from wgkit.resolution import explained_problems

    commit = Game.commit

    def checked(self, event):
        problems = explained_problems(event)
        assert not problems, "; ".join(problems)
        return commit(self, event)

    monkeypatch.setattr(Game, "commit", checked)


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, one for the whole run (Playwright's sync API allows one at a time)."""
    from tests.browser.conftest import ARGS, CHROMIUM

    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is needed for the browser tests ({CHROMIUM}); "
                    "install it: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


# Hypothesis: ``--hypothesis-profile=long`` runs the stateful tests (the action panel's machine) with
# many more sequences than CI's budget allows.
from hypothesis import settings as _settings  # noqa: E402

_settings.register_profile("long", max_examples=2000, deadline=None)
