"""Our Riichi log as a tenhou.net/6 JSON game (issue 13 item 1): the format tenhou.net's log viewer and
the common AI review tools (Mortal's reviewers, jansou, …) read.

``game_to_tenhou6(log, names=None, title=None) -> dict``: raises ``ExportError`` (a ``ValueError``) for a
log of another family, an unknown preset or a log that does not replay. Only hands the log completes are
exported (a hand still being played has no result yet).

Shape::

    {"title": [str, str], "name": [4 names], "rule": {"disp", "aka", "aka51", "aka52", "aka53"},
     "log": [one array per hand], "sc": [final score / 100, result / 1000] × 4 (only for a finished game)}

One hand: ``[[kyoku, honba, deposit sticks], [4 start scores], [dora indicators], [ura indicators],
haipai0, draws0, discards0, … haipai3, draws3, discards3, result]`` where ``kyoku`` = 0..3 for East 1..4
(4.. South) and seat 0 is the initial East (R-DEAL-1; our ``hand_number``, the dealer is ``kyoku % 4``).

Tile codes: 11–19 man, 21–29 pin, 31–39 sou, 41–47 East South West North White Green Red, 51/52/53 the
red 5m/5p/5s (R-TILE-2). In the discard lists 60 is a tsumogiri (the drawn tile), ``"r" + code`` declares
riichi with that discard (``"r60"`` a tsumogiri riichi), 0 is the empty discard slot after a daiminkan.
Calls are strings of two-digit codes with a letter placed by where the tile came from: chi ``"c"`` +
called + own two (from the left); pon ``"p"`` before the called tile at position 0 (left player), 1
(opposite) or 2 (right player); daiminkan ``"m"`` at 0, 1 or 3; these stand in the caller's DRAW list.
Ankan ``"a"`` before the fourth tile and kakan ``"k"`` + the added tile at the pon's called position
stand in the DISCARD list (the kan is the turn's action).

Result: ``["和了", deltas, [winner, from (= winner on tsumo), pao seat (= winner when none),
"30符2飜2000点" | "満貫8000点" | "30符1飜300-500点" | "40符2飜1300点∀" …, "立直(1飜)", …], …]`` (one
deltas/detail pair per winner, nearest first, R-MULTI-2; deltas of that win with honba and deposits; the
point string is the hand's value before honba and deposits), or ``[draw name, deltas]`` with draw names
``流局`` (exhaustive draw; noten payments), ``流し満貫`` (R-NAGASHI), ``九種九牌``, ``四風連打``,
``四家立直``, ``四槓散了``, ``三家和了`` (R-ABORT). Deltas never include riichi deposits paid (tenhou's
convention: the deposits show in the next hand's start scores). A single-deal draw returns deposits
(R-DRAW-5); the format has no place for that, it is left out (the game ends with that hand).
"""
from __future__ import annotations

from rules_engine.formats.common import ExportError, check_log, default_names

__all__ = ["ExportError", "game_to_tenhou6", "tile_code", "YAKU_JA", "YAKUMAN_JA", "DRAW_NAMES"]

RED_CODES = {4: 51, 13: 52, 22: 53}
"""Kind of 5m/5p/5s -> tenhou code of its red five."""

YAKU_JA = {
    "riichi": "立直", "daburu_riichi": "両立直", "ippatsu": "一発", "menzen_tsumo": "門前清自摸和",
    "pinfu": "平和", "iipeikou": "一盃口", "tanyao": "断幺九", "yakuhai_haku": "役牌 白",
    "yakuhai_hatsu": "役牌 發", "yakuhai_chun": "役牌 中", "haitei_raoyue": "海底摸月",
    "houtei_raoyui": "河底撈魚", "rinshan_kaihou": "嶺上開花", "chankan": "槍槓",
    "sanshoku_doujun": "三色同順", "ittsu": "一気通貫", "chanta": "混全帯幺九", "chiitoitsu": "七対子",
    "toitoi": "対々和", "sanankou": "三暗刻", "sanshoku_doukou": "三色同刻", "sankantsu": "三槓子",
    "shousangen": "小三元", "honroutou": "混老頭", "honitsu": "混一色", "junchan": "純全帯幺九",
    "ryanpeikou": "二盃口", "chinitsu": "清一色", "dora": "ドラ", "aka_dora": "赤ドラ", "ura_dora": "裏ドラ",
}
"""Tenhou's names of our non-yakuman yaku (R-YAKU); seat/round wind get the wind: ``自風 東``, ``場風 東``."""

