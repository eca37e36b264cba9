"""Accounts (P-ACCT-1..3, P-BOT-1/2) and journey J1 (sign up)."""
from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse

from accounts.computers import available_strengths, ensure_computer_accounts
from accounts.usernames import validate_human_username, validate_username

pytestmark = pytest.mark.django_db

PASSWORD = "Tiles-and-Winds-77"


def signup(client, username="carol", email="carol@example.com", **extra):
    data = {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD,
            "accept_terms": "on", **extra}
    return client.post(reverse("signup"), data)


@pytest.mark.parametrize("name", ["abc", "a" * 20, "Kan_Dora-9", "___"])
def test_p_acct_1_valid_usernames(name):
    validate_username(name)


@pytest.mark.parametrize("name", ["ab", "a" * 21, "with space", "dot.name", "émile", "", "tab\t"])
def test_p_acct_1_invalid_usernames(name):
    with pytest.raises(ValidationError):
        validate_username(name)


def test_p_acct_1_computer_prefix_is_reserved_for_humans():
    with pytest.raises(ValidationError):
        validate_human_username("CPU-strong-9")


@pytest.mark.parametrize("name", ["admin", "ADMIN", "Administrator", "root", "Staff", "support", "moderator",
                                  "superAdmin_7", "the-moderator", "MahjongPlanet", "mahjong_planet_team", "system"])
def test_p_acct_1_site_names_are_reserved_for_the_site(name):
    """A person cannot take a name that poses as the site's staff or the site itself."""
    with pytest.raises(ValidationError) as err:
        validate_human_username(name)
    assert err.value.code == "reserved_username"


@pytest.mark.parametrize("name", ["rootbeer", "moderate", "Sysop_fan", "kan_dora", "mahjong_fan", "guest-star"])
def test_p_acct_1_ordinary_names_near_reserved_ones_are_allowed(name):
    """Reserved are the listed names themselves, and names containing "admin", "moderator" or
    the site's name: "rootbeer", "moderate" or "mahjong_fan" are ordinary names."""
    validate_human_username(name)


def test_p_acct_1_usernames_are_unique_case_insensitively_in_the_database(make_user):
    make_user("Alice")
    with pytest.raises(IntegrityError), transaction.atomic():
        get_user_model().objects.create_user("aLICE", "x@example.com", PASSWORD)


def test_j1_sign_up_confirm_and_profile(client):
    """J1 steps 2–5."""
    response = signup(client)
    assert response.status_code == 302
    user = get_user_model().objects.get(username="carol")
    assert not user.is_computer and not user.email_confirmed
    # Step 3: signed in, banner about the confirmation, e-mail sent.
    lobby = client.get(reverse("lobby")).content.decode()
    assert "Welcome, carol" in lobby and "need a confirmed e-mail address" in lobby
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["carol@example.com"]
    link = re.search(r"http://testserver(/accounts/confirm/\S+/)", mail.outbox[0].body).group(1)
    # Step 4: follow the link.
    assert client.get(link).status_code == 302
    user.refresh_from_db()
    assert user.email_confirmed
    # Step 5: the profile shows 1500? and the provisional count for both families.
    page = client.get(reverse("profile", args=["carol"])).content.decode()
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert "Riichi 1500? ± 500 0 Provisional: 0 of 20 rated games" in text
    assert "Taiwanese 1500? ± 500 0 Provisional: 0 of 20 rated games" in text


def test_p_acct_2_tampered_confirmation_link_is_refused(client):
    signup(client)
    link = re.search(r"http://testserver(/accounts/confirm/\S+/)", mail.outbox[0].body).group(1)
    response = client.get(link[:-3] + "xx/")
    assert response.status_code == 400
    assert not get_user_model().objects.get(username="carol").email_confirmed


@pytest.mark.parametrize("username, email, error", [
    pytest.param("ALICE", "new@example.com", "That username is taken.", id="taken in another case"),
    pytest.param("cpu-strong-1", "new@example.com", "reserved for computer players", id="computer name"),
    pytest.param("no", "new@example.com", "3–20 characters", id="too short"),
])
def test_p_acct_1_sign_up_refusals(client, make_user, username, email, error):
    make_user("alice")
    response = signup(client, username=username, email=email)
    assert response.status_code == 200
    assert error in response.content.decode()
    assert not get_user_model().objects.filter(username=username).exists()


def _welcome(response) -> str:
    """The flash messages the response set (the page the client is sent to shows them)."""
    from django.contrib.messages import get_messages
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


