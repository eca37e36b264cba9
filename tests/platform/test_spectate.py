"""Public spectators of ranked games and the Live games list, delayed by the server
(P-SPECT-1/-2/-3/-5, P-MATCH-7, P-REPLAY-3; ``games.spectate``). The server's time is a
``FakeTime`` moved by hand: nothing here measures real time."""
from __future__ import annotations

import json

import pytest
from django.urls import reverse
from hidden_info import tiles_in
from platform_helpers import FakeTime, current_engine
from spectate_helpers import PublicKnowledge, play_one, ranked_game, visible_length

from games import clocks, presence, service, spectate, tables
from games.models import Game, Seat, SpectatorFrame

pytestmark = pytest.mark.django_db(transaction=True)

DELAY = 30.0
T0 = 3_000_000.0


@pytest.fixture
def fake(monkeypatch, settings):
    settings.SPECTATOR_DELAY = DELAY
    settings.CLAIM_MASK_SHARE = 0.0
    settings.CLOCK_SCALE = 10.0          # 50 s a discard: the fake steps never run a clock out
    clock = FakeTime(T0)
    monkeypatch.setattr(clocks, "now", clock)
    spectate.clear_cache()
    yield clock
    spectate.clear_cache()


@pytest.fixture
def people(make_user):
    from accounts.computers import ensure_computer_accounts
    ensure_computer_accounts()
    return [make_user(f"sp{i}", confirmed=True) for i in range(4)]


def state_at(game, now) -> tuple[dict, float, bool]:
    return spectate.delayed_message(Game.objects.get(pk=game.pk), now)


def test_p_spect_2_before_the_first_deal_is_old_enough_the_public_sees_the_empty_table(people, fake):
    game = ranked_game(people[:2])
    message, wake, ended = state_at(game, T0 + DELAY - 5)
    assert message["view"] is None and not ended
    assert message["game"]["starts_in"] == pytest.approx(5.0)
    assert message["game"]["timer"] is None and message["game"]["delay"] == DELAY
    assert tiles_in(message) == set()                            # no tile at all, no wall
    assert wake == pytest.approx(T0 + DELAY)                     # wakes when the deal is old enough
    assert [p["name"] for p in message["game"]["players"]] == list(
        game.seats.order_by("seat").values_list("user__username", flat=True))

    message, _wake, _ended = state_at(game, T0 + DELAY)
    first = Game.objects.get(pk=game.pk).spectator_frames.order_by("at").first()
    assert message["view"] == current_engine(game).__class__.from_log(
        Game.objects.get(pk=game.pk).log_upto(first.log_length)).view(None)
    assert message["view"]["phase"] == "turn" and "hand" not in json.dumps(message["view"]["players"])


def test_p_spect_2_the_delayed_view_is_the_stored_log_as_of_now_minus_the_delay(people, fake):
    """Each stored change becomes visible exactly ``DELAY`` seconds after it, never earlier,
    with no concealed tile (P-SPECT-2, P-SPECT-3)."""
    game = ranked_game(people[:2])
    for _ in range(12):
        fake.t += 7.0
        if not play_one(game):          # a hand may end early (a quick win)
            break
    change_times = sorted(set(SpectatorFrame.objects.filter(game=game).values_list("at", flat=True)))
    assert len(change_times) > 3
    know = PublicKnowledge(game)
    live_length = Game.objects.get(pk=game.pk).log_length
    for now in [T0 + DELAY + k * 3.5 for k in range(30)]:
        message, wake, _ended = state_at(game, now)
        expected = visible_length(game, now - DELAY)
        assert expected in know.lengths_of(message["view"])
        assert expected < live_length or now - DELAY >= change_times[-1]
        assert tiles_in(message) <= know.known[expected], "a concealed tile reached the public"
        assert not message["view"].get("legal_actions") and message["view"].get("seat") is None
        later = [t for t in change_times if t > now - DELAY]
        assert [t for t in change_times if t <= now - DELAY], "the first deal is visible from T0 + DELAY"
        if later:                      # the timer wakes when the next change is old enough
            assert wake == pytest.approx(min(later[0] + DELAY, now + min(spectate.REFRESH_SECONDS, DELAY)))