YAKUMAN_JA = {
    "kokushi_musou": ("国士無双", "国士無双１３面"), "suuankou": ("四暗刻", "四暗刻単騎"),
    "daisangen": ("大三元", "大三元"), "shousuushii": ("小四喜", "小四喜"), "daisuushii": ("大四喜", "大四喜"),
    "tsuuiisou": ("字一色", "字一色"), "chinroutou": ("清老頭", "清老頭"), "ryuuiisou": ("緑一色", "緑一色"),
    "chuuren_poutou": ("九蓮宝燈", "純正九蓮宝燈"), "suukantsu": ("四槓子", "四槓子"),
    "tenhou": ("天和", "天和"), "chiihou": ("地和", "地和"),
}
"""Tenhou's names of our yakuman (R-YAKUMAN): (single form, double form)."""

DRAW_NAMES = {"exhaustive_draw": "流局", "nagashi": "流し満貫", "kyuushu_kyuuhai": "九種九牌",
              "suufon_renda": "四風連打", "suucha_riichi": "四家立直", "suukaikan": "四槓散了",
              "sanchahou": "三家和了"}
"""Result names of the hands without a win (R-DRAW, R-NAGASHI, R-ABORT)."""

LIMIT_JA = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満", "yakuman": "役満"}
_WINDS_JA = "東南西北"


