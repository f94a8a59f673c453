"""wgkit: play, design and teach WWII tabletop miniature wargames in Jupyter.

The pure core (``scenario``, ``geometry``, ``rules``, ``engine``, ``dice``, ``odds``) never
imports a UI library; ``render`` and ``widgets`` sit above it.
"""

__version__ = "0.1.0"
