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


def act_once(page, on_decision=None) -> bool:
    """One click-decision on a live table ``page`` if it has one: win, pass a call (or an
    Original Call offer), or discard the drawn tile (else the last) by select-then-confirm
    (P-PLAY-2). ``on_decision(page, kind)`` is called first with kind "win", "pass" or
    "discard" (a test's checks of the screen at that decision). Returns whether it acted."""
    win = page.locator("button[data-action=tsumo]:enabled, button[data-action=ron]:enabled")
    pass_button = page.locator("button[data-action=pass]:enabled")
    tiles = page.locator(".hand .tile.selectable")
    kind = "win" if win.count() else "pass" if pass_button.count() else "discard" if tiles.count() else None
    if kind is None:
        return False
    if on_decision is not None:
        on_decision(page, kind)
    if kind == "win":
        win.first.click()
        return True
    if kind == "pass":
        pass_button.first.click()
        return True
    seq = page.locator(".board").get_attribute("data-seq")
    drawn = page.locator(".hand .drawn .tile.selectable")
    (drawn.first if drawn.count() else tiles.last).click()
    if page.locator(".hand .tile.selected").count() != 1:
        return False
    page.click("button[data-action=confirm]")
    page.wait_for_selector(f".board:not([data-seq='{seq}']), [data-role=result]", timeout=20000)
    return True


def play_until_result(pages: dict, timeout: float, on_decision=None) -> dict:
    """Every page of ``pages`` (name -> live table page) acts by clicking (``act_once``) until
    each shows the hand result; returns how many decisions each made. Fails after ``timeout``
    seconds (a bound on the whole hand, not a measure)."""
    import time
    deadline = time.monotonic() + timeout
    acted = {name: 0 for name in pages}
    while not all(p.locator("[data-role=result]").count() for p in pages.values()):
        assert time.monotonic() < deadline, f"no hand result within {timeout} s; acted {acted}"
        did = False
        for name, page in pages.items():
            if not page.locator("[data-role=result]").count() and act_once(page, on_decision):
                acted[name] += 1
                did = True
        if not did:
            next(iter(pages.values())).wait_for_timeout(50)
    return acted


def state_messages(frames: list[str]) -> list[dict]:
    """The ``{"type": "state"}`` messages among a page's received WebSocket ``frames`` (text),
    in order."""
    import json
    out = []
    for raw in frames:
        msg = json.loads(raw)
        if msg.get("type") == "state":
            out.append(msg)
    return out
