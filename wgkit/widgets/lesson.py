"""Small helpers for lessons: an answer hidden until the class asks for it."""

from __future__ import annotations

import base64
import html
import io
from typing import Any

import ipywidgets as W

from wgkit.widgets.still import StillAccordion


BOARD_PX = 960  # a board in an answer: wide enough to read from the back of a class
TEXT_PX = 16  # an answer's words, live


def _png(item: Any) -> bytes | None:
    """A matplotlib figure's or a board's (anything with ``_repr_png_``) picture."""
    if hasattr(item, "savefig"):
        buffer = io.BytesIO()
        item.savefig(buffer, format="png", bbox_inches="tight")
        return buffer.getvalue()
    if hasattr(item, "_repr_png_"):
        return item._repr_png_()
    return None


def _item(item: Any) -> tuple[W.Widget, str]:
    """A widget as itself, a figure or a board as an image; with its still HTML."""
    if isinstance(item, W.Widget):
        return item, ""
    png = _png(item)
    if png is None:
        raise TypeError(f"a reveal holds text, widgets, figures or pictures, not {type(item).__name__}")
    width = "auto" if hasattr(item, "savefig") else f"{BOARD_PX}px"  # a chart at its own size, a board wide
    still = (f"<img style='max-width:100%;width:{width}' "
             f"src='data:image/png;base64,{base64.b64encode(png).decode()}'>")
    return W.Image(value=png, format="png", layout=W.Layout(max_width="100%", width=width)), still


def reveal(title: str, *items: Any) -> W.Accordion:
    """A closed accordion titled ``title`` holding ``items``: lines of plain text (one paragraph
    each), widgets, matplotlib figures or boards. Questions stay questions until someone opens it,
    in Voila and in JupyterLab alike; a rendered notebook shows it as a closed ``<details>``."""
    words = "".join(f"<p style='margin:2px 0'>{html.escape(i)}</p>" for i in items if isinstance(i, str))
    # the lines in one block, so they read as one text, at a size the back of a class reads on a projector
    body: list[W.Widget] = [W.HTML(f"<div style='font-size:{TEXT_PX}px;line-height:1.4'>{words}</div>")] if words else []
    stills = [words]
    for item in items:  # then the pictures and widgets
        if not isinstance(item, str):
            widget, still = _item(item)
            body.append(widget)
            stills.append(still)
    content = body[0] if len(body) == 1 else W.VBox(body)
    still = f"<details><summary><b>{html.escape(title)}</b></summary>{''.join(stills)}</details>"
    return StillAccordion(children=[content], still=still, titles=(title,), selected_index=None)
