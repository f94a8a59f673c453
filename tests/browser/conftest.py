"""Real-browser fixtures: a wgkit server on a free loopback port, and Debian's Chromium."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
RESOLVE = re.compile(r"Resolve\s*$")  # the Resolve button, not Resolve ▶ Next (its icon is in its name)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
FAILURES = Path(__file__).resolve().parents[2] / "build" / "failures"  # screenshots of failed tests and stuck pages


def free_port(span: int = 4) -> int:
    """A free loopback port whose next ``span - 1`` ports are free too (``wgkit play --seats``
    serves each side on the ports after the desk's; a kernel had taken one of them once)."""
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port + span <= 65536 and all(_free(port + k) for k in range(1, span)):
            return port


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def wait_for_port(port: int, proc: subprocess.Popen, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise TimeoutError(f"nothing listening on port {port} after {timeout}s")


def wait_for_addresses(log: Path, proc: subprocess.Popen, count: int = 1, timeout: float = 90) -> list[str]:
    """The addresses a ``wgkit`` server printed, once it has printed ``count`` of them (it prints
    an address only when that server accepts connections)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = re.findall(r" at (http://\S+)", log.read_text())
        if len(found) >= count:
            return found
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}: {log.read_text()}")
        time.sleep(0.1)
    raise TimeoutError(f"no address printed after {timeout}s: {log.read_text()}")


def words_cut_short(page) -> list[str]:
    """The visible controls a person cannot read whole: buttons and field labels whose words do not
    fit (ipywidgets ends them with an ellipsis), and buttons, lists and fields that reach past the
    edge of the box that clips them (a row of controls wider than its panel)."""
    return page.evaluate("""() => {
        const shown = [...document.querySelectorAll('button, select, input, textarea')]
            .filter(e => e.offsetParent !== null && e.type !== 'hidden');
        const name = e => (e.tagName === 'BUTTON' ? e.innerText || e.title
            : e.closest('.widget-inline-hbox')?.querySelector('.widget-label')?.innerText || e.title || e.tagName);
        const clipper = e => { for (let a = e.parentElement; a; a = a.parentElement) {
            const o = getComputedStyle(a).overflowX; if (o !== 'visible') return a; } return null; };
        const cut = shown.filter(e => e.tagName === 'BUTTON' && e.scrollWidth > e.clientWidth + 1).map(name);
        for (const label of document.querySelectorAll('.widget-label'))
            if (label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1) cut.push(label.innerText);
        for (const e of shown) {
            const box = clipper(e);
            if (box && e.getBoundingClientRect().right > box.getBoundingClientRect().right + 1) cut.push(name(e));
        }
        return [...new Set(cut)];
    }""")


def unscrolled_bottom(locator) -> float:
    """Where an element ends on the page as first shown, whatever was scrolled since: Voila
    scrolls a panel of its own (not the window) when a clicked control asks to be in view."""
    return locator.evaluate("""e => { let y = e.getBoundingClientRect().bottom;
        for (let a = e.parentElement; a; a = a.parentElement) y += a.scrollTop;
        return y; }""")


class Server:
    """A server on a free loopback port: ``wgkit`` by default, or any Python module."""

    def __init__(self, args: list[str], cwd: Path, module: str = "wgkit.cli", port_flag: str = "--port"):
        self.port = free_port()
        self.proc = subprocess.Popen([sys.executable, "-m", module, *args, f"{port_flag}={self.port}"],
                                     cwd=cwd, stdout=open(cwd / f"server-{self.port}.log", "w"),
                                     stderr=subprocess.STDOUT, text=True, start_new_session=True,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.log = cwd / f"server-{self.port}.log"
        if module == "wgkit.cli":
            self.url = wait_for_addresses(self.log, self.proc)[0]  # with its access token
        else:
            wait_for_port(self.port, self.proc)
            self.url = f"http://127.0.0.1:{self.port}/"

    def stop(self) -> str:
        """Stop the server and everything it started (Voila's kernels included)."""
        for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 10)):
            try:
                os.killpg(self.proc.pid, sig)
                self.proc.wait(timeout=wait)
                break
            except ProcessLookupError:
                break
            except subprocess.TimeoutExpired:
                continue
        return self.log.read_text()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test, so a fixture's teardown knows whether the test failed."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


def _failed(request: pytest.FixtureRequest) -> bool:
    return any(getattr(getattr(request.node, f"report_{when}", None), "failed", False) for when in ("setup", "call"))


@pytest.fixture
def serve(request, tmp_path):
    """Start servers for a test; a failed test's report shows the end of each one's log."""
    servers: list[Server] = []

    def start(*args: str, module: str = "wgkit.cli") -> Server:
        s = Server(list(args), tmp_path, module)
        servers.append(s)
        return s

    since = time.time()
    yield start
    stuck = [shot for shot in FAILURES.glob("stuck*.png") if shot.stat().st_mtime >= since]  # by board_shown
    for s in servers:
        log = s.stop()
        if _failed(request) or stuck:  # a stuck page's server logs are kept too: its cause is sought
            print(f"--- the end of the server log on port {s.port} ---", *log.splitlines()[-60:], sep="\n")
        for shot in stuck:
            shot.with_name(f"{shot.stem}.server{s.port}.log").write_text(log)


@pytest.fixture
def page(request, browser):
    """A page in a fresh browser context; a failed test leaves a screenshot of it in build/failures."""
    context = browser.new_context(viewport={"width": 1500, "height": 1300})
    pg = context.new_page()
    yield pg
    if _failed(request):
        keep_failure(pg, request.node.name)
    context.close()


def board_shown(page, url: str | None = None, timeout: float = 120_000):
    """Open ``url`` in ``page`` (or take the page as it is) and wait for its board's canvas.

    A page stuck before its widgets show fails the test: a person would have to reload it, so a
    reload here would hide a fault a user meets. The one cause seen in CI is gone (the preheated
    kernel, on a TCP port another server's kernel had picked too, died on every restart and Voila
    handed the dead kernel to the page: kernels now use Unix sockets). A stuck page keeps its
    screenshot, and its servers' logs beside it (:func:`serve`), so that its cause can be found."""
    if url is not None:
        page.goto(url)
    try:
        return page.wait_for_selector("canvas", timeout=timeout)
    except Exception as stuck:
        shot = keep_failure(page, "stuck " + page.url.split("?")[0])
        raise AssertionError(f"the page was stuck before its board showed (screenshot: {shot}; its servers' "
                             "logs beside it)") from stuck


def started(page, timeout: float = 60_000) -> None:
    """Press Start where the umpire's page of a new game shows its briefing (only Start is offered
    then); a game already begun shows Next at once."""
    shown = page.locator("button:visible:has-text('Start the game'), button:visible:has-text('Next ▶')").first
    shown.wait_for(timeout=timeout)
    if "Start the game" in shown.inner_text():
        shown.click()
        page.locator("button:visible:has-text('Next ▶')").first.wait_for(timeout=timeout)


def keep_failure(page, name: str) -> Path:
    """A screenshot of ``page`` as a test failed, in build/failures, and where it is said."""
    FAILURES.mkdir(parents=True, exist_ok=True)
    shot = FAILURES / (re.sub(r"[^\w.-]+", "_", name) + ".png")
    try:
        page.screenshot(path=str(shot), full_page=True)
        print(f"the page as the test failed: {shot}\n{page.inner_text('body')[-3000:]}")
    except Exception as exc:  # the page may be what broke
        print(f"no screenshot of the failed page: {exc}")
    return shot
