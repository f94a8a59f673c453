"""`wgkit play` as a server: exactly its port, a token by default, refusals before it starts, and
nothing left running after SIGTERM."""

import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.browser.conftest import free_port, wait_for_addresses
from tests.conftest import ROOT
from wgkit.kernel_cap import CAP

FARM = ROOT / "scenarios/close_action/hedgerow_farm.yaml"


def run(*args: str, cwd=ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wgkit.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=120)


def test_bad_ports_are_refused_with_one_line():
    for port, why in (("70000", "70000 is not a port (1-65535)"), ("-5", "-5 is not a port (1-65535)"),
                      ("http", "'http' is not a port number")):
        r = run("play", f"--port={port}")
        assert r.returncode == 2 and why in r.stderr and "Traceback" not in r.stderr


def test_a_taken_port_is_said_and_nothing_is_written(tmp_path):
    shutil.copy(FARM, tmp_path / "farm.yaml")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        r = run("play", str(tmp_path / "farm.yaml"), f"--port={port}")
    assert r.returncode == 1 and r.stderr.strip() == f"wgkit: port {port} is taken; choose another with --port"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["farm.yaml"]


def test_an_unwritable_journal_is_refused_before_the_server_starts(tmp_path):
    r = run("play", str(FARM), "--journal", str(tmp_path / "no" / "such" / "j.wgsave"), f"--port={free_port()}")
    assert r.returncode == 1 and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "journal folder" in r.stderr and "does not exist" in r.stderr


def children(pid: int) -> set[int]:
    """Every process below ``pid`` (from /proc)."""
    found, frontier = set(), {pid}
    while frontier:
        parent = frontier.pop()
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as fh:
                        ppid = int(fh.read().rsplit(")", 1)[1].split()[1])
                except (OSError, ValueError, IndexError):
                    continue
                if ppid == parent and int(entry) not in found:
                    found.add(int(entry))
                    frontier.add(int(entry))
    return found


def kernels(pid: int) -> list[int]:
    """The kernels running below ``pid``."""
    found = []
    for child in children(pid):
        try:
            with open(f"/proc/{child}/cmdline", "rb") as fh:
                if b"ipykernel" in fh.read():
                    found.append(child)
        except OSError:
            continue
    return found


def described(pid: int) -> str:
    """A process's id, parent, state and command line, read from /proc."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            state, ppid = fh.read().rsplit(")", 1)[1].split()[:2]
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            command = fh.read().replace(b"\0", b" ").decode(errors="replace")[-120:]
    except OSError:
        return f"{pid} (gone)"
    return f"{pid} (parent {ppid}, {state}): {command}"


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_token_by_default_and_sigterm_stops_voila_and_its_kernels(tmp_path):
    shutil.copy(FARM, tmp_path / "farm.yaml")
    port = free_port()
    log = open(tmp_path / "server.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "wgkit.cli", "play", str(tmp_path / "farm.yaml"), f"--port={port}"],
                            cwd=tmp_path, stdout=log, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1", "TMPDIR": str(tmp_path)})
    try:
        url, = wait_for_addresses(tmp_path / "server.log", proc)
        # the address came once the preheated kernel had built the page (wgkit.served), not before
        assert len(list(tmp_path.glob("wgkit-pages-*/0.built"))) == 1
        assert url.startswith(f"http://127.0.0.1:{port}/?token=") and len(url.split("token=")[1]) >= 24
        without = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60)
        assert without.geturl().startswith(f"http://127.0.0.1:{port}/login")  # sent to log in, not to the game
        page = urllib.request.urlopen(url, timeout=120).read().decode()  # runs the notebook: a kernel starts
        assert "umpire" in page.lower() or "voila" in page.lower()
        deadline = time.monotonic() + 30
        while len(children(proc.pid)) < 2 and time.monotonic() < deadline:  # voila and at least one kernel
            time.sleep(0.3)
        started = children(proc.pid)
        assert len(started) >= 2
        # its kernels listen on Unix sockets, not on TCP ports another server could pick too
        folder = Path(re.search(r"Storing connection files in (\S+)\.\n", (tmp_path / "server.log").read_text()).group(1))
        kernels = [json.loads(f.read_text()) for f in folder.glob("kernel-*.json")]
        assert kernels and {k["transport"] for k in kernels} == {"ipc"}
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
        deadline = time.monotonic() + 15
        while any(alive(p) for p in started) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(alive(p) for p in started)
        assert not list(tmp_path.glob("wgkit-pages-*"))  # its marks go with it
    finally:
        if proc.poll() is None:
            proc.kill()
        log.close()


def connections(port: int, state: str) -> int:
    """How many sockets on local ``port`` are in ``state`` ("0A" listen, "06" TIME_WAIT; /proc/net/tcp)."""
    rows = open("/proc/net/tcp").read().splitlines()[1:]
    return sum(1 for r in rows if r.split()[1].endswith(f":{port:04X}") and r.split()[3] == state)


def test_kill_9_then_the_same_play_resumes_the_game_within_10_s(tmp_path):
    shutil.copy(FARM, tmp_path / "farm.yaml")
    port = free_port()
    command = [sys.executable, "-m", "wgkit.cli", "play", "farm.yaml", f"--port={port}", "--no-token"]
    procs = []

    def start(name: str):
        log = tmp_path / name
        procs.append(subprocess.Popen(command, cwd=tmp_path, stdout=open(log, "w"), stderr=subprocess.STDOUT,
                                      text=True, start_new_session=True, env={**os.environ, "PYTHONUNBUFFERED": "1"}))
        return procs[-1], log

    try:
        first, log = start("first.log")
        wait_for_addresses(log, first, timeout=120)
        tab = http.client.HTTPConnection("127.0.0.1", port, timeout=120)  # a browser tab, kept alive
        tab.request("GET", "/")
        answer = tab.getresponse()
        assert answer.status == 200 and answer.read()  # the address answers as soon as it is printed
        first.kill()  # SIGKILL to wgkit alone: its server is told by the kernel (PR_SET_PDEATHSIG)
        first.wait(timeout=10)
        deadline = time.monotonic() + 15
        while not connections(port, "05") and time.monotonic() < deadline:  # the old server closed the tab's
            time.sleep(0.1)                                                   # connection (FIN_WAIT2)
        tab.close()  # the tab lets go too: the server's side of it waits in TIME_WAIT on the port
        while not connections(port, "06") and time.monotonic() < deadline:
            time.sleep(0.1)
        assert connections(port, "06") > 0
        began = time.monotonic()
        second, log = start("second.log")
        url, = wait_for_addresses(log, second, timeout=10)
        assert time.monotonic() - began < 10
        assert "resuming" in log.read_text() and "farm.journal.wgsave" in log.read_text()
        assert urllib.request.urlopen(url, timeout=120).status == 200
    finally:
        for proc in procs:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(timeout=30)


def rss_mb(pids) -> float:
    """Resident memory of ``pids`` in MB (from /proc; a process gone meanwhile counts 0)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/statm") as fh:
                total += int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError, IndexError):
            continue
    return total / 2 ** 20


