"""Bot accounts and ranked play (issue 13 item 3; P-BOT-1, P-BOT-2, P-TABLE-5, P-TABLE-7):
an unlisted bot account is refused by every ranked entry point (REST API, web pages, the
read-only WebSockets) with a clear error and nothing changed; staff list and unlist a bot in
the admin (roster entry with the badge); a listed bot joins an open public table by itself as
one of its at most two computer seats, never Quick Play or a table of its own."""
from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from platform_helpers import api

from accounts import bots
from accounts.computers import ensure_computer_accounts
from games import matchmaking, public_tables, ranked
from games.models import Game, QueueEntry, Seat, Table, TableSeat

pytestmark = pytest.mark.django_db


@pytest.fixture
def listed_bot(bot):
    bot.computer_listed = True
    bot.save()
    return bot


def snapshot() -> tuple:
    """What a refused entry must leave as it was."""
    return (QueueEntry.objects.count(), Table.objects.count(), TableSeat.objects.count(), Game.objects.count())


@pytest.fixture
def open_public_table(make_user):
    host = make_user("host", confirmed=True)
    return public_tables.create_public_table(host)


# --------------------------------------------------------------------------- unlisted: refused everywhere


def test_p_bot_2_unlisted_bot_is_refused_by_the_rest_api_with_nothing_changed(bot, open_public_table):
    token = bots.make_token(bot)
    before = snapshot()
    for client in (api(token=token), api(bot)):                 # its token, or signed in
        quick = client.post("/api/quick/join/", {"family": "riichi"}, format="json")
        assert quick.status_code == 403 and quick.json()["code"] == "bot_unlisted"
        assert quick.json()["rule"] == "P-BOT-2" and "listed" in quick.json()["message"]
        join = client.post(f"/api/public-tables/{open_public_table.pk}/join/")
        assert join.status_code == 403 and join.json()["code"] == "bot_unlisted"
        create = client.post("/api/public-tables/", {"family": "riichi", "clock": "standard"}, format="json")
        assert create.status_code == 403 and create.json()["rule"] == "P-BOT-1"
        opt_in = client.post("/api/quick/computers/")
        assert opt_in.status_code >= 400
    assert snapshot() == before


def test_p_bot_2_unlisted_bot_is_refused_by_the_web_pages_with_nothing_changed(client, bot, open_public_table):
    client.force_login(bot)
    before = snapshot()
    quick = client.post(reverse("quick_play"), {"op": "join", "family": "riichi"})
    assert quick.status_code == 403
    assert "Only computers listed on the roster may play ranked games." in quick.content.decode()
    joined = client.post(reverse("join_public", args=[open_public_table.pk]), follow=True)
    assert "Only computers listed on the roster may play ranked games." in joined.content.decode()
    created = client.post(reverse("new_table"), {"kind": "public", "family": "riichi", "clock": "standard"})
    assert created.status_code == 403
    assert snapshot() == before
    # the Quick Play page says why before anything is pressed
    assert "Only computers listed on the roster" in client.get(reverse("quick_play")).content.decode()


def test_p_bot_1_a_listed_bot_still_never_queues_or_opens_a_table(listed_bot):
    before = snapshot()
    with pytest.raises(ranked.RankedRefused) as refused:
        matchmaking.join(listed_bot, "riichi")
    assert refused.value.code == "computer" and "public table" in refused.value.message
    response = api(token=bots.make_token(listed_bot)).post(
        "/api/public-tables/", {"family": "riichi", "clock": "standard"}, format="json")
    assert response.status_code == 403
    assert snapshot() == before


# --------------------------------------------------------------------------- the roster in the admin


