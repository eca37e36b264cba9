"""The review marks actions played by the clock (P-TIMEOUT-5): an ``ActionRecord`` with
``timeout=True`` is shown as such, in English and Spanish; other actions carry no mark."""
from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import service

pytestmark = pytest.mark.django_db(transaction=True)


def _finished_game_with_a_timeout(alice):
    from platform_helpers import finish
    game = finish(service.create_practice(alice, "riichi-single-deal"))
    record = game.actions.filter(kind="action", data__type="discard").order_by("index").first()
    assert record is not None
    record.timeout = True          # as the server stores a default move played at a deadline
    record.save(update_fields=["timeout"])
    return game, record


def _rows(page: str) -> list[str]:
    body = page.split('<table class="action-list">', 1)[1].split("</table>", 1)[0]
    return re.findall(r"<tr>(.*?)</tr>", body, re.S)


def test_p_timeout_5_review_marks_the_timeout_action(client, alice):
    game, record = _finished_game_with_a_timeout(alice)
    client.force_login(alice)
    page = client.get(reverse("review", args=[game.pk])).content.decode()
    marked = [row for row in _rows(page) if 'data-role="timeout"' in row]
    assert len(marked) == 1, "exactly the timed-out action is marked"
    from games.selectors import reviewable_actions
    number = [a.pk for a in reviewable_actions(game)].index(record.pk) + 1    # rows count 1, 2, 3…
    assert re.match(rf'\s*<td class="num" data-role="action-number">{number}</td>', marked[0])
    assert ">timeout</span>" in marked[0]


def test_p_timeout_5_timeout_mark_in_spanish(client, alice):
    game, _record = _finished_game_with_a_timeout(alice)
    client.force_login(alice)
    page = client.get(reverse("review", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    marked = [row for row in _rows(page) if 'data-role="timeout"' in row]
    assert len(marked) == 1 and ">tiempo agotado</span>" in marked[0]
