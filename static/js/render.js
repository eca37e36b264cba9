// Rendering of the live table from a seat view (docs/engine-api.md "Views"; P-PLAY, P-FLOW).
// Pure view -> DOM: no network here. table.js owns the state and passes callbacks.
import { h, score as formatScore } from "./dom.js";
import { tileEl, sortTiles, actionForCopy, tileLabel, kindOf } from "./tiles.js";
import { visibleCounts, previewEl, previewOf, unseenTitle } from "./aids.js";
import { renderResult } from "./result.js";
import { turnClockEl, reserveEl, responseClockEl, absentSeats, timerOf } from "./clock.js";

const POND_ROW = 6;

/** Whether the view is of a Taiwanese table (taiwanese.md; rules_engine/taiwanese/views.py). */
export function isTaiwanese(view) {
  return !!view && view.family === "taiwanese";
}

/** Position of `seat` relative to the viewer: "me", "right" (next), "across", "left" (previous). */
export function relPos(seat, mySeat) {
  const base = mySeat === null || mySeat === undefined ? 0 : mySeat;
  return ["me", "right", "across", "left"][(seat - base + 4) % 4];
}

/** Player record of the state message for `seat` (name, is_computer), with a fallback name. */
export function playerOf(game, seat, t) {
  const p = (game && game.players || []).find((x) => x.seat === seat);
  return p || { seat, name: `${t("player")} ${seat + 1}`, is_computer: false };
}

/**
 * Legal actions of the view grouped for the UI:
 * {discard: Map(tileId -> action), riichi: Map(tileId -> action), calls: [action], all: [action]}.
 */
export function groupActions(view) {
  const all = view.legal_actions || [];
  const discard = new Map();
  const riichi = new Map();
  const calls = [];
  for (const a of all) {
    if (a.type === "discard") discard.set(a.tile, a);
    // Taiwanese: "riichi" is Original Call (T-ORIG-2); without a tile it is a non-dealer's
    // declaration in the opening window, a button like a call.
    else if (a.type === "riichi" && a.tile !== null && a.tile !== undefined) riichi.set(a.tile, a);
    else calls.push(a);
  }
  return { discard, riichi, calls, all };
}

/** A meld (Meld.to_json) with the called tile turned toward its giver (left/across/right). */
function meldEl(meld, owner, ctx) {
  const { base, t } = ctx;
  const tiles = [...meld.tiles];
  const wrap = h("span", { class: `meld meld-${meld.type}` });
  if (meld.type === "ankan") {
    const shown = sortTiles(tiles);
    shown.forEach((id, i) => wrap.appendChild(tileEl(i === 0 || i === 3 ? null : id, { base, t })));
    wrap.setAttribute("aria-label", `${t("ankan")}`);
    return wrap;
  }
  const called = meld.called_tile;
  const added = meld.type === "shouminkan" ? meld.added_tile : null;
  const rest = sortTiles(tiles.filter((x) => x !== called && x !== added));
  // Giver relative to the owner: previous seat = left, opposite = across, next = right.
  const rel = meld.from_seat === null || meld.from_seat === undefined ? 1 : (meld.from_seat - owner + 4) % 4;
  let insertAt = rel === 3 ? 0 : rel === 2 ? 1 : rest.length; // left: first; across: second; right: last
  const order = [...rest];
  order.splice(insertAt, 0, called);
  for (const id of order) {
    if (id === called && added !== null && added !== undefined) {
      const stack = h("span", { class: "kan-stack" }, tileEl(added, { base, t, sideways: true }),
        tileEl(called, { base, t, sideways: true }));
      wrap.appendChild(stack);
    } else {
      wrap.appendChild(tileEl(id, { base, t, sideways: id === called, cls: id === called ? "called" : "" }));
    }
  }
  return wrap;
}

