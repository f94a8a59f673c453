"""Menu: a list to choose from whose choice is always the item the person saw.

ipywidgets' selection widgets send the chosen *position*, not the item. When the kernel replaces
a list while the page still shows the old one (an event from another page, an opponent's move,
a slow connection), a position picked on the old list names another item of the new one: the
umpire picks "Gruppe Vogel" and the form fills in "1st Squad". A :class:`Menu` never changes the
options of a widget the page may show: a changed list is a new widget, and a pick that arrives
on a replaced one is read against the list that widget showed. The item is taken if the current
list still holds it, and dropped otherwise (the page shows the new list to choose from again).
"""

from __future__ import annotations

from collections import deque
from typing import Any

import ipywidgets as W
import traitlets
from ipywidgets.widgets.widget_selection import _make_options

__all__ = ["Menu"]

KEPT = 8  # replaced lists still read for a late pick; older ones are closed


def _pairs(options: Any) -> tuple[tuple[str, Any], ...]:
    return tuple(_make_options(tuple(options)))


class _Nothing:
    """The value the shown list holds for an item that stands for no choice ("(none: the fields
    below)"): ipywidgets reads a value of None as no choice at all and shows a blank, even after
    a person picks that item, so the item's None never reaches the widget."""

    def __repr__(self) -> str:
        return "nothing"


NOTHING = _Nothing()


def _inward(value: Any) -> Any:
    """A menu's value as its shown list holds it."""
    if isinstance(value, tuple):
        return tuple(NOTHING if v is None else v for v in value)
    return NOTHING if value is None else value


def _outward(value: Any) -> Any:
    """A shown list's value as the menu gives it."""
    if isinstance(value, tuple):
        return tuple(None if v is NOTHING else v for v in value)
    return None if value is NOTHING else value


def _shown_pairs(options: Any) -> tuple[tuple[str, Any], ...]:
    return tuple((label, _inward(v)) for label, v in _pairs(options))


class Menu(W.Box):
    """A drop-down (or ``kind=W.Select``/``W.SelectMultiple``) list with ``options`` and ``value``
    as ipywidgets' own, observed the same way; the widget shown inside is replaced, never edited,
    when the options change. ``layout`` and ``look`` (description, tooltip, rows, style) are the
    shown widget's, kept by every replacement; the menu's own box takes no room in the page."""

    value = traitlets.Any(None, allow_none=True)

    def __init__(self, options: Any = (), value: Any = None, *, kind: type = W.Dropdown,
                 layout: W.Layout | None = None, **look: Any) -> None:
        super().__init__(layout=W.Layout(display="contents", overflow="visible"))  # no box: the list sits in the row
        self._kind = kind
        first = {"value": _inward(value)} if value is not None else {}
        self._options = tuple(options)
        self._shown = kind(options=_shown_pairs(options), layout=layout or W.Layout(), **look, **first)
        self._replaced: deque[W.Widget] = deque()
        self._quiet = False
        self._listen(self._shown)
        self.children = (self._shown,)
        self.set_trait("value", _outward(self._shown.value))

    # -- as ipywidgets' own ------------------------------------------------------------------------
    @property
    def options(self) -> Any:
        return self._options  # as given (labels alone, or pairs), as ipywidgets gives them back

    @options.setter
    def options(self, options: Any) -> None:
        if _shown_pairs(options) == _pairs(self._shown.options):
            return
        old, self._options = self._shown, tuple(options)
        look = {"rows": old.rows} if hasattr(old, "rows") else {}
        if self._kind is not W.SelectMultiple and old.index is None:
            look["index"] = None  # no choice before, none after (as ipywidgets does)
        self._shown = self._kind(options=_shown_pairs(options), layout=old.layout, style=old.style,
                                 description=old.description, disabled=old.disabled, tooltip=old.tooltip, **look)
        if self._shown.value is None and NOTHING in [v for _, v in self._shown.options]:
            self._shown.value = NOTHING  # no choice: the item that says so
        self._listen(self._shown)
        self._replaced.append(old)
        while len(self._replaced) > KEPT:
            self._replaced.popleft().close()
        self.children = (self._shown,)
        self.value = _outward(self._shown.value)

    @property
    def label(self) -> Any:
        return self._shown.label

    @property
    def index(self) -> Any:
        return self._shown.index

    @property
    def shown(self) -> W.Widget:
        """The widget the page shows now."""
        return self._shown

    @property
    def replaced(self) -> tuple[W.Widget, ...]:
        """Lists shown before, newest last, whose late picks are still read."""
        return tuple(self._replaced)

    @property
    def description(self) -> str:
        return self._shown.description

    @description.setter
    def description(self, text: str) -> None:
        self._shown.description = text

    @property
    def disabled(self) -> bool:
        return self._shown.disabled

    @disabled.setter
    def disabled(self, off: bool) -> None:
        self._shown.disabled = off

    @property
    def style(self) -> W.Widget:
        return self._shown.style

    def close(self) -> None:
        """Closed with every list it showed: a pick still on its way is dropped."""
        for shown in (*self._replaced, self._shown):
            shown.close()
        self._replaced.clear()
        super().close()

    # -- the choice --------------------------------------------------------------------------------
    @traitlets.validate("value")
    def _valid(self, proposal: Any) -> Any:
        self._show(proposal["value"])  # an item not in the list is refused as ipywidgets does
        return _outward(self._shown.value)

    @traitlets.observe("value")
    def _cleared(self, change: dict) -> None:
        """No choice (traitlets hands a value of None to no validator): the item standing for
        none if the list has one, else nothing chosen."""
        if change["new"] is None and self._shown.value is not None:
            self._show(NOTHING if NOTHING in [v for _, v in self._shown.options] else None)

    def _show(self, value: Any) -> None:
        self._quiet = True
        try:
            self._shown.value = _inward(value) if value is not None else value
        finally:
            self._quiet = False

    def _listen(self, shown: W.Widget) -> None:
        shown.observe(lambda change, shown=shown: self._picked(shown, change["new"]), "value")

    def _picked(self, where: W.Widget, value: Any) -> None:
        """A pick on ``where`` (read against that widget's own list): the item if the list shown
        now still holds it; a pick whose item is gone is dropped."""
        if self._quiet:
            return
        if where is self._shown:
            self.value = _outward(value)
            return
        held = [v for _, v in self._shown.options]
        picked = value if self._kind is W.SelectMultiple else (value,)
        if value is not None and all(v in held for v in picked):  # an item picked, not a list emptied
            self.value = _outward(value)
