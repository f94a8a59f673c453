"""The ``wgkit`` command line: validate, rulesets, schema, render, play, edit, simulate, notebooks.

Every failure ends as a message on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from wgkit.bundled import UnknownScenario, find, is_bundled, notebooks_dir, scenario_files, scenarios_dir
from wgkit.served import READY
from wgkit.words import possessive

SCENARIOS_DIR = scenarios_dir()


def bundled_scenarios() -> list[Path]:
    """The sample scenarios shipped with the kit (the checkout's ``scenarios/``, or the wheel's copy)."""
    return scenario_files()


def cmd_validate(args: argparse.Namespace) -> int:
    from wgkit.scenario import ScenarioError, load

    files = [Path(f) for f in args.files] or bundled_scenarios()
    bad = 0
    for path in files:
        try:
            path = find(path)
            scenario = load(path)
        except UnknownScenario as exc:
            bad += 1
            print(exc, file=sys.stderr)
            continue
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


def cmd_markers(args: argparse.Namespace) -> int:
    from wgkit.render.sheet import write_sheet
    from wgkit.scenario import ScenarioError, load

    try:
        source = find(args.scenario)
        scenario = load(source)
    except (ScenarioError, UnknownScenario) as exc:
        print(exc, file=sys.stderr)
        return 1
    out = Path(args.output or f"{source.stem}.markers.pdf")
    try:
        pages = write_sheet(scenario, out, args.size)
    except (ValueError, OSError) as exc:
        print(f"wgkit markers: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {out}: {pages} pages, 8 table markers and {sum(1 for _ in scenario.pieces())} piece markers "
          f"of {args.size:g} mm; print at 100%")
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    from wgkit.engine import Game
    from wgkit.engine.save import SaveError
    from wgkit.session import load_game
    from wgkit.engine.views import UMPIRE, side_ids, view
    from wgkit.render.scene import build_scene
    from wgkit.render.static import render
    from wgkit.rules.registry import get_ruleset
    from wgkit.scenario import ScenarioError, load

    try:
        source = find(args.file)
        if source.suffix == ".wgsave":
            game = load_game(source, recover=True).game
        else:
            scenario = load(source)  # the opening position, as the ruleset sets it up
            game = Game(scenario, flow=get_ruleset(scenario.ruleset).sequence)
    except (ScenarioError, SaveError, UnknownScenario) as exc:
        print(exc, file=sys.stderr)
        return 1
    sides = side_ids(game.state)
    if args.side != UMPIRE and args.side not in sides:
        print(f"wgkit render: no side {args.side!r} in {source.name}: choose {', '.join(sides)} or {UMPIRE}",
              file=sys.stderr)
        return 1
    out = Path(args.output or source.with_suffix(".png").name)
    if out.suffix.lower() not in (".png", ".svg", ".pdf"):
        print(f"wgkit render: cannot write {out.suffix or 'files without an extension'}; use .png, .svg or .pdf",
              file=sys.stderr)
        return 1
    render(build_scene(game.scenario, view(game.state, args.side)), out, inches_wide=args.width)
    print(f"wrote {out}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from wgkit.scenario import ScenarioError, load
    from wgkit.scenario import variants as V
    from wgkit.simulate import progress_bar, simulate, until_decided
    from wgkit.sweep import sweep

    try:
        source = find(args.scenario)
        scenario = load(source)
        variants = V.load(args.vary, scenario) if args.vary else None
    except (ScenarioError, UnknownScenario) as exc:
        print(exc, file=sys.stderr)
        return 1
    name = source.name
    if args.variant is not None:
        named = dict(V.scenarios(scenario, variants or [])[1:])
        if args.variant not in named:
            print(f"wgkit simulate: --variant {args.variant!r} is not a variant of "
                  f"{args.vary or 'a --vary file (none given)'}" + (f"; its variants: {', '.join(named)}" if named else ""),
                  file=sys.stderr)
            return 1
        scenario, variants, name = named[args.variant], None, f"{source.name}, variant: {args.variant}"
    if args.n < 1:
        print("wgkit simulate: -n must be at least 1", file=sys.stderr)
        return 1
    for flag, given in (("--until-decided", args.until_decided), ("--keep", args.keep)):
        if given and variants is not None:
            print(f"wgkit simulate: {flag} is for one scenario, not a sweep", file=sys.stderr)
            return 1
    if args.skills:
        return _by_skill(args, scenario, name, variants is not None)
    run = dict(seed=args.seed, turns=args.turns, jobs=args.jobs or None, scheduler=args.scheduler,
               name=name, players=args.players)
    one = dict(run, keep=args.keep)
    try:
        if args.until_decided:
            report = until_decided(scenario, args.n, max(args.n, args.max_games),
                                   progress=None if args.quiet else progress_bar("games (at most)", sys.stderr), **one)
            reports = [report]
        elif variants is None:
            report = simulate(scenario, args.n, progress=None if args.quiet else progress_bar(file=sys.stderr), **one)
            reports = [report]
        else:
            report = sweep(scenario, variants, args.n, **run,
                           progress=None if args.quiet else progress_bar("games, all variants", sys.stderr))
            reports = [r for _, r in report.reports]
    except ValueError as exc:
        print(f"wgkit simulate: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:  # the file that keeps the games cannot be written, or the scheduler cannot be reached
        if args.keep and exc.filename is not None:
            print(f"wgkit simulate: cannot keep the games in {args.keep}: {exc.strerror or exc}", file=sys.stderr)
            return 1
        print(f"wgkit simulate: no Dask scheduler answers at {args.scheduler}: {' '.join(str(exc).split())}",
              file=sys.stderr)
        return 1
    print(report.table())
    if args.plot and any(r.games for r in reports):
        report.plot().savefig(args.plot, dpi=90)
        print(f"wrote {args.plot}")
    failed = [g["seed"] for r in reports for g in r.failed]
    if failed:
        total = sum(r.n + len(r.failed) for r in reports)
        print(f"wgkit simulate: {len(failed)} of {total} games failed (seeds {', '.join(map(str, failed))})",
              file=sys.stderr)
        return 1
    return 0


def _by_skill(args: argparse.Namespace, scenario: Any, name: str, sweeping: bool) -> int:
    """``simulate --skills simple,fast,full``: the same seeds played at each skill (the simple
    policy, or the opponent at that skill in every seat ``--players`` gives it, its style kept),
    the verdicts side by side."""
    import time

    from wgkit.opponent import SKILLS
    from wgkit.simulate import SIMPLE, at_skill, by_skill, progress_bar, seat_players, simulate, until_decided

    skills = [k.strip() for k in args.skills.split(",") if k.strip()]
    wrong = [k for k in skills if k != SIMPLE and k not in SKILLS]
    if wrong or not skills:
        print(f"wgkit simulate: --skills lists {SIMPLE} and the opponent's skills ({', '.join(SKILLS)}), "
              f"not {', '.join(wrong) or 'nothing'}", file=sys.stderr)
        return 1
    if sweeping or args.keep:
        print(f"wgkit simulate: --skills is for one scenario, without {'--vary' if sweeping else '--keep'}", file=sys.stderr)
        return 1
    try:
        seats = seat_players(scenario, args.players)  # each side's style kept at every skill
    except ValueError as exc:
        print(f"wgkit simulate: {exc}", file=sys.stderr)
        return 1
    alone = (args.jobs or 0) == 1 and args.scheduler is None  # in this process: its CPU is the games'
    clock = time.process_time if alone else time.perf_counter
    reports, cost = {}, {}
    for skill in skills:
        run = dict(seed=args.seed, turns=args.turns, jobs=args.jobs or None, scheduler=args.scheduler, name=name,
                   players=at_skill(seats, skill),
                   progress=None if args.quiet else progress_bar(f"games, {skill}", sys.stderr))
        t0 = clock()
        try:
            reports[skill] = (until_decided(scenario, args.n, max(args.n, args.max_games), **run) if args.until_decided
                              else simulate(scenario, args.n, **run))
        except (ValueError, OSError) as exc:
            print(f"wgkit simulate: {exc}", file=sys.stderr)
            return 1
        cost[skill] = (clock() - t0) / max(1, reports[skill].n)
    print(by_skill(reports, cost, "CPU per game" if alone else "wall time per game"))
    return 1 if any(r.failed for r in reports.values()) else 0


DEFAULT_SCENARIO = SCENARIOS_DIR / "close_action" / "tutorial_crossroads.yaml"


def tutorials_note() -> str:
    """What ``wgkit play`` with no file says: the tutorial it opens, and the others to choose from."""
    from wgkit.scenario import ScenarioError, load

    lines = [f"no scenario named: opening the Close Action tutorial ({DEFAULT_SCENARIO.parent.name}/"
             f"{DEFAULT_SCENARIO.stem}). The tutorials, one a ruleset:"]
    for path in sorted(p for p in bundled_scenarios() if p.stem.startswith("tutorial_")):
        try:
            title = load(path).title
        except ScenarioError:
            continue
        lines.append(f"  wgkit play {path.parent.name + '/' + path.stem:42s} {title}")
    lines.append("and every bundled scenario: wgkit validate lists them; wgkit play NAME opens one")
    return "\n".join(lines)
APP_DIR = Path(__file__).resolve().parent / "app"
LOOPBACK = ("127.0.0.1", "localhost", "::1")
# A page load that never connects (a dropped tablet, a script's GET) leaves a kernel of its own:
# one idle and unconnected for 40 s is shut down, checked every 10 s. A connected page is never culled.
# Each server (each seat) keeps at most wgkit.kernel_cap.CAP kernels alive.
# Kernels talk to their server over Unix sockets where there are any: over TCP each picks free
# ports and then binds them, and two servers started together (a game's seats) once picked the
# same port: that kernel died on every restart and its page stayed at "Running ..." for good. A
# socket's path has room for about 100 bytes, so the sockets go under /tmp whatever TMPDIR says.
KERNELS = ["--MappingKernelManager.cull_idle_timeout=40", "--MappingKernelManager.cull_interval=10",
           "--MappingKernelManager.cull_connected=False",
           "--VoilaConfiguration.multi_kernel_manager_class=wgkit.kernel_cap.CappedKernelManager",
           *(["--KernelManager.transport=ipc", "--Voila.connection_dir_root=/tmp"] if os.name == "posix" else [])]
# A game's pages are rendered ahead of time by a preheated kernel (one waiting per server), so a
# page is usable about as soon as it is asked for; such a page catches up with the journal when a
# browser shows it. The editor is not preheated: a page opened ahead of time would hold the
# scenario file as it was then.
PREHEATED = ("umpire.ipynb", "side.ipynb")
PREHEAT = ["--VoilaConfiguration.preheat_kernel=True", "--VoilaConfiguration.default_pool_size=1"]
PREHEAT_WAIT = 60.0  # seconds the address waits for the preheated page at most
RESTARTS = 2  # times a server whose port was taken as it bound it is started again, once the port is free
PORT_IN_USE = "could not be started because no available port"  # what Voila says then
TOKEN_IN_TEXT = re.compile(r"(token=)[^&\s\"'<>]+")


def _port(value: str) -> int:
    try:
        port = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a port number") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port (1-65535)")
    return port


def _port_free(port: int, host: str = "127.0.0.1") -> bool:
    """Whether a server can listen on ``host:port`` now. Bound with ``SO_REUSEADDR``, as Tornado
    binds Voila's socket, so the connections a crashed server left in TIME_WAIT do not count."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def _port_taken(port: int, host: str = "127.0.0.1", wait: float = 5.0) -> bool:
    """Say so (one line) if ``port`` cannot be served; checked before anything is written. A server
    that is still shutting down (the previous ``wgkit`` just killed) is given ``wait`` seconds."""
    import time

    deadline = time.monotonic() + wait
    while not _port_free(port, host):
        if time.monotonic() > deadline:
            print(f"wgkit: port {port} is taken; choose another with --port", file=sys.stderr)
            return True
        time.sleep(0.25)
    return False


