"""The Taiwanese preset on the site (issue 12 item 7; P-TW, P-PRAC-1, P-TABLE-1, P-MATCH-1,
P-RATE-4, T-MATCH-1, T-ONLINE-1/-6): practice creation in its three formats, a whole practice
hand played through the service with the computers on their seat views, views that hide other
hands and the wall, private tables of the Taiwanese family, and Quick Play's queue per family.

Computers at Taiwanese tables play their strength (``games.service.choose_computer_action``
-> ``rules_engine.ai.decide`` -> ``rules_engine.taiwanese.ai.decide``).
"""
from __future__ import annotations

import json

import pytest
from platform_helpers import current_engine, human_seat

from games import service
from games.models import Game
from rules_engine.preset import get_preset

pytestmark = pytest.mark.django_db(transaction=True)


def tw_choice(view: dict):
    """The test's human at a Taiwanese table: the simple legal Taiwanese player."""
    from rules_engine.taiwanese.simple_player import decide
    return decide(view)


def play_until(game: Game, phases=("hand_over", "game_over"), limit=400):
    """Answer the human seat's decisions until the engine reaches one of ``phases``; checks each
    seat view the human was served on the way (``_check_view``). Returns the engine."""
    seat = human_seat(game)
    for _ in range(limit):
        engine = current_engine(game)
        if engine.phase in phases:
            return engine
        view = engine.view(seat)
        _check_view(view, engine, seat)
        assert view["legal_actions"], f"the table waits on nobody: phase {engine.phase}"
        service.submit_action(game.pk, seat, tw_choice(view).to_json(), engine.seq)
    raise AssertionError("the hand did not end")


def _check_view(view: dict, engine, seat: int) -> None:
    """P-SYS-2: the own hand only; other seats' concealed tiles and the wall never appear."""
    assert view["family"] == "taiwanese" and view["seat"] == seat
    assert sorted(view["hand"]) == sorted(engine._seats[seat].hand)
    text = json.dumps({k: v for k, v in view.items() if k not in ("hand", "legal_actions", "drawn_tile")})
    for other in range(4):
        if other == seat:
            continue
        assert "hand" not in view["players"][other]
        assert view["players"][other]["concealed_count"] == len(engine._seats[other].hand)
    assert "wall" not in view and "dead_wall" not in view
    assert '"wall":' not in text


@pytest.mark.parametrize("preset, fmt", [("taiwanese-single-deal", "single"), ("taiwanese-east", "east"),
                                         ("taiwanese", "full")])
def test_p_prac_1_taiwanese_practice_in_its_three_formats(alice, preset, fmt):
    game = service.create_practice(alice, preset, human_seat=1)
    game.refresh_from_db()
    assert game.kind == "practice" and not game.ranked and game.game_format == fmt
    assert (game.preset_name, game.preset_version) == (preset, get_preset(preset).version)
    assert game.preset_snapshot == get_preset(preset).snapshot()     # P-PRESET-3
    engine = current_engine(game)
    assert engine.FAMILY == "taiwanese" and engine.scores == [2000] * 4   # T-SETUP-4
    view = engine.view(1)
    assert len(view["hand"]) in (16, 17) and all(0 <= t < 136 for t in view["hand"])  # flowers exposed


def test_t_online_6_a_whole_practice_hand_through_the_service(alice):
    """A single-hand Taiwanese practice game: the human answers through ``submit_action``,
    the computers through their (eager) tasks on their seat views, to the game's end; the
    stored log replays to the same result (T-MATCH-7) and the scores stay zero-sum."""
    game = service.create_practice(alice, "taiwanese-single-deal", human_seat=0)
    engine = play_until(game, phases=("game_over",))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    hr = engine.hand_result
    assert hr["kind"] in ("win", "exhaustive_draw")
    assert sum(engine.scores) == 8000 and sum(hr["deltas"]) == 0       # T-PAY zero-sum
    for win in hr.get("wins") or []:
        assert win["tai"] == sum(win["awards"].values()) or win["flower_win"]
    # The finished hand's views still hide nothing but what the result reveals.
    assert "hand" not in engine.view(None)


def test_t_online_6_computers_play_taiwanese_at_every_strength():
    from accounts.computers import available_strengths
    from rules_engine.core.actions import Action
    from rules_engine.game import Game as Engine

    engine = Engine.new(get_preset("taiwanese"), 7)
    seat = next(s for s in range(4) if engine.legal_actions(s))
    view = engine.view(seat)
    for strength in available_strengths():
        action = service.choose_computer_action(strength, view)
        assert isinstance(action, Action) and action in engine.legal_actions(seat)


def test_p_table_1_private_table_of_the_taiwanese_family(alice, make_user):
    bob = make_user("bob")
    game = service.create_private_table(alice, [bob, None, None], preset_name="taiwanese")
    game.refresh_from_db()
    assert game.kind == "private" and not game.ranked
    assert (game.preset_name, game.game_format) == ("taiwanese", "full")       # P-TABLE-1: full match
    assert current_engine(game).FAMILY == "taiwanese"
    with pytest.raises(ValueError, match="private tables offer"):
        service.create_private_table(alice, [bob, None, None], preset_name="taiwanese-east")


