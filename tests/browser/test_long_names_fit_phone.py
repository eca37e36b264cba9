"""A long but valid username never makes a page scroll sideways on a phone (fresh-user trial,
item 1): at 390×844 CSS pixels, signed in as a 20-character name, the lobby, the profile, My
games and the private table's waiting room are no wider than the window (the name wraps or is
cut with an ellipsis instead of pushing the heading out). The table page already cuts names
(test_table_fits_viewport.py)."""
from __future__ import annotations

import re

import pytest
from browser_helpers import open_page, sign_up, start_practice

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

LONG_NAME = "W" * 20  # the longest username the sign-up form accepts, and the widest letter

#: JS: how far the document is wider than the window, and the widest element sticking out.
WIDTH_JS = """() => {
  const w = window.innerWidth, doc = document.documentElement;
  let worst = '';
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.right > w + 0.5 && !worst) worst = `${el.tagName}.${el.className} right=${Math.round(r.right)}`;
  }
  return {scroll: doc.scrollWidth, inner: w, worst};
}"""


def test_long_username_no_page_scrolls_sideways_at_390px(live_server_proc, browser):
    server = live_server_proc
    ctx, page, errors = open_page(browser, width=390, height=844)
    sign_up(page, server.url, LONG_NAME)
    start_practice(page)                   # so that My games lists a game with the name in it
    page.goto(server.url + "/")
    page.click("[data-role=new-private-table]")
    page.click("[data-role=create-table]")
    page.wait_for_url(re.compile(r".*/tables/\d+/$"))
    room = page.url
    too_wide = {}
    for url in (server.url + "/", f"{server.url}/players/{LONG_NAME}/", server.url + "/games/", room):
        page.goto(url)
        page.wait_for_load_state("load")
        got = page.evaluate(WIDTH_JS)
        if got["scroll"] > got["inner"]:
            too_wide[url] = got
    assert too_wide == {}, f"pages scroll sideways at 390 px: {too_wide}"
    assert errors == []
    ctx.close()