def _listening(port: int, host: str) -> bool:
    import socket

    target = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    try:
        with socket.create_connection((target, port), timeout=1):
            return True
    except OSError:
        return False


def _die_with_parent() -> None:
    """In the server's child: on Linux, be sent SIGTERM if ``wgkit`` itself is killed (even by
    SIGKILL), so no orphaned server keeps the port and the game's journal."""
    import ctypes
    import signal

    try:
        ctypes.CDLL(None).prctl(1, int(signal.SIGTERM))  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: Ctrl-C and SIGTERM still stop it
        pass


@dataclass(frozen=True)
class Server:
    """One Voila server of a ``wgkit`` command: a notebook, its environment, port and token."""

    notebook: str
    env: dict[str, str]
    port: int
    token: str
    what: str

    def url(self, host: str) -> str:
        shown = "127.0.0.1" if host in ("127.0.0.1", "localhost") else host
        return f"http://{shown}:{self.port}/" + (f"?token={self.token}" if self.token else "")


def _serve(notebook: str, env: dict[str, str], args: argparse.Namespace, what: str) -> int:
    """Run Voila on ``notebook`` at exactly 127.0.0.1:``args.port`` (with a token unless
    ``--no-token``) until Ctrl-C or SIGTERM, then stop Voila and every kernel it started."""
    import secrets

    token = "" if args.no_token else secrets.token_urlsafe(24)
    return _serve_all([Server(notebook, env, args.port, token, what)], "127.0.0.1")