function meldsEl(player, ctx) {
  const melds = player.melds || [];
  return h("div", { class: "melds", "aria-label": ctx.t("melds") }, flowersEl(player, ctx),
    melds.map((m) => meldEl(m, player.seat, ctx)));
}

/** A Taiwanese seat's exposed flowers and seasons (T-FLOWER-2), small, before its melds; null
 * when it has none (and always at a Riichi table). */
function flowersEl(player, ctx) {
  const flowers = player.flowers || [];
  if (!flowers.length) return null;
  const { base, t } = ctx;
  return h("span", { class: "flowers", dataset: { role: "flowers" }, "aria-label": t("tw_flowers", { n: flowers.length }) },
    [...flowers].sort((a, b) => a - b).map((id) => tileEl(id, { base, t, cls: "flower" })));
}

/** Pond: 6 per row, riichi discard sideways, called discards greyed, the last discard marked
 * (P-PLAY). A fifth row (rare) makes the pond denser so that it stays in its place. */
function pondEl(player, ctx) {
  const { base, t, view } = ctx;
  const discards = player.discards || [];
  const rows = [];
  for (let i = 0; i < discards.length; i += POND_ROW) rows.push(discards.slice(i, i + POND_ROW));
  const last = view.last_discard;
  return h("div", { class: `pond${rows.length > 4 ? " dense" : ""}`, "aria-label": t("pond") },
    rows.map((row) => h("div", { class: "pond-row" }, row.map((d) => {
      const isLast = last && last.seat === player.seat && last.tile === d.tile && !d.called;
      return tileEl(d.tile, { base, t, sideways: !!d.riichi,
        cls: [d.called ? "called-away" : "", d.tsumogiri ? "tsumogiri" : "", isLast ? "last" : ""].join(" ").trim() });
    }))));
}

/** Where a seat sits on the screen: bottom (the viewer), right, top (across) or left. */
const SIDE = { me: "bottom", right: "right", across: "top", left: "left" };

/** Seat marked "(You)": ctx.youSeat when given (the replay viewer), else the viewer's seat. */
function youSeat(ctx) {
  return ctx.youSeat === undefined ? ctx.mySeat : ctx.youSeat;
}

/**
 * An opponent's concealed tiles: face down (their count visible at every width), or face up in
 * hand order (drawn tile apart) when ctx.openHands[seat] holds them (the replay viewer's "all
 * hands open"; never on the live table).
 */
function concealedEl(player, ctx) {
  const { base, t } = ctx;
  const open = ctx.openHands && Array.isArray(ctx.openHands[player.seat]) ? ctx.openHands[player.seat] : null;
  if (!open) {
    const count = player.concealed_count || 0;
    return h("div", { class: "concealed", "aria-label": t("concealed", { n: count }), dataset: { count } },
      Array.from({ length: count }, () => tileEl(null, { base, t })));
  }
  const drawn = ctx.openDrawn ? ctx.openDrawn[player.seat] : null;
  const rest = sortTiles(open.filter((id) => id !== drawn));
  return h("div", { class: "concealed open-hand", dataset: { open: "1" }, "aria-label": t("concealed", { n: open.length }) },
    rest.map((id) => tileEl(id, { base, t })),
    drawn !== null && drawn !== undefined && open.includes(drawn) ? tileEl(drawn, { base, t, cls: "drawn-tile" }) : null);
}

/** The seat's name plate: wind, name, markers (computer, dealer, riichi, absent), score, and
 * its clock: the turn countdown ("3 s", then "reserve 7 s") and the reserve left (P-CLOCK-9).
 * The viewer's own turn countdown is drawn larger beside the hand instead (ownClock). */