def tile_code(tile: int, red_fives: frozenset[int] = frozenset({16, 52, 88})) -> int:
    """Tenhou code of our physical tile ``tile`` (0..135); ``ValueError`` out of range."""
    if not isinstance(tile, int) or not 0 <= tile < 136:
        raise ValueError(f"tile id must be 0..135, got {tile!r}")
    kind = tile >> 2
    if tile in red_fives and kind in RED_CODES:
        return RED_CODES[kind]
    if kind >= 27:
        return 41 + kind - 27
    return 10 * (kind // 9 + 1) + kind % 9 + 1


def _up100(x: float) -> int:
    return -(-int(x) // 100) * 100


def point_string(win: dict, dealer: bool) -> str:
    """Tenhou's value string of one win record (R-SCORE, R-PAY: before honba and deposits)."""
    b = win["base_points"]
    if win["tsumo"]:
        pts = f"{_up100(2 * b)}点∀" if dealer else f"{_up100(b)}-{_up100(2 * b)}点"
    else:
        pts = f"{_up100(6 * b if dealer else 4 * b)}点"
    limit = win.get("limit")
    if limit:
        return LIMIT_JA.get(limit, "役満") + pts
    return f"{win['fu']}符{win['han']}飜{pts}"


def yaku_strings(win: dict, seat_wind: int, round_wind: int) -> list[str]:
    """``["立直(1飜)", …]`` or ``["大三元(役満)", …]`` of one win record (our display order)."""
    out = []
    for name, value in win["yaku"]:
        if name in YAKUMAN_JA:
            single, double = YAKUMAN_JA[name]
            out.append(f"{double}(ダブル役満)" if value >= 2 else f"{single}(役満)")
            continue
        if name == "yakuhai_seat_wind":
            ja = f"自風 {_WINDS_JA[seat_wind]}"
        elif name == "yakuhai_round_wind":
            ja = f"場風 {_WINDS_JA[round_wind]}"
        else:
            ja = YAKU_JA.get(name, name)
        out.append(f"{ja}({value}飜)")
    return out


class _Hand:
    """One hand being written (the per-seat lists of tenhou's array)."""

    def __init__(self, start: dict, red: frozenset[int]) -> None:
        self.start = start
        self.red = red
        self.haipai: list[list[int]] = [[], [], [], []]
        self.draws: list[list] = [[], [], [], []]
        self.discards: list[list] = [[], [], [], []]
        self.pons: dict[tuple[int, int], tuple[list[int], int]] = {}  # (seat, kind) -> (codes, letter index)
        self.result: list | None = None
        self.ura: list[int] = []
        self.dora: list[int] = [start["dora_indicator"]]

    def c(self, tile: int) -> int:
        return tile_code(tile, self.red)

    @staticmethod
    def _string(codes: list[int], letter: str, index: int) -> str:
        return "".join((letter if i == index else "") + f"{c:02d}" for i, c in enumerate(codes))

    def call(self, seat: int, meld: dict) -> None:
        kind, called, src = meld["type"], meld["called_tile"], meld["from_seat"]
        own = sorted(x for x in meld["tiles"] if x != called)
        rel = (seat - src) % 4  # 1 = the left player (kamicha), 2 = opposite, 3 = right
        if kind == "chi":
            self.draws[seat].append(self._string([self.c(called)] + [self.c(x) for x in own], "c", 0))
            return
        index = {1: 0, 2: 1, 3: 2 if kind == "pon" else 3}[rel]
        codes = [self.c(x) for x in own]
        codes.insert(index, self.c(called))
        letter = "p" if kind == "pon" else "m"
        self.draws[seat].append(self._string(codes, letter, index))
        if kind == "pon":
            self.pons[(seat, called >> 2)] = (codes, index)
        else:
            self.discards[seat].append(0)

    def ankan(self, seat: int, tiles: list[int]) -> None:
        four = sorted(tiles, key=lambda x: x in self.red)  # a red five last, next to the letter
        self.discards[seat].append(self._string([self.c(x) for x in four], "a", 3))

    def kakan(self, seat: int, tile: int) -> None:
        try:
            codes, index = self.pons[(seat, tile >> 2)]
        except KeyError:
            raise ExportError(f"shouminkan of seat {seat} without its pon") from None
        codes = list(codes)
        codes.insert(index, self.c(tile))
        self.discards[seat].append(self._string(codes, "k", index))

    def end(self, r: dict) -> None:
        dealer = self.start["dealer"]
        round_wind = self.start["hand_number"] // 4
        self.dora = list(r["dora_indicators"])
        if r["kind"] == "win":
            out: list = ["和了"]
            for w in r["wins"]:
                seat = w["seat"]
                frm = seat if w["tsumo"] else w["from_seat"]
                pao = w["pao_seat"] if w["pao_seat"] is not None else seat
                out.append(list(w["payments"]))
                out.append([seat, frm, pao, point_string(w, seat == dealer),
                            *yaku_strings(w, (seat - dealer) % 4, round_wind)])
                if w["ura_indicators"] and not self.ura:
                    self.ura = list(w["ura_indicators"])
            self.result = out
        elif r["kind"] == "exhaustive_draw":
            name = DRAW_NAMES["nagashi"] if any(r.get("nagashi") or ()) else DRAW_NAMES["exhaustive_draw"]
            self.result = [name, list(r["deltas"])]
        else:
            self.result = [DRAW_NAMES[r["abort"]], list(r["deltas"])]

    def array(self) -> list:
        s = self.start
        out: list = [[s["hand_number"], s["honba"], s["deposits"] // 1000], list(s["scores"]),
                     [self.c(x) for x in self.dora], [self.c(x) for x in self.ura]]
        for seat in range(4):
            out += [[self.c(x) for x in sorted(self.haipai[seat])],  # tile id order: a red five first
                    self.draws[seat], self.discards[seat]]
        out.append(self.result)
        return out


def game_to_tenhou6(log: dict, names: list[str] | None = None, title: str | None = None) -> dict:
    """The tenhou.net/6 JSON object of our log ``log`` (see the module docstring).

    ``names``: four display names, seat 0 first (default ``Seat 1`` … ``Seat 4``); ``title``: the second
    title line (e.g. the game's date and id). Raises ``ExportError`` as ``common.check_log``."""
    preset, game = check_log(log)
    red = preset.red_fives
    hands: list[list] = []
    cur: _Hand | None = None
    game_result: dict | None = None
    for entry in game.log["entries"]:
        for ev in entry["events"]:
            t = ev["type"]
            if t == "hand_start":
                cur = _Hand(ev, red)
                continue
            if t == "game_end":
                game_result = ev["result"]
                continue
            if cur is None:
                raise ExportError(f"event {t!r} outside a hand")
            if t == "deal":
                cur.haipai = [list(h) for h in ev["hands"]]
            elif t == "draw":
                cur.draws[ev["seat"]].append(cur.c(ev["tile"]))
            elif t in ("discard", "riichi"):
                code = 60 if ev["tsumogiri"] else cur.c(ev["tile"])
                cur.discards[ev["seat"]].append(f"r{code}" if t == "riichi" else code)
            elif t == "call":
                cur.call(ev["seat"], ev["meld"])
            elif t == "ankan":
                cur.ankan(ev["seat"], ev["tiles"])
            elif t == "shouminkan":
                cur.kakan(ev["seat"], ev["tile"])
            elif t == "hand_end":
                cur.end(ev["result"])
                hands.append(cur.array())
                cur = None
            # answer, riichi_established, kan_completed, dora (the hand_end lists every indicator), kyuushu
    out: dict = {
        "title": ["Mahjong Planet", title or f"{preset.name} v{preset.version}"],
        "name": default_names(names),
        "rule": {"disp": f"Mahjong Planet {preset.name} v{preset.version}", "aka": 1 if red else 0,
                 "aka51": int(16 in red), "aka52": int(52 in red), "aka53": int(88 in red)},
        "log": hands,
    }
    if game_result is not None:
        results = game_result.get("results") or [0, 0, 0, 0]
        sc: list = []
        for seat in range(4):
            sc += [game_result["final_scores"][seat] / 100, results[seat] / 1000]
        out["sc"] = [int(x) if float(x).is_integer() else x for x in sc]
    return out
