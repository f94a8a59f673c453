"""MkDocs hook: rendered notebooks show each widget's still, not an empty output.

A page has no kernel, so a live widget cannot run there. The notebooks' widgets carry stills
(`wgkit.widgets.still`): a board as a PNG, a reveal as a closed ``<details>`` element. This hook
hands mkdocs-jupyter a copy of each notebook, made outside the source tree, without the saved
widget state and the widget views, so the page shows the stills; a widget without a still (a
progress bar) is shown as its saved state left it."""

from __future__ import annotations

import html
import json
import shutil
import tempfile
from pathlib import Path

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File

VIEW = "application/vnd.jupyter.widget-view+json"
NOT_HERE = "(a live widget: open the notebook in JupyterLab or Voila to use it)"
_copies: list[Path] = []


def from_state(model_id: str, models: dict) -> str:
    """HTML of a widget as its saved state left it: its words, progress bars and buttons (a
    progress bar from tqdm, a status line), for a widget that carries no still of its own."""
    model = models.get(model_id)
    if model is None:
        return ""
    name, state = model.get("model_name", ""), model.get("state", {})
    if name in ("HTMLModel", "HTMLMathModel"):
        return state.get("value", "")
    if name == "LabelModel":
        return html.escape(state.get("value", ""))
    if name in ("FloatProgressModel", "IntProgressModel"):
        return f"<progress value='{state.get('value', 0)}' max='{state.get('max', 100)}'></progress>"
    if name == "ButtonModel":
        return f"<button disabled>{html.escape(state.get('description', ''))}</button>"
    inner = [from_state(str(c).removeprefix("IPY_MODEL_"), models) for c in state.get("children", [])]
    return f"<div style='display:flex;gap:6px;align-items:center'>{''.join(inner)}</div>" if any(inner) else ""


def stills(nb: dict) -> dict:
    """The notebook with every widget view replaced by its still, by what its saved state shows,
    or (with neither) a note."""
    saved = nb.get("metadata", {}).pop("widgets", {})
    models = saved.get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    for cell in nb.get("cells", []):
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if VIEW in data:
                view = data.pop(VIEW)
                if not ({"image/png", "text/html"} & set(data)):
                    shown = from_state(view.get("model_id", ""), models)
                    if shown:
                        data["text/html"] = shown
                    else:
                        data["text/plain"] = NOT_HERE
    return nb


@event_priority(100)  # before mkdocs-jupyter picks the notebooks up
def on_files(files, config):
    folder = Path(tempfile.mkdtemp(prefix="wgkit-docs-")) / "notebooks"
    folder.mkdir()
    _copies.append(folder.parent)
    for f in [f for f in files if f.src_uri.startswith("notebooks/") and f.src_uri.endswith(".ipynb")]:
        copy = folder / Path(f.src_uri).name
        copy.write_text(json.dumps(stills(json.loads(Path(f.abs_src_path).read_text()))))
        files.remove(f)
        # a File read from the copy's folder (mkdocs-jupyter wraps it, and finds the copy by its src_dir)
        files.append(File(f.src_uri, src_dir=str(folder.parent), dest_dir=config.site_dir,
                          use_directory_urls=config.use_directory_urls))
    return files


def on_post_build(config):
    while _copies:
        shutil.rmtree(_copies.pop(), ignore_errors=True)
