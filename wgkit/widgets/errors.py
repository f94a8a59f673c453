"""An error area: any exception inside a widget callback is shown, never swallowed."""

from __future__ import annotations

import functools
import html
import traceback
from typing import Any, Callable

import ipywidgets as W

from wgkit.engine.game import IllegalActionError


class ErrorArea:
    """Where callbacks' errors show. ``before`` runs ahead of every guarded callback (the app
    syncs with the shared journal there) and may raise to stop it; ``after_error`` hooks see
    every exception (the app re-reads the journal after a refused append)."""

    def __init__(self) -> None:
        self.widget = W.HTML(layout=W.Layout(min_height="0px"))
        self.messages: list[str] = []
        self.before: list[Callable[[], None]] = []
        self.after_error: list[Callable[[BaseException], None]] = []

    def beside(self) -> "ErrorArea":
        """Another area, for a control of its own (the save field, the table-dice input), with this
        one's hooks and record of messages: a message shows beside the control just used."""
        other = ErrorArea()
        other.before, other.after_error, other.messages = self.before, self.after_error, self.messages
        return other

    def show(self, exc: BaseException) -> None:
        if isinstance(exc, (IllegalActionError, ValueError, OSError)):
            text = str(exc)
        else:
            text = f"{type(exc).__name__}: {exc}\n" + "".join(traceback.format_exception(exc)[-3:])
        self.messages.append(text)
        self.widget.value = (f"<pre style='color:#9b1c1c;background:#fdecea;padding:4px;white-space:pre-wrap;word-break:normal;"
                             f"overflow-wrap:break-word'>"
                             f"{html.escape(text)}</pre>")

    def clear(self) -> None:
        self.widget.value = ""

    def guard(self, fn: Callable[..., Any], looking: bool = False) -> Callable[..., Any]:
        """Wrap a callback so an exception lands in this area (and in ``messages``). A ``looking``
        callback (hover, zoom, pan) changes nothing: it skips the ``before`` hooks and leaves the
        last message on screen; any other clears it when it succeeds, unless a guarded callback
        it called (a board event's listener) showed an error meanwhile."""
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            shown = len(self.messages)
            try:
                for hook in () if looking else self.before:
                    hook()
                result = fn(*args, **kwargs)
            except Exception as exc:  # shown to the user, kept in messages
                for hook in self.after_error:
                    hook(exc)
                self.show(exc)
                return None
            if not looking and len(self.messages) == shown:  # a guarded callback inside may have said why it failed
                self.clear()
            return result
        return wrapper
