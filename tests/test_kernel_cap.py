"""The kernel cap counts kernel processes: a kernel out of Jupyter's list counts until its process
has exited, and is killed if it outlives the bound (wgkit.kernel_cap)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from wgkit import kernel_cap
from wgkit.kernel_cap import CappedKernelManager

# A kernel's process that outlives its shutdown: Jupyter's kill gave up waiting (5 s) and returned.
SLOW_TO_DIE = [sys.executable, "-c", "import os, signal, time; "
               "signal.signal(signal.SIGTERM, lambda *a: (time.sleep(1), os._exit(0))); "
               "print('ready', flush=True); time.sleep(60)"]


@pytest.fixture
def fake(monkeypatch):
    """A capped manager whose kernels are plain processes; its shutdown returns at once, leaving
    the process running. Gives the manager, every process started, the most alive at a start and
    Jupyter's list of kernels."""
    kernels: dict[str, SimpleNamespace] = {}
    started: list[subprocess.Popen] = []
    alive_at_start: list[int] = []

    async def start_kernel(self, **kwargs):
        alive_at_start.append(sum(p.poll() is None for p in started) + 1)
        process = subprocess.Popen(SLOW_TO_DIE, stdout=subprocess.PIPE, text=True)
        started.append(process)
        assert process.stdout.readline() == "ready\n"  # from now on SIGTERM takes 1 s to end it
        kid = f"k{len(started)}"
        kernels[kid] = SimpleNamespace(provisioner=SimpleNamespace(process=process), last_activity=len(started))
        return kid

    async def shutdown_kernel(self, kernel_id, now=False, restart=False):
        kernels.pop(kernel_id).provisioner.process.terminate()  # the process exits 1 s later

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", start_kernel)
    monkeypatch.setattr(AsyncMappingKernelManager, "shutdown_kernel", shutdown_kernel)
    monkeypatch.setattr(AsyncMappingKernelManager, "list_kernel_ids", lambda self: list(kernels))
    monkeypatch.setattr(AsyncMappingKernelManager, "get_kernel", lambda self, kid: kernels[kid])
    monkeypatch.setattr(AsyncMappingKernelManager, "__contains__", lambda self, kid: kid in kernels)
    yield CappedKernelManager(), started, alive_at_start, kernels
    for process in started:
        process.kill()
        process.wait()
        process.stdout.close()


def start(manager: CappedKernelManager, n: int) -> None:
    """``n`` page loads, one after the other, each starting a kernel."""
    async def loads():
        for _ in range(n):
            await manager.start_kernel()
    with ThreadPoolExecutor(1) as thread:  # a loop of its own: the suite's browser tests leave one running here
        thread.submit(asyncio.run, loads()).result()


def test_a_start_over_the_cap_waits_until_the_shut_down_kernels_process_has_exited(fake):
    manager, started, alive_at_start, _ = fake
    start(manager, kernel_cap.CAP + 2)
    assert len(started) == kernel_cap.CAP + 2
    assert alive_at_start == [1, 2, 3, 3, 3]  # never one over: each start waited for a process to exit
    assert manager.alive() == kernel_cap.CAP


def test_a_process_outliving_its_kernel_by_the_bound_is_killed_with_a_warning(fake, monkeypatch, caplog):
    manager, started, alive_at_start, _ = fake
    monkeypatch.setattr(kernel_cap, "GONE_WITHIN", 0.2)  # shorter than the 1 s the process takes
    manager.log.propagate = True
    with caplog.at_level("WARNING"):
        start(manager, kernel_cap.CAP + 1)
    assert alive_at_start == [1, 2, 3, 3]  # killed after 0.2 s rather than let through
    assert started[0].returncode == -9
    assert f"still alive {0.2:.0f} s after its kernel k1 left: killing it" in caplog.text


def test_a_kernel_jupyter_dropped_without_killing_it_counts_until_its_process_is_killed(fake, monkeypatch):
    """Jupyter drops a kernel whose start went wrong from its list without killing its process."""
    manager, started, alive_at_start, kernels = fake
    monkeypatch.setattr(kernel_cap, "GONE_WITHIN", 0.3)
    start(manager, kernel_cap.CAP)
    del kernels["k2"]  # out of the list, its process untouched
    start(manager, 1)
    assert alive_at_start == [1, 2, 3, 3]  # k2's process counted until killed; nobody else shut down
    assert started[1].returncode == -9 and sorted(kernels) == ["k1", "k3", "k4"]