function plateEl(player, ctx, side) {
  const { game, view, t } = ctx;
  const seat = player.seat;
  const p = playerOf(game, seat, t);
  const score = (view.scores || [])[seat];
  const absent = absentSeats(ctx).has(seat);
  const own = side === "bottom" && !ctx.replay && ctx.mySeat === seat;
  return h("header", { class: `plate plate-${side}${absent ? " is-absent" : ""}` },
    h("div", { class: "plate-line" },
      h("span", { class: `wind${view.dealer === seat ? " wind-dealer" : ""}`, title: t(`wind_${player.seat_wind}`),
        dataset: { short: t(`wind_${player.seat_wind}`).slice(0, 1) } }, t(`wind_${player.seat_wind}`)),
      h("span", { class: "name" }, seat === youSeat(ctx) ? `${p.name} (${t("you")})` : p.name),
      p.rating ? h("span", { class: "rating", dataset: { role: "rating" }, title: t("rating") }, p.rating) : null),
    h("div", { class: "plate-line badges" },
      p.is_computer ? h("span", { class: "badge badge-cpu" }, t("computer")) : null,
      view.dealer === seat ? h("span", { class: "badge badge-dealer" }, t("dealer")) : null,
      player.riichi ? h("span", { class: "badge badge-riichi" }, t("riichi_badge")) : null,
      player.original_call ? h("span", { class: "badge badge-riichi badge-original-call", dataset: { role: "original-call" },
        title: t("tw_original_call_hint") }, t("tw_original_call_badge")) : null,
      absent ? h("span", { class: "badge badge-absent", dataset: { role: "absent" } }, t("absent"))
        : p.connected === false ? h("span", { class: "badge badge-absent", dataset: { role: "disconnected" } }, t("disconnected")) : null),
    h("div", { class: "plate-line" },
      h("span", { class: "score", dataset: { role: "score" } }, formatScore(score, ctx.locale))),
    h("div", { class: "plate-line plate-clock" },
      view.phase === "turn" && !own ? turnClockEl(ctx, seat) : null, reserveEl(ctx, seat)));
}

/** One seat: its plate, concealed tiles and melds (a strip along its edge, turned to face it)
 * and its pond in front of it. A `.seat` box is laid out through its parts (display: contents),
 * each placed in the board's grid by its side (static/css/site.css "The table"). */
function opponentEl(player, ctx) {
  const pos = relPos(player.seat, ctx.mySeat);
  const side = SIDE[pos];
  // Only the turn seat is ever highlighted: during a claim nobody is, since who may call would
  // reveal concealed tiles (P-FAIR-6, P-CLOCK-9).
  const turn = ctx.view.turn === player.seat && ctx.view.phase === "turn";
  return h("section", { class: `seat seat-${pos} side-${side}${turn ? " on-turn" : ""}`,
    dataset: { seat: player.seat } },
    plateEl(player, ctx, side),
    h("div", { class: `strip-slot strip-${side}` },
      h("div", { class: "hand-line" }, concealedEl(player, ctx), meldsEl(player, ctx))),
    h("div", { class: `pond-slot pond-${side}` }, pondEl(player, ctx)));
}

/** Score edge of the centre panel for `seat`: wind (dealer marked), score, riichi stick. */
function centerScore(ctx, player, side) {
  const { view, t } = ctx;
  const seat = player.seat;
  const score = (view.scores || [])[seat];
  const turn = view.turn === seat && view.phase === "turn";
  return h("div", { class: `c-seat c-${side}${turn ? " on-turn" : ""}`, dataset: { seat } },
    h("span", { class: `c-wind${view.dealer === seat ? " wind-dealer" : ""}`, title: t(`wind_${player.seat_wind}`) },
      t(`wind_${player.seat_wind}`).slice(0, 1)),
    h("span", { class: "c-score", dataset: { role: "center-score" } }, formatScore(score, ctx.locale)),
    player.riichi ? h("span", { class: "stick stick-1000", title: t("riichi_badge") }) : null);
}