def test_p_spect_2_clocks_are_shown_as_they_were_at_the_delayed_moment(people, fake):
    game = ranked_game(people[:2])
    for _ in range(60):                       # until the latest change opened a turn decision
        fake.t += 4.0
        assert play_one(game)
        frame = SpectatorFrame.objects.filter(game=game).order_by("-at", "-id").first()
        if frame.phase == "turn" and frame.clock_state.get("kind") == "turn":
            break
    message, _wake, _ended = state_at(game, frame.at + DELAY + 2.0)
    timer = message["game"]["timer"]
    clock = clocks.clock_for(game.clock)
    assert timer["turn"] is not None and timer["turn"]["seat"] == message["view"]["turn"]
    assert timer["turn"]["per_discard_left"] == pytest.approx(clock.per_discard - 2.0)
    # the live clock has run DELAY seconds further; the public sees the one of then
    live = clocks.timer_payload(Game.objects.get(pk=game.pk).clock_state, clock, my_seat=None,
                                phase=frame.phase, now=frame.at + DELAY + 2.0)
    assert live["turn"]["per_discard_left"] == pytest.approx(clock.per_discard - DELAY - 2.0)


def test_p_fair_6_a_masked_pause_looks_to_the_public_as_it_did_then(people, fake, settings):
    """The delayed feed keeps the masked claim pause (P-FAIR-6): during the pause's delayed
    window the public is shown the empty claim window, with no running turn clock, and the
    next draw only once the pause's end is delay old."""
    settings.CLAIM_MASK_SHARE = 1.0
    settings.COMPUTER_DELAY_MIN = settings.COMPUTER_DELAY_MAX = 0.8
    game = ranked_game(people[:2])
    for _ in range(200):
        if SpectatorFrame.objects.filter(game=game).exclude(pause={}).exists():
            break
        fake.t += 2.0
        assert play_one(game, fake)
    frame = SpectatorFrame.objects.filter(game=game).exclude(pause={}).order_by("at").first()
    assert frame is not None, "no discard was followed by a pause"
    until = frame.pause["until"]
    message, wake, _ended = state_at(game, frame.at + DELAY + 0.4)
    assert message["view"] == frame.pause["view"] and message["view"]["phase"] == "claim"
    assert message["view"]["pending_seats"] == [] and message["game"]["timer"]["turn"] is None
    assert message["game"]["timer"]["waiting_responses"] is True
    assert wake <= until + DELAY
    after, _wake, _ended = state_at(game, until + DELAY)
    nxt = SpectatorFrame.objects.filter(game=game, at__lte=until).order_by("-at", "-id").first()
    assert after["view"] == spectate.public_view(game.pk, nxt.log_length)
    assert after["view"]["phase"] == "turn"


def test_p_spect_2_presence_markers_reach_the_public_only_after_the_delay(people, fake):
    game = ranked_game(people[:2])
    seat = Seat.objects.filter(game=game, user=people[0]).get()
    fake.t += 1.0
    presence.claim(game.pk, seat.seat, "chan-a")
    assert spectate.record_presence(game.pk)
    connected_at = fake.t
    fake.t += 10.0
    assert presence.release(game.pk, seat.seat, "chan-a")
    assert spectate.record_presence(game.pk)
    gone_at = fake.t
    marker = lambda now: state_at(game, now)[0]["game"]["players"][seat.seat]["connected"]  # noqa: E731
    assert marker(connected_at + DELAY - 0.5) is False
    assert marker(connected_at + DELAY) is True
    assert marker(gone_at + DELAY - 0.5) is True
    assert marker(gone_at + DELAY) is False


