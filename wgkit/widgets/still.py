"""Widgets that carry a still picture of themselves, for places where widgets cannot run.

JupyterLab and Voila show the live widget; a notebook rendered to HTML (the documentation site,
nbconvert, GitHub) has no kernel and shows the still instead: a board as a PNG, a reveal as an
HTML ``<details>`` element that opens on a click.
"""

from __future__ import annotations

import base64
from typing import Any, Callable

import ipywidgets as W


class StillBox(W.VBox):
    """A VBox shown live where widgets run and as the PNG ``picture()`` returns elsewhere (none
    when it returns None: nothing could be drawn)."""

    def __init__(self, children: list[W.Widget], picture: Callable[[], bytes | None], **kwargs: Any):
        super().__init__(children, **kwargs)
        self._picture = picture

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        bundle = super()._repr_mimebundle_(**kwargs)
        png = self._picture()
        if png is not None:
            bundle["image/png"] = base64.b64encode(png).decode()
        return bundle


class StillAccordion(W.Accordion):
    """An Accordion shown live where widgets run and as the HTML ``still`` elsewhere."""

    def __init__(self, children: list[W.Widget], still: str, **kwargs: Any):
        super().__init__(children, **kwargs)
        self._still = still

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/html"] = self._still
        return bundle
