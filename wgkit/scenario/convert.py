"""Carry a scenario to another ruleset: ground scales, terrain, grids, unit kinds, pieces and
qualities, with a report of everything that did not carry over.

Distances keep their ground meaning: a wood 200 yards across stays 200 yards across, so the table
and everything on it is rescaled by the ratio of the two ground scales.
"""

from __future__ import annotations

import copy
import math
from typing import Any

from shapely.ops import unary_union

from wgkit.geometry.grids import grid_from_spec
from wgkit.facts.scale import _TO_METRES
from wgkit.facts.registry import find_ruleset
from wgkit.scenario.model import Scenario

# A unit's role, and each ruleset's kind for it (first match wins).
ROLES: dict[str, dict[str, str]] = {
    "infantry": {"close_action": "squad", "easy_company": "squad", "eagles": "infantry", "rookie": "squad",
                 "company_fire": "rifle_squad"},
    "leader": {"close_action": "officer", "easy_company": "hq", "eagles": "hq", "rookie": "leader",
               "company_fire": "platoon_leader"},
    "mg": {"close_action": "weapon_team", "easy_company": "mg_team", "eagles": "mg", "rookie": "hmg", "company_fire": "mmg"},
    "mortar": {"close_action": "weapon_team", "easy_company": "mortar_team", "eagles": "artillery", "rookie": "mortar",
               "company_fire": "light_mortar"},
    "artillery": {"easy_company": "artillery", "eagles": "artillery", "rookie": "gun", "company_fire": "at_gun"},
    "vehicle": {"eagles": "vehicle", "rookie": "vehicle", "company_fire": "tank"},
    "sniper": {"rookie": "sniper", "company_fire": "sniper", "eagles": "infantry", "close_action": "squad",
               "easy_company": "squad"},
}
KIND_ROLE = {
    "squad": "infantry", "section": "infantry", "infantry": "infantry", "rifle_squad": "infantry", "smg_squad": "infantry",
    "engineer_squad": "infantry", "engineer": "infantry", "recon": "infantry",
    "officer": "leader", "hq": "leader", "leader": "leader", "platoon_leader": "leader", "company_commander": "leader",
    "weapon_team": "mg", "mg_team": "mg", "mg": "mg", "hmg": "mg", "mmg": "mg",
    "mortar_team": "mortar", "mortar": "mortar", "heavy_mortar": "mortar", "light_mortar": "mortar",
    "artillery": "artillery", "gun": "artillery", "at_gun": "artillery", "aa": "artillery",
    "vehicle": "vehicle", "tank": "vehicle", "tank_destroyer": "vehicle", "halftrack": "vehicle", "armoured_car": "vehicle",
    "truck": "vehicle", "minesweeper": "vehicle",
    "sniper": "sniper",
}
WEAPON_ROLE = {
    **{w: "small arms" for w in ("rifle", "smg", "pistol", "auto_rifle", "small_arms", "sniper_rifle")},
    **{w: "mg" for w in ("lmg", "mg", "hmg", "mmg", "vehicle_mg")},
    **{w: "mortar" for w in ("mortar", "light_mortar", "heavy_mortar")},
    **{w: "gun" for w in ("tank_gun", "main_gun", "at_gun", "howitzer", "naval_gun")},
    **{w: "anti-tank" for w in ("bazooka", "panzerschreck", "piat", "panzerfaust", "at_grenades")},
}
WEAPON_CHOICE = {"small arms": ("rifle", "small_arms"), "mg": ("lmg", "mg", "mmg", "hmg"),
                 "mortar": ("mortar", "light_mortar"), "gun": ("tank_gun", "main_gun", "at_gun", "howitzer"),
                 "anti-tank": ("bazooka", "at_gun", "at_grenades")}
QUALITY_RANK = {"untrained": 0, "green": 1, "steady": 2, "regular": 2, "experienced": 2, "veteran": 3, "elite": 4}


def _metres_per_inch(ruleset) -> float:
    return ruleset.scale.per_inch * _TO_METRES[ruleset.scale.unit]


def _scale_point(p, k: float) -> list[float]:
    return [round(float(p[0]) * k, 4), round(float(p[1]) * k, 4)]


