"""Private tables before the start: create, invite, the link, computers, Start, close
(P-TABLE-6/-7/-8/-10, P-SPECT-1, P-REPLAY-3, P-BOT-1, J3; ``games.tables``)."""
from __future__ import annotations

import pytest

from accounts.computers import ensure_computer_accounts
from games import tables
from games.models import Game, Invitation, Table, TableSeat
from games.selectors import review_allowed

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(db, django_user_model):
    """Five people (no password hashing: nothing here logs in)."""
    ensure_computer_accounts()
    return [django_user_model.objects.create(username=name, email=f"{name}@example.com")
            for name in ("host", "bob", "carol", "dave", "erin")]


@pytest.fixture
def table(people):
    return tables.create_private_table(people[0], clock="blitz", allow_spectators=True)


def snapshot() -> tuple:
    """Everything a refusal must leave unchanged."""
    return (list(Table.objects.values_list("pk", "status", "version", "game_id").order_by("pk")),
            list(TableSeat.objects.values_list("table_id", "position", "user_id").order_by("pk")),
            list(Invitation.objects.values_list("pk", "status").order_by("pk")),
            Game.objects.count())


def refused(code, fn, *args, **kwargs):
    before = snapshot()
    with pytest.raises(tables.TableRejected) as info:
        fn(*args, **kwargs)
    assert info.value.code == code, info.value.message
    assert snapshot() == before
    return info.value


def seated(table) -> list[str]:
    return [s.user.username for s in table.seats.select_related("user").order_by("position")]


def test_p_table_6_create_host_takes_a_seat_with_an_unguessable_token(people, table):
    assert (table.kind, table.status, table.clock, table.preset_name) == ("private", "open", "blitz", "riichi")
    assert seated(table) == ["host"] and table.allow_spectators
    other = tables.create_private_table(people[1])
    assert len(table.invite_token) >= 32 and table.invite_token != other.invite_token
    assert other.clock == "untimed"                         # P-TABLE-3: untimed is allowed


def test_p_bot_1_computers_and_bad_options_cannot_create(people):
    cpu = ensure_computer_accounts()[0]
    refused("not_allowed", tables.create_private_table, cpu)
    refused("malformed", tables.create_private_table, people[0], family="mcr")
    refused("malformed", tables.create_private_table, people[0], clock="hyperbullet")


def test_creation_limit_one_open_private_table_per_host(people, table):
    refused("limit", tables.create_private_table, people[0])
    tables.close(table.pk, people[0])
    assert tables.create_private_table(people[0]).status == "open"


def test_p_table_6_join_by_link_until_full(people, table):
    for person in people[1:4]:
        tables.join_by_token(table.invite_token, person)
    assert seated(table) == ["host", "bob", "carol", "dave"]
    refused("full", tables.join_by_token, table.invite_token, people[4])
    refused("already_seated", tables.join_by_token, table.invite_token, people[1])


@pytest.mark.parametrize("token", ["", "x" * 32, "A" * 65, None, 12])
def test_p_table_6_wrong_or_guessed_token_is_refused(people, table, token):
    refused("bad_token", tables.join_by_token, token, people[1])


def test_p_table_6_link_used_after_the_start_or_close_is_refused(people, table):
    tables.join_by_token(table.invite_token, people[1])
    tables.add_computer(table.pk, people[0], 2)
    tables.add_computer(table.pk, people[0], 3)
    tables.start(table.pk, people[0])
    refused("started", tables.join_by_token, table.invite_token, people[2])
    second = tables.create_private_table(people[1])
    tables.close(second.pk, people[1])
    refused("closed", tables.join_by_token, second.invite_token, people[2])


def test_p_table_6_invite_by_username_accept_takes_a_seat(people, table):
    invitation = tables.invite(table.pk, people[0], "BOB")          # usernames case-insensitively
    assert [i.pk for i in tables.pending_invitations(people[1])] == [invitation.pk]
    tables.answer_invitation(invitation.pk, people[1], True)
    assert seated(table) == ["host", "bob"] and tables.pending_invitations(people[1]) == []
    declined = tables.invite(table.pk, people[0], "carol")
    tables.answer_invitation(declined.pk, people[2], False)
    assert seated(table) == ["host", "bob"] and tables.pending_invitations(people[2]) == []


