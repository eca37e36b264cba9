// Replay viewer of completed hands (P-REPLAY-3/-4/-5/-6, P-TIMEOUT-5, J4 step 5).
// Entry module of templates/games/replay.html. The frames come from GET /api/games/<id>/replay/
// (games/replay_frames.py): per step the public view, the four concealed hands and the drawn
// tiles; never the wall. The board is drawn by the live table's renderer (render.js).
import { h, makeTranslator } from "./dom.js";
import { renderBoard, playerOf } from "./render.js";
import { renderResult } from "./result.js";
import { tileEl } from "./tiles.js";

const root = document.getElementById("replay-root");
const board = root.querySelector("[data-role=board]");
const captionEl = root.querySelector("[data-role=caption]");
const counterEl = root.querySelector("[data-role=counter]");
const resultEl = root.querySelector("[data-role=replay-result]");
const handSelect = root.querySelector("[data-role=hand-select]");
const perspectiveSelect = root.querySelector("[data-role=perspective]");
const decisionSelect = root.querySelector("[data-role=decision-seat]");
const t = makeTranslator(document.getElementById("table-i18n"));     // the renderer's strings
const rt = makeTranslator(document.getElementById("replay-i18n"));   // the viewer's own strings
const boot = JSON.parse(document.getElementById("replay-data").textContent);
const locale = document.documentElement.lang || undefined;
const base = root.dataset.tilesUrl;

const state = {
  handIndex: boot.start || 0,
  hand: null,          // {index, hand_number, honba, result, game_result, steps}
  step: 0,
  perspective: "open", // "open" or a seat number (that seat's own view)
  resultHidden: false,
  note: "",            // one-off message (e.g. no further decision)
};
const cache = new Map();

const ACTION_KEYS = { daiminkan: "kan" };

function nameOf(seat) {
  return playerOf(boot.game, seat, t).name;
}

/** Caption of a step: who did what (tiles as images), with the timeout mark (P-TIMEOUT-5). */
function captionOf(step) {
  if (!step.action) return [rt("dealt")];
  const a = step.action;
  const verb = t(ACTION_KEYS[a.type] || a.type);
  const text = rt("acted", { name: nameOf(step.actor), action: verb });
  const tiles = [];
  if (a.tile !== null && a.tile !== undefined) tiles.push(a.tile);
  for (const id of a.tiles || []) if (!tiles.includes(id)) tiles.push(id);
  return [h("span", { class: "caption-text" }, text), " ",
    tiles.map((id) => tileEl(id, { base, t, cls: "mini" })),
    step.timeout ? h("span", { class: "badge badge-timeout", dataset: { role: "timeout" }, title: rt("timeout_title") },
      rt("timeout")) : null];
}

/** The step's view with the perspective seat's own hand (never another seat's, unless all open). */
function contextOf(step) {
  const open = state.perspective === "open";
  const seat = open ? boot.my_seat : Number(state.perspective);
  const view = { ...step.view, seat, hand: step.hands[seat], drawn_tile: step.drawn[seat], legal_actions: [] };
  return {
    game: boot.game, view, t, base, locale, mySeat: seat, youSeat: boot.my_seat,
    selected: null, riichiMode: false, sent: true, replay: true,
    openHands: open ? step.hands : null, openDrawn: open ? step.drawn : null,
  };
}

const noop = () => {};
const callbacks = { tile: noop, confirmTile: noop, confirm: noop, send: noop, riichiMode: noop, cont: noop,
  toggle: noop, togglesOpen: noop, hideResult(hidden) { state.resultHidden = hidden; render(); } };

/** The stored result of the hand (P-REPLAY-6) in the table's results panel, shown in place. */
function resultPanel(step) {
  const hr = { ...state.hand.result };
  delete hr.dealer_repeat;   // the panel's "next hand" line belongs to the live table
  if (state.resultHidden) {
    return h("button", { type: "button", class: "primary show-result", dataset: { action: "show-result" },
      onclick: () => callbacks.hideResult(false) }, t("show_result"));
  }
  const ctx = { game: { ...boot.game, status: "active", timer: null }, t, base, locale, mySeat: null,
    view: { ...step.view, hand_result: hr, scores: hr.scores || step.view.scores, phase: "hand_over" } };
  return renderResult(ctx, callbacks);
}

