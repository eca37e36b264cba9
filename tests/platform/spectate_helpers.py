"""Helpers of the public-spectator tests (P-SPECT-2/-3; imported as ``spectate_helpers``):
a ranked game played by two test people and two computers at a fake server time, and what
the public may be shown at each stored log length."""
from __future__ import annotations

from conftest import human_choice
from hidden_info import Knowledge
from platform_helpers import current_engine

from games import ranked, service
from games.models import Game, SpectatorFrame


def ranked_game(people, *, single_hand: bool = True, kind: str = Game.Kind.QUICK) -> Game:
    """A ranked game (``ranked=True``, kind Quick Play) of ``people`` (two accounts) and two
    listed computers, seats by lot. ``single_hand``: the one-hand Riichi preset, so a test
    can reach a normal end quickly (the ranked East round is ``create_ranked_game``'s)."""
    from rules_engine.preset import get_preset

    computers = ranked.pick_computers(2)
    if not single_hand:
        return ranked.create_ranked_game(kind, people, computers=computers)
    occupants = list(people) + computers
    return service._create_game(kind, get_preset("riichi-single-deal"), "single", "standard",
                                people[0], occupants, iter(()), "", ranked=True)


def human_seats(game: Game) -> list[int]:
    return sorted(game.seats.filter(user__is_computer=False).values_list("seat", flat=True))


def play_one(game: Game, fake=None) -> bool:
    """One decision of a person at ``game`` (computers answer eagerly); Continue after a hand;
    a masked claim pause is ended (``fake``, the test's ``FakeTime``, is moved to its end).
    Returns False when the game is over."""
    game.refresh_from_db()
    if game.status != Game.Status.ACTIVE:
        return False
    engine = current_engine(game)
    if engine.phase == "hand_over":
        for seat in human_seats(game):
            service.continue_after_hand(game.pk, seat, engine.seq)
        return True
    if game.claim_mask:                       # a masked pause: end it (the fake clock moved)
        if fake is not None:
            fake.t = max(fake.t, float(game.claim_mask["until"]) + 0.01)
        assert service.end_claim_pause(game.pk, game.claim_mask["seq"]) == "ended"
        return True
    pending = [s for s in engine.pending_seats() if s in human_seats(game)]
    assert pending, f"the table waits on {engine.pending_seats()}, no person"
    seat = pending[0]
    service.submit_action(game.pk, seat, human_choice(engine.view(seat)).to_json(), engine.seq)
    return True


class PublicKnowledge:
    """The public view ``view(None)`` and the tile ids the public may know after each stored
    log length of ``game`` (``views[L]``, ``known[L]`` for L = 1 … length): the intersection
    of what every seat may know (``hidden_info.Knowledge``), i.e. no concealed tile."""

    def __init__(self, game: Game) -> None:
        from rules_engine.game import Game as Engine

        log = Game.objects.get(pk=game.pk).log
        knowledge = Knowledge(log)
        self.known = {i + 1: set.intersection(*(p["known"][s] for s in range(4)))
                      for i, p in enumerate(knowledge.positions)}
        self.views = {}
        engine = None
        for i, entry in enumerate(log["entries"]):
            if engine is None:
                engine = Engine.from_log({**log, "entries": [entry]})
            else:
                engine.extend_log([entry])
            self.views[i + 1] = engine.view(None)
        self.pause_views = {f.log_length: f.pause["view"]
                            for f in SpectatorFrame.objects.filter(game=game) if f.pause}

    def lengths_of(self, view: dict) -> list[int]:
        """Every log length whose public view (or masked pause view) is ``view``, ascending.
        Several lengths share one public view when an action shows the public nothing (a
        person's pass in a claim window, P-FAIR-6), so a view alone cannot tell them apart.
        Raises ``AssertionError`` when no stored state explains ``view``."""
        found = [length for length in sorted(self.views)
                 if self.views[length] == view or self.pause_views.get(length) == view]
        if not found:
            raise AssertionError(f"a view no stored state explains: {str(view)[:300]}")
        return found

    def length_of(self, view: dict) -> int:
        """The earliest log length whose public view is ``view``: the least the public must
        have been allowed to see to be shown it (later lengths with the same view show
        nothing more)."""
        return self.lengths_of(view)[0]


def visible_length(game: Game, t: float) -> int | None:
    """The log length the public may see at delayed moment ``t`` (None: before the deal)."""
    frame = SpectatorFrame.objects.filter(game=game, at__lte=t).order_by("-at", "-id").first()
    return None if frame is None else frame.log_length
