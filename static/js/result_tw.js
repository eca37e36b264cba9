// Taiwanese hand result and match result panels (issue 12 item 7; T-SCORE-9, T-PAY, T-MATCH-6,
// P-TW-5). Kept apart from result.js (the Riichi results): result.js calls these for a view whose
// family is "taiwanese". Reads view.hand_result / view.game_result as rules_engine/taiwanese/
// hand_end.py gives them.
import { h, score as formatScore, signed } from "./dom.js";
import { tileEl, sortTiles } from "./tiles.js";
import { nameOf, nameWithBadge } from "./names.js";

/** The award's name in the page language (templates/games/_tw_i18n.html, keys "tai_T-TAI-xx"),
 * else the engine's English name. */
export function taiName(t, id, english) {
  const key = `tai_${id}`;
  return t.has(key) ? t(key) : english;
}

/** Revealed hand: concealed tiles (winning tile apart), melds, then the exposed flowers. */
function revealedHand(ctx, win) {
  const { base, t } = ctx;
  const winTile = win.tile !== null && win.tile !== undefined && win.tile < 136 ? win.tile : null;
  const rest = sortTiles((win.hand || []).filter((x) => x !== winTile));
  const melds = win.melds || [];
  const flowers = [...(win.flowers || [])].sort((a, b) => a - b);
  return h("div", { class: "revealed" },
    h("span", { class: "revealed-tiles" }, rest.map((id) => tileEl(id, { base, t }))),
    winTile !== null ? h("span", { class: "win-tile" }, tileEl(winTile, { base, t })) : null,
    melds.length ? h("span", { class: "revealed-melds" }, melds.map((m) =>
      h("span", { class: "meld" }, sortTiles(m.tiles).map((id) => tileEl(id, { base, t, cls: m.type === "ankan" ? "" : "open" }))))) : null,
    flowers.length ? h("span", { class: "revealed-flowers", dataset: { role: "win-flowers" } },
      flowers.map((id) => tileEl(id, { base, t, cls: "flower" }))) : null);
}

/** One win: who won from whom, the hand, the tai breakdown (T-TAI names) and the total. */
export function twWinEl(ctx, win) {
  const { t, locale } = ctx;
  const seat = win.seat;
  let title;
  if (win.flower_win === "eight_flowers") title = t("tw_win_eight_flowers", { winner: nameOf(ctx, seat) });
  else if (win.flower_win === "seven_rob") title = t("tw_win_seven_rob", { winner: nameOf(ctx, seat), from: nameOf(ctx, win.from_seat) });
  else if (win.tsumo) title = t("tw_win_self_draw", { winner: nameOf(ctx, seat) });
  else if (win.chankan) title = t("tw_win_rob", { winner: nameOf(ctx, seat), from: nameOf(ctx, win.from_seat) });
  else title = t("tw_win_discard", { winner: nameOf(ctx, seat), from: nameOf(ctx, win.from_seat) });
  const names = Array.isArray(win.award_names) && win.award_names.length ? win.award_names
    : Object.entries(win.awards || {}).map(([id, n]) => [id, id, n]);
  const rows = names.map(([id, english, n]) => h("tr", { dataset: { award: id } },
    h("th", { scope: "row" }, taiName(t, id, english)),
    h("td", { class: "num" }, t("tw_tai_n", { n }))));
  const summary = [t("tw_tai_total", { n: win.tai })];
  if (Array.isArray(win.payments)) summary.push(`${signed(win.payments[seat], locale)} ${t("points").toLowerCase()}`);
  return h("article", { class: "win", dataset: { seat, family: "taiwanese" } },
    h("h3", {}, title),
    revealedHand(ctx, win),
    win.original_call ? h("p", { class: "hint", dataset: { role: "win-original-call" } }, t("tw_original_call_badge")) : null,
    h("table", { class: "yaku tai", dataset: { role: "tai" } }, h("tbody", {}, rows)),
    h("p", { class: "summary", dataset: { role: "summary" } }, summary.join(" · ")));
}

/** An exhaustive draw (T-END-2): nobody pays; the dealer keeps the deal (T-MATCH-3). */
export function twDrawEl(ctx) {
  return h("article", { class: "draw", dataset: { kind: "exhaustive_draw" } }, h("h3", {}, ctx.t("draw_exhaustive")));
}

/** The match result (T-MATCH-6, P-TW-5): final score and net change per player, placed by final
 * score (ties: initial seat order, as the engine's placements). Returns the article, or null for
 * a single-hand game (P-RESULT-5: the hand result only). */
export function twGameOverEl(ctx) {
  const { t, locale, view, game } = ctx;
  if (game && game.format === "single") return h("article", { class: "game-over" }, h("h2", {}, t("game_over")));
  const gr = view.game_result || {};
  const finals = gr.final_scores || view.scores || [];
  const net = gr.net || finals.map((s) => s - 2000);
  const order = Array.isArray(gr.order) && gr.order.length === 4 ? gr.order
    : [0, 1, 2, 3].sort((a, b) => (finals[b] - finals[a]) || (a - b));
  return h("article", { class: "game-over" },
    h("h2", {}, t("game_over")),
    h("table", { class: "placements", dataset: { role: "placements" } },
      h("thead", {}, h("tr", {}, h("th", {}, t("place")), h("th", {}, t("player")),
        h("th", { class: "num" }, t("final_points")), h("th", { class: "num" }, t("tw_net")))),
      h("tbody", {}, order.map((seat, i) => h("tr", { dataset: { seat } },
        h("td", {}, String((gr.placements || [])[seat] || i + 1)), h("td", {}, nameWithBadge(ctx, seat)),
        h("td", { class: "num" }, formatScore(finals[seat], locale)),
        h("td", { class: "num", dataset: { role: "net" } }, net[seat] === undefined ? "" : signed(net[seat], locale)))))));
}