function render() {
  const hand = state.hand;
  if (!hand) return;
  const steps = hand.steps;
  const step = steps[state.step];
  renderBoard(board, contextOf(step), callbacks);
  board.dataset.step = String(state.step);
  board.dataset.perspective = String(state.perspective);
  counterEl.textContent = rt("step", { n: state.step, total: steps.length - 1 });
  captionEl.replaceChildren(h("span", { class: "caption-line" }, captionOf(step),
    state.note ? h("span", { class: "note" }, " ", state.note) : null));
  const last = state.step === steps.length - 1;
  resultEl.replaceChildren(...(last && hand.result ? [resultPanel(step)] : []));
  root.querySelector("[data-action=prev]").disabled = state.step === 0;
  root.querySelector("[data-action=next]").disabled = last;
  root.querySelector("[data-action=prev-hand]").disabled = state.handIndex === 0;
  root.querySelector("[data-action=next-hand]").disabled = state.handIndex >= boot.hands.length - 1;
  handSelect.value = String(state.handIndex);
  root.dataset.ready = "1";
}

async function loadHand(index, atEnd = false) {
  if (index < 0 || index >= boot.hands.length) return;
  root.dataset.ready = "";
  let hand = cache.get(index);
  if (!hand) {
    captionEl.textContent = rt("loading");
    try {
      const resp = await fetch(`${root.dataset.apiUrl}?hand=${index}`, { credentials: "same-origin",
        headers: { Accept: "application/json" } });
      if (!resp.ok) throw new Error(`HTTP ${resp.status}`);
      hand = (await resp.json()).hand;
    } catch (err) {
      captionEl.textContent = rt("load_error");
      return;
    }
    cache.set(index, hand);
  }
  state.handIndex = index;
  state.hand = hand;
  state.step = atEnd ? hand.steps.length - 1 : 0;
  state.note = "";
  state.resultHidden = false;
  const url = new URL(window.location.href);
  url.searchParams.set("hand", String(index));
  window.history.replaceState(null, "", url);
  render();
}

function go(step) {
  if (!state.hand) return;
  const n = Math.max(0, Math.min(state.hand.steps.length - 1, step));
  if (n === state.step && !state.note) return;
  state.step = n;
  state.note = "";
  render();
}

/** Jump to the next step where `seat` acted (P-REPLAY-4 "next decision of a chosen seat"). */
function nextDecision(seat) {
  if (!state.hand) return;
  const steps = state.hand.steps;
  for (let i = state.step + 1; i < steps.length; i++) {
    if (steps[i].actor === seat) { go(i); return; }
  }
  state.note = rt("no_more_decisions", { name: nameOf(seat) });
  render();
}

root.querySelector("[data-action=prev]").addEventListener("click", () => go(state.step - 1));
root.querySelector("[data-action=next]").addEventListener("click", () => go(state.step + 1));
root.querySelector("[data-action=prev-hand]").addEventListener("click", () => loadHand(state.handIndex - 1));
root.querySelector("[data-action=next-hand]").addEventListener("click", () => loadHand(state.handIndex + 1));
root.querySelector("[data-action=next-decision]").addEventListener("click", () => nextDecision(Number(decisionSelect.value)));
handSelect.addEventListener("change", () => loadHand(Number(handSelect.value)));
perspectiveSelect.addEventListener("change", () => {
  state.perspective = perspectiveSelect.value === "open" ? "open" : Number(perspectiveSelect.value);
  render();
});

document.addEventListener("keydown", (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const tag = (e.target && e.target.tagName) || "";
  if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA") return;   // their own arrow keys
  const actions = {
    ArrowLeft: () => go(state.step - 1), ArrowRight: () => go(state.step + 1),
    PageUp: () => loadHand(state.handIndex - 1), "[": () => loadHand(state.handIndex - 1),
    PageDown: () => loadHand(state.handIndex + 1), "]": () => loadHand(state.handIndex + 1),
    Home: () => go(0), End: () => go(Infinity),
  };
  const act = actions[e.key];
  if (act) { e.preventDefault(); act(); }
});

if (boot.hands.length) loadHand(state.handIndex);
else captionEl.textContent = rt("no_hands");   // e.g. a game stopped during its first hand
