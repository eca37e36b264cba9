"""Flowers and seasons on the Taiwanese table (T-FLOWER): the initial replacement passes
(T-FLOWER-2), the automatic eight-flower win (T-FLOWER-4) and the one offer of the eighth
flower to a player holding seven (T-FLOWER-5). Exposure during play is in
``TaiwaneseGame._draw`` (T-FLOWER-3).

A mixin of ``rules_engine.taiwanese.table.TaiwaneseGame``; it reads and writes the game's
hand state. An offer interrupts what was going on (the passes, or a seat's draw); the game
keeps where to go on in ``_passes`` / ``_resume`` and goes on there when the offer is passed.
"""
from __future__ import annotations

from rules_engine.core.actions import simple_action


class FlowersMixin:
    """Flower steps of ``TaiwaneseGame`` (private methods)."""

    def _run_passes(self, events: list[dict]) -> None:
        """Run (or go on with) the initial flower passes (T-FLOWER-2): in each pass East,
        South, West, North expose every flower they hold and take that many replacements; a
        flower received in a pass waits for the next pass. Then the opening goes on."""
        p = self._passes
        seats = self._seats
        walls = self._walls
        while True:
            wind = p["wind"]
            if p["owed"]:
                seat = (self.dealer + wind) % 4
                s = seats[seat]
                got = []
                for _ in range(p["owed"]):
                    if not walls.live:  # T-FLOWER-7 (cannot happen with 63 live tiles; kept exact)
                        self._exhaustive_draw(events)
                        return
                    t = walls.replacement_draw()
                    s.hand.append(t)
                    if t < 136:
                        s.counts[t >> 2] += 1
                    got.append(t)
                events.append({"type": "replacement", "seat": seat, "tiles": got, "wall_count": len(walls.live)})
                if seat == self.dealer:
                    self._drawn = got[-1]  # T-TURN-1: the dealer's last replacement
                p["owed"] = 0
                wind = p["wind"] = wind + 1
            if wind == 4:
                if not any(t >= 136 for s in seats for t in s.hand):
                    break
                p["pass"] += 1
                wind = p["wind"] = 0
            seat = (self.dealer + wind) % 4
            s = seats[seat]
            flowers = sorted(t for t in s.hand if t >= 136)
            if not flowers:
                p["wind"] = wind + 1
                continue
            for t in flowers:
                s.hand.remove(t)
            s.flowers.extend(flowers)
            events.append({"type": "flower", "seat": seat, "tiles": flowers, "pass": p["pass"]})
            p["owed"] = len(flowers)
            self._resume = ("passes",)
            if self._flower_check(seat, events):
                return
        self._after_passes(events)

    def _flower_check(self, seat: int, events: list[dict]) -> bool:
        """After ``seat`` exposed flowers: the eight-flower win (T-FLOWER-4) or the offer of
        the eighth flower (T-FLOWER-5, once per hand). True when the hand ended or the offer
        opened (the caller stops; ``_resume`` says where to go on)."""
        counts = [len(s.flowers) for s in self._seats]
        if counts[seat] == 8:
            self._flower_win(seat, "eight_flowers", None, events)
            return True
        if self._rob_offered or sum(counts) != 8 or 7 not in counts:
            return False
        a = counts.index(7)
        b = next(i for i in range(4) if counts[i] == 1)
        self._rob_offered = True
        self._claim = {"kind": "flower", "owner": a, "payer": b}
        events.append({"type": "flower_offer", "seat": a, "from_seat": b})
        self._open({a: [simple_action("ron", a, None), simple_action("pass", a, None)]}, "claim")
        return True

    def _resolve_flower_offer(self, events: list[dict]) -> None:
        """T-FLOWER-5: the offer was claimed (the hand ends) or passed (play goes on where it
        stopped: the passes, or the exposing seat's replacement draw)."""
        claim = self._claim
        answers = self._answers
        self._legal, self._answers = {}, {}
        a = claim["owner"]
        if answers[a].type == "ron":
            self._flower_win(a, "seven_rob", claim["payer"], events)
            return
        self._claim = None
        resume = self._resume
        if resume[0] == "passes":
            self.phase = "turn"
            self._run_passes(events)
        else:
            self._draw(resume[1], events, replacement=True)