def convert(scenario: Scenario, target: str) -> tuple[Scenario, list[str]]:
    """The scenario for ``target`` and the report of what changed or was left behind."""
    src, dst = find_ruleset(scenario.ruleset), find_ruleset(target)
    k = _metres_per_inch(src) / _metres_per_inch(dst)
    report = [f"ground scale {src.scale.describe()} -> {dst.scale.describe()}: distances x {k:.3g}"]
    doc: dict[str, Any] = copy.deepcopy(scenario.to_dict())
    doc["ruleset"] = dst.id
    doc["title"] = f"{scenario.title} ({dst.name})"
    if doc.get("rules"):
        report.append(f"scenario rules dropped: {', '.join(sorted(doc['rules']))} (they belong to {src.name})")
        doc["rules"] = {}
    t = doc["table"]
    grid = t.get("grid")
    if grid:  # keep every whole cell whole: the same columns and rows after rounding
        old_size, grid["size"] = grid["size"], round(grid["size"] * k, 6)
        for dim in ("width", "depth"):
            cells = int(t[dim] / old_size + 1e-9)
            t[dim] = round(cells * grid["size"] + (t[dim] - cells * old_size) * k, 6) + 1e-3
    else:
        t["width"], t["depth"] = round(t["width"] * k, 4) + 1e-3, round(t["depth"] * k, 4) + 1e-3
    if dst.grid == "required" and (not grid or grid["type"] != "square"):
        size = round(t["width"] / max(1, round(t["width"] / 6.0)), 3)
        if grid:
            report.append("the hex grid replaced: the target plays on squares")
            terrain_edges = [f for f in doc.get("terrain", []) if "edges" in f]
            for f in terrain_edges:
                doc["terrain"].remove(f)
                report.append(f"terrain {f['id']}: hex-edge terrain cannot move to squares; left out")
        t["grid"] = grid = {"type": "square", "size": size}
        for dim in ("width", "depth"):  # whole squares (a hundredth of one over is rounding)
            t[dim] = max(t[dim], round(math.ceil(t[dim] / size - 0.01) * size, 6) + 1e-3)
        report.append(f"a {size:g}\" square grid added: the target plays on squares "
                      f"(the table {t['width']:.4g}\" x {t['depth']:.4g}\", whole squares)")
    elif dst.grid == "none" and grid:
        t.pop("grid")
        grid = None
        report.append("the grid removed: the target plays on a free table")
    terrain = []
    for f in doc.get("terrain", []):
        if f["type"] not in dst.terrain:
            report.append(f"terrain {f['id']}: {f['type']} has no meaning in {dst.name}; left out")
            continue
        if "variant" in f and f"{f['type']}/{f['variant']}" not in dst.terrain and f["type"] == "minefield" and f["variant"] == "dummy" and dst.id != "company_fire":
            report.append(f"terrain {f['id']}: a dummy minefield is Company Fire's; left out")
            continue
        if "edges" in f and not grid:
            report.append(f"terrain {f['id']}: grid-edge terrain needs a grid; left out")
            continue
        for shape in ("polygon", "line"):
            if shape in f:
                f[shape] = [_scale_point(p, k) for p in f[shape]]
        if "rectangle" in f:
            f["rectangle"]["center"] = _scale_point(f["rectangle"]["center"], k)
            f["rectangle"]["size"] = _scale_point(f["rectangle"]["size"], k)
        if "circle" in f:
            f["circle"]["center"] = _scale_point(f["circle"]["center"], k)
            f["circle"]["radius"] = round(f["circle"]["radius"] * k, 3)
        if "width" in f:
            f["width"] = max(0.2, round(f["width"] * k, 2))
        terrain.append(f)
    doc["terrain"] = terrain
    g = grid_from_spec(grid, t["width"], t["depth"]) if grid else None
    s_t = scenario.table
    old = grid_from_spec(s_t.grid.to_dict(), s_t.width, s_t.depth) if s_t.grid else None
    for side in doc["sides"]:
        for u in side["units"]:
            _convert_unit(u, src, dst, k, g, report, old)
    if isinstance(doc.get("victory"), dict):
        _convert_victory(doc, scenario, dst, k, old, g, report)
    from wgkit.scenario import ScenarioError, loads
    from wgkit.scenario.io import dumps

    try:
        out = loads(dumps(Scenario.from_dict(doc)), f"{scenario.title} ({dst.id}).yaml")
    except ScenarioError as exc:
        raise ValueError(f"the converted scenario does not validate: {exc}") from None
    return out, report


def _scale_shape(shape: str, value: Any, k: float) -> Any:
    if shape == "polygon":
        return [_scale_point(p, k) for p in value]
    if shape == "rectangle":
        return {**value, "center": _scale_point(value["center"], k), "size": _scale_point(value["size"], k)}
    return {"center": _scale_point(value["center"], k), "radius": round(value["radius"] * k, 3)}


