"""Rules and terms pages in a real browser (issue 11 items 7 and 8): a new user finds the terms
from the sign-up checkbox (P-FAIR-1), reaches the rules from the navigation and from the live
table's rules label (P-TABLE-4, P-REPLAY-5), reads them in English and in Spanish, and the
pages fit a 360 px phone and a 1280 px desktop without sideways scrolling."""
from __future__ import annotations

import os
import re

import pytest
from browser_helpers import open_page, sign_up, start_practice

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SIZES = [(360, 740), (1280, 800)]


def _shot(page, name: str) -> None:
    """Full-page screenshot into ``MP_SCREENSHOTS`` when set (for a person to look at)."""
    folder = os.environ.get("MP_SCREENSHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


def _fits_width(page, width: int) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate("""(w) => [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > w + 0.5)
        .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`).slice(0, 5)""", width)
    assert scroll <= width, f"{page.url} is {scroll} px wide at {width} px: {wide}"


@pytest.mark.parametrize(("width", "height"), SIZES, ids=lambda v: str(v))
def test_p_fair_1_p_table_4_terms_and_rules_pages_from_sign_up_nav_and_table(live_server_proc, browser,
                                                                            width, height):
    base = live_server_proc.url
    context, page, errors = open_page(browser, width, height)
    try:
        page.goto(base + "/accounts/signup/")
        terms_link = page.locator("[data-role=terms-link]")
        assert terms_link.is_visible() and terms_link.get_attribute("href") == "/terms/"
        _fits_width(page, width)
        _shot(page, f"signup-{width}")
        page.goto(base + "/terms/")
        assert page.locator("[data-role=fair-play-rules] li").count() == 3
        _fits_width(page, width)
        _shot(page, f"terms-{width}")

        sign_up(page, base, f"rules{width}")
        page.click("[data-role=nav-rules]")
        page.wait_for_url(re.compile(r".*/rules/$"))
        page.locator("[data-role=rules-preset]").first.click()
        page.wait_for_url(re.compile(r".*/rules/riichi/$"))
        assert page.locator("h1").inner_text() == "Riichi — East round"
        page.locator("details.rules-yaku summary").click()
        page.locator("details.rules-options summary").click()
        _fits_width(page, width)
        _shot(page, f"rules-riichi-{width}")

        page.select_option("#lang-select", "es")                 # static/js/lang.js submits
        page.wait_for_function("document.documentElement.lang === 'es'")
        assert page.locator("h1").inner_text() == "Riichi — ronda Este"
        assert "Reglamento Riichi, versión 1" in page.locator("[data-role=rules-version]").inner_text()
        _fits_width(page, width)
        _shot(page, f"rules-riichi-es-{width}")
        page.select_option("#lang-select", "en")
        page.wait_for_function("document.documentElement.lang === 'en'")

        page.goto(base + "/")
        start_practice(page, "riichi-single-deal")
        page.wait_for_selector(".board .seat-me", timeout=30000)    # the board is drawn
        link = page.locator("[data-role=rules-link]")
        assert link.inner_text() == "Rules: Riichi, version 1"
        _shot(page, f"table-rules-link-{width}")
        link.click()
        page.wait_for_url(re.compile(r".*/rules/riichi-single-deal/1/$"))
        assert page.locator("h1").inner_text() == "Riichi — single hand"
        assert "There is no result record" in page.locator("[data-role=result-record]").inner_text()
        _fits_width(page, width)
        _shot(page, f"rules-single-{width}")
        assert errors == []
    finally:
        context.close()
