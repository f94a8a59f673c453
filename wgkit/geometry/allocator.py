"""Freed memory kept for reuse.

The sight-line code allocates and frees numpy temporaries of a few megabytes at every batch of
lines. glibc hands such blocks back to the kernel when they are freed, so each batch faults its
working memory in again page by page; on a virtual machine that was about a quarter of a sight
matrix's time (``benchmarks/bench_geometry.py``). On glibc, wgkit asks malloc to serve blocks
under 64 MB from its heap, to grow the heap 64 MB at a time and to keep up to 256 MB free at its
top. Elsewhere, or with ``WGKIT_KEEP_MEMORY=0`` in the environment, nothing changes.
"""

from __future__ import annotations

import ctypes
import os
import sys

MMAP_THRESHOLD = 64 << 20  # blocks below this come from the heap, not from fresh mappings
TOP_PAD = 64 << 20  # the heap grows by this much at a time
TRIM_THRESHOLD = 256 << 20  # free memory kept at the top of the heap
_M_TRIM_THRESHOLD, _M_TOP_PAD, _M_MMAP_THRESHOLD = -1, -2, -3  # glibc's mallopt parameters


def keep_freed_memory() -> bool:
    """Tune glibc's malloc as the module docstring says; whether it was done."""
    if os.environ.get("WGKIT_KEEP_MEMORY") == "0" or not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None)
        libc.gnu_get_libc_version  # glibc only: other C libraries ignore or lack mallopt
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    return all(mallopt(param, value) == 1 for param, value in
               ((_M_MMAP_THRESHOLD, MMAP_THRESHOLD), (_M_TOP_PAD, TOP_PAD), (_M_TRIM_THRESHOLD, TRIM_THRESHOLD)))
