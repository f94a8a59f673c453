"""A photo picker that weighs the file in the browser before sending it (issue 63).

ipywidgets' FileUpload sends whatever is chosen: a photo larger than the page connection's message
limit drops the connection without a word, and any size reaches the kernel. This picker (an
anywidget) refuses a file over the byte limit in the page, with words, sends one photo at a time as
a binary buffer, and stays disabled until the kernel has read it."""

from __future__ import annotations

from typing import Callable

import anywidget
import traitlets

from wgkit.camera import MAX_BYTES, SHRINK

_ESM = """
function render({ model, el }) {
  const pick = document.createElement("label");
  pick.className = "jupyter-button widget-button wgkit-photo-pick";
  pick.title = model.get("tooltip");
  const input = document.createElement("input");
  input.type = "file";
  input.accept = "image/*";
  input.style.display = "none";
  const words = document.createElement("div");
  words.className = "wgkit-photo-words";
  pick.append(model.get("description"), input);
  el.append(pick, words);
  const busy = () => {
    input.disabled = model.get("busy");
    pick.classList.toggle("mod-disabled", model.get("busy"));
    pick.firstChild.textContent = model.get("busy") ? "Reading the photo…" : model.get("description");
  };
  model.on("change:busy", busy);
  busy();
  input.addEventListener("change", async () => {
    const file = input.files[0];
    input.value = "";
    if (!file || model.get("busy")) return;
    const limit = model.get("max_bytes");
    if (file.size > limit) {
      words.textContent = `${file.name} is ${(file.size / 1e6).toFixed(1)} MB: at most ${limit / 1e6} MB is read; `
        + `${model.get("shrink")}. Nothing was sent.`;
      model.set("refused", model.get("refused") + 1);
      model.save_changes();
      return;
    }
    words.textContent = "";
    model.set("busy", true);
    model.save_changes();
    const data = await file.arrayBuffer();
    model.send({ name: file.name, size: file.size }, undefined, [data]);
  });
}
export default { render };
"""

_CSS = """
.wgkit-photo-pick { cursor: pointer; width: auto; padding: 0 12px; }
.wgkit-photo-pick.mod-disabled { cursor: progress; opacity: 0.6; }
.wgkit-photo-words { color: #9b1c1c; font-size: 12px; line-height: 1.3; white-space: normal; }
"""


class PhotoPicker(anywidget.AnyWidget):
    """A button that picks a photo (on a tablet, the camera), refused in the page over
    ``max_bytes``; ``on_photo(bytes)`` reads it, and the button is disabled meanwhile."""

    _esm = _ESM
    _css = _CSS
    description = traitlets.Unicode("Read the table").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)
    max_bytes = traitlets.Int(MAX_BYTES).tag(sync=True)
    shrink = traitlets.Unicode(SHRINK).tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)
    refused = traitlets.Int(0).tag(sync=True)  # counts the files the page refused unsent

    def __init__(self, on_photo: Callable[[bytes], object], on_refused: Callable[[], object], **kwargs: object):
        super().__init__(**kwargs)
        self._on_photo = on_photo
        self.observe(lambda _: on_refused(), names="refused")
        self.on_msg(self._received)

    def _received(self, _widget: object, content: dict, buffers: list) -> None:
        try:
            if buffers:
                self._on_photo(bytes(buffers[0]))
        finally:
            self.busy = False
