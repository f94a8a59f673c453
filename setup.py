"""Packages and their data (everything else is in pyproject.toml).

The top-level ``scenarios/`` and ``notebooks/`` folders are the source of the bundled scenarios
and lessons; a wheel carries them inside the package as ``wgkit/_scenarios`` and
``wgkit/_notebooks`` (see :mod:`wgkit.bundled`), so that an installed kit has them too."""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["wgkit", "wgkit.*"]) + ["wgkit._scenarios", "wgkit._notebooks"],
    package_dir={"wgkit._scenarios": "scenarios", "wgkit._notebooks": "notebooks"},
    package_data={
        "wgkit": ["py.typed", "app/*.ipynb"],
        "wgkit._scenarios": ["*/*.yaml", "*/variants/*.yaml", "*/*.png", "*/*.jpg", "*/*.jpeg", "*/*.geojson"],
        "wgkit._notebooks": ["*.ipynb"],
    },
)
