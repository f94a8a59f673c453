"""How wide the page shows the board, told to the kernel (issue 68: readable on a projector).

The board's canvas is drawn at a fixed size in pixels and the page shrinks it to the window, so
the kernel cannot know how large a label will look. This anywidget watches the shown board (a
ResizeObserver on the canvas beside it) and reports its width in CSS pixels whenever it changes;
the board then sizes its labels to stay readable there, and says back how high it drew them (a
``data-label-px`` attribute on the widget's element)."""

from __future__ import annotations

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  el.style.display = "none";
  let seen = null;
  const report = (width) => {
    width = Math.round(width);
    if (width > 0 && width !== model.get("width")) {
      model.set("width", width);
      model.save_changes();
    }
  };
  const drawn = () => { el.dataset.labelPx = model.get("label_px").toFixed(1); };  // what the board drew, for a look
  model.on("change:label_px", drawn);
  drawn();
  const find = () => {  // the board drawn beside this widget, in the same box
    for (let box = el.parentElement; box; box = box.parentElement) {
      const board = box.querySelector(".wgkit-board");
      if (board) return board;
    }
    return null;
  };
  let board = null;
  const watch = () => {  // the board found, or found again once replaced (a new table size in the editor)
    if (board && board.isConnected) return;
    board = find();
    if (!board) return;
    if (seen) seen.disconnect();
    seen = new ResizeObserver((entries) => report(entries[entries.length - 1].contentRect.width));
    seen.observe(board);
    report(board.getBoundingClientRect().width);
  };
  watch();
  const again = setInterval(watch, 1000);
  return () => { clearInterval(again); if (seen) seen.disconnect(); };
}
export default { render };
"""


class ShownWidth(anywidget.AnyWidget):
    """The width, in CSS pixels, at which the page shows the board beside it (0: not yet known),
    and the height of the labels the board drew for it."""

    _esm = _ESM
    width = traitlets.Float(0.0).tag(sync=True)
    label_px = traitlets.Float(0.0).tag(sync=True)