@pytest.fixture
def confirmed(make_user):
    from accounts.computers import ensure_computer_accounts
    ensure_computer_accounts()
    return [make_user(f"tw{i}", confirmed=True) for i in range(7)]


def test_p_match_1_quick_play_has_a_queue_per_family_and_taiwanese_is_a_full_match(confirmed):
    """Three wait for Riichi, four for Taiwanese: only the Taiwanese four are seated (P-MATCH-2:
    groups of one family), at a ranked full match on the Standard clock (P-MATCH-1, P-TABLE-2)."""
    from games import matchmaking as mm
    from games.models import QueueEntry

    for person in confirmed[:3]:
        mm.join(person, "riichi")
    for person in confirmed[3:]:
        mm.join(person, "taiwanese")
    games = list(Game.objects.all())
    assert len(games) == 1
    game = games[0]
    assert (game.kind, game.ranked, game.clock) == ("quick", True, "standard")
    assert (game.preset_name, game.game_format) == ("taiwanese", "full")
    assert sorted(game.seats.values_list("user_id", flat=True)) == sorted(p.pk for p in confirmed[3:])
    assert sorted(QueueEntry.objects.values_list("family", flat=True)) == ["riichi"] * 3
    assert current_engine(game).FAMILY == "taiwanese"


def test_p_table_5_public_table_of_the_taiwanese_family_starts_a_ranked_full_match(confirmed):
    from games import public_tables

    table = public_tables.create_public_table(confirmed[0], family="taiwanese", clock="blitz")
    assert public_tables.family_of(table) == "taiwanese"
    for person in confirmed[1:4]:
        public_tables.join_public_table(table.pk, person)
    table.refresh_from_db()
    game = table.game
    assert game is not None and game.ranked and (game.preset_name, game.game_format) == ("taiwanese", "full")
    assert game.clock == "blitz"


def test_p_rate_4_taiwanese_games_are_rated_in_their_own_family():
    from leaderboard.ratings import family_of

    assert family_of("taiwanese") == "taiwanese"
    assert family_of("taiwanese-east") == family_of("taiwanese-single-deal") == "taiwanese"