function centerEl(ctx) {
  const { view, t, base } = ctx;
  const round = t("round", { wind: t(`wind_${view.round_wind}`), n: (view.hand_number % 4) + 1 });
  if (isTaiwanese(view)) return twCenterEl(ctx, round);
  const sticks = Math.round(view.riichi_deposits / 1000);  // points -> sticks
  return h("section", { class: "center", "aria-label": round },
    (view.players || []).map((p) => centerScore(ctx, p, SIDE[relPos(p.seat, ctx.mySeat)])),
    h("div", { class: "c-mid" },
      h("div", { class: "round" }, round),
      h("dl", { class: "counters" },
        h("div", { title: t("honba") }, h("dt", {}, h("span", { class: "stick stick-100" }),
          h("span", { class: "visually-hidden" }, t("honba"))), h("dd", { dataset: { role: "honba" } }, view.honba)),
        h("div", { title: t("deposits") }, h("dt", {}, h("span", { class: "stick stick-1000" }),
          h("span", { class: "visually-hidden" }, t("deposits"))), h("dd", { dataset: { role: "deposits" } }, sticks)),
        h("div", { title: t("wall") }, h("dt", {}, h("img", { class: "wall-icon", src: `${base}back.svg`, alt: "" }),
          h("span", { class: "visually-hidden" }, t("wall"))), h("dd", { dataset: { role: "wall" } }, view.wall_count))),
      h("div", { class: "dora", title: t("dora") }, h("span", { class: "visually-hidden" }, t("dora")),
        h("span", { class: "dora-tiles" }, (view.dora_indicators || []).map((id) => tileEl(id, { base, t }))))));
}

/** The Taiwanese centre panel: round, dealer changes and the wall (T-MATCH-4, T-WALL-5); no honba,
 * deposits or dora (the preset has none). */
function twCenterEl(ctx, round) {
  const { view, t, base } = ctx;
  return h("section", { class: "center", "aria-label": round },
    (view.players || []).map((p) => centerScore(ctx, p, SIDE[relPos(p.seat, ctx.mySeat)])),
    h("div", { class: "c-mid" },
      h("div", { class: "round" }, round),
      h("dl", { class: "counters" },
        h("div", { title: t("wall") }, h("dt", {}, h("img", { class: "wall-icon", src: `${base}back.svg`, alt: "" }),
          h("span", { class: "visually-hidden" }, t("wall"))), h("dd", { dataset: { role: "wall" } }, view.wall_count)))));
}

function statusEl(ctx, groups) {
  const { view, t, mySeat, game, base } = ctx;
  const lines = [];
  if (mySeat === null) {
    lines.push(h("p", { class: "hint" }, t("spectating")));
  } else if (ctx.riichiMode) {
    lines.push(h("p", { class: "hint strong" }, isTaiwanese(view) ? t("tw_original_call_choose") : t("riichi_choose")));
  } else if (view.phase === "turn" && view.turn === mySeat && groups.discard.size) {
    lines.push(h("p", { class: "hint strong" }, t("your_turn")));
  } else if (view.phase === "claim" && groups.calls.length && view.window === "original_call") {
    lines.push(h("p", { class: "hint strong", dataset: { role: "original-call-offer" } }, t("tw_original_call_offer")));
  } else if (view.phase === "claim" && groups.calls.length) {
    lines.push(h("p", { class: "hint strong" }, t("your_call")));
  } else if (view.phase === "turn") {
    const who = view.turn;
    lines.push(h("p", { class: "hint", dataset: { role: "waiting" } },
      who === undefined || who === null || who === mySeat ? t("waiting_others")
        : t("turn_of", { name: playerOf(game, who, t).name })));
  } else if (view.phase === "claim") {
    // Never who may call (P-FAIR-6, P-CLOCK-9): the same neutral line for everyone.
    const timer = timerOf(ctx);
    lines.push(h("p", { class: "hint", dataset: { role: "waiting" } },
      timer && timer.waiting_responses ? t("waiting_responses") : t("waiting_others")));
  }
  if (ctx.timeoutNotice) {
    lines.push(h("p", { class: "timeout-notice", role: "alert", dataset: { role: "timeout-notice" } }, ctx.timeoutNotice));
  }
  if (mySeat !== null && absentSeats(ctx).has(mySeat)) {
    lines.push(h("p", { class: "timeout-notice", dataset: { role: "own-absent" } }, t("own_absent")));
  }
  if (view.furiten) lines.push(h("p", { class: "furiten", dataset: { role: "furiten" } }, t("furiten")));
  const waits = view.waits || [];
  if (waits.length) {
    lines.push(h("p", { class: "waits", dataset: { role: "waits" } }, h("span", {}, t("waits")), " ",
      waits.map((k) => tileEl(null, { base, t, kind: k, cls: "mini" }))));
  }
  if (view.tenpai_no_yaku) lines.push(h("p", { class: "warning", dataset: { role: "no-yaku" } }, t("no_yaku")));
  // P-SPECT-5: players see how many invited spectators watch (a number, never names).
  if (game && game.spectators > 0) {
    lines.push(h("p", { class: "hint", dataset: { role: "spectators" } }, t("spectators", { n: game.spectators })));
  }
  // Not a live region: the page's announcer (table.js) says what changed, once.
  return h("div", { class: "status" }, lines);
}

