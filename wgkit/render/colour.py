"""Side colours that can be told apart: by anyone, and by people with red-green colour blindness.

A scenario names each side's colour. Two sides whose colours look alike (olive and field grey on
a grassy table, or red and green to a deuteranope) are a misread waiting to happen, so the board
keeps a scenario's colour only while it stays distinct from the table and from the sides before
it, for normal vision and as simulated for protanopia and deuteranopia; otherwise it takes the
first colour of a palette chosen for colour-blind readers (Okabe and Ito, 2008) that is.

Simulation: Viénot, Brettel and Mollon (1999), "Digital video colourmaps for checking the
legibility of displays by dichromats", applied in linear RGB; difference: CIE76 ΔE in CIELAB.
"""

from __future__ import annotations

import numpy as np

from wgkit.render.style import hex_rgb

# Okabe-Ito, without black and yellow (black is taken by labels, yellow by the selection ring)
SAFE_PALETTE = ("#0072b2", "#d55e00", "#cc79a7", "#56b4e9", "#009e73", "#e69f00", "#f0e442")
MIN_BETWEEN_SIDES = 25.0  # ΔE between two sides' colours, under every simulated vision
MIN_FROM_TABLE = 15.0  # ΔE between a side's colour and the table or terrain it stands on

_SIMULATE = {  # linear-RGB matrices, Viénot et al. 1999
    "normal": np.eye(3),
    "protanopia": np.array([[0.11238, 0.88762, 0.0], [0.11238, 0.88762, 0.0], [0.00401, -0.00401, 1.0]]),
    "deuteranopia": np.array([[0.29275, 0.70725, 0.0], [0.29275, 0.70725, 0.0], [-0.02234, 0.02234, 1.0]]),
}
_RGB_TO_XYZ = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
_WHITE = _RGB_TO_XYZ.sum(axis=1)


def _linear(colour: str) -> np.ndarray:
    c = np.array(hex_rgb(colour), dtype=float) / 255
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _lab(linear_rgb: np.ndarray) -> np.ndarray:
    t = (_RGB_TO_XYZ @ np.clip(linear_rgb, 0, 1)) / _WHITE
    f = np.where(t > (6 / 29) ** 3, np.cbrt(t), t / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def difference(a: str, b: str) -> float:
    """The smallest ΔE between two colours over normal vision, protanopia and deuteranopia."""
    la, lb = _linear(a), _linear(b)
    return min(float(np.linalg.norm(_lab(m @ la) - _lab(m @ lb))) for m in _SIMULATE.values())


def legible(colours: list[str], grounds: list[str]) -> list[str]:
    """``colours`` in order, each kept if distinct enough from every ground a piece may stand on
    (the table, its terrain) and from the colours already chosen, else replaced by the first
    palette colour that is."""
    chosen: list[str] = []
    for colour in colours:
        for candidate in (colour, *SAFE_PALETTE):
            if all(difference(candidate, g) >= MIN_FROM_TABLE for g in grounds) and all(
                    difference(candidate, c) >= MIN_BETWEEN_SIDES for c in chosen):
                chosen.append(candidate)
                break
        else:
            chosen.append(colour)  # more sides than the palette can separate: keep the designer's
    return chosen
