"""The kernel manager of every page ``wgkit`` serves: at most :data:`CAP` kernels alive per server
(per seat, since each seat has its own server).

Each page load runs the notebook in a kernel of its own (about 130 MB). A seat holder needs one
page, two with a reload still closing; a tablet that keeps reconnecting, or a script that fetches
the page in a loop, must not fill the umpire's laptop. Starting one kernel more than the cap
first shuts down the one that matters least: a kernel no page is connected to before one in
use, the longest idle first. The newest page load therefore always works, and the idle culling
set in :data:`wgkit.cli.CULL` frees the rest within a minute.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Integer

CAP = 3
GONE_WITHIN = 30.0  # seconds a killed kernel's process is waited for before it stops counting


class CappedKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager with a cap on live kernels (see the module docstring)."""

    cap = Integer(CAP, config=True, help="kernels alive at once; one more shuts down the least needed first")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._one_at_a_time = asyncio.Lock()  # so that simultaneous page loads cannot all pass the cap
        self._dying = 0  # kernels shutting down: out of the list already, their processes not yet gone

    def least_needed(self) -> str:
        """The kernel to shut down first: unconnected before connected, then the longest idle."""
        return min(self.list_kernel_ids(), key=lambda k: (self._kernel_connections.get(k, 0) > 0,
                                                         self.get_kernel(k).last_activity))

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """Shut the kernel down and count it against the cap until its process has exited (the
        culler's shutdowns too): Jupyter stops waiting for a killed process after 5 s, and a
        process the machine is too busy to reap would otherwise be one kernel over the cap."""
        self._dying += 1
        try:
            kernel = self.get_kernel(kernel_id) if kernel_id in self else None
            process = getattr(getattr(kernel, "provisioner", None), "process", None)
            await super().shutdown_kernel(kernel_id, *args, **kwargs)
            await self._gone(process)
        finally:
            self._dying -= 1

    async def _gone(self, process: Any) -> None:
        """Wait until ``process`` (a ``Popen`` or None) has exited, at most :data:`GONE_WITHIN` s."""
        deadline = time.monotonic() + GONE_WITHIN
        while process is not None and process.poll() is None:
            if time.monotonic() > deadline:
                self.log.warning("Kernel process %s still alive %.0f s after its shutdown", process.pid, GONE_WITHIN)
                return
            await asyncio.sleep(0.05)

    async def start_kernel(self, **kwargs: Any) -> str:  # type: ignore[override]
        async with self._one_at_a_time:
            while len(self.list_kernel_ids()) + self._dying >= max(1, self.cap):
                if self._dying:  # a kernel is on its way out: wait for it rather than shut down another
                    await asyncio.sleep(0.05)
                    continue
                victim = self.least_needed()
                self.log.info("Kernel cap %d reached: shutting down kernel %s", self.cap, victim)
                await self.shutdown_kernel(victim, now=True)
            return await super().start_kernel(**kwargs)
