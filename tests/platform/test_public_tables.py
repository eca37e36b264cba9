"""Public tables (P-TABLE-5/-7/-8, P-TABLE-3, P-FAIR-4, P-BOT-6, P-MATCH-7): the service rules of
``games.public_tables`` and every refusal, with the stored state unchanged after a refusal."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import public_tables, ranked, tables
from games.models import Game, Seat, Table, TableSeat
from leaderboard.models import FairPlayStatus


@pytest.fixture
def people(make_user):
    return [make_user(f"p{i}", confirmed=True) for i in range(6)]


def snapshot() -> tuple:
    """Everything a refusal must leave unchanged."""
    return (list(Table.objects.order_by("pk").values_list("pk", "status", "version", "game_id")),
            list(TableSeat.objects.order_by("pk").values_list("pk", "table_id", "position", "user_id")),
            Game.objects.count())


def refused(code: str, call, *args, **kwargs) -> tables.TableRejected:
    before = snapshot()
    with pytest.raises(tables.TableRejected) as info:
        call(*args, **kwargs)
    assert info.value.code == code, info.value.message
    assert snapshot() == before
    return info.value


def seated(table) -> list:
    return list(TableSeat.objects.filter(table=table).order_by("position")
                .values_list("user__username", flat=True))


def test_p_table_5_a_verified_account_creates_a_public_table_with_a_timed_clock(people):
    table = public_tables.create_public_table(people[0], family="riichi", clock="blitz")
    assert (table.kind, table.status, table.clock, table.preset_name) == ("public", "open", "blitz", "riichi")
    assert seated(table) == ["p0"]
    state = tables.room_state(table, people[1])
    assert state["table"]["ranked"] is True and state["you"] == {"is_host": False, "seated": False}
    assert tables.room_state(table, people[0])["invite_token"] is None      # no link: the lobby
    listed = public_tables.open_public_tables()
    assert [t["id"] for t in listed] == [table.pk]
    assert listed[0]["free_seats"] == 3 and listed[0]["seats"][0] == {"name": "p0", "is_computer": False, "rating": "1500?"}


@pytest.mark.parametrize("clock", ["bullet", "blitz", "standard", "relaxed"])
def test_p_table_3_every_timed_clock_is_offered(people, clock):
    assert public_tables.create_public_table(people[0], clock=clock).clock == clock


def test_p_table_3_untimed_and_unknown_clocks_are_refused(people):
    error = refused("untimed", public_tables.create_public_table, people[0], clock="untimed")
    assert error.rule == "P-TABLE-3"
    refused("malformed", public_tables.create_public_table, people[0], clock="sundial")


def test_p_table_5_a_family_without_a_ranked_preset_is_refused(people):
    refused("family", public_tables.create_public_table, people[0], family="mcr")


def test_p_table_5_creation_needs_a_verified_unflagged_person_without_a_ranked_seat(make_user, people):
    unverified = make_user("fresh")
    refused("unverified", public_tables.create_public_table, unverified)
    FairPlayStatus.objects.create(user=people[1], flagged=True)
    refused("flagged", public_tables.create_public_table, people[1])
    ranked.create_ranked_game(Game.Kind.QUICK, people[2:6])
    assert refused("ranked_seat", public_tables.create_public_table, people[2]).rule == "P-FAIR-4"
    bot = ranked.pick_computers(1)[0]
    refused("not_allowed", public_tables.create_public_table, bot)


def test_p_table_5_anyone_eligible_joins_from_the_lobby(people):
    table = public_tables.create_public_table(people[0])
    public_tables.join_public_table(table.pk, people[1])
    assert seated(table) == ["p0", "p1"]
    assert public_tables.open_public_tables()[0]["free_seats"] == 2
    refused("already_seated", public_tables.join_public_table, table.pk, people[1])


def test_p_table_5_joining_is_refused_to_the_unverified_flagged_and_ranked_seat_holders(make_user, people):
    table = public_tables.create_public_table(people[0])
    refused("unverified", public_tables.join_public_table, table.pk, make_user("fresh"))
    FairPlayStatus.objects.create(user=people[1], flagged=True)
    refused("flagged", public_tables.join_public_table, table.pk, people[1])
    ranked.create_ranked_game(Game.Kind.QUICK, people[2:6])
    error = refused("ranked_seat", public_tables.join_public_table, table.pk, people[2])
    assert error.rule == "P-FAIR-4"


def test_p_table_5_nobody_sits_at_two_open_tables_at_once(people):
    first = public_tables.create_public_table(people[0])
    second = public_tables.create_public_table(people[1])
    refused("at_open_table", public_tables.join_public_table, second.pk, people[0])
    refused("at_open_table", public_tables.create_public_table, people[0])
    public_tables.join_public_table(first.pk, people[2])
    refused("at_open_table", public_tables.join_public_table, second.pk, people[2])
    private = tables.create_private_table(people[3], clock="untimed")
    refused("at_open_table", public_tables.join_public_table, second.pk, people[3])
    assert private.status == "open"


def test_p_table_5_a_full_closed_or_started_table_refuses_joins(people, make_user):
    table = public_tables.create_public_table(people[0])
    for p in people[1:4]:
        public_tables.join_public_table(table.pk, p)
    table.refresh_from_db()
    assert table.status == "started"
    refused("started", public_tables.join_public_table, table.pk, people[4])
    other = public_tables.create_public_table(people[4])
    tables.leave(other.pk, people[4])
    refused("closed", public_tables.join_public_table, other.pk, people[5])
    refused("not_found", public_tables.join_public_table, 987654, people[5])
    private = tables.create_private_table(make_user("host"), clock="untimed")
    refused("not_found", public_tables.join_public_table, private.pk, people[5])


def test_p_table_5_full_is_refused_while_the_table_is_still_open(people):
    table = public_tables.create_public_table(people[0])
    for p in people[1:4]:
        TableSeat.objects.create(table=table, position=_next_free(table), user=p)
    refused("full", public_tables.join_public_table, table.pk, people[4])


def _next_free(table):
    taken = set(table.seats.values_list("position", flat=True))
    return min(set(range(4)) - taken)


def test_p_table_8_the_fourth_seat_starts_a_ranked_game_with_the_four_seated_accounts(people):
    table = public_tables.create_public_table(people[0], clock="relaxed")
    for p in people[1:4]:
        public_tables.join_public_table(table.pk, p)
    table.refresh_from_db()
    game = table.game
    assert table.status == "started" and game is not None
    assert game.ranked and game.kind == "public" and game.clock == "relaxed" and game.status == "active"
    assert game.game_format == "east"
    assert sorted(Seat.objects.filter(game=game).values_list("user__username", flat=True)) == \
        ["p0", "p1", "p2", "p3"]
    assert ranked.unfinished_ranked_game(people[3]) == game
    assert public_tables.open_public_tables() == []


def test_p_table_8_seats_are_drawn_by_lot_at_the_start(people, make_user):
    orders = set()
    for round_ in range(10):
        group = [make_user(f"r{round_}x{i}", confirmed=True) for i in range(4)]
        table = public_tables.create_public_table(group[0])
        for p in group[1:]:
            public_tables.join_public_table(table.pk, p)
        table.refresh_from_db()
        order = list(Seat.objects.filter(game=table.game).order_by("seat").values_list("user_id", flat=True))
        orders.add(tuple(group.index(next(u for u in group if u.pk == pk)) for pk in order))
    assert len(orders) > 1          # ten draws all equal: probability (1/24)^9


def test_p_table_5_any_seated_player_may_leave_and_the_creator_leaving_closes(people):
    table = public_tables.create_public_table(people[0])
    public_tables.join_public_table(table.pk, people[1])
    tables.leave(table.pk, people[1])
    assert seated(table) == ["p0"]
    refused("not_allowed", tables.leave, table.pk, people[2])
    public_tables.join_public_table(table.pk, people[2])
    tables.leave(table.pk, people[0])
    table.refresh_from_db()
    assert table.status == "closed"
    assert public_tables.open_public_tables() == []
    refused("closed", tables.leave, table.pk, people[2])
    public_tables.create_public_table(people[2])          # no longer at an open table


def test_p_table_7_the_host_adds_at_most_two_random_listed_computers_and_removes_them(people):
    table = public_tables.create_public_table(people[0])
    tables.add_computer(table.pk, people[0], 1)
    tables.add_computer(table.pk, people[0], 2)
    bots = list(TableSeat.objects.filter(table=table, user__is_computer=True))
    assert len(bots) == 2 and len({b.user_id for b in bots}) == 2
    assert public_tables.open_public_tables()[0]["seats"][1]["is_computer"] is True
    error = refused("computer_limit", tables.add_computer, table.pk, people[0], 3)
    assert error.rule == "P-TABLE-7"
    tables.remove_computer(table.pk, people[0], 2)
    assert not TableSeat.objects.filter(table=table, position=2).exists()
    assert TableSeat.objects.filter(table=table, user__is_computer=True).count() == 1


def test_p_table_7_only_the_host_changes_computers(people):
    table = public_tables.create_public_table(people[0])
    public_tables.join_public_table(table.pk, people[1])
    refused("not_host", tables.add_computer, table.pk, people[1], 2)
    tables.add_computer(table.pk, people[0], 2)
    refused("not_host", tables.remove_computer, table.pk, people[1], 2)
    refused("seat_taken", tables.add_computer, table.pk, people[0], 1)


def test_p_bot_6_public_computers_are_drawn_at_random_among_all_listed_computers(people):
    chosen = set()
    for _ in range(12):
        table = public_tables.create_public_table(people[0])
        tables.add_computer(table.pk, people[0], 1)
        chosen.add(TableSeat.objects.get(table=table, position=1).user_id)
        tables.leave(table.pk, people[0])
    assert len(chosen) > 1


def test_p_table_8_two_people_and_two_computers_start_a_ranked_game(people):
    table = public_tables.create_public_table(people[0], clock="bullet")
    tables.add_computer(table.pk, people[0], 1)
    public_tables.join_public_table(table.pk, people[1])
    table.refresh_from_db()
    assert table.status == "open"
    tables.add_computer(table.pk, people[0], 3)          # the fourth seat: starts at once
    table.refresh_from_db()
    assert table.status == "started" and table.game.ranked and table.game.kind == "public"
    assert Seat.objects.filter(game=table.game, user__is_computer=True).count() == 2


def test_p_table_8_public_tables_have_no_start_button_or_invitations(people):
    table = public_tables.create_public_table(people[0])
    refused("automatic", tables.start, table.pk, people[0])
    refused("automatic", tables.invite, table.pk, people[0], "p1")
    refused("bad_token", tables.join_by_token, table.invite_token, people[1])


def test_p_fair_4_a_seated_player_who_took_another_ranked_seat_is_unseated_at_the_start(people, make_user):
    table = public_tables.create_public_table(people[0])
    public_tables.join_public_table(table.pk, people[1])
    public_tables.join_public_table(table.pk, people[2])
    others = [make_user(f"o{i}", confirmed=True) for i in range(3)]
    ranked.create_ranked_game(Game.Kind.QUICK, [people[2], *others])     # e.g. Quick Play
    public_tables.join_public_table(table.pk, people[3])
    table.refresh_from_db()
    assert table.status == "open" and table.game is None
    assert seated(table) == ["p0", "p1", "p3"]


def test_p_table_5_unfilled_public_tables_close_after_ten_minutes(people):
    table = public_tables.create_public_table(people[0])
    filled = public_tables.create_public_table(people[1])
    for p in people[2:5]:
        public_tables.join_public_table(filled.pk, p)
    created = Table.objects.get(pk=table.pk).created_at
    assert public_tables.close_unfilled_public_tables(now=created + timedelta(seconds=599)) == 0
    assert Table.objects.get(pk=table.pk).status == "open"
    assert public_tables.close_unfilled_public_tables(now=created + timedelta(seconds=601)) == 1
    assert Table.objects.get(pk=table.pk).status == "closed"
    assert Table.objects.get(pk=filled.pk).status == "started"
    assert public_tables.close_unfilled_public_tables(now=created + timedelta(hours=1)) == 0


def test_p_table_5_the_expiry_task_runs_on_the_realtime_queue(settings, people):
    from games import tasks

    assert settings.CELERY_TASK_ROUTES["games.tasks.close_unfilled_public_tables"]["queue"] == \
        settings.REALTIME_QUEUE
    entry = settings.CELERY_BEAT_SCHEDULE["close-unfilled-public-tables"]
    assert entry["task"] == "games.tasks.close_unfilled_public_tables"
    table = public_tables.create_public_table(people[0])
    Table.objects.filter(pk=table.pk).update(created_at=timezone.now() - timedelta(minutes=11))
    assert tasks.close_unfilled_public_tables.delay() is not None
    assert Table.objects.get(pk=table.pk).status == "closed"


class _StopSweeper(Exception):
    pass


def test_p_table_5_the_embedded_sweeper_closes_unfilled_tables_without_redis(people, monkeypatch):
    """``make run`` without Redis: the embedded sweeper thread queues the expiry task too (run
    here for one round, Celery eager; its sleeps replaced so that the loop ends)."""
    from games import embedded

    table = public_tables.create_public_table(people[0])
    Table.objects.filter(pk=table.pk).update(created_at=timezone.now() - timedelta(minutes=10, seconds=1))
    calls = []

    def fake_sleep(seconds):
        calls.append(seconds)
        if len(calls) > 1:                 # the first is the start-up pause; then one round ran
            raise _StopSweeper

    monkeypatch.setattr(embedded.time, "sleep", fake_sleep)
    with pytest.raises(_StopSweeper):
        embedded._sweeper()
    assert Table.objects.get(pk=table.pk).status == "closed"