def _serve_all(servers: list[Server], host: str) -> int:
    """Run one Voila per server on ``host`` until Ctrl-C or SIGTERM (or one of them stops), then
    stop them all and every kernel they started."""
    import shutil
    import signal
    import subprocess
    import tempfile
    import threading
    import time

    secrets_ = [s.token for s in servers if s.token]
    marks = Path(tempfile.mkdtemp(prefix="wgkit-pages-"))
    # a preheated page built: the first browser gets it whole (wgkit.served); None: nothing to wait for
    ready = [marks / f"{k}.built" if s.notebook in PREHEATED else None for k, s in enumerate(servers)]

    def launch(s: Server, built: Path | None) -> subprocess.Popen:
        # the token goes in the environment, which other users cannot read, not on the command line
        cmd = [sys.executable, "-m", "voila", str(APP_DIR / s.notebook), "--no-browser", f"--port={s.port}",
               "--Voila.port_retries=0", f"--Voila.ip={host}",
               "--Voila.auto_token=True" if s.token else "--Voila.token=",
               "--VoilaConfiguration.show_tracebacks=True", *KERNELS, *(PREHEAT if s.notebook in PREHEATED else [])]
        env = {**os.environ, **s.env, "JUPYTER_TOKEN": s.token, **({READY: str(built)} if built else {})}
        proc = subprocess.Popen(cmd, env=env, start_new_session=True,
                                preexec_fn=_die_with_parent, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        relays[proc.pid] = threading.Thread(target=_relay, args=(proc.stdout, secrets_, lambda: unbound.add(proc.pid)),
                                            daemon=True)
        relays[proc.pid].start()
        return proc

    relays: dict[int, threading.Thread] = {}  # each server's log copied out, by its pid
    unbound: set[int] = set()  # servers that said their port was taken as they bound it

    procs = [launch(s, built) for s, built in zip(servers, ready)]

    def stop(*_: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    try:
        for k, (s, built) in enumerate(zip(servers, ready)):
            # each address in order, once its server accepts connections and its first page is
            # built ahead (a slow machine: printed anyway after PREHEAT_WAIT seconds)
            since, again = time.monotonic(), RESTARTS
            while not (_listening(s.port, host) and (built is None or built.exists()
                                                     or time.monotonic() - since > PREHEAT_WAIT)):
                if procs[k].poll() is not None:
                    # its port checked free, then taken before Voila bound it: by any program's
                    # outgoing connection, whose local port may be any of the ephemeral range
                    relays[procs[k].pid].join(timeout=5)  # its last lines read
                    if again and procs[k].pid in unbound and not _port_taken(s.port, host):
                        print(f"wgkit: port {s.port} was taken for a moment; the {s.what} starts again",
                              file=sys.stderr, flush=True)
                        procs[k], again = launch(s, built), again - 1
                        continue
                    print(f"wgkit: the {s.what} stopped before it served (exit {procs[k].returncode})", file=sys.stderr)
                    return procs[k].returncode or 1
                time.sleep(0.1)
            print(f"{s.what} at {s.url(host)}  (Ctrl-C to stop)", flush=True)
        while True:
            codes = [p.poll() for p in procs]
            if any(c is not None for c in codes):
                return next(c for c in codes if c is not None)
            time.sleep(0.5)
    except KeyboardInterrupt:
        return 0
    finally:
        for proc in procs:
            _stop(proc)
        shutil.rmtree(marks, ignore_errors=True)


def _relay(stream, secrets: list[str], unbound: Callable[[], None]) -> None:  # type: ignore[no-untyped-def]
    """Copy a server's log to stderr line by line with every token hidden: Voila prints a refused
    request's address whole, ``?token=`` and all. Call ``unbound`` if the server says it could not
    listen on its port."""
    for raw in iter(stream.readline, b""):
        line = TOKEN_IN_TEXT.sub(r"\1…", raw.decode("utf-8", "replace"))
        if PORT_IN_USE in line:
            unbound()
        for secret in secrets:
            line = line.replace(secret, "…")
        sys.stderr.write(line)
        sys.stderr.flush()


def _stop(proc) -> None:  # type: ignore[no-untyped-def]
    """Stop a Voila and its kernels (they share its session)."""
    import signal
    import subprocess

    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
            proc.wait(timeout=10)
            return
        except ProcessLookupError:
            return
        except subprocess.TimeoutExpired:
            continue


def cmd_play(args: argparse.Namespace) -> int:
    from wgkit.session import SessionError, start

    if args.no_token and (args.seats or args.host not in LOOPBACK):
        print(f"wgkit play: {'--seats' if args.seats else '--host ' + args.host} needs tokens; "
              f"drop --no-token", file=sys.stderr)
        return 1
    if _port_taken(args.port, args.host):
        return 1
    try:  # decided before the server starts, so any problem is one clear line
        source = find(args.file) if args.file else DEFAULT_SCENARIO
        session = start(source, journal=args.journal, new=args.new, seed=args.seed,
                        scenario_seed=args.scenario_seed, save_dir=args.save_dir, folder=journal_folder(source))
    except (SessionError, UnknownScenario) as exc:
        print(f"wgkit play: {exc}", file=sys.stderr)
        return 1
    if not args.file:
        print(tutorials_note())
    print(session.describe())
    env = {"WGKIT_JOURNAL": str(session.journal.resolve()), "WGKIT_SAVE_DIR": str(session.save_dir),
           "WGKIT_REPAIRED": session.repaired}
    if not args.seats:
        return _serve_all([Server("umpire.ipynb", env, args.port, "" if args.no_token else _token(),
                                  "umpire app")], args.host)
    sides = _sides_of(session.journal)
    ports = range(args.port + 1, args.port + 1 + len(sides))
    if ports.stop > 65536:
        print(f"wgkit play: --seats serves the sides on the {len(sides)} ports after --port; choose a lower one",
              file=sys.stderr)
        return 1
    if any(_port_taken(port, args.host) for port in ports):
        return 1
    servers = [Server("umpire.ipynb", {**env, "WGKIT_SEATS": "1"}, args.port, _token(), "umpire's page")]
    servers += [Server("side.ipynb", {"WGKIT_JOURNAL": env["WGKIT_JOURNAL"], "WGKIT_SEAT": sid}, args.port + 1 + i,
                       _token(), f"{possessive(name)} page") for i, (sid, name) in enumerate(sides)]
    return _serve_all(servers, args.host)


def journal_folder(source: Path) -> Path | None:
    """Where a new game's journal goes: beside its scenario or save, except for a bundled scenario
    or one in a folder this user cannot write, whose journal goes in the current folder."""
    if is_bundled(source) or not os.access(source.parent, os.W_OK | os.X_OK):
        return Path.cwd()
    return None


def _token() -> str:
    """A seat's secret: long and random, carried in its address as Jupyter's tokens are."""
    import secrets

    return secrets.token_urlsafe(32)


def _sides_of(journal: Path) -> list[tuple[str, str]]:
    from wgkit.session import attach

    return [(s.id, s.name) for s in attach(journal).game.scenario.sides]


def cmd_notebooks(args: argparse.Namespace) -> int:
    """Copy the lessons and turn notebooks, with the scenarios they open, into a folder for a class."""
    import shutil

    target = Path(args.folder)
    pairs = [(nb, target / "notebooks" / nb.name) for nb in sorted(notebooks_dir().glob("*.ipynb"))]
    pairs += [(f, target / "scenarios" / f.relative_to(scenarios_dir())) for f in sorted(scenarios_dir().rglob("*"))
              if f.is_file() and "__pycache__" not in f.parts and f.suffix != ".py"]
    there = [str(dst) for _, dst in pairs if dst.exists()]
    if there:
        print(f"wgkit notebooks: {there[0]} exists{f' (and {len(there) - 1} more)' if len(there) > 1 else ''}; "
              f"nothing was copied: choose an empty folder", file=sys.stderr)
        return 1
    try:
        for src, dst in pairs:
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)
    except OSError as exc:
        print(f"wgkit notebooks: cannot write {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 1
    lessons = sum(1 for src, _ in pairs if src.suffix == ".ipynb")
    print(f"copied {lessons} notebooks to {target / 'notebooks'} and {len(pairs) - lessons} scenario files to "
          f"{target / 'scenarios'}; open them with: jupyter lab {target / 'notebooks'}")
    return 0


def cmd_edit(args: argparse.Namespace) -> int:
    from wgkit.scenario import ScenarioError
    from wgkit.scenario.draft import Draft

    if _port_taken(args.port, "127.0.0.1"):
        return 1
    env = {}
    if args.file:
        try:
            path = find(args.file)
        except UnknownScenario:  # a new scenario, saved under this name
            path = Path(args.file)
        target = Path.cwd() / path.name if is_bundled(path) else path  # a bundled one is edited as a copy here
        if path.exists():
            try:
                draft = Draft.open(path)  # a scenario with problems opens as written, to be fixed
            except ScenarioError as exc:
                print(exc, file=sys.stderr)
                return 1
            for line in draft.problems():
                print(f"to fix: {line}", file=sys.stderr)
            if target != path:
                print(f"editing a copy of the bundled {path.stem}: Save writes {target}")
                env["WGKIT_OPEN"] = str(path.resolve())
        elif not path.parent.resolve().is_dir():
            print(f"{path}: no folder {path.parent} to save the new scenario in", file=sys.stderr)
            return 1
        env["WGKIT_SCENARIO"] = str(target.resolve())
    return _serve("editor.ipynb", env, args, "scenario editor")


def build_parser() -> argparse.ArgumentParser:
    from wgkit import __version__

    parser = argparse.ArgumentParser(prog="wgkit", description="WWII miniature wargames kit")
    parser.add_argument("--version", action="version", version=f"wgkit {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("validate", help="check scenario files (default: the bundled ones)")
    p.add_argument("files", nargs="*", metavar="FILE", help="scenario files (default: every bundled scenario)")
    p.set_defaults(func=cmd_validate)
    sub.add_parser("rulesets", help="list the five rulesets").set_defaults(func=cmd_rulesets)
    p = sub.add_parser("render", help="draw a scenario or saved game to PNG, SVG or PDF")
    p.add_argument("file", metavar="SCENARIO_OR_SAVED_GAME", help="a scenario (.yaml) or a saved game (.wgsave)")
    p.add_argument("-o", "--output", help="output file (.png, .svg, .pdf); default: FILE.png here")
    p.add_argument("--side", default="umpire", help="draw what this side sees (default: umpire)")
    p.add_argument("--width", type=float, default=12.0, help="image width in inches (default 12)")
    p.set_defaults(func=cmd_render)
    p = sub.add_parser("markers", help="print the ArUco markers that let a photo of the table move the pieces")
    p.add_argument("scenario", help="the scenario file (or a bundled scenario's name)")
    p.add_argument("-o", "--output", help="the PDF to write (default: NAME.markers.pdf here)")
    p.add_argument("--size", type=float, default=15.0, help="a piece marker's side in mm (default 15, at least 12)")
    p.set_defaults(func=cmd_markers)
    p = sub.add_parser("play", help="run the umpire app in the browser (Voila) on a scenario or saved game")
    p.add_argument("file", nargs="?", metavar="SCENARIO_OR_SAVED_GAME",
                   help=f"default: the bundled {DEFAULT_SCENARIO.parent.name}/{DEFAULT_SCENARIO.name}")
    p.add_argument("--port", type=_port, default=8866, help="serve on exactly this port (default 8866)")
    p.add_argument("--journal", help="the game's journal (default: NAME.journal.wgsave next to the file); "
                                     "an existing journal is resumed, never overwritten")
    p.add_argument("--new", action="store_true", help="start a new game even if a journal exists "
                                                      "(it gets the next free NAME.journal-K.wgsave)")
    p.add_argument("--seed", type=int, help="dice seed of a new game (default: fresh random dice)")
    p.add_argument("--scenario-seed", action="store_true", help="use the seed written in the scenario")
    p.add_argument("--save-dir", help="the only folder Save writes to (default: the journal's folder)")
    p.add_argument("--no-token", action="store_true", help="no access token (only on a trusted machine)")
    p.add_argument("--seats", action="store_true",
                   help="double-blind: one page for the umpire and one per side, each with its own secret "
                        "address, on --port and the ports after it")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1, this machine only; 0.0.0.0: the home "
                        "network too, with tokens only)")
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("edit", help="open the scenario editor in the browser (Voila)")
    p.add_argument("file", nargs="?", metavar="SCENARIO",
                   help="the file to edit, or to save a new scenario to (a file with problems opens as written)")
    p.add_argument("--port", type=_port, default=8867, help="serve on exactly this port (default 8867)")
    p.add_argument("--no-token", action="store_true", help="no access token (only on a trusted machine)")
    p.set_defaults(func=cmd_edit)
    sub.add_parser("schema", help="print the scenario JSON Schema").set_defaults(func=cmd_schema)
    p = sub.add_parser("notebooks", help="copy the lessons and turn notebooks, with their scenarios, into a folder")
    p.add_argument("folder", help="where to put notebooks/ and scenarios/ (nothing there is overwritten)")
    p.set_defaults(func=cmd_notebooks)
    p = sub.add_parser("simulate", help="play a scenario N times (the kit's opponent on every side, or the quick "
                                            "simple policy); win rates, deciding conditions and turns, casualties")
    p.add_argument("scenario", help="the scenario file to play")
    p.add_argument("-n", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game; game i uses seed + i")
    p.add_argument("--turns", type=int, default=None, help="turns a game (default: the scenario's, else 6)")
    p.add_argument("--jobs", type=int, default=0,
                   help="workers of a local Dask cluster (default: every core; 1: in this process)")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="play on a running Dask cluster, e.g. tcp://10.0.0.5:8786 (its workers need wgkit)")
    p.add_argument("--players", default="opponent", metavar="WHO",
                   help="who plays: 'opponent' (default: the kit's opponent on every side, competent but about a "
                        "hundred times slower), 'simple' (the ruleset's simple policy, quick), or per side, e.g. "
                        "us=opponent,de=simple or us=opponent:cautious (styles: cautious, balanced, aggressive); "
                        "opponent:fast for the quicker skill (opponent:full is the default)")
    p.add_argument("--skills", default=None, metavar="LIST",
                   help="play the same seeds at each skill and print the verdicts side by side, e.g. "
                        "simple,fast,full (the opponent's fast skill costs a fifth to a seventieth of full's); "
                        "the opponent's seats and styles are --players'")
    p.add_argument("--until-decided", action="store_true",
                   help="play batches of N games until every side's win rate is known to within ±5 points "
                        "(or --max-games are played); seeded and reproducible")
    p.add_argument("--max-games", type=int, default=2000, help="the most games --until-decided plays (default 2000)")
    p.add_argument("--keep", default=None, metavar="FILE",
                   help="keep each game in FILE as it finishes; run the same command again to carry on where it "
                        "stopped (a crash or Ctrl-C loses no finished game)")
    p.add_argument("--vary", default=None, metavar="FILE",
                   help="also play each variant in this file (see docs/guides/designer.md): one table, most balanced first")
    p.add_argument("--variant", default=None, metavar="NAME",
                   help="play only the variant of that name in the --vary file, as a scenario of its own (with "
                        "--until-decided, --keep or --skills as for any scenario)")
    p.add_argument("--plot", default=None, help="also write the plot to this PNG")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_simulate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func: Callable[[argparse.Namespace], int] = args.func
    try:
        return func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (wgkit validate | head): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error as Python exits
        return 0
    except Exception as exc:  # the user sees one line; the bug is ours to fix
        print(f"wgkit: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
