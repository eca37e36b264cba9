"""Outside bot accounts (issue 13 item 3; P-BOT-1/-2, P-TABLE-6; accounts.bots, docs/bot-api.md):
the explicit irreversible step before the first game, the computer badge, no ranked entry
unless listed, invitations and practice, the API token shown once and stored as a digest."""
from __future__ import annotations

import hashlib

import pytest
from django.urls import reverse
from platform_helpers import api

from accounts import bots
from accounts.computers import ensure_computer_accounts
from accounts.models import BotToken
from games import matchmaking, public_tables, ranked, service, tables
from games.models import Game, Invitation, Seat

pytestmark = pytest.mark.django_db


# --------------------------------------------------------------------------- the step


def test_bot_step_needs_confirmation_and_makes_a_labelled_computer_that_plays_itself(make_user):
    user = make_user("robo")
    with pytest.raises(bots.BotRefused) as refused:
        bots.make_bot_account(user, confirm=False)
    assert refused.value.code == "unconfirmed"
    user.refresh_from_db()
    assert not user.is_computer and user.bot_account_at is None
    bots.make_bot_account(user, confirm=True)
    user.refresh_from_db()
    assert user.is_computer and user.is_outside_bot and not user.played_by_platform
    assert not user.computer_listed


def test_bot_step_is_irreversible(bot):
    with pytest.raises(bots.BotRefused) as refused:
        bots.make_bot_account(bot, confirm=True)
    assert refused.value.code == "computer"
    bot.refresh_from_db()
    assert bot.is_outside_bot


def test_bot_step_is_refused_after_any_game_and_changes_nothing(make_user):
    ensure_computer_accounts()
    player = make_user("played")
    service.create_practice(player, "riichi-single-deal")
    with pytest.raises(bots.BotRefused) as refused:
        bots.make_bot_account(player, confirm=True)
    assert refused.value.code == "played" and refused.value.rule == "P-BOT-2"
    player.refresh_from_db()
    assert not player.is_computer and player.bot_account_at is None


def test_bot_step_is_refused_while_seated_at_an_open_table(make_user):
    host, guest = make_user("host"), make_user("guest")
    table = tables.create_private_table(host)
    tables.join_by_token(table.invite_token, guest)
    for user in (host, guest):
        with pytest.raises(bots.BotRefused):
            bots.make_bot_account(user, confirm=True)