/** Button labels at a Taiwanese table (taiwanese.md wording: chow, pung, kong, Original Call). */
function twActionLabel(a, t) {
  switch (a.type) {
    case "chi": return t("tw_chow");
    case "pon": return t("tw_pung");
    case "daiminkan": return t("tw_kong");
    case "ankan": return t("tw_concealed_kong");
    case "shouminkan": return t("tw_added_kong");
    case "tsumo": return t("tw_self_draw");
    case "ron": return a.tile === null || a.tile === undefined ? t("tw_take_flower") : t("tw_win");
    case "riichi": return t("tw_original_call");
    case "pass": return t("pass");
    default: return a.type;
  }
}

function actionLabel(a, t, view) {
  if (isTaiwanese(view)) return twActionLabel(a, t);
  switch (a.type) {
    case "chi": return t("chi");
    case "pon": return t("pon");
    case "daiminkan": return t("kan");
    case "ankan": return t("ankan");
    case "shouminkan": return t("shouminkan");
    case "tsumo": return t("tsumo");
    case "ron": return t("ron");
    case "kyuushu": return t("kyuushu");
    case "pass": return t("pass");
    default: return a.type;
  }
}

/** Tiles shown on a call button: chi/pon/kan show their tiles (red five choice visible). */
function actionTiles(a) {
  if (a.type === "chi" || a.type === "pon" || a.type === "daiminkan") return sortTiles([...(a.tiles || []), a.tile]);
  if (a.type === "ankan") return sortTiles(a.tiles || []);
  if (a.type === "shouminkan") return [a.tile];
  return [];
}

const ACTION_ORDER = ["tsumo", "ron", "riichi", "ankan", "shouminkan", "daiminkan", "pon", "chi", "kyuushu", "pass"];

/** Keyboard key of each button (item 6): shown on the button, handled by table.js (keys.js). */
export const ACTION_KEYS = { tsumo: "T", ron: "R", riichi: "R", ankan: "K", shouminkan: "K", daiminkan: "K",
  pon: "P", chi: "C", kyuushu: "N", pass: "Escape", cancel: "Escape", confirm: "Enter" };

/** The key hint shown on a button (CSS ::after of data-hint, so the button's text stays its
 * label; aria-keyshortcuts tells assistive technology). */
function keyHint(key) {
  return key === "Escape" ? "Esc" : key === "Enter" ? "↵" : key;
}

/** The keyboard key of an action button of `type`: {key} or {}. */
function keyAttrs(type) {
  const key = ACTION_KEYS[type];
  return key ? { key } : {};
}

