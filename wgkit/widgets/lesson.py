"""Small helpers for lessons: an answer hidden until the class asks for it."""

from __future__ import annotations

import html

import ipywidgets as W


def reveal(title: str, *lines: str) -> W.Accordion:
    """A closed accordion titled ``title`` holding ``lines`` (plain text, one paragraph each):
    questions stay questions until someone opens it, in Voila and in JupyterLab alike."""
    body = W.HTML("".join(f"<p style='margin:2px 0'>{html.escape(line)}</p>" for line in lines))
    return W.Accordion(children=[body], titles=(title,), selected_index=None)