def test_p_replay_3_a_finished_taiwanese_practice_hand_is_reviewed_and_replayed(client, alice):
    """The review lists the win with its tai and T-TAI award names and the actions in Taiwanese
    words; the replay frames of the hand come from the stored log with every hand, flowers
    included (T-MATCH-7, P-REPLAY-3/-4/-6)."""
    from django.urls import reverse

    from games import replay_frames

    game = service.create_practice(alice, "taiwanese-single-deal", human_seat=2)
    engine = play_until(game, phases=("game_over",))
    game.refresh_from_db()
    client.force_login(alice)
    page = client.get(reverse("review", args=[game.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Discard" in text and " Chi<" not in text and ">Pon<" not in text
    for win in engine.hand_result.get("wins") or []:
        assert f"{win['tai']} tai" in text
        for _, english, _ in win["award_names"]:
            assert english in text
    hands = replay_frames.replay_hands(game.log)
    assert len(hands) == 1 and hands[0]["result"] == engine.hand_result
    last = hands[0]["steps"][-1]
    assert last["view"]["family"] == "taiwanese"
    assert sum(len(h) for h in last["hands"]) + sum(
        len(p["flowers"]) + sum(len(m["tiles"]) for m in p["melds"]) + len(p["discards"])
        for p in last["view"]["players"]) <= 144
    replay = client.get(reverse("replay", args=[game.pk]))
    assert replay.status_code == 200
    api = client.get(reverse("api-game-replay", args=[game.pk]) + "?hand=0")
    assert api.status_code == 200 and api.json()["hand"]["steps"]


@pytest.mark.parametrize("preset", ["taiwanese", "taiwanese-east", "taiwanese-single-deal"])
def test_p_preset_7_taiwanese_rules_page_in_english_and_spanish(client, preset):
    """The rules page names the preset "Taiwanese (fixed table)", lists every award of the
    engine's tai table with its value, and is translated (P-PRESET-1/-5/-7)."""
    from django.urls import reverse

    from rules_engine.taiwanese.scoring import TAI_NAMES

    page = client.get(reverse("rules", args=[preset]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Taiwanese (fixed table)" in text and 'data-family="taiwanese"' in text
    assert "Preset Taiwanese (fixed table), version 1" in text
    for tid, (name, value) in TAI_NAMES.items():
        assert f'data-award="{tid}"' in text and name in text
    assert "riichi" not in text.lower().replace("riichi-", "")     # no Riichi rules on this page
    spanish = client.get(reverse("rules", args=[preset]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Taiwanés (mesa fija)" in spanish and "Llamada original" in spanish and "Ocho flores" in spanish
    index = client.get(reverse("rules_index")).content.decode()
    assert f'href="{reverse("rules", args=[preset])}"' in index


@pytest.mark.asyncio
async def test_p_sys_2_taiwanese_practice_hand_over_the_websocket(alice):
    """A whole Taiwanese practice hand through the consumer: every state message holds the own
    seat view only (own hand, the others' counts and flowers, never the wall or another hand),
    and the player's actions, answered by the simple Taiwanese player, end the game."""
    from channels.db import database_sync_to_async
    from test_consumer import RECEIVE_TIMEOUT, connect, receive_type

    game = await database_sync_to_async(service.create_practice)(alice, "taiwanese-single-deal", human_seat=3)
    comm = connect(alice, game.pk)
    connected, _ = await comm.connect(timeout=RECEIVE_TIMEOUT)
    assert connected
    answered: set[int] = set()
    state = await receive_type(comm, "state")
    assert state["game"]["preset"] == "taiwanese-single-deal" and state["game"]["format"] == "single"
    for _ in range(600):
        view = state["view"]
        assert view["family"] == "taiwanese" and view["seat"] == 3
        assert '"wall":' not in json.dumps(state)
        for p in view["players"]:
            assert "hand" not in p and isinstance(p["flowers"], list)
        if view["phase"] == "game_over":
            break
        if view["legal_actions"] and view["seq"] not in answered:
            answered.add(view["seq"])
            action = tw_choice(view).to_json()
            del action["seat"]
            await comm.send_json_to({"type": "action", "seq": view["seq"], "action": action})
        state = await receive_type(comm, "state")
    assert view["phase"] == "game_over" and view["hand_result"]["kind"] in ("win", "exhaustive_draw")
    assert answered
    await comm.disconnect(timeout=RECEIVE_TIMEOUT)


def test_p_fair_6_an_empty_original_call_window_is_masked_like_a_claim_window(alice, monkeypatch, settings):
    """T-ORIG-2 / P-FAIR-6 as clarified: a hand where nobody's dealt hand is ready still shows
    every seat an Original Call window (empty, no actions, nobody pending) for a pause drawn
    like a claim window's, so a real window tells nobody that a hand is ready. When the pause
    ends, the dealer's first turn is served."""
    from platform_helpers import FakeTime

    from games import clocks, views_state

    settings.COMPUTER_DELAY_MIN = settings.COMPUTER_DELAY_MAX = 0.5
    settings.CLAIM_MASK_SHARE = 1.0
    clock = FakeTime(3_000_000.0)
    monkeypatch.setattr(clocks, "now", clock)
    monkeypatch.setattr(service, "new_seed", lambda: 31)     # a deal where nobody is ready
    game = service.create_practice(alice, "taiwanese-single-deal", human_seat=0)   # the dealer
    game.refresh_from_db()
    mask = game.claim_mask
    assert mask and mask["seq"] == game.seq and mask["window_seq"] == game.seq - 1
    for seat in (None, 0, 1, 2, 3):
        view = views_state.seat_view(game, seat)
        assert view["phase"] == "claim" and view["window"] == "original_call"
        assert view["pending_seats"] == [] and view.get("legal_actions", []) == []
    with pytest.raises(service.ActionRejected):                 # nothing to answer in the window
        service.submit_action(game.pk, 0, {"type": "pass", "seat": 0}, mask["window_seq"])
    clock.t = float(mask["until"]) + 0.01
    assert service.end_claim_pause(game.pk, mask["seq"]) == "ended"
    game.refresh_from_db()
    view = views_state.seat_view(game, 0)
    assert view["phase"] == "turn" and view["turn"] == 0 and len(view["hand"]) == 17


def test_p_table_4_a_taiwanese_match_is_labelled_full_match(alice, client):
    from django.urls import reverse

    game = service.create_practice(alice, "taiwanese", human_seat=0)
    assert game.format_label == "Full match"
    client.force_login(alice)
    page = client.get(reverse("table", args=[game.pk])).content.decode()
    assert "Full match" in page and "East round" not in page


def test_p_table_6_private_room_of_the_taiwanese_family_starts_a_full_match(alice, client):
    """The private-table room (games.tables, the /tables/new/ form's path): family Taiwanese,
    computers in the empty seats, Start -> a casual Taiwanese full match (P-TABLE-1/-6/-8)."""
    from django.urls import reverse

    from games import tables

    client.force_login(alice)
    form = client.get(reverse("new_table")).content.decode()
    assert 'value="taiwanese"' in form and "Taiwanese (fixed table) — full match" in form
    table = tables.create_private_table(alice, family="taiwanese", clock="untimed")
    for position in (1, 2, 3):
        tables.add_computer(table.pk, alice, position)
    game = tables.start(table.pk, alice)
    assert (game.kind, game.ranked, game.preset_name, game.game_format) == ("private", False, "taiwanese", "full")
    assert current_engine(game).FAMILY == "taiwanese"
