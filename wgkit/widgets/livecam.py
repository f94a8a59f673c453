"""*Watch the table*: a camera the browser offers (a webcam, or a phone's or tablet's camera through
the page) watching the real table (issue 69).

An anywidget: the page asks the browser for the camera (``getUserMedia``), shows a small preview,
and every ``interval_ms`` scales a frame to ``width`` pixels, encodes it as a JPEG and sends it to
the kernel as a binary buffer; the next frame goes only once the kernel has taken the last one, so a
slow read never piles frames up. The kernel keeps the frames of a settled view
(:class:`wgkit.watching.Settle`) and hands each such frame to ``on_view``, which proposes the moves
it shows exactly as a photo does: nothing is made until the umpire resolves them."""

from __future__ import annotations

from typing import Callable

import anywidget
import traitlets

from wgkit.watching import Settle

_ESM = """
function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "jupyter-button widget-button wgkit-watch";
  const words = document.createElement("span");
  words.className = "wgkit-watch-words";
  const video = document.createElement("video");
  video.className = "wgkit-watch-preview";
  video.muted = true;
  video.playsInline = true;
  const canvas = document.createElement("canvas");
  el.append(button, words, video);
  let stream = null, timer = null, waiting = false;
  const said = () => {
    button.textContent = stream ? "Stop watching" : "Watch the table";
    button.title = stream ? "the camera stops; nothing it proposed is made unless you resolve it"
                          : "a camera over the table: once hands are off it, the moves made are proposed";
    words.textContent = model.get("status");
    video.style.display = stream ? "" : "none";
  };
  model.on("change:status", said);
  model.on("msg:custom", (msg) => { if (msg.kind === "taken") waiting = false; });
  const send = () => {
    if (!stream || waiting || video.readyState < 2) return;
    const w = model.get("width"), h = Math.round(w * video.videoHeight / video.videoWidth);
    canvas.width = w;
    canvas.height = h;
    canvas.getContext("2d").drawImage(video, 0, 0, w, h);
    waiting = true;
    canvas.toBlob(async (blob) => {
      if (!blob) { waiting = false; return; }
      model.send({ kind: "frame", width: w, height: h }, undefined, [await blob.arrayBuffer()]);
    }, "image/jpeg", 0.85);
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    if (stream) stream.getTracks().forEach((t) => t.stop());
    stream = timer = null;
    waiting = false;
    model.set("watching", false);
    model.save_changes();
    said();
  };
  button.addEventListener("click", async () => {
    if (stream) { stop(); return; }
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: model.get("width") } }, audio: false });
    } catch (err) {
      model.set("status", `no camera: ${err.name === "NotAllowedError" ? "the browser was not allowed to use one" : err.message || err.name}`);
      model.save_changes();
      stream = null;
      said();
      return;
    }
    video.srcObject = stream;
    await video.play().catch(() => {});
    timer = setInterval(send, model.get("interval_ms"));
    model.set("watching", true);
    model.save_changes();
    said();
  });
  said();
  return stop;
}
export default { render };
"""

_CSS = """
.wgkit-watch { width: auto; padding: 0 12px; }
.wgkit-watch-words { margin-left: 8px; color: #555; font-size: 12px; }
.wgkit-watch-preview { display: block; width: 160px; margin: 4px 0; border: 1px solid #ccc; }
"""


class LiveCamera(anywidget.AnyWidget):
    """A button that starts and stops watching the table through a camera the browser offers; each
    settled view's frame (JPEG bytes) goes to ``on_view``, whose words (what the view showed) the
    page says under the button."""

    _esm = _ESM
    _css = _CSS
    width = traitlets.Int(1920).tag(sync=True)  # frames are scaled to this width in the page (1080p)
    interval_ms = traitlets.Int(500).tag(sync=True)
    watching = traitlets.Bool(False).tag(sync=True)  # set by the page
    status = traitlets.Unicode("").tag(sync=True)  # what the kernel says under the button

    def __init__(self, on_view: Callable[[bytes], str | None], **kwargs: object):
        super().__init__(**kwargs)
        self._on_view = on_view
        self.settle = Settle()
        self.frames = 0
        self.observe(self._started, names="watching")
        self.on_msg(self._received)

    def _started(self, change: dict) -> None:
        if change["new"]:  # a fresh watch: its first settled view is read
            self.settle, self.frames = Settle(), 0
            self.status = "watching: waiting for the view to settle"

    def _received(self, _widget: object, content: dict, buffers: list) -> None:
        try:
            if content.get("kind") == "frame" and buffers:
                self.take(bytes(buffers[0]))
        finally:
            self.send({"kind": "taken"})

    def take(self, frame: bytes) -> bool:
        """One frame from the camera; whether it was a settled view, handed to ``on_view``."""
        self.frames += 1
        try:
            settled = self.settle.feed(frame)
        except ValueError as exc:
            self.status = f"frame {self.frames}: {exc}"
            return False
        if not settled:
            if self.settle.moving:
                self.status = "watching: something is moving over the table"
            return False
        said = self._on_view(frame)
        self.status = f"watching: view {self.settle.reads} read" + (f": {said}" if isinstance(said, str) else "")
        return True
