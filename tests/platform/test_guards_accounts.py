"""Guards for account guarantees that a mutation sample found unprotected (issue 8 item 6):
e-mail confirmation links after an address change (P-ACCT-2) and what a profile shows to
its owner, to another signed-in account and to a visitor (P-ACCT-3, P-PRAC-3)."""
from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from accounts import emails
from games import service

pytestmark = pytest.mark.django_db


def _link(message) -> str:
    return re.search(r"http://testserver(/accounts/confirm/\S+/)", message.body).group(1)


def _confirmed_at(user):
    user.refresh_from_db()
    return user.email_confirmed_at


# --------------------------------------------------------------------------- P-ACCT-2 links

def test_p_acct_2_changing_the_address_unconfirms_it(make_user):
    user = make_user("hana", confirmed=True)
    assert user.email_confirmed
    user.email = "hana-new@example.com"
    user.save()
    assert _confirmed_at(user) is None, "a new address is not confirmed until its link is followed"
    user.email = "HANA-new@example.com"        # the same address in another case: still one address
    user.save()
    assert _confirmed_at(user) is None


def test_p_acct_2_saving_other_fields_keeps_the_confirmation(make_user):
    user = make_user("ivo", confirmed=True)
    stamp = user.email_confirmed_at
    user = get_user_model().objects.get(pk=user.pk)      # a fresh load, as a request would
    user.first_name = "Ivo"
    user.save()
    user.last_login = None
    user.save(update_fields=["last_login"])
    assert _confirmed_at(user) == stamp
    same = get_user_model().objects.get(pk=user.pk)
    same.email = same.email.upper()                      # only the case changed
    same.save()
    assert _confirmed_at(user) == stamp


def test_p_acct_2_an_operator_setting_both_the_address_and_the_confirmation_keeps_it(make_user):
    from django.utils import timezone
    user = get_user_model().objects.get(pk=make_user("pia", confirmed=True).pk)
    stamp = timezone.now()
    user.email, user.email_confirmed_at = "pia-new@example.com", stamp
    user.save()
    assert _confirmed_at(user) == stamp


def test_p_acct_2_update_fields_with_the_address_also_unconfirms(make_user):
    user = make_user("jun", confirmed=True)
    user.email = "jun-new@example.com"
    user.save(update_fields=["email"])
    assert _confirmed_at(user) is None


def test_p_acct_2_old_link_never_confirms_a_new_address_and_the_new_link_works_once(client, make_user):
    user = make_user("kai")
    client.force_login(user)
    client.post(reverse("resend_confirmation"))
    old_link = _link(mail.outbox[-1])
    assert mail.outbox[-1].to == ["kai@example.com"]

    user.email = "kai-new@example.com"
    user.save()
    response = client.get(old_link)
    assert response.status_code == 400, "a link for the old address must not confirm the new one"
    assert _confirmed_at(user) is None

    client.post(reverse("resend_confirmation"))
    assert mail.outbox[-1].to == ["kai-new@example.com"]
    new_link = _link(mail.outbox[-1])
    assert new_link != old_link
    assert client.get(new_link).status_code == 302
    stamp = _confirmed_at(user)
    assert stamp is not None
    again = client.get(new_link)                          # a second click changes nothing
    assert again.status_code in (302, 400) and _confirmed_at(user) == stamp
    assert client.get(old_link).status_code == 400        # and the old one is still refused
    assert _confirmed_at(user) == stamp


def test_p_acct_2_a_confirmed_address_changed_and_its_old_link_followed_stays_unconfirmed(client, make_user):
    """Confirm A, change to B (unconfirmed), follow A's link again: B is not confirmed."""
    user = make_user("lea")
    token = emails.make_token(user)
    assert client.get(reverse("confirm_email", args=[token])).status_code == 302
    assert _confirmed_at(user) is not None
    user.email = "lea-new@example.com"
    user.save()
    assert _confirmed_at(user) is None
    assert client.get(reverse("confirm_email", args=[token])).status_code == 400
    assert _confirmed_at(user) is None


def test_p_acct_2_a_link_for_another_account_confirms_only_that_account(client, make_user):
    mia, ned = make_user("mia"), make_user("ned")
    client.force_login(ned)
    assert client.get(reverse("confirm_email", args=[emails.make_token(mia)])).status_code == 302
    assert _confirmed_at(mia) is not None and _confirmed_at(ned) is None


# --------------------------------------------------------------------------- P-ACCT-3 profiles

PRIVATE_MARKERS = ("E-mail address confirmed", "E-mail address not confirmed", "Change password",
                   "Send the link again", "resend")


def _profile(client, username: str) -> str:
    response = client.get(reverse("profile", args=[username]))
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def alice_with_games(make_user):
    """alice (unconfirmed) with a running practice game and a finished one."""
    from games.models import Game
    alice = make_user("alice")
    running = service.create_practice(alice, "riichi-single-deal")
    done = service.create_practice(alice, "riichi-single-deal")
    Game.objects.filter(pk=done.pk).update(status=Game.Status.FINISHED)
    return alice, running, done


def _game_traces(game) -> list[str]:
    return [reverse("table", args=[game.pk]), reverse("review", args=[game.pk]),
            reverse("replay", args=[game.pk]), f"#{game.pk}<"]


def test_p_acct_3_own_profile_shows_the_own_games_and_settings(client, alice_with_games):
    alice, running, done = alice_with_games
    client.force_login(alice)
    page = _profile(client, "alice")
    assert reverse("table", args=[running.pk]) in page
    assert reverse("review", args=[done.pk]) in page
    assert "E-mail address not confirmed" in page and "Change password" in page


@pytest.mark.parametrize("viewer", ["another account", "visitor"])
def test_p_acct_3_another_profile_shows_no_address_settings_or_practice_games(client, make_user,
                                                                               alice_with_games, viewer):
    alice, running, done = alice_with_games
    if viewer == "another account":
        bob = make_user("bob", confirmed=True)
        client.force_login(bob)
    page = _profile(client, "alice")
    assert "alice" in page and "Joined" in page                   # the public part is there
    assert "alice@example.com" not in page.lower() and "@example.com" not in page
    for marker in PRIVATE_MARKERS:
        assert marker not in page, marker
    for game in (running, done):                                  # P-PRAC-3: practice is private
        for trace in _game_traces(game):
            assert trace not in page, trace
    assert "badge-practice" not in page


def test_p_acct_3_profile_name_lookup_ignores_case_but_not_identity(client, make_user, alice_with_games):
    """``/players/ALICE/`` is alice's public profile; signed in as bob it is still not his own."""
    alice, running, _done = alice_with_games
    client.force_login(make_user("bob"))
    page = _profile(client, "ALICE")
    assert reverse("table", args=[running.pk]) not in page and "Change password" not in page


def test_p_acct_2_an_expired_link_is_refused(client, make_user, settings, monkeypatch):
    """Links are valid for ``EMAIL_CONFIRM_MAX_AGE`` (7 days); a later click confirms nothing."""
    import time

    from django.core import signing
    user = make_user("olga")
    token = emails.make_token(user)
    later = time.time() + settings.EMAIL_CONFIRM_MAX_AGE + 60
    monkeypatch.setattr(signing.time, "time", lambda: later)
    assert client.get(reverse("confirm_email", args=[token])).status_code == 400
    assert _confirmed_at(user) is None
    monkeypatch.undo()
    assert client.get(reverse("confirm_email", args=[token])).status_code == 302   # in time: works
    assert _confirmed_at(user) is not None
