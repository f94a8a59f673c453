"""Render benchmark: a full redraw of 100 terrain polygons and 300 figures, and hover updates.

Targets (issue 5): full redraw <= 10 ms on the Python side with one comm message per layer;
a hover LOS update <= 30 ms from the Python callback. The naive baseline draws the same
shapes with one canvas call per shape, measured in the same run. Issue 23: the same table
drawn to PNG as ``wgkit render`` draws it (12" wide, one matplotlib collection per run of
shapes drawn alike) <= 0.5 s, against one matplotlib patch per shape.

    python benchmarks/bench_render.py
"""

from __future__ import annotations

import math
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from ipycanvas import hold_canvas  # noqa: E402

from timing import best_of  # noqa: E402
from wgkit.engine import Game  # noqa: E402
from wgkit.render.scene import build_scene  # noqa: E402
from wgkit.render.static import render  # noqa: E402
from wgkit.render.style import hex_rgb  # noqa: E402
from wgkit.scenario.model import Scenario  # noqa: E402
from wgkit.widgets.board import BoardView  # noqa: E402


def big_scenario(seed: int = 5) -> Scenario:
    rng = np.random.default_rng(seed)
    terrain = []
    while len(terrain) < 100:
        cx, cy, r = rng.uniform(4, 68), rng.uniform(4, 44), rng.uniform(1.0, 2.5)
        k = int(rng.integers(6, 17))
        ang = np.sort(rng.uniform(0, 2 * math.pi, k))
        rad = r * rng.uniform(0.6, 1.0, k)
        pts = [[round(cx + a * math.cos(t), 3), round(cy + a * math.sin(t), 3)] for a, t in zip(rad, ang)]
        terrain.append({"id": f"t{len(terrain)}", "type": "rough", "polygon": pts})
    sides = []
    for s, (sid, role, y0) in enumerate((("a", "attacker", 2), ("b", "defender", 30))):
        units = [{"id": f"{sid}u{u}", "kind": "squad", "figures": [
            {"id": f"{sid}{u}_{f}", "position": [round(2 + (u * 10 + f) % 68 + rng.uniform(0, 1), 2),
                                                  round(y0 + (u * 10 + f) // 68 * 3 + rng.uniform(0, 2), 2)]}
            for f in range(10)]} for u in range(15)]
        sides.append({"id": sid, "name": sid, "role": role, "units": units})
    return Scenario.from_dict({"title": "bench", "ruleset": "close_action",
                               "table": {"width": 72, "depth": 48}, "terrain": terrain, "sides": sides})


def naive_png(scene, path: Path) -> None:
    """The same shapes drawn to PNG one matplotlib artist each (the baseline)."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle, Polygon

    fig = plt.figure(figsize=(12.0, 12.0 * scene.depth / scene.width))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, scene.width)
    ax.set_ylim(0, scene.depth)
    for layer in scene.layers.values():
        for s in layer:
            if s.kind == "polygon":
                ax.add_patch(Polygon(s.points, closed=True, facecolor=s.fill or "none", edgecolor=s.stroke or "none",
                                     alpha=s.alpha, linewidth=s.width * 72))
            elif s.kind == "circle":
                ax.add_patch(Circle(tuple(s.points[0]), s.radius, facecolor=s.fill or "none",
                                    edgecolor=s.stroke or "none", alpha=s.alpha))
            elif s.kind == "line":
                ax.plot(s.points[:, 0], s.points[:, 1], color=s.stroke, alpha=s.alpha, linewidth=s.width * 72)
            elif s.kind == "text":
                ax.text(*s.points[0], s.text, fontsize=s.size * 72 * 0.5, ha="center", va="center")
    fig.savefig(path, dpi=120)
    plt.close(fig)


def main() -> int:
    scenario = big_scenario()
    game = Game(scenario)
    board = BoardView(game)
    scene = build_scene(scenario, game.state)
    shapes = sum(scene.count().values())
    canvas = board.canvas

    def naive() -> None:  # one draw call per shape, unbatched styles
        for name, layer in scene.layers.items():
            c = canvas.layers[name]
            with hold_canvas():
                for s in layer:
                    if s.kind == "polygon" and s.fill:
                        c.fill_style = "rgb(%d,%d,%d)" % hex_rgb(s.fill)
                        c.fill_polygon(canvas.to_px(s.points).tolist())
                    elif s.kind == "circle" and s.fill:
                        x, y = canvas.to_px(s.points)[0]
                        c.fill_style = "rgb(%d,%d,%d)" % hex_rgb(s.fill)
                        c.fill_circle(float(x), float(y), s.radius * canvas.scale)
                    elif s.kind == "line":
                        c.stroke_lines(canvas.to_px(s.points).tolist())

    before = canvas.batches
    canvas.draw(scene)
    messages = canvas.batches - before  # one held batch (one comm message) per layer
    t_draw = best_of(lambda: canvas.draw(scene))
    t_naive = best_of(naive, 3)
    t_scene = best_of(lambda: build_scene(scenario, game.state))
    first = next(iter(game.state["pieces"]))
    x, y = game.state["pieces"][first]["position"]
    t_select = best_of(lambda: board.select(first))
    px, py = canvas.to_px([[x + 5, y + 7]])[0]
    t_hover = best_of(lambda: board.on_move(px, py))
    print(f"scene: 100 terrain polygons, 300 figures -> {shapes} shapes in {len(scene.layers)} layers")
    print(f"full redraw (Python side): {t_draw * 1e3:6.2f} ms, {messages} messages per redraw "
          f"(one per layer); naive one call per shape {t_naive * 1e3:.1f} ms ({t_naive / t_draw:.1f}x)   target <= 10 ms")
    print(f"building the scene:        {t_scene * 1e3:6.2f} ms")
    print(f"select: LOS to 150 enemies and overlay redraw: {t_select * 1e3:6.2f} ms   target <= 30 ms")
    print(f"hover: ruler and overlay redraw:               {t_hover * 1e3:6.2f} ms   target <= 30 ms")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "table.png"
        render(scene, out, inches_wide=12.0)  # fonts and the backend loaded once, as a running command has them
        t_png = best_of(lambda: render(build_scene(scenario, game.state), out, inches_wide=12.0), 3)
        t_png_naive = best_of(lambda: naive_png(scene, out), 1)
    print(f"wgkit render to PNG (scene built and drawn): {t_png:6.3f} s; one patch per shape {t_png_naive:.3f} s "
          f"({t_png_naive / t_png:.1f}x)   target <= 0.5 s")
    ok = t_draw <= 0.010 and messages == 4 and t_select <= 0.030 and t_hover <= 0.030 and t_png <= 0.5
    print("targets met" if ok else "TARGETS NOT MET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
