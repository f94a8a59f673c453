"""The kernel manager of every page ``wgkit`` serves: at most :data:`CAP` kernels alive per server
(per seat, since each seat has its own server).

Each page load runs the notebook in a kernel of its own (about 130 MB). A seat holder needs one
page, two with a reload still closing; a tablet that keeps reconnecting, or a script that fetches
the page in a loop, must not fill the umpire's laptop. Starting one kernel more than the cap
first shuts down the one that matters least: a kernel no page is connected to before one in
use, the longest idle first. The newest page load therefore always works, and the idle culling
set in :data:`wgkit.cli.CULL` frees the rest within a minute.

What is capped is kernel **processes**, not Jupyter's list of kernels: a kernel leaves the list
before its process has exited (Jupyter stops waiting for a killed process after 5 s, and drops a
kernel whose start failed without killing it), so the manager keeps every kernel process it
started and counts those still running.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Integer

CAP = 3
GONE_WITHIN = 30.0  # seconds a process outliving its kernel is waited for before it is killed


class CappedKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager with a cap on live kernel processes (see the module docstring)."""

    cap = Integer(CAP, config=True, help="kernels alive at once; one more shuts down the least needed first")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._one_at_a_time = asyncio.Lock()  # so that simultaneous page loads cannot all pass the cap
        self._processes: dict[str, Any] = {}  # kernel id -> the Popen of its process, while it runs

    def least_needed(self) -> str:
        """The kernel to shut down first: unconnected before connected, then the longest idle."""
        return min(self.list_kernel_ids(), key=lambda k: (self._kernel_connections.get(k, 0) > 0,
                                                         self.get_kernel(k).last_activity))

    def alive(self) -> int:
        """Kernels that count against the cap: those listed and those whose process still runs."""
        self._processes = {k: p for k, p in self._processes.items() if p.poll() is None}
        return len(set(self.list_kernel_ids()) | set(self._processes))

    def outliving(self) -> dict[str, Any]:
        """The processes still running whose kernels Jupyter no longer lists."""
        listed = set(self.list_kernel_ids())
        return {k: p for k, p in self._processes.items() if k not in listed and p.poll() is None}

    async def start_kernel(self, **kwargs: Any) -> str:  # type: ignore[override]
        async with self._one_at_a_time:
            waiting_since = time.monotonic()
            while self.alive() >= max(1, self.cap):
                if self.outliving():  # a kernel is on its way out: wait for it rather than shut down another
                    if time.monotonic() - waiting_since > GONE_WITHIN:
                        await self._kill_outliving()
                    await asyncio.sleep(0.05)
                    continue
                victim = self.least_needed()
                self.log.info("Kernel cap %d reached: shutting down kernel %s", self.cap, victim)
                await self.shutdown_kernel(victim, now=True)
                waiting_since = time.monotonic()
            kernel_id = await super().start_kernel(**kwargs)
            process = getattr(getattr(self.get_kernel(kernel_id), "provisioner", None), "process", None)
            if process is not None:
                self._processes[kernel_id] = process
            return kernel_id

    async def _kill_outliving(self) -> None:
        """Kill the processes that outlived their kernels by :data:`GONE_WITHIN` s and reap them."""
        for kernel_id, process in self.outliving().items():
            self.log.warning("Kernel process %s still alive %.0f s after its kernel %s left: killing it",
                             process.pid, GONE_WITHIN, kernel_id)
            process.kill()
            for _ in range(100):
                if process.poll() is not None:
                    break
                await asyncio.sleep(0.01)
            self._processes.pop(kernel_id, None)