def test_p_spect_2_the_spectator_count_the_public_sees_is_the_one_of_then(people, fake):
    game = ranked_game(people[:2])
    tables.spectator_arrived(game.pk, "w-1", None)
    tables.spectator_arrived(game.pk, "w-2", people[3])
    arrived = fake.t
    fake.t += 5.0
    tables.spectator_left("w-1")
    left = fake.t
    assert tables.spectator_count(game.pk) == 1                  # live (what the players see)
    count = lambda now: state_at(game, now)[0]["game"]["spectators"]  # noqa: E731
    assert count(arrived + DELAY - 0.5) == 0
    assert count(arrived + DELAY) == 2                           # both, as of then
    assert count(left + DELAY - 0.5) == 2
    assert count(left + DELAY) == 1


def test_p_spect_2_live_games_list_shows_delayed_scores_and_spectator_counts(people, fake):
    """P-MATCH-7 / J5 step 1: the list is as of now − delay: a game is listed once its start is
    that old, its scores, hand and spectator count are those of then (not the live ones), and
    it stays listed until its end is that old."""
    game = ranked_game(people[:2])
    assert spectate.live_games()["games"] == []                  # started less than the delay ago
    fake.t += DELAY
    listed = spectate.live_games()["games"]
    assert [g["id"] for g in listed] == [game.pk]
    assert listed[0]["scores"] == [25000] * 4 and listed[0]["spectators"] == 0
    assert listed[0]["watch_url"] == f"/games/{game.pk}/watch/"
    assert [p["score"] for p in listed[0]["players"]] == [25000] * 4

    tables.spectator_arrived(game.pk, "watcher-1", None)         # an anonymous spectator
    arrived = fake.t
    assert tables.spectator_count(game.pk) == 1                  # live: players see it at once
    while play_one(game):                                        # play the hand to its end
        fake.t += 1.0
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    end = SpectatorFrame.objects.filter(game=game).exclude(status="active").get().at

    fake.t = arrived + DELAY - 0.5
    assert spectate.live_games()["games"][0]["spectators"] == 0  # not yet as of the delayed moment
    fake.t = arrived + DELAY
    assert spectate.live_games()["games"][0]["spectators"] == 1
    tables.spectator_left("watcher-1")
    assert tables.spectator_count(game.pk) == 0                  # live: gone
    assert spectate.live_games()["games"][0]["spectators"] == 1  # the public: still there then
    fake.t = end + DELAY - 0.5
    shown = spectate.live_games()["games"]
    before_end = SpectatorFrame.objects.filter(game=game, at__lt=end).order_by("-at", "-id").first()
    assert [g["id"] for g in shown] == [game.pk] and shown[0]["scores"] == before_end.scores
    assert shown[0]["hand_label"] == "East 1"
    fake.t = end + DELAY
    assert spectate.live_games()["games"] == []                  # ended as of the delayed moment


def test_p_spect_2_live_games_api_is_public_and_documented(people, fake, client):
    game = ranked_game(people[:2])
    practice = service.create_practice(people[2], "riichi-single-deal")
    fake.t += DELAY + 1
    response = client.get("/api/live-games/")                    # anonymous
    assert response.status_code == 200
    body = response.json()
    assert body["delay"] == DELAY and [g["id"] for g in body["games"]] == [game.pk]
    assert practice.pk not in [g["id"] for g in body["games"]]
    page = client.get("/")
    assert page.status_code == 200


def test_p_spect_1_who_may_open_the_public_spectator_view(people, fake, client):
    game = ranked_game(people[:2])
    practice = service.create_practice(people[2], "riichi-single-deal")
    private = service.create_private_table(people[2], [people[3], None, None])
    assert spectate.refusal(game, None) is None                  # anyone, signed in or not
    assert spectate.refusal(game, people[3]) is None
    assert spectate.refusal(game, people[0])[2] == "P-SPECT-1"   # a player of that game
    assert spectate.refusal(practice, people[3])[2] == "P-PRAC-3"
    assert spectate.refusal(private, people[0])[2] == "P-SPECT-1"

    page = client.get(f"/games/{game.pk}/watch/")
    assert page.status_code == 200
    text = page.content.decode()
    assert f'data-ws-path="/ws/games/{game.pk}/watch/"' in text and 'data-role="watch-banner"' in text
    assert client.get(f"/games/{practice.pk}/watch/").status_code == 404
    assert client.get(f"/games/{private.pk}/watch/").status_code == 404
    client.force_login(people[0])
    response = client.get(f"/games/{game.pk}/watch/")
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"


