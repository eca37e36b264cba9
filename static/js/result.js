// Hand result and game-over panels (P-FLOW-1, P-FLOW-3, P-RESULT-2, P-RESULT-5).
// Reads view.hand_result / view.game_result as the engine gives them (docs/engine-api.md "Views").
import { h, score as formatScore, signed } from "./dom.js";
import { tileEl, sortTiles } from "./tiles.js";
import { nextHandEl } from "./clock.js";
import { twWinEl, twDrawEl, twGameOverEl } from "./result_tw.js";
import { nameOf, nameWithBadge } from "./names.js";

function yakuName(ctx, name) {
  const key = `yaku_${name}`;
  return ctx.t.has(key) ? ctx.t(key) : name;
}

/** Revealed hand: concealed tiles in canonical order, the winning tile apart, then melds. */
function revealedHand(ctx, tiles, winTile, melds) {
  const { base, t } = ctx;
  const rest = sortTiles((tiles || []).filter((x) => x !== winTile));
  return h("div", { class: "revealed" },
    h("span", { class: "revealed-tiles" }, rest.map((id) => tileEl(id, { base, t }))),
    winTile !== undefined && winTile !== null ? h("span", { class: "win-tile" }, tileEl(winTile, { base, t })) : null,
    (melds || []).length ? h("span", { class: "revealed-melds" }, melds.map((m) =>
      h("span", { class: "meld" }, sortTiles(m.tiles).map((id) => tileEl(id, { base, t, cls: m.type === "ankan" ? "" : "open" }))))) : null);
}

/** Fu breakdowns the player opened, kept open when the panel is drawn again (a state message,
 * a clock tick): keys "hand_number/honba/seat". */
const openFu = new Set();

function fuKey(ctx, win) {
  const hr = ctx.view.hand_result || {};
  return `${hr.hand_number}/${hr.honba}/${win.seat}`;
}

/** Representative tile id of a kind for a fu item (never a red five). */
function kindTile(kind) {
  return kind * 4 + 1;
}

/** One fu item (rules_engine.riichi.explain): [label children, fu]. */
function fuItemLabel(ctx, item) {
  const { t, base } = ctx;
  const tiles = (n) => Array.from({ length: n }, () => tileEl(kindTile(item.kind), { base, t, cls: "mini" }));
  switch (item.item) {
    case "set": return [t(`fu_${item.set}`), " ", tiles(item.set.endsWith("kan") ? 4 : 3)];
    case "pair": return [t("fu_pair"), " ", tiles(2)];
    case "wait": return [t(`fu_wait_${item.wait}`)];
    default: return [t(`fu_${item.item}`)];
  }
}

/** The "Fu breakdown" toggle of a win (R-FU): each item with its fu, the rounding, then how the
 * base points follow from fu and han (R-SCORE-3/-4). A <details> element: Enter or Space opens it. */
function fuBreakdownEl(ctx, win) {
  const { t, locale } = ctx;
  const items = win.fu_items;
  if (!Array.isArray(items) || !items.length || win.yakuman) return null;
  const key = fuKey(ctx, win);
  const rows = items.map((item) => h("tr", { dataset: { fuItem: item.item } },
    h("th", { scope: "row" }, fuItemLabel(ctx, item)),
    h("td", { class: "num" }, `+${item.fu}`)));
  if ((win.yaku || []).some(([name]) => name === "pinfu") && win.tsumo) {
    rows.push(h("tr", {}, h("th", { scope: "row", colspan: "2", class: "note" }, t("fu_pinfu_tsumo"))));
  }
  rows.push(h("tr", { class: "fu-total" }, h("th", { scope: "row" }, t("fu_total")),
    h("td", { class: "num" }, `${win.fu} ${t("fu")}`)));
  const basis = win.limit ? t("base_limit", { limit: t(`limit_${win.limit}`), points: Number(win.base_points).toLocaleString(locale) })
    : t("base_formula", { fu: win.fu, han: win.han, points: Number(win.base_points).toLocaleString(locale) });
  const el = h("details", { class: "fu-breakdown", dataset: { role: "fu-breakdown" }, open: openFu.has(key) },
    h("summary", {}, t("fu_breakdown")),
    h("div", { class: "fu-scroll" },
      h("table", { class: "fu-items" }, h("tbody", {}, rows)),
      h("p", { class: "basis", dataset: { role: "basis" } }, basis)));
  el.addEventListener("toggle", () => { if (el.open) openFu.add(key); else openFu.delete(key); });
  return el;
}

/** Dora and ura-dora indicators of a win, as tiles (R-DORA-1, R-DORA-6: ura only after a riichi win). */
function indicatorsEl(ctx, win) {
  const { t, base } = ctx;
  const dora = (ctx.view.hand_result || {}).dora_indicators || [];
  const ura = win.ura_indicators || [];
  if (!dora.length && !ura.length) return null;
  return h("p", { class: "indicators" },
    dora.length ? h("span", { class: "dora", dataset: { role: "dora-indicators" } }, t("dora"), " ",
      dora.map((id) => tileEl(id, { base, t, cls: "mini" }))) : null,
    ura.length ? h("span", { class: "ura", dataset: { role: "ura-indicators" } }, t("ura_indicators"), " ",
      ura.map((id) => tileEl(id, { base, t, cls: "mini" }))) : null);
}

/** A win's own payment line: hand value, honba bonus and riichi sticks the winner receives
 * (R-PAY-5, R-PAY-6; with two winners only the nearest gets honba and sticks, R-MULTI-2). */
function winPartsEl(ctx, win) {
  const { t, locale } = ctx;
  const part = Array.isArray(win.parts) ? win.parts[win.seat] : null;
  if (!part || (!part.honba && !part.sticks)) return null;
  const bits = [t("part_hand", { points: Number(part.value).toLocaleString(locale) })];
  if (part.honba) bits.push(t("part_honba", { points: signed(part.honba, locale) }));
  if (part.sticks) bits.push(t("part_sticks", { points: signed(part.sticks, locale) }));
  return h("p", { class: "win-parts", dataset: { role: "win-parts" } }, bits.join(" · "));
}

/** Per-seat parts of a hand (rules_engine.riichi.explain "payment_parts"), or parts built from the
 * deltas alone for a record without them (older views). */
function partsOf(hr) {
  if (Array.isArray(hr.payment_parts) && hr.payment_parts.length === 4) return hr.payment_parts;
  return (hr.deltas || [0, 0, 0, 0]).map((d) => ({ value: d, honba: 0, sticks: 0, draw: 0, nagashi: 0,
    riichi: 0, returned: 0, total: d }));
}

function scoreChanges(ctx, hr) {
  if (!Array.isArray(hr.deltas)) return null;
  const { t, locale } = ctx;
  const scores = ctx.view.scores || [];
  const parts = partsOf(hr);
  const draw = hr.kind !== "win";
  const hasHonba = parts.some((p) => p.honba);
  const hasSticks = parts.some((p) => p.sticks || p.riichi || p.returned);
  const detailed = hasHonba || hasSticks;
  const num = (n) => signed(n, locale);
  const stickCell = (p) => {
    const what = [];
    if (p.sticks) what.push(t("sticks_taken_cell", { points: num(p.sticks) }));
    if (p.riichi) what.push(t("stick_own_cell", { points: num(p.riichi) }));
    if (p.returned) what.push(t("stick_returned_cell", { points: num(p.returned) }));
    // Each movement apart (a winner taking back their own stick shows "+1,000 −1,000", not 0).
    const shown = [p.sticks, p.riichi, p.returned].filter((x) => x).map(num).join(" ");
    return h("td", { class: "num", dataset: { role: "sticks" }, title: what.join("; ") || null,
      "aria-label": what.join("; ") || null }, shown);
  };
  return h("table", { class: "changes" },
    h("caption", {}, t("payments")),
    detailed ? h("thead", {}, h("tr", {}, h("th", {}, h("span", { class: "visually-hidden" }, t("player"))),
      h("th", { class: "num" }, !draw ? t("col_hand") : (hr.nagashi || []).some((x) => x) ? t("nagashi")
        : hr.kind === "exhaustive_draw" ? t("col_draw") : t("col_payments")),
      hasHonba ? h("th", { class: "num" }, t("honba")) : null,
      hasSticks ? h("th", { class: "num" }, t("deposits")) : null,
      h("th", { class: "num" }, t("col_total")), h("th", { class: "num" }, t("points")))) : null,
    h("tbody", {}, parts.map((p, seat) => h("tr", { class: p.total > 0 ? "gain" : p.total < 0 ? "loss" : "" },
      h("th", { scope: "row" }, nameWithBadge(ctx, seat)),
      detailed ? h("td", { class: "num", dataset: { role: "hand-part" } }, num(p.value + (p.draw || 0) + (p.nagashi || 0))) : null,
      detailed && hasHonba ? h("td", { class: "num", dataset: { role: "honba" } }, p.honba ? num(p.honba) : "") : null,
      detailed && hasSticks ? stickCell(p) : null,
      h("td", { class: "num", dataset: { role: "change" } }, num(p.total)),
      h("td", { class: "num" }, formatScore(scores[seat], locale))))));
}

/** Lines under the payments: honba, where the riichi sticks went, sticks returned (single hand,
 * R-DRAW-5) or left on the table for the next hand (R-DRAW-5) or for first place (R-END-6). */
function sticksNotes(ctx, hr, over) {
  const { t, locale } = ctx;
  const parts = partsOf(hr);
  const st = hr.sticks;
  const pts = (n) => Number(n).toLocaleString(locale);
  const out = [];
  if (hr.kind === "win" && hr.honba && Array.isArray(hr.payment_parts)) {
    const to = parts.findIndex((p) => p.honba > 0);
    out.push(h("li", { dataset: { role: "honba-note" } }, to >= 0
      ? t("honba_note", { n: hr.honba, name: nameOf(ctx, to), points: pts(parts[to].honba) })
      : t("honba_count", { n: hr.honba })));
  }
  if (st) {
    const taker = parts.findIndex((p) => p.sticks > 0);
    if (taker >= 0) {
      out.push(h("li", { dataset: { role: "sticks-taken" } },
        t("sticks_taken", { name: nameOf(ctx, taker), n: st.taken / 1000, points: pts(st.taken) }),
        st.carried > 0 ? ` ${t("sticks_carried", { n: st.carried / 1000 })}` : ""));
    }
    parts.forEach((p, seat) => {
      if (p.riichi) out.push(h("li", { dataset: { role: "stick-placed" } }, t("stick_placed", { name: nameOf(ctx, seat), points: signed(p.riichi, locale) })));
    });
    parts.forEach((p, seat) => {
      if (p.returned) {
        out.push(h("li", { dataset: { role: "stick-returned" } },
          t("stick_returned", { name: nameOf(ctx, seat), points: pts(p.returned) })));
      }
    });
    const awarded = ctx.view.game_result && ctx.view.game_result.deposits_awarded;
    if (st.left > 0 && !(over && awarded)) {
      out.push(h("li", { dataset: { role: "sticks-left" } }, t("sticks_left", { n: st.left / 1000, points: pts(st.left) })));
    }
  }
  return out.length ? h("ul", { class: "sticks-notes" }, out) : null;
}

function winEl(ctx, win) {
  // Engine shape: {seat, tsumo, tile, from_seat, chankan, hand: [ids incl. the winning tile], melds,
  //                han, fu, yaku: [[name, han or yakuman count]], yakuman, limit, base_points,
  //                payments: [4] (this win's point changes), pao_seat, ura_indicators}
  const { t, locale } = ctx;
  const seat = win.seat;
  const title = win.tsumo ? t("win_tsumo", { winner: nameOf(ctx, seat) })
    : t("win_ron", { winner: nameOf(ctx, seat), from: nameOf(ctx, win.from_seat) });
  const yakuman = win.yakuman || 0;
  const rows = (win.yaku || []).map(([name, n]) => h("tr", {}, h("th", { scope: "row" }, yakuName(ctx, name)),
    h("td", { class: "num" }, yakuman ? `${t("yakuman")}${n > 1 ? " ×" + n : ""}` : `${n} ${t("han")}`)));
  const summary = [];
  if (yakuman) summary.push(yakuman > 1 ? `${t("yakuman")} ×${yakuman}` : t("yakuman"));
  else summary.push(`${win.han} ${t("han")} ${win.fu} ${t("fu")}`);
  if (win.limit && !yakuman) summary.push(t(`limit_${win.limit}`));
  if (Array.isArray(win.payments)) summary.push(`${signed(win.payments[seat], locale)} ${t("points").toLowerCase()}`);
  return h("article", { class: "win", dataset: { seat } },
    h("h3", {}, title),
    revealedHand(ctx, win.hand, win.tile, win.melds),
    h("table", { class: "yaku" }, h("tbody", {}, rows)),
    h("p", { class: "summary", dataset: { role: "summary" } }, summary.join(" · ")),
    winPartsEl(ctx, win),
    indicatorsEl(ctx, win),
    fuBreakdownEl(ctx, win),
    win.pao_seat !== null && win.pao_seat !== undefined
      ? h("p", { class: "pao", dataset: { role: "pao" } }, t("pao", { name: nameOf(ctx, win.pao_seat) })) : null);
}

function meldsOf(ctx, seat) {
  const p = (ctx.view.players || []).find((x) => x.seat === seat);
  return p ? p.melds || [] : [];
}

function drawEl(ctx, hr) {
  const { t } = ctx;
  // Engine shape: kind "exhaustive_draw" {tenpai: [bool×4], nagashi: [bool×4], revealed: {"seat": ids}}
  // or "abortive_draw" {abort: "kyuushu_kyuuhai"|"suufon_renda"|"sanchahou"|"suucha_riichi"|"suukaikan", revealed}.
  const exhaustive = hr.kind === "exhaustive_draw";
  const key = exhaustive ? "draw_exhaustive" : `draw_${hr.abort}`;
  const tenpai = hr.tenpai || [];
  const nagashi = hr.nagashi || [];
  const revealed = hr.revealed || {};
  const seats = [0, 1, 2, 3];
  return h("article", { class: "draw", dataset: { kind: hr.kind } },
    h("h3", {}, t.has(key) ? t(key) : `${t("draw")}: ${hr.abort || hr.kind}`),
    h("ul", { class: "tenpai-list" }, seats.filter((seat) => exhaustive || revealed[String(seat)]).map((seat) => {
      const tiles = revealed[String(seat)];
      return h("li", {}, h("strong", {}, nameOf(ctx, seat)), " ",
        exhaustive ? (tenpai[seat] ? t("tenpai") : t("noten")) : "",
        nagashi[seat] ? ` · ${t("nagashi")}` : "",
        Array.isArray(tiles) ? revealedHand(ctx, tiles, null, meldsOf(ctx, seat)) : null);
    })));
}

/** Whether the table is a practice game (its hands may be reviewed while it runs, P-REPLAY-3). */
function isPractice(ctx) {
  return !ctx.game || ctx.game.kind === "practice";
}

/** The game-over table and its links: returns [article, links paragraph]. */
function gameOverEl(ctx) {
  const { t, locale, view } = ctx;
  // Engine shape: {final_scores: [4], placements: [place 1..4 by seat], order: [seats first..fourth],
  //                results: [4] | null (no result record for a single hand, P-RESULT-5), deposits_awarded}
  const gr = view.game_result || {};
  const finals = gr.final_scores || view.scores || [];
  const order = Array.isArray(gr.order) && gr.order.length === 4 ? gr.order
    : [0, 1, 2, 3].sort((a, b) => (finals[b] - finals[a]) || (a - b));
  const record = Array.isArray(gr.results) ? gr.results : null;
  const award = gr.deposits_awarded;   // P-END-6: riichi sticks left at the end go to first place
  const awardEl = award ? h("p", { dataset: { role: "deposits-awarded" } },
    t("deposits_awarded", { name: nameOf(ctx, award.seat), points: Number(award.points).toLocaleString(locale) })) : null;
  const links = h("p", { class: "links" },
    ctx.reviewUrl ? h("a", { class: "button", href: reviewHref(ctx), dataset: { role: "review" } }, t("review")) : null,
    // "Play again" is another practice game: offered after practice only (other tables go back to the lobby).
    ctx.practiceUrl && isPractice(ctx) ? h("a", { class: "button", href: ctx.practiceUrl }, t("play_again")) : null,
    ctx.lobbyUrl ? h("a", { class: "button", href: ctx.lobbyUrl }, t("back_lobby")) : null,
    // P-FAIR-2: a ranked game's players may report from the game-over screen too.
    ctx.reportUrl ? h("a", { class: "button", href: ctx.reportUrl, dataset: { role: "report-link" } }, t("report")) : null);
  // A single-hand game shows the hand result and point changes only (P-RESULT-5): no placement table.
  if (!record && view.hand_result) {
    return [h("article", { class: "game-over" }, h("h2", {}, t("game_over"))), links];
  }
  return [h("article", { class: "game-over" },
    h("h2", {}, t("game_over")),
    h("table", { class: "placements", dataset: { role: "placements" } },
      h("thead", {}, h("tr", {}, h("th", {}, t("place")), h("th", {}, t("player")),
        h("th", { class: "num" }, t("final_points")), record ? h("th", { class: "num" }, t("result_record")) : null)),
      h("tbody", {}, order.map((seat, i) => h("tr", { dataset: { seat } },
        h("td", {}, String((gr.placements || [])[seat] || i + 1)), h("td", {}, nameWithBadge(ctx, seat)),
        h("td", { class: "num" }, formatScore(finals[seat], locale)),
        record ? h("td", { class: "num", dataset: { role: "record" } }, formatRecord(record[seat])) : null)))),
    awardEl), links];
}