def test_p_acct_1_sign_up_does_not_reveal_a_registered_address(client, make_user):
    """Signing up with an address another account uses looks exactly like signing up with a
    new one (no account enumeration): the account is created and the page says a link was
    sent; only the address's mailbox learns that the address is in use, and by whom."""
    make_user("alice", confirmed=True)
    fresh = signup(client, username="dave", email="dave@example.com")
    fresh_text = _welcome(fresh).replace("dave", "X")
    client.logout()
    taken = signup(client, username="mallory", email="ALICE@example.com")
    assert (taken.status_code, taken.url) == (fresh.status_code, fresh.url) == (302, reverse("lobby"))
    assert _welcome(taken).replace("mallory", "X").replace("ALICE@example.com", "X@example.com") \
        == fresh_text.replace("dave@example.com", "X@example.com")
    mallory = get_user_model().objects.get(username="mallory")
    assert not mallory.email_confirmed
    notice = mail.outbox[-1]
    assert notice.to == ["ALICE@example.com"]
    assert '"alice" has already confirmed' in notice.body and "/accounts/password_reset/" in notice.body
    assert "/accounts/confirm/" not in notice.body  # no link: it could not confirm


def test_p_acct_2_an_address_is_confirmed_by_one_account_only(client, make_user):
    """Two unconfirmed accounts give the same address: the first link followed confirms its
    account; the other's link is then refused and its account stays unconfirmed."""
    alice = make_user("alice")
    signup(client, username="mallory", email="alice@example.com")
    assert "alice" in mail.outbox[-1].body and "only one account can confirm it" in mail.outbox[-1].body
    mallory_link = re.search(r"http://testserver(/accounts/confirm/\S+/)", mail.outbox[-1].body).group(1)
    from accounts import emails
    from django.test import RequestFactory
    emails.send_confirmation(RequestFactory().get("/"), alice)
    alice_link = re.search(r"http://testserver(/accounts/confirm/\S+/)", mail.outbox[-1].body).group(1)
    assert client.get(alice_link).status_code == 302
    assert client.get(mallory_link).status_code == 400
    users = get_user_model().objects
    assert users.get(username="alice").email_confirmed
    assert not users.get(username="mallory").email_confirmed


def test_sign_up_requires_accepting_the_terms(client):
    response = signup(client, accept_terms="")
    assert response.status_code == 200
    assert not get_user_model().objects.filter(username="carol").exists()


def test_p_acct_1_sign_up_cannot_create_a_computer(client):
    signup(client, is_computer="on")
    assert get_user_model().objects.get(username="carol").is_computer is False


def test_p_bot_1_computer_accounts_are_idempotent_and_cannot_log_in(client):
    first = ensure_computer_accounts()
    second = ensure_computer_accounts()
    assert [u.pk for u in first] == [u.pk for u in second]
    assert len(first) == 3 * len(available_strengths())
    for user in first:
        assert user.is_computer and not user.has_usable_password()
    assert not client.login(username=first[0].username, password="")
    assert "(computer)" in first[0].display_name


def test_p_bot_2_computer_profile_shows_the_badge(client):
    bot = ensure_computer_accounts()[0]
    page = client.get(reverse("profile", args=[bot.username])).content.decode()
    assert "badge-computer" in page


def test_login_logout_and_password_change(client, make_user):
    make_user("dave")
    response = client.post(reverse("login"), {"username": "dave", "password": "pw-Secret-123"})
    assert response.status_code == 302
    assert client.get(reverse("my_games")).status_code == 200
    response = client.post(reverse("password_change"), {
        "old_password": "pw-Secret-123", "new_password1": PASSWORD, "new_password2": PASSWORD})
    assert response.status_code == 302
    client.post(reverse("logout"))
    assert client.get(reverse("my_games")).status_code == 302          # back to log-in
    assert client.login(username="dave", password=PASSWORD)


def test_password_reset_sends_a_working_link(client, make_user):
    make_user("erin")
    client.post(reverse("password_reset"), {"email": "erin@example.com"})
    assert len(mail.outbox) == 1
    path = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    response = client.get(path, follow=True)
    assert response.status_code == 200
    response = client.post(response.redirect_chain[-1][0],
                           {"new_password1": PASSWORD, "new_password2": PASSWORD})
    assert response.status_code == 302
    assert client.login(username="erin", password=PASSWORD)


def test_profile_of_unknown_player_is_404(client):
    assert client.get(reverse("profile", args=["nobody"])).status_code == 404


def test_p_acct_1_log_in_ignores_the_case_of_the_username(client, make_user):
    make_user("Frank")
    assert client.login(username="fRANK", password="pw-Secret-123")


def test_p_bot_2_public_roster_lists_every_computer_with_badge(client):
    page = client.get(reverse("computers")).content.decode()
    computers = ensure_computer_accounts()
    for user in computers:
        assert user.username in page
    assert page.count("badge-computer") == len(computers)


def test_p_acct_1_sign_up_as_admin_is_refused_with_a_reason(client):
    """Through the sign-up page: "Admin" is refused with the reason shown and no account made."""
    response = signup(client, username="Admin", email="admin@example.com")
    assert response.status_code == 200
    assert "That name is reserved for the site" in response.content.decode()
    assert not get_user_model().objects.filter(username__iexact="admin").exists()