def test_bot_step_through_the_page_and_the_api(client, make_user):
    page_user, api_user = make_user("pagebot"), make_user("apibot")
    client.force_login(page_user)
    url = reverse("bot_settings")
    assert b"Make this account a bot account" in client.get(url).content
    client.post(url, {"action": "upgrade"})                      # no confirmation box: refused
    page_user.refresh_from_db()
    assert not page_user.is_computer
    client.post(url, {"action": "upgrade", "confirm": "on"})
    page_user.refresh_from_db()
    assert page_user.is_outside_bot

    response = api(api_user).post("/api/bot/upgrade/", {"confirm": False}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "unconfirmed"
    response = api(api_user).post("/api/bot/upgrade/", {"confirm": True}, format="json")
    assert response.status_code == 200 and response.json()["is_bot"] is True
    response = api(api_user).post("/api/bot/upgrade/", {"confirm": True}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "computer"


# --------------------------------------------------------------------------- badge


def test_p_bot_2_badge_on_profile_and_room(client, bot, make_user):
    page = client.get(reverse("profile", args=[bot.username])).content.decode()
    assert "badge-computer" in page
    host = make_user("host")
    table = tables.create_private_table(host)
    tables.invite(table.pk, host, bot.username)
    invitation = tables.pending_invitations(bot)[0]
    tables.answer_invitation(invitation.pk, bot, True)
    seats = tables.room_state(table, host)["table"]["seats"]
    assert [s["is_computer"] for s in seats if s["name"] == bot.username] == [True]
    assert bot.display_name.endswith("(computer)")


def test_p_bot_2_badge_at_the_table_and_in_leaderboard_rows(bot):
    from games.views_state import players_of
    ensure_computer_accounts()
    game = service.create_practice(bot, "riichi-single-deal", human_seat=1)
    players = players_of(game)
    assert players[1]["name"] == "robo" and players[1]["is_computer"] is True


# --------------------------------------------------------------------------- ranked refused


def test_p_bot_2_unlisted_bot_may_not_enter_quick_play_or_public_tables(bot, make_user):
    with pytest.raises(ranked.RankedRefused) as refused:
        matchmaking.join(bot, "riichi")
    assert refused.value.code == "bot_unlisted" and refused.value.rule == "P-BOT-2"
    host = make_user("host", confirmed=True)
    table = public_tables.create_public_table(host)
    with pytest.raises(tables.TableRejected):
        public_tables.join_public_table(table.pk, bot)
    with pytest.raises(tables.TableRejected):
        public_tables.create_public_table(bot)
    assert table.seats.count() == 1 and not matchmaking.QueueEntry.objects.exists()
    response = api(token=_token(bot)).post("/api/quick/join/", {"family": "riichi"}, format="json")
    assert response.status_code >= 400


def test_p_bot_2_listed_bot_appears_on_the_roster(client, bot):
    assert bot.username not in client.get(reverse("computers")).content.decode()
    bot.computer_listed = True
    bot.save()
    assert bot.username in client.get(reverse("computers")).content.decode()
    with pytest.raises(ranked.RankedRefused) as refused:   # computers never queue by themselves
        ranked.check_may_enter(bot)
    assert refused.value.code == "computer" and refused.value.rule == "P-BOT-1"


# --------------------------------------------------------------------------- where it plays


def test_p_table_6_bot_is_invited_by_username_and_the_game_leaves_it_to_play_itself(bot, make_user):
    ensure_computer_accounts()
    host = make_user("host")
    table = tables.create_private_table(host)
    tables.invite(table.pk, host, "ROBO")
    tables.answer_invitation(tables.pending_invitations(bot)[0].pk, bot, True)
    tables.add_computer(table.pk, host, 2)
    tables.add_computer(table.pk, host, 3)
    game = tables.start(table.pk, host)
    seat = Seat.objects.get(game=game, user=bot)
    assert seat.strength == ""
    game.refresh_from_db()
    assert seat.seat not in game.pending_computer_seats             # never moved by the platform
    assert service.play_computer(game.pk, seat.seat, game.seq) is None


def test_a_bot_is_kept_out_of_taiwanese_games_on_every_path(bot, make_user, settings):
    """The bot protocol is mjai, which speaks Riichi only (issue 13, docs/bot-api.md): a bot is
    not invited to, seated at (invitation, lobby) or given practice in a Taiwanese game;
    each refusal says why and changes nothing."""
    ensure_computer_accounts()
    host = make_user("twhost")
    table = tables.create_private_table(host, family="taiwanese")
    with pytest.raises(tables.TableRejected) as refused:
        tables.invite(table.pk, host, "robo")
    assert refused.value.code == "bad_invitee" and "Riichi" in refused.value.message
    assert not Invitation.objects.filter(user=bot).exists()
    # an invitation made before this rule (or by staff) is refused when accepted
    invitation = Invitation.objects.create(table=table, user=bot, role=Invitation.Role.PLAYER)
    with pytest.raises(tables.TableRejected) as refused:
        tables.answer_invitation(invitation.pk, bot, True)
    assert refused.value.code == "bot_family"
    invitation.refresh_from_db()
    assert not table.seats.filter(user=bot).exists() and invitation.status == Invitation.Status.PENDING
    response = api(token=_token(bot)).post("/api/games/", {"preset": "taiwanese-single-deal"}, format="json")
    assert response.status_code == 400 and "Riichi" in response.json()["detail"]
    assert not Seat.objects.filter(user=bot).exists()
    # a Riichi table of the same host still takes the bot
    tables.close(table.pk, host)
    riichi = tables.create_private_table(host)
    tables.invite(riichi.pk, host, "robo")
    tables.answer_invitation(tables.pending_invitations(bot)[0].pk, bot, True)
    assert riichi.seats.filter(user=bot).exists()


def test_a_listed_bot_cannot_join_a_public_taiwanese_table(bot, make_user):
    ensure_computer_accounts()
    bot.computer_listed = True
    bot.save(update_fields=["computer_listed"])
    creator = make_user("twcreator", confirmed=True)
    table = public_tables.create_public_table(creator, family="taiwanese", clock="blitz")
    with pytest.raises(tables.TableRejected) as refused:
        public_tables.join_public_table(table.pk, bot)
    assert refused.value.code == "bot_family"
    assert not table.seats.filter(user=bot).exists()


def test_built_in_computers_still_cannot_be_invited(make_user):
    (computer, *_rest) = ensure_computer_accounts()
    host = make_user("host")
    table = tables.create_private_table(host)
    with pytest.raises(tables.TableRejected) as refused:
        tables.invite(table.pk, host, computer.username)
    assert refused.value.code == "bad_invitee"


def test_bot_creates_practice_through_the_api_with_its_token(bot):
    ensure_computer_accounts()
    response = api(token=_token(bot)).post("/api/games/", {"preset": "riichi-single-deal"}, format="json")
    assert response.status_code == 201, response.content
    game = Game.objects.get(pk=response.json()["game"]["id"])
    assert game.kind == "practice" and Seat.objects.filter(game=game, user=bot).exists()


def test_bot_cannot_host_tables(bot):
    with pytest.raises(tables.TableRejected):
        tables.create_private_table(bot)


# --------------------------------------------------------------------------- the token


def _token(user) -> str:
    return bots.make_token(user)


def test_token_is_shown_once_and_only_its_digest_is_stored(bot, client):
    client.force_login(bot)
    made = client.post(reverse("bot_settings"), {"action": "token"})
    assert made.status_code == 302                    # a reload of the page cannot make another
    page = client.get(made["Location"]).content.decode()
    row = BotToken.objects.get(user=bot)
    start = page.index(bots.TOKEN_PREFIX)
    token = page[start:start + 47]
    assert hashlib.sha256(token.encode()).hexdigest() == row.digest
    assert token not in str(BotToken.objects.values_list().get())          # never stored itself
    again = client.get(reverse("bot_settings")).content.decode()
    assert token not in again and row.prefix in again                      # shown once
    assert BotToken.objects.get(user=bot).digest == row.digest             # the reload made none
    assert bots.user_for_token(token) == bot


def test_token_replace_and_revoke(bot):
    first = _token(bot)
    second = _token(bot)
    assert bots.user_for_token(first) is None and bots.user_for_token(second) == bot
    assert BotToken.objects.filter(user=bot).count() == 1
    assert bots.revoke_token(bot)
    assert bots.user_for_token(second) is None
    for bad in (None, "", "mpb_", "x" * 500, 5, second.upper()):
        assert bots.user_for_token(bad) is None


def test_token_api_shows_it_once_and_authenticates_the_rest_api(bot):
    response = api(bot).post("/api/bot/token/")
    assert response.status_code == 201
    token = response.json()["token"]
    status = api(token=token).get("/api/bot/").json()
    assert status["is_bot"] is True and status["token"]["prefix"] == token[:8]
    assert token not in str(status)
    assert api(token=token + "x").get("/api/bot/").status_code == 403
    assert api(token=token).delete("/api/bot/token/").status_code == 204
    assert api(token=token).get("/api/bot/").status_code == 403


def test_people_have_no_token(make_user):
    person = make_user("person")
    with pytest.raises(bots.BotRefused) as refused:
        bots.make_token(person)
    assert refused.value.code == "not_bot"
    assert api(person).post("/api/bot/token/").status_code == 400


def test_a_deactivated_bot_token_stops_working(bot):
    token = _token(bot)
    bot.is_active = False
    bot.save()
    assert bots.user_for_token(token) is None