def test_bad_invitees_are_refused(people, table):
    cpu = ensure_computer_accounts()[0]
    refused("bad_invitee", tables.invite, table.pk, people[0], "host")
    refused("bad_invitee", tables.invite, table.pk, people[0], "nobody-here")
    refused("bad_invitee", tables.invite, table.pk, people[0], cpu.username)
    refused("bad_invitee", tables.invite, table.pk, people[0], "")
    refused("not_host", tables.invite, table.pk, people[1], "carol")
    refused("malformed", tables.invite, table.pk, people[0], "carol", "referee")
    no_spectators = tables.create_private_table(people[1])
    refused("not_allowed", tables.invite, no_spectators.pk, people[1], "carol", "spectator")


def test_answer_someone_elses_invitation_is_refused(people, table):
    invitation = tables.invite(table.pk, people[0], "bob")
    refused("not_found", tables.answer_invitation, invitation.pk, people[2], True)
    refused("not_found", tables.answer_invitation, "1", people[1], True)


def test_accepting_a_player_invitation_to_a_full_table_is_refused(people, table):
    invitation = tables.invite(table.pk, people[0], "erin")
    for person in people[1:4]:
        tables.join_by_token(table.invite_token, person)
    refused("full", tables.answer_invitation, invitation.pk, people[4], True)


def test_p_table_7_computers_in_empty_seats_and_out_again(people, table):
    tables.add_computer(table.pk, people[0], 1)
    tables.add_computer(table.pk, people[0], 3)
    rows = list(table.seats.select_related("user").order_by("position"))
    assert [r.position for r in rows] == [0, 1, 3] and all(r.user.is_computer for r in rows[1:])
    assert rows[1].user != rows[2].user                             # P-ACCT-4: distinct accounts
    refused("seat_taken", tables.add_computer, table.pk, people[0], 1)
    refused("seat_taken", tables.add_computer, table.pk, people[0], 0)      # the host's seat
    refused("malformed", tables.add_computer, table.pk, people[0], 4)
    refused("malformed", tables.add_computer, table.pk, people[0], 2, "grandmaster")
    refused("not_host", tables.add_computer, table.pk, people[1], 2)
    refused("seat_empty", tables.remove_computer, table.pk, people[0], 0)  # a person, not a computer
    refused("seat_empty", tables.remove_computer, table.pk, people[0], 2)
    tables.remove_computer(table.pk, people[0], 1)
    assert [r.position for r in table.seats.all()] == [0, 3]
    tables.join_by_token(table.invite_token, people[1])              # the freed seat is free again
    assert seated(table) == ["host", "bob", rows[2].user.username]


def test_p_table_8_start_by_host_with_four_seats_draws_winds(people, table):
    refused("not_enough_players", tables.start, table.pk, people[0])
    tables.join_by_token(table.invite_token, people[1])
    tables.add_computer(table.pk, people[0], 2)
    refused("not_enough_players", tables.start, table.pk, people[0])
    tables.add_computer(table.pk, people[0], 3)
    refused("not_host", tables.start, table.pk, people[1])
    game = tables.start(table.pk, people[0])
    table.refresh_from_db()
    assert table.status == "started" and table.game == game
    assert game.kind == Game.Kind.PRIVATE and not game.ranked              # P-TABLE-2/-10
    assert (game.clock, game.preset_name, game.game_format) == ("blitz", "riichi", "east")
    names = sorted(s.user.username for s in game.seats.select_related("user"))
    assert names == sorted(seated(table))
    assert all(s.strength for s in game.seats.filter(user__is_computer=True))
    refused("started", tables.start, table.pk, people[0])
    refused("started", tables.add_computer, table.pk, people[0], 1)
    refused("started", tables.close, table.pk, people[0])


def test_p_table_8_seat_winds_are_drawn_by_lot(people):
    orders = set()
    for _ in range(8):
        table = tables.create_private_table(people[0])
        for person in people[1:4]:
            tables.join_by_token(table.invite_token, person)
        game = tables.start(table.pk, people[0])
        orders.add(tuple(s.user.username for s in game.seats.order_by("seat")))
        game.status = Game.Status.FINISHED
        game.save()
    assert len(orders) > 1           # 8 draws of 24 orders all equal: probability 24**-7


