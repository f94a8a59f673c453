"""Easy Company situations by name: leaders' motivation points, wounds, morale, modes."""

from __future__ import annotations

from wgkit.engine.events import Event
from wgkit.rules.easy_company.chances import MODES
from wgkit.rules.situation import Situation


class EasyCompanySituation(Situation):
    def motivation(self, leader: str, mps: int) -> Event:
        """§2.4: the leader has ``mps`` motivation points left this turn."""
        return self.piece_status(leader, f"{leader} has {mps} MPs", mp=int(mps))

    def wounded(self, *figures: str) -> Event:
        """§7: the figures are wounded (and prone)."""
        return self._set(f"wounded: {', '.join(figures)}",
                         [(("pieces", f, "status", k), True) for f in figures for k in ("wounded", "prone")])

    def morale(self, unit: str, state: str) -> Event:
        """§8.1: the unit holds (``ok``) or must ``withdraw``."""
        if state not in ("ok", "withdraw"):
            raise ValueError(f"an Easy Company morale result is 'ok' or 'withdraw', not {state!r}")
        return self.unit_status(unit, f"{unit}: morale {state}", morale=state)

    def mode(self, unit: str, mode: str) -> Event:
        """§4.2: the unit moves in ``normal`` or ``cautious`` mode (``under_fire`` follows from fire)."""
        if mode not in MODES:
            raise ValueError(f"an Easy Company mode is one of {', '.join(MODES)}, not {mode!r}")
        return self.unit_status(unit, f"{unit} in {mode.replace('_', ' ')} mode", mode=mode)

    def under_fire(self, unit: str, *fire_types: str) -> Event:
        """§4.2 and §5.3: the unit has been fired at this turn by these kinds of fire."""
        return self.unit_status(unit, f"{unit} under fire ({', '.join(fire_types)})", fire_types=sorted(fire_types))
