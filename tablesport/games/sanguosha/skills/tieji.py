"""铁骑 Iron Cavalry (Ma Chao): after you target a character with a Slash you may judge; on red that
target cannot Dodge this Slash. Reference §3.3 #13."""

from __future__ import annotations

from ..families import OnSlash
from ..skill import register
from ..state import Frame, SgsState
from ..timing import SlashCtx


@register
class Tieji(OnSlash):
    id = "tieji"

    def when(self, g: SgsState, seat: int, ctx: SlashCtx) -> bool:
        return not ctx.get("nododge")

    def act(self, g: SgsState, seat: int, ctx: SlashCtx, ci: int) -> None:
        g.push_skill(self.id, "judged", seat, {"ci": ci})
        g.push("judge", "start", {"seat": seat, "reason": self.id, "ret": g.top_index()})

    def step_judged(self, g: SgsState, f: Frame) -> None:
        g.pop()
        if f.d.get("judge_suit") in ("heart", "diamond"):
            g.stack[f.d["ci"]].d["nododge"] = True
            g.emit("effect", {"seat": f.d["seat"], "skill": self.id, "result": "the Slash cannot be dodged"})
