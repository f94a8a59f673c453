"""Packages and their data (everything else is in pyproject.toml).

Every folder under ``wgkit/`` is a package of the wheel, found as a namespace so that one without
an ``__init__.py`` cannot be dropped silently. The top-level ``scenarios/`` and ``notebooks/``
folders are the source of the bundled scenarios and lessons; a wheel carries them inside the
package as ``wgkit/_scenarios`` and ``wgkit/_notebooks`` (see :mod:`wgkit.bundled`), so that an
installed kit has them too."""

from setuptools import find_namespace_packages, setup

SKIP = ["*__pycache__*", "*.egg-info*"]
DATA = {"wgkit._scenarios": ("scenarios", ["*.yaml", "*.png", "*.jpg", "*.jpeg", "*.geojson"]),
        "wgkit._notebooks": ("notebooks", ["*.ipynb"])}


def tree(package: str, folder: str) -> list[str]:
    """``package`` and every folder below ``folder``, named as its subpackages."""
    return [package] + [f"{package}.{p}" for p in find_namespace_packages(folder, exclude=SKIP)]


packages = tree("wgkit", "wgkit")
package_data = {"wgkit": ["py.typed"], "wgkit.app": ["*.ipynb"]}
for name, (folder, patterns) in DATA.items():
    for package in tree(name, folder):
        packages.append(package)
        package_data[package] = patterns

setup(packages=packages, package_dir={name: folder for name, (folder, _) in DATA.items()},
      package_data=package_data)
