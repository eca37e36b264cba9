// Hand result and game-over panels (P-FLOW-1, P-FLOW-3, P-RESULT-2, P-RESULT-5).
// Reads view.hand_result / view.game_result as the engine gives them (docs/engine-api.md "Views").
import { h, signed } from "./dom.js";
import { tileEl, sortTiles } from "./tiles.js";
import { nextHandEl } from "./clock.js";
import { twWinEl, twDrawEl, twGameOverEl } from "./result_tw.js";

function nameOf(ctx, seat) {
  const p = (ctx.game && ctx.game.players || []).find((x) => x.seat === seat);
  const name = p ? p.name : `${ctx.t("player")} ${seat + 1}`;
  return seat === ctx.mySeat ? `${name} (${ctx.t("you")})` : name;
}

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

function scoreChanges(ctx, changes) {
  if (!Array.isArray(changes)) return null;
  const { t, locale } = ctx;
  const scores = ctx.view.scores || [];
  return h("table", { class: "changes" },
    h("caption", {}, t("payments")),
    h("tbody", {}, changes.map((d, seat) => h("tr", { class: d > 0 ? "gain" : d < 0 ? "loss" : "" },
      h("th", { scope: "row" }, nameOf(ctx, seat)),
      h("td", { class: "num", dataset: { role: "change" } }, signed(d, locale)),
      h("td", { class: "num" }, scores[seat] === undefined ? "" : scores[seat].toLocaleString(locale))))));
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
  const ura = win.ura_indicators || [];
  return h("article", { class: "win", dataset: { seat } },
    h("h3", {}, title),
    revealedHand(ctx, win.hand, win.tile, win.melds),
    h("table", { class: "yaku" }, h("tbody", {}, rows)),
    h("p", { class: "summary", dataset: { role: "summary" } }, summary.join(" · ")),
    ura.length ? h("p", { class: "ura" }, t("ura_indicators"), " ",
      ura.map((id) => tileEl(id, { base: ctx.base, t, cls: "mini" }))) : null,
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
        h("td", {}, String((gr.placements || [])[seat] || i + 1)), h("td", {}, nameOf(ctx, seat)),
        h("td", { class: "num" }, finals[seat] === undefined ? "" : Number(finals[seat]).toLocaleString(locale)),
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
    body.push(scoreChanges(ctx, hr.deltas));
  }
  const over = view.phase === "game_over" || (ctx.game && ctx.game.status === "finished");
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
  if (!over && view.phase === "hand_over" && ctx.mySeat !== null) {
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
