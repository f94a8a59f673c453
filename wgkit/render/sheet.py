"""The markers of a scenario on A4 pages, at true size, for ``wgkit markers`` (issue 50)."""

from __future__ import annotations

import math
import os
import tempfile
from pathlib import Path

from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure
from matplotlib.patches import Polygon, Rectangle

from wgkit.camera import MIN_MM, MM, Marker, marker_image, piece_markers, table_markers
from wgkit.scenario.model import Scenario

PAGE = (8.27, 11.69)  # A4, inches
MARGIN = 0.5
CAPTION = 0.32  # inches of text under each marker


def _draw(fig: Figure, marker: Marker, left: float, top: float) -> float:
    """One marker with its white border, a cut line, an arrow to its top and its caption; the
    black square is ``marker.size_mm`` wide. Returns the width used."""
    side = marker.size_mm * MM * 8 / 6  # the white border is a cell of the code all round
    w, h = PAGE
    ax = fig.add_axes((left / w, (h - top - side) / h, side / w, side / h))
    ax.imshow(marker_image(marker.id), cmap="gray", vmin=0, vmax=255, interpolation="nearest")
    ax.set_axis_off()
    fig.add_artist(Rectangle((left / w, (h - top - side) / h), side / w, side / h, fill=False, edgecolor="#bbbbbb",
                             linewidth=0.3, transform=fig.transFigure))
    tip = (left + side / 2, top - 0.12)
    fig.add_artist(Polygon([((tip[0] - 0.06) / w, (h - tip[1] - 0.08) / h), ((tip[0] + 0.06) / w, (h - tip[1] - 0.08) / h),
                            (tip[0] / w, (h - tip[1]) / h)], closed=True, color="#555555", transform=fig.transFigure))
    words = marker.label if marker.piece is None else f"{marker.label} ({marker.piece})"
    fig.text(left / w, (h - top - side - 0.12) / h, words[:40], fontsize=6 if marker.piece else 8, va="top")
    fig.text(left / w, (h - top - side - 0.24) / h, f"marker {marker.id}, {marker.size_mm:g} mm", fontsize=5,
             color="#666666", va="top")
    return side


def largest_mm() -> float:
    """The widest marker (its black square, in mm) whose white border fits across the page
    between the margins, and down it under the heading with its caption, rounded down to 0.1 mm."""
    across = PAGE[0] - 2 * MARGIN
    down = PAGE[1] - 2 * MARGIN - 0.7 - CAPTION
    return math.floor(min(across, down) / MM * 6 / 8 * 10) / 10


def write_sheet(scenario: Scenario, path: str | Path, piece_mm: float) -> int:
    """Write the table markers and one marker per piece to a PDF at ``path``; the pages written.
    The PDF is written beside ``path`` and renamed onto it only when whole: a failure leaves
    any earlier sheet there as it was. ValueError for a size that does not fit a page."""
    if not (math.isfinite(piece_mm) and MIN_MM <= piece_mm <= largest_mm()):
        raise ValueError(f"a piece marker is {MIN_MM:g} to {largest_mm():g} mm wide (the largest that fits an A4 "
                         f"page), not {piece_mm:g}")
    path = Path(path)
    fd, part = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    os.close(fd)
    try:
        pages = _write(scenario, part, piece_mm)
        os.replace(part, path)
    finally:
        if os.path.exists(part):
            os.unlink(part)
    return pages


def _write(scenario: Scenario, path: str, piece_mm: float) -> int:
    pages = 0
    with PdfPages(path, metadata={"Title": f"wgkit markers: {scenario.title}", "CreationDate": None}) as pdf:
        groups = [("Table markers", table_markers(scenario)), ("Piece markers", piece_markers(scenario, piece_mm))]
        for title, markers in groups:
            queue = list(markers)
            while queue:
                fig = Figure(figsize=PAGE)
                fig.text(MARGIN / PAGE[0], 1 - MARGIN / PAGE[1], f"{scenario.title}: {title.lower()}", fontsize=11,
                         va="top")
                fig.text(MARGIN / PAGE[0], 1 - (MARGIN + 0.25) / PAGE[1],
                         (f"Table {scenario.table.width:g} x {scenario.table.depth:g} inches. Print at 100% (no fit to "
                          "page); the black squares must measure as marked.") if title.startswith("Table") else
                         "Cut on the grey line. Fix each beside its figure on the base (or on a counter that moves "
                         "with the unit), the arrow the way the piece faces.", fontsize=7, va="top")
                left, top, row = MARGIN, MARGIN + 0.7, 0.0
                while queue:
                    side = queue[0].size_mm * MM * 8 / 6
                    if left + side > PAGE[0] - MARGIN:
                        left, top, row = MARGIN, top + row + CAPTION + 0.3, 0.0
                    if top + side + CAPTION > PAGE[1] - MARGIN:
                        break
                    left += _draw(fig, queue.pop(0), left, top) + max(0.35, 1.45 - side)
                    row = max(row, side)
                pdf.savefig(fig)
                pages += 1
    return pages