function actionsEl(ctx, groups, cb) {
  const { t, base } = ctx;
  const buttons = [];
  const calls = [...groups.calls].sort((a, b) => ACTION_ORDER.indexOf(a.type) - ACTION_ORDER.indexOf(b.type));
  const sent = ctx.sent;
  const button = (type, label, onclick, extra = {}) => {
    const k = keyAttrs(type);
    const labelText = extra.ariaLabel || label;
    return h("button", { type: "button", class: `act act-${type}${extra.cls ? " " + extra.cls : ""}`,
      dataset: { action: extra.action || type, ...(k.key ? { key: k.key, hint: keyHint(k.key) } : {}) },
      "aria-keyshortcuts": k.key || null,
      "aria-label": labelText, disabled: extra.disabled, onclick },
    h("span", { class: "act-label" }, label), extra.tiles || null);
  };
  for (const a of calls) {
    if (a.type === "pass") continue;
    const tiles = actionTiles(a);
    const names = tiles.map((id) => tileLabel(id, t)).join(", ");
    const label = actionLabel(a, t, ctx.view);
    buttons.push(button(a.type, label, () => cb.send(a), { disabled: sent,
      ariaLabel: names ? `${label}: ${names}` : label,
      tiles: tiles.length ? h("span", { class: "act-tiles" }, tiles.map((id) =>
        tileEl(id, { base, t, cls: id === a.tile && a.type !== "shouminkan" ? "mini claimed" : "mini" }))) : null }));
  }
  const tw = isTaiwanese(ctx.view);
  if (groups.riichi.size && !ctx.riichiMode) {
    buttons.push(button("riichi", tw ? t("tw_original_call") : t("riichi"), () => cb.riichiMode(true), { disabled: sent }));
  }
  if (ctx.riichiMode) {
    buttons.push(button("cancel", t("cancel"), () => cb.riichiMode(false)));
  }
  if (ctx.selected !== null) {
    const label = ctx.riichiMode ? (tw ? t("tw_original_call") : t("riichi")) : t("discard");
    buttons.push(button("confirm", label, () => cb.confirm(), { disabled: sent, cls: "act-discard primary",
      action: "confirm", ariaLabel: `${label}: ${tileLabel(ctx.selected, t)}` }));
  }
  const pass = calls.find((a) => a.type === "pass");
  if (pass) {
    buttons.push(button("pass", t("pass"), () => cb.send(pass), { disabled: sent }));
  }
  const clock = ctx.view.phase === "claim" ? responseClockEl(ctx) : null;   // own response only (P-CLOCK-9)
  return h("div", { class: "actions", role: "group" }, clock, buttons);
}

function handEl(ctx, groups, cb) {
  const { view, t, base } = ctx;
  const selectable = ctx.riichiMode ? groups.riichi : groups.discard;
  const drawn = view.drawn_tile;
  const hand = (view.hand || []).filter((id) => id !== drawn);
  const previews = !ctx.replay && (view.discard_waits || []).length > 0;
  const make = (id, extra) => {
    const can = actionForCopy(selectable, id) !== undefined && !ctx.sent;
    const tenpai = can && previews && previewOf(view, id) !== null;
    const el = tileEl(id, { base, t, cls: [extra, can ? "selectable" : "", tenpai ? "tenpai-discard" : "",
      ctx.selected === id ? "selected" : ""].join(" ").trim() });
    if (can) {
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      el.setAttribute("aria-pressed", ctx.selected === id ? "true" : "false");
      el.addEventListener("click", () => cb.tile(id));
      el.addEventListener("dblclick", () => cb.confirmTile(id));
      el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); cb.tile(id); } });
      if (previews || ctx.riichiMode) {
        // Hover or press a candidate: its waits (P-PLAY-7); leaving shows the selected one again.
        el.addEventListener("pointerenter", () => cb.preview?.(id));
        el.addEventListener("pointerleave", () => cb.preview?.(null));
      }
    } else {
      el.setAttribute("aria-disabled", "true");
    }
    return el;
  };
  const choosing = [...selectable.keys()].length > 0 && !ctx.sent;
  return h("div", { class: `hand${choosing ? " choosing" : ""}`, "aria-label": t("hand"), role: "group" },
    h("div", { class: "concealed-hand" }, sortTiles(hand).map((id) => make(id, ""))),
    drawn !== null && drawn !== undefined ? h("div", { class: "drawn" }, make(drawn, "drawn-tile")) : null);
}

/**
 * Fill the preview slot of `board` for discard candidate `id` (null: the selected tile, or
 * nothing): the waits it would leave with the copies unseen, furiten and the no-yaku warning
 * (P-PLAY-7). Shown only to the own seat while it chooses a discard and some candidate leaves
 * the hand tenpai (or in riichi mode).
 */
export function showPreview(board, ctx, id) {
  const slot = board.querySelector("[data-role=preview-slot]");
  if (!slot) return;
  const target = id === null || id === undefined ? ctx.selected : id;
  const on = target !== null && target !== undefined && !ctx.sent && ctx.view.phase === "turn"
    && ctx.view.turn === ctx.mySeat && ((ctx.view.discard_waits || []).length > 0 || ctx.riichiMode);
  if (!on) { slot.replaceChildren(); return; }
  slot.replaceChildren(previewEl(ctx, target, ctx.counts || visibleCounts(ctx.view)));
}
/** Table toggles (P-PLAY-2a) and the one-click discard setting (P-PLAY-2). */
function togglesEl(ctx, cb) {
  const { t } = ctx;
  const toggles = ctx.toggles || {};
  const box = (name, label) => h("label", { class: "toggle" },
    h("input", { type: "checkbox", dataset: { toggle: name }, checked: !!toggles[name],
      onchange: (e) => cb.toggle(name, e.target.checked) }), " ", label);
  // The board is rebuilt on every state: keep the panel open across renders.
  return h("details", { class: "toggles", open: !!ctx.togglesOpen,
    ontoggle: (e) => cb.togglesOpen(e.target.open) }, h("summary", {}, t("options")),
    h("div", { class: "toggle-list" }, box("autoWin", t("auto_win")), box("noCalls", t("no_calls")),
      box("autoDiscard", t("auto_discard")), box("oneClick", t("one_click")),
      box("sound", t("sound")), box("reducedMotion", t("reduced_motion"))));
}

/** The viewer's own turn countdown, large, beside the action buttons (P-CLOCK-9). */
function ownClockEl(ctx) {
  if (ctx.mySeat === null || ctx.view.phase !== "turn") return null;
  const el = turnClockEl(ctx, ctx.mySeat);
  if (el) el.classList.add("clock-own");
  return el;
}

/** The bar above the hand, in a fixed place: table options, status lines, the own clock and
 * the action buttons (call offers with their response countdown). Its height never changes;
 * extra rows of buttons grow upward over the pond, so nothing is ever pushed off screen. */
function barEl(ctx, groups, cb) {
  return h("div", { class: "bar", dataset: { role: "bar" } },
    ctx.mySeat === null ? null : h("div", { class: "preview-slot", dataset: { role: "preview-slot" }, "aria-live": "polite" }),
    ctx.mySeat === null ? null : togglesEl(ctx, cb),
    statusEl(ctx, groups),
    h("div", { class: "bar-right" }, ownClockEl(ctx), ctx.mySeat === null ? null : actionsEl(ctx, groups, cb),
      showResultEl(ctx, cb)));
}

/** True while the live table has a hand's or the game's result to show (P-FLOW-1). */
function hasResult(ctx) {
  const { view } = ctx;
  return !ctx.replay && Boolean(view.hand_result || view.game_result || view.phase === "hand_over" || view.phase === "game_over");
}

/** The "Show the result" button once the results panel is put aside: in the action bar, where
 *  it covers neither the hand nor the table (P-FLOW-1); null otherwise. */
