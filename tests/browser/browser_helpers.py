"""Steps the browser tests share: J1 sign-up and J4 step 1 (start a practice game)."""
from __future__ import annotations

import re

PASSWORD = "Tiles-and-Winds-2026"


def sign_up(page, base: str, username: str) -> None:
    """J1: sign up through the form; the account is created, signed in and lands on the lobby."""
    page.goto(base + "/accounts/signup/")
    page.fill("input[name=username]", username)
    page.fill("input[name=email]", f"{username}@example.com")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.check("input[name=accept_terms]")
    page.click("form.signup-form button[type=submit]")
    page.wait_for_load_state("load")
    assert page.url.rstrip("/") == base, "sign-up lands on the lobby"
    assert username in page.content(), "the lobby should greet the new user"


def start_practice(page, preset: str = "riichi-single-deal", clock: str | None = None) -> int:
    """J4 step 1: the lobby's Practice form with ``preset`` (and ``clock`` when given, P-PRAC-1);
    returns the game id from the table URL."""
    assert page.locator("form.practice-form").count() == 1, "the lobby offers Practice"
    page.select_option("select[name=preset]", preset)
    if clock is not None:
        page.select_option("select[name=clock]", clock)
    page.click("form.practice-form button[type=submit]")
    page.wait_for_url(re.compile(r".*/games/\d+/$"))
    return int(re.search(r"/games/(\d+)/$", page.url).group(1))


def open_page(browser, width: int = 1280, height: int = 900, *, enforce_csp: bool = False):
    """A new browser context and page of ``width`` × ``height`` CSS pixels; returns
    ``(context, page, errors)`` where ``errors`` collects the page's uncaught JavaScript errors.

    The site's Content-Security-Policy forbids evaluating strings as code, which Playwright's
    ``wait_for_function("expression")`` polling does inside the page; so contexts bypass the
    CSP unless ``enforce_csp`` (test_csp_in_browser.py, which proves the pages satisfy it)."""
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=not enforce_csp)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors
