"""Rating sections of a profile (P-ACCT-3, P-LB-5, P-RATE-8, J7 step 4).

Everything is read from the stored ``Rating`` rows and ``RatingChange`` rows; nothing replays
a game log. The rating-history chart is an SVG drawn here on the server (no script, no
external service): ``rating_chart`` turns the (mu, sigma) after each rated game into the
coordinates the template ``leaderboard/_rating_chart.html`` draws.
"""
from __future__ import annotations

from django.conf import settings

from .fairplay import is_flagged
from .models import RatingChange
from .ratings import rating_rows

#: Games shown in a profile's table of rated games; the rest are on the full list's pages.
RECENT_GAMES = 20
#: At most this many points are drawn; longer histories are thinned evenly (last kept).
CHART_MAX_POINTS = 600

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 28


def rating_chart(history: list[tuple[float, float]], *, start: tuple[float, float] | None = None) -> dict | None:
    """Chart geometry for ``history`` = ``[(mu, sigma)]`` after each rated game, oldest first;
    ``start`` is the rating before the first (default 1500 ± 500, P-RATE-1). Returns None with
    no games, else ``{"width", "height", "line": "x,y x,y …", "band": polygon points of
    mu ± sigma, "ticks": [{"y", "label"}], "games": n, "threshold_x": x of game 20 or None,
    "left", "right", "top", "bottom", "min", "max", "last"}`` in SVG user units."""
    if not history:
        return None
    start = start or (float(settings.RATING_MU0), float(settings.RATING_SIGMA0))
    points = [start, *history]
    n = len(points) - 1
    step = max(1, -(-len(points) // CHART_MAX_POINTS))
    indexes = list(range(0, len(points), step))
    if indexes[-1] != len(points) - 1:
        indexes.append(len(points) - 1)
    mus = [points[i][0] for i in indexes]
    # The band would dwarf the line while sigma is large: clip it to the line's range ± 100.
    low = min(mus) - 100
    high = max(mus) + 100
    low, high = 50 * (low // 50), 50 * (-(-high // 50))
    span = max(high - low, 1.0)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (plot_w * i / n if n else plot_w / 2)

    def y(value: float) -> float:
        value = min(max(value, low), high)
        return TOP + plot_h * (1 - (value - low) / span)

    line = " ".join(f"{x(i):.1f},{y(points[i][0]):.1f}" for i in indexes)
    upper = [f"{x(i):.1f},{y(points[i][0] + points[i][1]):.1f}" for i in indexes]
    lower = [f"{x(i):.1f},{y(points[i][0] - points[i][1]):.1f}" for i in reversed(indexes)]
    tick_step = max(50, 50 * round(span / 4 / 50))
    ticks = []
    value = low
    while value <= high:
        ticks.append({"y": f"{y(value):.1f}", "label": int(value)})
        value += tick_step
    threshold = settings.PROVISIONAL_GAMES
    return {"width": WIDTH, "height": HEIGHT, "line": line, "band": " ".join(upper + lower),
            "ticks": ticks, "games": n, "threshold_x": f"{x(threshold):.1f}" if n >= threshold else None,
            "left": LEFT, "right": WIDTH - RIGHT, "top": TOP, "bottom": HEIGHT - BOTTOM,
            "min": low, "max": high, "last": round(points[-1][0])}


def family_sections(user) -> list[dict]:
    """Per preset family (P-LB-5): ``family``, ``label``, ``row`` (the ``rating_rows`` entry:
    rating, mu, sigma, rated games, provisional), ``stats`` (placement counts and shares,
    average result record in points, average final score, win and deal-in rates, or None
    before any rated game), ``chart`` (``rating_chart``) and ``recent`` (the latest
    ``RECENT_GAMES`` ``RatingChange`` rows, newest first, with their game). Two queries per
    family with rated games."""
    sections = []
    for row in rating_rows(user):
        record = row["record"]
        stats = chart = None
        recent = []
        if record is not None and record.games:
            games = record.games
            stats = {
                "placements": [{"place": i + 1, "count": c, "share": 100.0 * c / games}
                               for i, c in enumerate((record.first, record.second, record.third,
                                                      record.fourth))],
                "average_result": (record.result_sum / record.result_games) if record.result_games else None,
                "average_score": record.score_sum / games,
                "hands": record.hands,
                "win_rate": 100.0 * record.wins / record.hands if record.hands else None,
                "deal_in_rate": 100.0 * record.deal_ins / record.hands if record.hands else None,
                "tenhou_r": record.tenhou_r,
            }
            history = list(RatingChange.objects.filter(user=user, family=row["family"])
                           .order_by("created_at", "id").values_list("mu_after", "sigma_after"))
            first = (RatingChange.objects.filter(user=user, family=row["family"])
                     .order_by("created_at", "id").values_list("mu_before", "sigma_before").first())
            chart = rating_chart(history, start=first)
            recent = list(RatingChange.objects.filter(user=user, family=row["family"])
                          .select_related("game").order_by("-created_at", "-id")[:RECENT_GAMES])
        sections.append({"family": row["family"], "label": row["label"], "row": row, "stats": stats,
                         "chart": chart, "recent": recent})
    return sections


def profile_context(user) -> dict:
    """Template context of a profile's rating part: ``rating_sections`` and ``flagged``
    (the fair-play marker, P-FAIR-3)."""
    return {"rating_sections": family_sections(user), "flagged": is_flagged(user)}
