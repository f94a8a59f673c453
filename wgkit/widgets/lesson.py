"""Small helpers for lessons: an answer hidden until the class asks for it."""

from __future__ import annotations

import html
import io
from typing import Any

import ipywidgets as W


def _item(item: Any) -> W.Widget:
    """A widget as itself; a matplotlib figure or anything with a PNG picture (a board, a game)
    as an image."""
    if isinstance(item, W.Widget):
        return item
    if hasattr(item, "savefig"):
        buffer = io.BytesIO()
        item.savefig(buffer, format="png", bbox_inches="tight")
        return W.Image(value=buffer.getvalue(), format="png", layout=W.Layout(max_width="640px"))
    if hasattr(item, "_repr_png_"):
        return W.Image(value=item._repr_png_(), format="png", layout=W.Layout(max_width="640px"))
    raise TypeError(f"a reveal holds text, widgets, figures or pictures, not {type(item).__name__}")


def reveal(title: str, *items: Any) -> W.Accordion:
    """A closed accordion titled ``title`` holding ``items``: lines of plain text (one paragraph
    each), widgets, matplotlib figures or boards. Questions stay questions until someone opens it,
    in Voila and in JupyterLab alike."""
    texts = [i for i in items if isinstance(i, str)]
    body: list[W.Widget] = []
    if texts:  # consecutive lines in one HTML block, so the answer reads as one text
        body.append(W.HTML("".join(f"<p style='margin:2px 0'>{html.escape(line)}</p>" for line in texts)))
    body += [_item(i) for i in items if not isinstance(i, str)]  # after the words
    content = body[0] if len(body) == 1 else W.VBox(body)
    return W.Accordion(children=[content], titles=(title,), selected_index=None)
