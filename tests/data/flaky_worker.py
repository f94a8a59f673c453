"""Preloaded into each Dask worker by tests/test_simulate.py: seed 3 raises, seed 5 kills the worker."""

import os

import wgkit.simulate as sim

_real = getattr(sim.play_one, "real", sim.play_one)  # the preload may run twice in a process


def _flaky(scenario, seed, turns, players=None):
    if seed == 3:
        raise KeyError("boom")
    if seed == 5:
        os._exit(1)  # the worker process dies outright
    return _real(scenario, seed, turns, players)


_flaky.real = _real
sim.play_one = _flaky