/** The replay viewer (ctx.reviewUrl) at the hand that has just ended (J4 step 5, P-REPLAY-3). */
function reviewHref(ctx) {
  return `${ctx.reviewUrl}${ctx.reviewUrl.includes("?") ? "&" : "?"}hand=last`;
}

/** Result record in thousands with one decimal, signed (P-RESULT-2): 52300 -> "+52.3". */
export function formatRecord(points) {
  if (points === null || points === undefined) return "";
  const v = Math.abs(points) / 1000;
  const s = v.toFixed(1);
  return points > 0 ? `+${s}` : points < 0 ? `\u2212${s}` : s;
}

/** The result panel shown at hand_over and game_over: a title bar, the details (scrolling
 * inside the panel when they are long) and a footer that always stays in the window with the
 * countdown, Continue and the links (issue 11: nothing that asks for an answer is off screen).
 * cb.cont() sends {"type": "continue"}. */
export function renderResult(ctx, cb) {
  const { view, t } = ctx;
  const hr = view.hand_result;
  const body = [];
  const foot = [];
  const tw = view.family === "taiwanese";   // Taiwanese panels: result_tw.js
  if (hr) {
    const wins = hr.kind === "win" ? hr.wins || [] : [];
    if (wins.length) wins.forEach((w) => body.push(tw ? twWinEl(ctx, w) : winEl(ctx, w)));
    else body.push(tw ? twDrawEl(ctx) : drawEl(ctx, hr));
  }
  const over = view.phase === "game_over" || (ctx.game && ctx.game.status === "finished");
  if (hr) {
    body.push(scoreChanges(ctx, hr));
    body.push(sticksNotes(ctx, hr, over));
  }
  if (hr && !over && hr.dealer_repeat !== undefined) {
    body.push(h("p", { class: "next-hand", dataset: { role: "next-hand" } },
      hr.dealer_repeat ? t("dealer_repeats") : t("deal_passes")));
  }
  if (over) {
    const [article, links] = gameOverEl(ctx);
    body.unshift(tw ? twGameOverEl(ctx) : article);   // the placements first; the last hand's details below
    foot.push(links);
  } else if (view.phase === "hand_over") foot.push(nextHandEl(ctx));   // timed tables only (P-FLOW-1)
  if (hr && !over && ctx.reviewUrl && ctx.mySeat !== null && isPractice(ctx)) {
    // The game goes on: the ended hand opens in its own tab, the table stays here (P-REPLAY-3).
    // Only practice hands are reviewable while the game runs; games with people (and so their
    // spectators) review nothing until the game is over.
    foot.push(h("p", { class: "links" }, h("a", { class: "button", href: reviewHref(ctx), target: "_blank",
      rel: "noopener", dataset: { role: "review" } }, t("review"))));
  }
  if (!over && view.phase === "hand_over" && ctx.mySeat !== null && !ctx.offline) {   // not while closed (P-CONN-4)
    foot.push(ctx.continued ? h("p", { class: "hint" }, t("continued"))
      : h("button", { type: "button", class: "primary act-continue", dataset: { action: "continue" },
        onclick: () => cb.cont() }, t("continue")));
  }
  const title = hr ? t("result_title") : t("game_over");
  return h("section", { class: "result-panel", role: "dialog", "aria-labelledby": "result-title",
    dataset: { role: "result" } },
    h("div", { class: "result-head" }, h("h2", { id: "result-title" }, title),
      h("button", { type: "button", class: "hide-result", dataset: { action: "hide-result" },
        onclick: () => cb.hideResult(true) }, t("hide_result"))),
    h("div", { class: "result-body" }, body),
    foot.some((x) => x) ? h("div", { class: "result-foot" }, foot) : null);
}