def pending(response) -> bool:
    """The page telling when a ranked game's hands become public (games.views._public_later)."""
    return response.status_code == 200 and b'data-role="replay-pending"' in response.content


def _finish(game, fake):
    while play_one(game):
        fake.t += 1.0
    game.refresh_from_db()
    return SpectatorFrame.objects.filter(game=game).exclude(status="active").get().at


def test_p_replay_3_a_ranked_game_is_public_once_it_ended_and_the_feed_reached_the_end(people, fake, client):
    game = ranked_game(people[:2])
    player, stranger = people[0], people[3]
    urls = [f"/games/{game.pk}/replay/", f"/api/games/{game.pk}/replay/?hand=0", f"/api/games/{game.pk}/log/"]
    fake.t += 5
    play_one(game)
    # running: nobody, not even its players; the shared page link says when it opens
    assert pending(client.get(urls[0]))                          # anonymous
    assert client.get(urls[1]).status_code == 403
    client.force_login(stranger)
    assert pending(client.get(urls[0]))
    assert [client.get(u).status_code for u in urls[1:]] == [404, 404]
    client.force_login(player)
    assert client.get(urls[0]).status_code == 302 and client.get(urls[1]).status_code == 403

    end = _finish(game, fake)
    assert [client.get(u).status_code for u in urls] == [200, 200, 200]   # its players at once
    client.force_login(stranger)
    fake.t = end + DELAY - 1                      # the public feed has not reached the end
    assert pending(client.get(urls[0]))
    assert [client.get(u).status_code for u in urls[1:]] == [404, 404]
    fake.t = end + DELAY
    assert [client.get(u).status_code for u in urls] == [200, 200, 200]
    client.logout()
    assert [client.get(u).status_code for u in urls] == [200, 200, 200]   # a shareable link
    assert client.get(f"/games/{game.pk}/review/").status_code == 200


def test_p_replay_3_a_private_game_is_for_its_players_and_invited_spectators_after_the_end(people, fake, client):
    host, friend, watcher, stranger = people
    table = tables.create_private_table(host, clock="untimed", allow_spectators=True)
    tables.join_by_token(table.invite_token, friend)
    tables.invite(table.pk, host, "sp2", "spectator")
    tables.add_computer(table.pk, host, 2)
    tables.add_computer(table.pk, host, 3)
    game = tables.start(table.pk, host)
    url = f"/api/games/{game.pk}/log/"
    client.force_login(watcher)
    assert client.get(url).status_code == 403                    # running: not yet
    service.abort_game(game.pk, "test")                          # ended (completed hands stay)
    fake.t += DELAY * 10
    for user, code in ((host, 200), (watcher, 200), (stranger, 404)):
        client.force_login(user)
        assert client.get(url).status_code == code, user.username
    client.logout()
    assert client.get(url).status_code == 403                    # never public
    assert client.get(f"/games/{game.pk}/replay/").status_code == 302


def test_p_match_7_the_live_games_include_renders_the_delayed_list_with_watch_links(people, fake):
    """``templates/games/_live_games.html`` (included by the lobby): the list as of now − delay
    with Watch links, refreshed by static/js/live_games.js from /api/live-games/."""
    from django.template.loader import render_to_string

    game = ranked_game(people[:2])
    html = render_to_string("games/_live_games.html")
    assert 'data-role="live-empty"' in html and f"/games/{game.pk}/watch/" not in html
    assert 'data-api="/api/live-games/"' in html and "js/live_games.js" in html
    fake.t += DELAY
    html = render_to_string("games/_live_games.html")
    assert f'href="/games/{game.pk}/watch/"' in html and 'data-role="live-empty"' not in html
    assert html.count('class="badge badge-computer"') >= 2            # computer badges (P-BOT-2)


