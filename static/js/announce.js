// What a screen reader hears at the table (issue 11 item 6): whose turn, what was discarded,
// what the viewer may do and with which keys. table.js writes the text into a polite live region
// of templates/games/table.html once per change; nothing here touches the network.
import { tileLabel } from "./tiles.js";
import { playerOf } from "./render.js";

const CALL_KEYS = { tsumo: "T", ron: "R", riichi: "R", ankan: "K", shouminkan: "K", daiminkan: "K",
  pon: "P", chi: "C", kyuushu: "N", pass: "Escape" };
const LABEL_KEYS = { tsumo: "tsumo", ron: "ron", riichi: "riichi", ankan: "ankan", shouminkan: "shouminkan",
  daiminkan: "kan", pon: "pon", chi: "chi", kyuushu: "kyuushu", pass: "pass" };

/** Name of `seat` as the announcement says it: "You" for the viewer. */
function who(game, seat, mySeat, t) {
  return seat === mySeat ? t("you") : playerOf(game, seat, t).name;
}

/** The options of the view's legal actions, as "Pon (P), Pass (Escape)"; discards as one item. */
function optionsText(view, t) {
  const legal = view.legal_actions || [];
  const seen = new Set();
  const parts = [];
  if (legal.some((a) => a.type === "discard")) parts.push(t("announce_discard_keys"));
  for (const a of legal) {
    if (a.type === "discard" || seen.has(a.type)) continue;
    seen.add(a.type);
    const key = CALL_KEYS[a.type];
    const label = t(LABEL_KEYS[a.type] || a.type);
    parts.push(key ? `${label} (${key === "Escape" ? "Esc" : key})` : label);
  }
  return parts.join(", ");
}

/**
 * The announcement for a new state (a string, possibly empty): the discard just made (when
 * view.last_discard changed), whose turn it is, the viewer's options, furiten when it starts,
 * and the end of a hand. `prev`: the previous view or null; `game`: the state's game part.
 */
export function announcement(prev, view, game, mySeat, t) {
  const parts = [];
  const last = view.last_discard;
  const before = prev ? prev.last_discard : null;
  if (last && (!before || before.seat !== last.seat || before.tile !== last.tile)) {
    parts.push(t("announce_discarded", { name: who(game, last.seat, mySeat, t), tile: tileLabel(last.tile, t) }));
  }
  if (view.phase === "turn" && (!prev || prev.seq !== view.seq)) {
    if (view.turn === mySeat) {
      parts.push(t("announce_your_turn"));
      if (view.drawn_tile !== null && view.drawn_tile !== undefined) {
        parts.push(t("announce_drawn", { tile: tileLabel(view.drawn_tile, t) }));
      }
    } else if (view.turn !== null && view.turn !== undefined) {
      parts.push(t("turn_of", { name: playerOf(game, view.turn, t).name }));
    }
  }
  const options = (view.legal_actions || []).length ? optionsText(view, t) : "";
  if (options && (!prev || prev.seq !== view.seq)) parts.push(t("announce_options", { options }));
  if (view.furiten && !(prev && prev.furiten)) parts.push(t("furiten"));
  if (view.hand_result && !(prev && prev.hand_result)) parts.push(t("result_title"));
  return parts.join(" ");
}