def _convert_victory(doc: dict, scenario: Scenario, dst, k: float, old_grid, grid, report: list[str]) -> None:
    """Victory conditions follow the table: areas scaled (cells become their outline off the grid),
    terrain left out takes its conditions with it, merged figures are named by their unit."""
    terrain = {f["id"] for f in doc["terrain"]}
    pieces = {p["id"]: u["id"] for side in doc["sides"] for u in side["units"]
              for p in u.get("figures", u.get("stands", []))}
    units = {u["id"]: u["kind"] for side in doc["sides"] for u in side["units"]}
    kept = []
    for i, c in enumerate(doc["victory"].get("conditions", [])):
        kind = next(x for x in ("hold", "contest", "deny", "exit", "destroy", "keep", "casualties", "break") if x in c)
        area = c[kind] if kind in ("hold", "contest", "deny") else None
        if isinstance(area, (str, list)):
            gone = [a for a in ([area] if isinstance(area, str) else area) if a not in terrain]
            if gone:
                report.append(f"victory condition {i + 1}: its area {', '.join(gone)} was left out; condition dropped")
                continue
        elif isinstance(area, dict):
            (shape, value), = area.items()
            if shape == "cells" and grid is None:
                outline = unary_union([old_grid.polygon(tuple(cell)) for cell in value]).convex_hull
                c[kind] = {"polygon": [_scale_point(p, k) for p in list(outline.exterior.coords)[:-1]]}
                report.append(f"victory condition {i + 1}: its cells became a polygon (the target has no grid)")
            elif shape != "cells":
                c[kind] = {shape: _scale_shape(shape, value, k)}
        if kind in ("destroy", "keep"):
            ids = [c[kind]] if isinstance(c[kind], str) else c[kind]
            named = list(dict.fromkeys(x if x in pieces or x in units else scenario_unit(scenario, x) for x in ids))
            if named != ids:
                report.append(f"victory condition {i + 1}: merged figures are named by their unit ({', '.join(named)})")
            c[kind] = named
        if c.get("kinds"):
            new = sorted({kind_in(dst, kd) for kd in c["kinds"]})
            if new != c["kinds"]:
                report.append(f"victory condition {i + 1}: unit kinds {', '.join(c['kinds'])} -> {', '.join(new)}")
            c["kinds"] = new
        kept.append(c)
    doc["victory"]["conditions"] = kept


def scenario_unit(scenario: Scenario, piece: str) -> str:
    """The id of the unit a piece of the original scenario belonged to."""
    return next(u.id for _, u, p in scenario.pieces() if p.id == piece)


def kind_in(dst, kind: str) -> str:
    """The target ruleset's unit kind for a source kind (as units are converted)."""
    role = KIND_ROLE.get(kind, "infantry")
    new = ROLES.get(role, {}).get(dst.id) or ROLES["infantry"][dst.id]
    return new if new in dst.unit_kinds else ROLES["infantry"][dst.id]


def _weapons(weapons: list[str], dst, who: str, report: list[str]) -> list[str]:
    out: list[str] = []
    for w in weapons:
        new = w if w in dst.weapons else next((c for c in WEAPON_CHOICE.get(WEAPON_ROLE.get(w, ""), ()) if c in dst.weapons), None)
        if new is None:
            report.append(f"{who}: weapon {w} has no counterpart; dropped")
        elif new not in out:
            if new != w:
                report.append(f"{who}: weapon {w} -> {new}")
            out.append(new)
    return out


def _convert_unit(u: dict, src, dst, k: float, grid, report: list[str], old_grid=None) -> None:
    role = KIND_ROLE.get(u["kind"], "infantry")
    kind = kind_in(dst, u["kind"])
    if kind != u["kind"]:
        report.append(f"unit {u['id']}: {u['kind']} -> {kind}" + ("" if role in ROLES and dst.id in ROLES[role] else
                                                                  f" (no {role} in {dst.name})"))
    u["kind"] = kind
    if u.get("rules"):
        report.append(f"unit {u['id']}: attributes {', '.join(sorted(u['rules']))} dropped")
        u["rules"] = {}
    if u.get("quality"):
        if not dst.qualities:
            u.pop("quality")
        elif u["quality"] not in dst.qualities:
            rank = QUALITY_RANK.get(u["quality"], 2)
            new = min(dst.qualities, key=lambda q: abs(QUALITY_RANK.get(q, 2) - rank))
            report.append(f"unit {u['id']}: quality {u['quality']} -> {new}")
            u["quality"] = new
    key = "figures" if "figures" in u else "stands"
    pieces = u.pop(key)
    for p in pieces:
        if "cell" in p and old_grid is not None:
            p["position"] = list(old_grid.center(tuple(p.pop("cell"))))
        if "position" in p:
            p["position"] = _scale_point(p["position"], k)
        kept = _weapons(p.get("weapons", []), dst, f"unit {u['id']}", report)
        if kept:
            p["weapons"] = kept
        else:
            p.pop("weapons", None)
        p.pop("rules", None)
        if p.get("role") and p["role"] not in dst.piece_roles:
            p.pop("role")
    if dst.pieces == "stands" and key == "figures" and len(pieces) > 1:
        xs = [p["position"] for p in pieces if "position" in p]
        centre = [round(sum(x for x, _ in xs) / len(xs), 2), round(sum(y for _, y in xs) / len(xs), 2)]
        report.append(f"unit {u['id']}: {len(pieces)} figures became one stand")
        first = {kk: v for kk, v in pieces[0].items() if kk not in ("role", "rank", "name")}
        first["position"] = centre
        pieces = [first]
    if grid is not None:
        for p in pieces:
            if "position" in p:
                x, y = p.pop("position")
                cell = grid.cell_of(x, y)
                if cell is None:  # on the table's margin beyond the last whole cell
                    cell = min(grid.cells(), key=lambda c: math.dist(grid.center(c), (x, y)))
                    report.append(f"unit {u['id']}: piece {p['id']} moved onto the grid's last cell {cell}")
                p["cell"] = list(cell)
    u["figures" if dst.pieces == "figures" else "stands"] = pieces
    if u.get("leader") and not any(p["id"] == u["leader"] for p in pieces):
        u.pop("leader")
