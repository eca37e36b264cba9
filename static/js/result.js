// Hand result and game-over panels (P-FLOW-1, P-FLOW-3, P-RESULT-2, P-RESULT-5).
// Reads view.hand_result / view.game_result as the engine gives them (docs/engine-api.md "Views").
import { h, signed } from "./dom.js";
import { tileEl, sortTiles } from "./tiles.js";

/** First defined value among `keys` of `obj` (the engine's field names, with tolerated aliases). */
function pick(obj, ...keys) {
  if (!obj) return undefined;
  for (const k of keys) if (obj[k] !== undefined && obj[k] !== null) return obj[k];
  return undefined;
}

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
  const { t, locale } = ctx;
  const seat = pick(win, "seat", "winner");
  const from = pick(win, "from_seat", "discarder", "loser");
  const tsumo = pick(win, "tsumo") ?? (from === undefined || from === seat);
  const title = tsumo ? t("win_tsumo", { winner: nameOf(ctx, seat) })
    : t("win_ron", { winner: nameOf(ctx, seat), from: nameOf(ctx, from) });
  const yaku = pick(win, "yaku") || [];
  const yakuman = pick(win, "yakuman") || 0;
  const han = pick(win, "han");
  const fu = pick(win, "fu");
  const limit = pick(win, "limit");
  const points = pick(win, "points", "total", "value");
  const rows = yaku.map((y) => {
    const [name, n] = Array.isArray(y) ? y : [y.name, pick(y, "han", "value")];
    return h("tr", {}, h("th", { scope: "row" }, yakuName(ctx, name)),
      h("td", { class: "num" }, yakuman ? `${t("yakuman")}${n > 1 ? " ×" + n : ""}` : `${n} ${t("han")}`));
  });
  const summary = [];
  if (yakuman) summary.push(yakuman > 1 ? `${t("yakuman")} ×${yakuman}` : t("yakuman"));
  else if (han !== undefined) summary.push(`${han} ${t("han")}${fu ? ` ${fu} ${t("fu")}` : ""}`);
  if (limit && !yakuman) summary.push(t(`limit_${limit}`));
  if (points !== undefined) summary.push(`${Number(points).toLocaleString(locale)} ${t("points").toLowerCase()}`);
  const ura = pick(win, "ura_indicators", "ura_dora_indicators");
  return h("article", { class: "win", dataset: { seat } },
    h("h3", {}, title),
    revealedHand(ctx, pick(win, "hand", "concealed", "tiles"), pick(win, "win_tile", "tile"), pick(win, "melds")),
    h("table", { class: "yaku" }, h("tbody", {}, rows)),
    h("p", { class: "summary", dataset: { role: "summary" } }, summary.join(" · ")),
    Array.isArray(ura) && ura.length ? h("p", { class: "ura" }, t("ura_indicators"), " ",
      ura.map((id) => tileEl(id, { base: ctx.base, t, cls: "mini" }))) : null);
}

function drawEl(ctx, hr) {
  const { t } = ctx;
  const kind = pick(hr, "draw", "draw_kind", "kind", "reason") || "exhaustive";
  const key = `draw_${kind}`;
  const tenpai = pick(hr, "tenpai", "tenpai_seats") || [];
  const hands = pick(hr, "hands", "revealed", "tenpai_hands") || {};
  const seats = [0, 1, 2, 3];
  return h("article", { class: "draw" },
    h("h3", {}, t.has(key) ? t(key) : `${t("draw")}: ${kind}`),
    h("ul", { class: "tenpai-list" }, seats.filter(() => kind === "exhaustive").map((seat) => {
      const isT = tenpai.includes(seat);
      const tiles = hands[seat] ?? hands[String(seat)];
      return h("li", {}, h("strong", {}, nameOf(ctx, seat)), " ", isT ? t("tenpai") : t("noten"),
        isT && Array.isArray(tiles) ? revealedHand(ctx, tiles, null, []) : null);
    })),
    (pick(hr, "nagashi") || []).length ? h("p", {}, t("nagashi")) : null);
}

function gameOverEl(ctx) {
  const { t, locale, view } = ctx;
  const gr = view.game_result || {};
  const finals = pick(gr, "final_scores", "scores", "final_points") || view.scores || [];
  const placements = pick(gr, "placements", "ranks", "order");
  const record = pick(gr, "result_points", "results", "record");
  // placements may be [seat in 1st, 2nd, …] or per-seat ranks; normalise to seats in order.
  let order = [0, 1, 2, 3].sort((a, b) => (finals[b] - finals[a]) || (a - b));
  if (Array.isArray(placements) && placements.length === 4) {
    const looksLikeRanks = placements.every((x) => typeof x === "number") && placements.includes(4) && !placements.includes(0);
    if (looksLikeRanks) order = [0, 1, 2, 3].sort((a, b) => placements[a] - placements[b]);
    else if (placements.every((x) => typeof x === "number")) order = [...placements];
    else order = placements.map((p) => pick(p, "seat"));
  }
  const showRecord = Array.isArray(record) && record.some((x) => x !== null && x !== undefined);
  return h("article", { class: "game-over" },
    h("h2", {}, t("game_over")),
    h("table", { class: "placements", dataset: { role: "placements" } },
      h("thead", {}, h("tr", {}, h("th", {}, t("place")), h("th", {}, t("player")), h("th", {}, t("final_points")),
        showRecord ? h("th", {}, t("result_record")) : null)),
      h("tbody", {}, order.map((seat, i) => h("tr", {},
        h("td", {}, String(i + 1)), h("td", {}, nameOf(ctx, seat)),
        h("td", { class: "num" }, finals[seat] === undefined ? "" : Number(finals[seat]).toLocaleString(locale)),
        showRecord ? h("td", { class: "num" }, formatRecord(record[seat])) : null)))),
    ctx.lobbyUrl ? h("p", {}, h("a", { class: "button", href: ctx.lobbyUrl }, t("back_lobby"))) : null);
}

/** Result record in thousands with one decimal, signed (P-RESULT-2): 52300 -> "+52.3". */
export function formatRecord(points) {
  if (points === null || points === undefined) return "";
  const v = Math.abs(points) / 1000;
  const s = v.toFixed(1);
  return points > 0 ? `+${s}` : points < 0 ? `\u2212${s}` : s;
}

/** The result panel shown at hand_over and game_over. cb.cont() sends {"type": "continue"}. */
export function renderResult(ctx, cb) {
  const { view, t } = ctx;
  const hr = view.hand_result;
  const parts = [];
  if (hr) {
    const wins = pick(hr, "wins") || (pick(hr, "win") ? [hr.win] : []);
    parts.push(h("h2", { id: "result-title" }, t("result_title")));
    if (wins.length) wins.forEach((w) => parts.push(winEl(ctx, w)));
    else parts.push(drawEl(ctx, hr));
    parts.push(scoreChanges(ctx, pick(hr, "score_changes", "deltas", "changes", "payments")));
  }
  const over = view.phase === "game_over" || (ctx.game && ctx.game.status === "finished");
  if (over) parts.push(gameOverEl(ctx));
  else if (view.phase === "hand_over" && ctx.mySeat !== null) {
    parts.push(ctx.continued ? h("p", { class: "hint" }, t("continued"))
      : h("button", { type: "button", class: "primary act-continue", dataset: { action: "continue" },
        onclick: () => cb.cont() }, t("continue")));
  }
  return h("section", { class: "result-panel", role: "dialog", "aria-labelledby": "result-title",
    dataset: { role: "result" } }, parts);
}