def test_50_page_loads_keep_at_most_the_cap_of_kernels_and_only_the_preheated_one_after_a_minute(tmp_path):
    shutil.copy(FARM, tmp_path / "farm.yaml")
    port = free_port()
    log = open(tmp_path / "server.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "wgkit.cli", "play", "farm.yaml", f"--port={port}"], cwd=tmp_path,
                            stdout=log, stderr=subprocess.STDOUT, text=True, start_new_session=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        url, = wait_for_addresses(tmp_path / "server.log", proc)
        token = url.split("token=")[1]
        assert not any(token in open(f"/proc/{pid}/cmdline", "rb").read().decode(errors="replace")
                       for pid in children(proc.pid))  # not readable by other users with ps

        def load(_):  # a plain GET with a valid token: each runs the notebook in a kernel of its own
            try:
                return urllib.request.urlopen(url, timeout=120).status
            except OSError as exc:  # a load whose kernel the cap shut down while its page was rendering
                return str(exc)

        most, memory, at_most = 0, 0.0, ""
        with ThreadPoolExecutor(6) as pool:
            pending = [pool.submit(load, i) for i in range(49)]
            while not all(f.done() for f in pending):
                seen = kernels(proc.pid)
                if len(seen) > most:  # what the processes were, should the cap ever be passed
                    most, at_most = len(seen), "; ".join(described(k) for k in seen)
                memory = max(memory, rss_mb(children(proc.pid)))
                time.sleep(0.2)
        assert load(49) == 200  # the newest page load always works
        assert 1 <= most <= CAP, at_most
        assert 1 <= len(kernels(proc.pid)) <= CAP
        assert memory < 200 + CAP * 250  # Voila and at most CAP kernels, each about 130 MB here
        with pytest.raises(urllib.error.HTTPError) as refused:  # Voila logs a refused request's address
            urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/nothing?token={token}", timeout=30)
        assert refused.value.code == 403
        deadline = time.monotonic() + 60
        while len(kernels(proc.pid)) > 1 and time.monotonic() < deadline:
            time.sleep(1)
        assert len(kernels(proc.pid)) == 1  # only the preheated kernel waiting for the next page
        logged = (tmp_path / "server.log").read_text()
        assert "403 GET /voila/static/nothing?token=… " in logged and f"Kernel cap {CAP} reached" in logged
        assert logged.count(token) == 1  # only in the address wgkit prints for the umpire
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
        log.close()


HOLD_THEN_SERVE = """
import socket, sys
import wgkit.cli as cli
port = int(sys.argv[1])
held = socket.socket()
held.bind(("127.0.0.1", port))  # as a connection's local port: taken as Voila binds it,
looks = cli._port_taken  # let go once Voila has stopped for it, as the connection ends
cli._port_taken = lambda *args: held.close() or looks(*args)
sys.exit(cli._serve_all([cli.Server("editor.ipynb", {}, port, "", "scenario editor")], "127.0.0.1"))
"""


def test_a_server_whose_port_is_taken_for_a_moment_as_it_binds_starts_again_on_that_port(tmp_path):
    """Ports are checked free before the servers start, but any program's outgoing connection may
    take one of them (its local port) before Voila binds it: seen in CI with a game's seats. The
    server is started again once the port is free, on the same port, and says so in one line."""
    port = free_port()
    log = tmp_path / "server.log"
    proc = subprocess.Popen([sys.executable, "-c", HOLD_THEN_SERVE, str(port)], cwd=tmp_path, stdout=open(log, "w"),
                            stderr=subprocess.STDOUT, start_new_session=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        url, = wait_for_addresses(log, proc)
        assert url == f"http://127.0.0.1:{port}/"
        text = log.read_text()
        assert "no available port" in text  # the first start found it taken
        assert f"wgkit: port {port} was taken for a moment; the scenario editor starts again" in text
        assert urllib.request.urlopen(url, timeout=120).status == 200
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