def test_close_and_leave(people, table):
    tables.join_by_token(table.invite_token, people[1])
    invitation = tables.invite(table.pk, people[0], "carol")
    refused("not_allowed", tables.leave, table.pk, people[0])          # the host closes instead
    refused("not_allowed", tables.leave, table.pk, people[2])          # no seat
    tables.leave(table.pk, people[1])
    assert seated(table) == ["host"]
    refused("not_host", tables.close, table.pk, people[1])
    tables.close(table.pk, people[0])
    table.refresh_from_db()
    assert table.status == "closed"
    assert Invitation.objects.get(pk=invitation.pk).status == "declined"
    refused("closed", tables.start, table.pk, people[0])
    refused("closed", tables.answer_invitation, invitation.pk, people[2], True)
    refused("not_found", tables.start, 999999, people[0])


def test_p_spect_1_invited_spectators_and_p_replay_3_review_after_the_end(people, table):
    tables.invite(table.pk, people[0], "erin", "spectator")
    for person in people[1:4]:
        tables.join_by_token(table.invite_token, person)
    game = tables.start(table.pk, people[0])
    assert tables.is_invited_spectator(game, people[4])
    assert not tables.is_invited_spectator(game, people[1])
    stranger = type(people[0]).objects.create(username="stranger")
    assert not tables.is_invited_spectator(game, stranger)
    assert not review_allowed(game, people[4]) and not review_allowed(game, people[1])   # running
    game.status = Game.Status.FINISHED
    game.save()
    assert review_allowed(game, people[4]) and review_allowed(game, people[1])
    assert not review_allowed(game, stranger)


def test_room_state_shows_the_link_to_the_host_only(people, table):
    tables.join_by_token(table.invite_token, people[1])
    tables.add_computer(table.pk, people[0], 3)
    host_view = tables.room_state(table, people[0])
    guest_view = tables.room_state(table, people[1])
    assert host_view["invite_token"] == table.invite_token and guest_view["invite_token"] is None
    assert [s["name"] is not None for s in host_view["table"]["seats"]] == [True, True, False, True]
    assert host_view["table"]["seats"][3]["is_computer"] and not host_view["table"]["ranked"]
    assert host_view["you"] == {"is_host": True, "seated": True}
    assert guest_view["you"] == {"is_host": False, "seated": True}


def test_p_spect_5_spectator_leases_expire_by_themselves(people, table, monkeypatch):
    """A spectator connection that never closes cleanly stops counting once its lease runs
    out (no renewal), and its row is cleared at the next arrival."""
    from games import clocks
    from platform_helpers import FakeTime

    now = FakeTime()
    monkeypatch.setattr(clocks, "now", now)
    for person in people[1:4]:
        tables.join_by_token(table.invite_token, person)
    game = tables.start(table.pk, people[0])
    tables.spectator_arrived(game.pk, "chan-a", people[4])
    tables.spectator_arrived(game.pk, "chan-b", people[4])
    assert tables.spectator_count(game.pk) == 2
    now.t += tables.SPECTATOR_TTL / 2
    tables.spectator_arrived(game.pk, "chan-a", people[4])              # chan-a renews (a ping)
    now.t += tables.SPECTATOR_TTL / 2 + 1
    assert tables.spectator_count(game.pk) == 1                          # chan-b has expired
    tables.spectator_left("chan-a")
    assert tables.spectator_count(game.pk) == 0
    tables.spectator_arrived(game.pk, "chan-c", people[4])
    assert sorted(game.spectator_leases.values_list("channel", flat=True)) == ["chan-c"]


def test_p_spect_1_a_player_is_never_a_spectator_of_their_own_game(people, table):
    tables.invite(table.pk, people[0], "bob", "spectator")
    for person in people[1:4]:
        tables.join_by_token(table.invite_token, person)
    game = tables.start(table.pk, people[0])
    assert not tables.is_invited_spectator(game, people[1])