def test_p_spect_2_frames_of_a_game_whose_end_is_long_public_are_pruned(people, fake):
    """Spectator frames are kept while the delayed feed can still show a moment of the game,
    and for an hour after its end became public (``spectate.PRUNE_AFTER_SECONDS``); then the
    in-play frames and the leases go, the end frames stay, and the game still reads as ended
    and replayable (P-SPECT-2, P-REPLAY-3). A game still playing is never touched."""
    game = ranked_game(people[:2])
    other = ranked_game(people[2:])
    tables.spectator_arrived(game.pk, "watcher-1", None)
    while play_one(game):
        fake.t += 1.0
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    in_play = SpectatorFrame.objects.filter(game=game, status="active").count()
    assert in_play > 1
    end = SpectatorFrame.objects.filter(game=game).exclude(status="active").order_by("at").first().at
    others = SpectatorFrame.objects.filter(game=other).count()

    fake.t = end + DELAY + spectate.PRUNE_AFTER_SECONDS - 1.0
    assert spectate.prune_frames() == 0                           # not yet an hour public
    assert SpectatorFrame.objects.filter(game=game, status="active").count() == in_play

    fake.t = end + DELAY + spectate.PRUNE_AFTER_SECONDS
    assert spectate.prune_frames() == in_play + 1                 # the frames and the one lease
    assert not SpectatorFrame.objects.filter(game=game, status="active").exists()
    assert SpectatorFrame.objects.filter(game=game).exclude(status="active").exists()
    assert SpectatorFrame.objects.filter(game=other).count() == others   # still playing
    assert spectate.replay_public(Game.objects.get(pk=game.pk))
    message, _, ended = state_at(game, fake.t)
    assert ended and message["view"] is not None
    assert spectate.prune_frames() == 0                           # nothing left to prune


# ------------------------------------------------ a shared link before the hands are public

def pending_text(response) -> str:
    assert pending(response)
    return response.content.decode()


def test_p_replay_3_a_shared_link_before_the_public_delay_says_when_it_opens(people, fake, client):
    game = ranked_game(people[:2])
    stranger = people[3]
    fake.t += 5
    play_one(game)
    replay, review = reverse("replay", args=[game.pk]), reverse("review", args=[game.pk])
    for who in (None, stranger):                       # anonymous, then a signed-in stranger
        if who is not None:
            client.force_login(who)
        for link in (replay, review):
            html = pending_text(client.get(link))
            assert "still being played" in html and reverse("watch", args=[game.pk]) in html
    client.logout()
    while play_one(game):
        fake.t += 1.0
    end = SpectatorFrame.objects.filter(game=game).exclude(status="active").get().at
    fake.t = end + DELAY - 1
    html = pending_text(client.get(replay))
    opens = spectate._at(end + DELAY).strftime("%H:%M:%S")
    assert "has ended" in html and opens in html
    client.force_login(people[0])                      # its players review at once
    assert 'data-role="replay-pending"' not in client.get(replay).content.decode()
    client.logout()
    fake.t = end + DELAY
    response = client.get(replay)                      # public now: the replay itself
    assert response.status_code == 200 and 'data-role="replay-pending"' not in response.content.decode()


def test_p_replay_3_a_practice_link_stays_not_found_for_strangers(people, fake, client):
    practice = service.create_practice(people[0])
    client.force_login(people[3])
    assert client.get(reverse("replay", args=[practice.pk])).status_code == 404
    assert client.get(reverse("review", args=[practice.pk])).status_code == 404


def test_p_spect_2_an_ended_games_delayed_engine_is_not_kept(people, fake):
    """Memory (issue 8 soak): the delayed engine of a game being watched is kept to move
    forward with the next frame; once it reaches the game's end it moves no further, and only
    its (cached) public view is kept, not its engine."""
    import gc

    game = ranked_game(people[:2])
    assert play_one(game, fake) and play_one(game, fake)
    game.refresh_from_db()
    spectate.public_view(game.pk, game.log_length)
    assert game.pk in spectate._engines                          # mid-game: kept
    while play_one(game, fake):
        pass
    game.refresh_from_db()
    final = spectate.public_view(game.pk, game.log_length)
    assert final["phase"] == "game_over"
    assert game.pk not in spectate._engines
    gc.collect()
    assert game.pk not in spectate._builders                     # no lock left behind either