function showResultEl(ctx, cb) {
  if (!hasResult(ctx) || !ctx.resultHidden) return null;
  return h("button", { type: "button", class: "act primary act-show-result", dataset: { action: "show-result" },
    onclick: () => cb.hideResult(false) }, ctx.t("show_result"));
}

function meEl(player, ctx, groups, cb) {
  const turn = ctx.view.turn === player.seat && ctx.view.phase === "turn";
  // The replay viewer (ctx.replay) shows the hand only: no status, actions or table toggles.
  return h("section", { class: `seat seat-me side-bottom${turn ? " on-turn" : ""}`, dataset: { seat: player.seat } },
    plateEl(player, ctx, "bottom"),
    h("div", { class: "pond-slot pond-bottom" }, pondEl(player, ctx)),
    ctx.replay ? null : barEl(ctx, groups, cb),
    h("div", { class: "hand-row" }, handEl(ctx, groups, cb), meldsEl(player, ctx)));
}

/**
 * Render the whole board into `board` (replacing its content).
 * ctx: {game, view, t, base, mySeat, locale, selected, riichiMode, sent, continued, lobbyUrl,
 *       clockBase: performance.now() ms when the state message arrived (countdowns of game.timer),
 *       timeoutNotice: text saying the server just played for the viewer, or null (P-CLOCK-9),
 *       offline: the close reason once the server closed for good (P-CONN-4), or null: the caller
 *       then passes a view without legal_actions, and the result panel offers no Continue}
 * Replay viewer only (absent on the live table, which is unchanged): ctx.replay (no status,
 * actions, toggles or result panel), ctx.openHands [4 × ids | null] and ctx.openDrawn [4 × id | null]
 * (opponents' concealed tiles face up), ctx.youSeat (seat marked "You"; default mySeat).
 * cb: {tile(id), confirmTile(id), confirm(), send(action), riichiMode(bool), cont(),
 *      preview(id | null): a discard candidate hovered (null: left)}
 * The own seat's aids (P-PLAY-7): ctx.view.discard_waits drives the preview slot in the bar
 * (showPreview) and the marks on candidates that leave the hand tenpai; every face-up tile gets
 * a title with the copies of its kind still unseen by this seat.
 */
export function renderBoard(board, ctx, cb) {
  const { view } = ctx;
  const groups = groupActions(view);
  const players = view.players || [];
  const mySeat = ctx.mySeat;
  // A player sees the three others around the centre; a spectator (no seat) sees all four
  // as opponents, placed relative to seat 0.
  const parts = players.filter((p) => p.seat !== mySeat).map((p) => opponentEl(p, ctx));
  parts.push(centerEl(ctx));
  const me = players.find((p) => p.seat === mySeat);
  if (me) parts.push(meEl(me, ctx, groups, cb));
  else if (!ctx.replay) parts.push(barEl(ctx, groups, cb));   // a spectator: status lines only
  if (hasResult(ctx) && !ctx.resultHidden) parts.push(renderResult(ctx, cb));   // hidden: showResultEl in the bar
  board.replaceChildren(...parts);
  if (!ctx.replay && mySeat !== null && mySeat !== undefined && me) {
    // P-PLAY-7: every face-up tile tells on hover how many of its kind this seat has not seen.
    const counts = visibleCounts(view);
    ctx.counts = counts;
    for (const el of board.querySelectorAll(".tile[data-tile], .tile[data-kind]")) {
      const kind = el.dataset.kind !== undefined ? Number(el.dataset.kind) : kindOf(Number(el.dataset.tile));
      if (!el.title && kind < 34) el.title = unseenTitle(ctx.t, kind, counts);   // not flowers (ids 136..143)
    }
    showPreview(board, ctx, null);
  }
  board.dataset.phase = view.phase || "";
  board.dataset.family = view.family || "riichi";   // CSS: a 17-tile Taiwanese hand (table.css)
  board.dataset.seq = String(view.seq);
}