def test_p_bot_2_staff_list_and_unlist_a_bot_in_the_admin_and_the_roster_follows(client, bot, make_user,
                                                                                django_user_model):
    person = make_user("person")
    staff = django_user_model.objects.create_superuser("boss", "boss@example.com", "pw-Secret-123")
    admin = Client()
    admin.force_login(staff)
    changelist = reverse("admin:accounts_user_changelist")
    assert bot.username not in client.get(reverse("computers")).content.decode()

    admin.post(changelist, {"action": "list_bots", "_selected_action": [bot.pk, person.pk]})
    bot.refresh_from_db()
    person.refresh_from_db()
    assert bot.computer_listed and not person.computer_listed      # only bot accounts are listed
    roster = client.get(reverse("computers")).content.decode()
    row = roster[roster.index(f'href="{reverse("profile", args=[bot.username])}"'):]
    row = row[:row.index("</tr>")]
    assert "badge-computer" in row and "Outside operator" in row and "mjai" in row
    assert "robo" in admin.get(changelist + "?kind=bot_listed").content.decode()

    admin.post(changelist, {"action": "unlist_bots", "_selected_action": [bot.pk]})
    bot.refresh_from_db()
    assert not bot.computer_listed
    assert bot.username not in client.get(reverse("computers")).content.decode()
    with pytest.raises(ranked.RankedRefused) as refused:
        ranked.check_bot_may_sit(bot)
    assert refused.value.code == "bot_unlisted"


# --------------------------------------------------------------------------- listed: a computer seat


def test_p_table_7_a_listed_bot_joins_a_public_table_and_the_ranked_game_leaves_it_to_play_itself(
        listed_bot, make_user):
    ensure_computer_accounts()
    host, guest = make_user("host", confirmed=True), make_user("guest", confirmed=True)
    host_client, guest_client = api(host), api(guest)
    created = host_client.post("/api/public-tables/", {"family": "riichi", "clock": "standard"}, format="json")
    table_id = created.json()["table"]["id"]
    assert guest_client.post(f"/api/public-tables/{table_id}/join/").status_code == 200
    assert host_client.post(f"/api/public-tables/{table_id}/computers/", {}, format="json").status_code == 200
    # the lobby lists the table with one computer; the listed bot takes the last seat itself
    joined = api(token=bots.make_token(listed_bot)).post(f"/api/public-tables/{table_id}/join/")
    assert joined.status_code == 200, joined.content
    table = Table.objects.get(pk=table_id)
    assert table.status == Table.Status.STARTED
    game = table.game
    assert game.ranked and game.kind == Game.Kind.PUBLIC
    seat = Seat.objects.get(game=game, user=listed_bot)
    assert seat.strength == "" and seat.seat not in game.pending_computer_seats   # it plays itself
    from games.views_state import players_of
    assert [p["is_computer"] for p in players_of(game) if p["name"] == "robo"] == [True]


def test_p_table_7_a_listed_bot_is_refused_a_third_computer_seat(listed_bot, make_user):
    ensure_computer_accounts()
    host = make_user("host", confirmed=True)
    table = public_tables.create_public_table(host)
    host_client = api(host)
    for _ in range(2):
        assert host_client.post(f"/api/public-tables/{table.pk}/computers/", {}, format="json").status_code == 200
    before = snapshot()
    refused = api(token=bots.make_token(listed_bot)).post(f"/api/public-tables/{table.pk}/join/")
    assert refused.status_code == 409 and refused.json()["code"] == "computer_limit"
    assert refused.json()["rule"] == "P-TABLE-7"
    assert snapshot() == before


def test_p_fair_4_a_listed_bot_holds_one_ranked_seat_at_a_time(listed_bot, make_user):
    ensure_computer_accounts()
    first = public_tables.create_public_table(make_user("host1", confirmed=True))
    second = public_tables.create_public_table(make_user("host2", confirmed=True))
    public_tables.join_public_table(first.pk, listed_bot)
    with pytest.raises(public_tables.TableRejected) as refused:
        public_tables.join_public_table(second.pk, listed_bot)
    assert refused.value.code == "at_open_table"
    assert second.seats.count() == 1
