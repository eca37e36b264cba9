// Live table client (DESIGN §7, /ws/games/<id>/ protocol). Entry module of templates/games/table.html.
// State comes only from the server's "state" messages; selection is local until confirmed (P-PLAY-2).
import { h, makeTranslator } from "./dom.js";
import { renderBoard, showPreview } from "./render.js";
import { handleTableKey } from "./keys.js";
import { announcement } from "./announce.js";
import { playTone, toneFor, unlockAudio } from "./sound.js";
import { previewText } from "./aids.js";
import { actionForCopy, kindName, kindOf } from "./tiles.js";
import { loadToggles, saveToggles, automaticAction } from "./toggles.js";
import { startClocks } from "./clock.js";

const root = document.getElementById("table-root");
const board = root.querySelector("[data-role=board]");
const connEl = root.querySelector("[data-role=conn]");
const toastEl = root.querySelector("[data-role=toast]");
const announceEl = document.querySelector("[data-role=announce]");
const reducedMotionQuery = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
const t = makeTranslator(document.getElementById("table-i18n"));
const mySeatAttr = root.dataset.mySeat;

const ui = {
  game: null,
  view: null,
  mySeat: mySeatAttr === "" || mySeatAttr === undefined ? null : Number(mySeatAttr),
  selected: null,     // tile id selected but not confirmed (never sent, P-PLAY-2)
  riichiMode: false,  // choosing the riichi discard
  sentSeq: null,      // seq of the decision already answered (blocks double sends)
  continued: false,   // Continue pressed for this hand result
  togglesOpen: false,
  resultHidden: false, // result panel put aside to look at the table
  toggles: loadToggles(root.dataset.gameId),  // P-PLAY-2a table toggles + "discard on first click"
  receivedAt: 0,      // performance.now() when the last state arrived: countdowns start there (docs/clocks.md)
  timeoutNotice: null, // "Time out: 7p discarded for you" after the server played for this seat (P-CLOCK-9)
  offline: null,      // FINAL_CLOSE key once the server closed for good (e.g. opened elsewhere, P-CONN-4):
                      // the table is shown without controls until "Play here" reconnects
};
let noticeTimer = null;
let renderCtx = null;   // the ctx of the last render (the hover preview reuses it)
const NOTICE_MS = 8000;  // how long the timeout notice stays (it also goes when the player acts)
let stopClocks = () => {};
let autoTimer = null;
const AUTO_DELAY = 250;  // ms: let the player see the offer before a toggle answers it

let socket = null;
let retry = 0;
let pingTimer = null;
let toastTimer = null;

// Close codes after which the client does not reconnect by itself (games/consumers.py):
// 4409 the seat was opened in another window or device (P-CONN-4); 4401 not signed in; 4403 not a player.
const FINAL_CLOSE = { 4409: "opened_elsewhere", 4401: "closed_login", 4403: "closed_not_player" };

function setConn(key) {
  connEl.textContent = t(key);
  connEl.dataset.state = key;
}

function toast(text) {
  toastEl.textContent = text;
  toastEl.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { toastEl.hidden = true; }, 5000);
}

/** Send a message; false (and the person is told their move was not sent) while the
 * connection is down, so a click never vanishes silently. */
function send(msg) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    // Closed for good (P-CONN-4): say why, never "Reconnecting…" (it does not reconnect by itself).
    if (msg.type !== "ping") toast(ui.offline ? t(ui.offline) : t("not_sent"));
    return false;
  }
  socket.send(JSON.stringify(msg));
  return true;
}

function sendAction(action) {
  if (!ui.view || ui.sentSeq === ui.view.seq) return;
  if (send({ type: "action", seq: ui.view.seq, action })) {
    ui.sentSeq = ui.view.seq;
    ui.timeoutNotice = null;
    ui.selected = null;
    ui.riichiMode = false;
    render();
  }
}

/** Legal discard (or riichi) action for tile `id` in the current mode, or undefined. */
function actionForTile(id) {
  const type = ui.riichiMode ? "riichi" : "discard";
  const byTile = new Map((ui.view.legal_actions || []).filter((a) => a.type === type).map((a) => [a.tile, a]));
  return actionForCopy(byTile, id);
}

const callbacks = {
  tile(id) {
    if (!actionForTile(id)) return;
    if (ui.selected === id || ui.toggles.oneClick) sendAction(actionForTile(id));
    else { ui.selected = id; render(); }
  },
  confirmTile(id) {
    const a = actionForTile(id);
    if (a && ui.sentSeq !== ui.view.seq) sendAction(a);
  },
  confirm() {
    if (ui.selected === null) return;
    const a = actionForTile(ui.selected);
    if (a) sendAction(a);
  },
  send: sendAction,
  riichiMode(on) {
    ui.riichiMode = on;
    ui.selected = null;
    render();
  },
  togglesOpen(open) { ui.togglesOpen = open; },
  hideResult(hidden) { ui.resultHidden = hidden; render(); },
  toggle(name, on) {
    ui.toggles[name] = on;
    if (name === "sound" && on) unlockAudio();
    if (name === "reducedMotion") applyMotion();
    saveToggles(root.dataset.gameId, ui.toggles);
    render();
    scheduleAutomatic();
  },
  cont() {
    if (send({ type: "continue", seq: ui.view.seq })) { ui.continued = true; render(); }
  },
  preview(id) {
    if (renderCtx) showPreview(board, renderCtx, id);
  },
};

/** Reduced motion (issue 11 item 4): the setting, or the system's prefers-reduced-motion. */
function applyMotion() {
  const reduce = !!ui.toggles.reducedMotion || !!(reducedMotionQuery && reducedMotionQuery.matches);
  document.documentElement.classList.toggle("reduce-motion", reduce);
}

/** Say `text` in the polite live region (item 6), once per change. */
function announce(text) {
  if (!announceEl || !text || announceEl.textContent === text) return;
  announceEl.textContent = text;
}

/** Select hand tile `id` from the keyboard: focus it and announce its wait preview. */
function selectByKey(id) {
  ui.selected = id;
  render();
  board.querySelector(`.hand .tile[data-tile="${id}"]`)?.focus();
  if (renderCtx && ((ui.view.discard_waits || []).length || ui.riichiMode)) {
    announce(previewText(renderCtx, id, renderCtx.counts));
  }
}

document.addEventListener("keydown", (event) => {
  if (!ui.view || ui.mySeat === null) return;
  const used = handleTableKey(event, {
    board,
    selectable: () => [...board.querySelectorAll(".hand .tile.selectable")],
    selected: () => ui.selected,
    select: selectByKey,
    confirm: () => callbacks.confirm(),
    escape: () => {
      if (ui.riichiMode) { callbacks.riichiMode(false); return true; }
      if (ui.selected !== null) { ui.selected = null; render(); return true; }
      return false;
    },
  });
  if (used) event.preventDefault();
});

/** Selector of the focused tile or button, to give focus back after the board is rebuilt. */
function focusKey() {
  const el = document.activeElement;
  if (!el || !board.contains(el)) return null;
  if (el.dataset.tile) return `.hand .tile[data-tile="${el.dataset.tile}"]`;
  if (el.dataset.action) return `[data-action="${el.dataset.action}"]`;
  return null;
}

function render() {
  if (!ui.view) return;
  const focused = focusKey();
  stopClocks();
  // Closed for good (ui.offline): the last view without its legal actions, so no tile is
  // selectable and no action or Continue button is offered until "Play here" (P-CONN-4).
  const view = ui.offline ? { ...ui.view, legal_actions: [] } : ui.view;
  renderCtx = {
    game: ui.game, view, t, base: root.dataset.tilesUrl, mySeat: ui.mySeat,
    locale: document.documentElement.lang || undefined, selected: ui.offline ? null : ui.selected,
    riichiMode: ui.offline ? false : ui.riichiMode,
    sent: ui.sentSeq === ui.view.seq, continued: ui.continued, offline: ui.offline, toggles: ui.toggles, togglesOpen: ui.togglesOpen,
    resultHidden: ui.resultHidden, lobbyUrl: root.dataset.lobbyUrl || "",
    reviewUrl: root.dataset.reviewUrl || "", practiceUrl: root.dataset.practiceUrl || "",
    reportUrl: root.dataset.reportUrl || "",
    clockBase: ui.receivedAt, timeoutNotice: ui.timeoutNotice,
  };
  renderBoard(board, renderCtx, callbacks);
  stopClocks = startClocks(board, t);
  if (focused) board.querySelector(focused)?.focus();
}

/**
 * What the server just played for this seat when its decision timed out (P-TIMEOUT-1/-2,
 * P-CONN-2), told from the views before and after: the discard that appeared in the own pond,
 * a win, or a pass. Returns the translated notice.
 */
function timeoutText(prev, next) {
  const mine = (view) => (view.players || []).find((p) => p.seat === ui.mySeat) || { discards: [] };
  const before = mine(prev).discards || [];
  const after = mine(next).discards || [];
  if (after.length > before.length) {
    return t("timeout_discard", { tile: kindName(kindOf(after[after.length - 1].tile)) });
  }
  const wins = next.hand_result && next.hand_result.kind === "win" ? next.hand_result.wins || [] : [];
  if (wins.some((w) => w.seat === ui.mySeat)) return t("timeout_win");
  return t("timeout_pass");
}

/** Notice when `game.timer.own_timeouts` rose: the server played the default for this seat. */
function noticeTimeout(prev, prevGame, msg) {
  const before = prevGame && prevGame.timer ? Number(prevGame.timer.own_timeouts) || 0 : null;
  const after = msg.game && msg.game.timer ? Number(msg.game.timer.own_timeouts) || 0 : 0;
  if (!prev || before === null || ui.mySeat === null || after <= before) return;
  ui.timeoutNotice = timeoutText(prev, msg.view);
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { ui.timeoutNotice = null; render(); }, NOTICE_MS);
}

/** Public spectators of a game younger than the delay see the table before the first deal (P-SPECT-2). */
function renderBeforeDeal(msg) {
  stopClocks();
  const players = (msg.game.players || []).map((p) => p.name).join(" · ");
  const startsIn = msg.game.starts_in;
  const text = startsIn === null || startsIn === undefined ? t("watch_waiting")
    : t("watch_before_deal", { n: Math.ceil(startsIn) });
  board.replaceChildren(h("div", { class: "before-deal", dataset: { role: "before-deal" } },
    h("p", { class: "hint" }, players), h("p", { class: "hint" }, text)));
}

function onState(msg) {
  if (msg.view === null) { ui.game = msg.game; ui.view = null; renderBeforeDeal(msg); return; }
  const prev = ui.view;
  const prevGame = ui.game;
  ui.receivedAt = performance.now();
  ui.game = msg.game;
  ui.view = msg.view;
  if (msg.game && msg.game.my_seat !== undefined) ui.mySeat = msg.game.my_seat;
  if (!prev || prev.seq !== msg.view.seq) {
    ui.selected = null;
    ui.riichiMode = false;
  }
  if (!prev || prev.phase !== msg.view.phase) ui.resultHidden = false;
  if (ui.view.phase !== "hand_over") ui.continued = false;
  noticeTimeout(prev, prevGame, msg);
  render();
  if (ui.mySeat !== null) {
    announce(announcement(prev, ui.view, ui.game, ui.mySeat, t));
    const tone = ui.toggles.sound ? toneFor(prev, ui.view, ui.mySeat) : null;
    if (tone) playTone(tone);
  }
  scheduleAutomatic();
}

/** Apply the table toggles (P-PLAY-2a) through the same actions a person would send. */
function scheduleAutomatic() {
  clearTimeout(autoTimer);
  if (!ui.view || ui.mySeat === null || ui.offline || ui.sentSeq === ui.view.seq) return;
  const seq = ui.view.seq;
  const action = automaticAction(ui.view, ui.toggles);
  if (!action) return;
  autoTimer = setTimeout(() => {
    if (ui.view && ui.view.seq === seq && ui.sentSeq !== seq) sendAction(action);
  }, AUTO_DELAY);
}

function onMessage(event) {
  let msg;
  try { msg = JSON.parse(event.data); } catch { return; }
  if (msg.type === "state") onState(msg);
  else if (msg.type === "error") {
    const key = msg.message === "Opened elsewhere" ? "opened_elsewhere" : `err_${msg.code}`;
    const text = t.has(key) ? t(key) : (msg.message || msg.code);
    toast(msg.rule ? `${text} (${msg.rule})` : text);
    if (msg.code === "stale_seq" || msg.code === "illegal") { ui.sentSeq = null; render(); }
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${proto}://${location.host}${root.dataset.wsPath}`);
  socket.addEventListener("open", () => {
    retry = 0;
    setConn("connected");
    clearInterval(pingTimer);
    pingTimer = setInterval(() => send({ type: "ping" }), 25000);
  });
  socket.addEventListener("message", onMessage);
  socket.addEventListener("close", (event) => {
    clearInterval(pingTimer);
    const final = FINAL_CLOSE[event.code];
    if (final) {            // reconnecting would not help (or would steal the seat back)
      ui.offline = final;
      ui.selected = null;
      ui.riichiMode = false;
      clearTimeout(autoTimer);
      render();
      setConn(final);
      connEl.appendChild(document.createTextNode(" "));
      const again = document.createElement("button");
      again.type = "button";
      again.dataset.action = "reconnect";
      again.textContent = t("reconnect_here");
      again.addEventListener("click", () => {
        retry = 0;
        ui.offline = null;   // controls come back with the fresh state the server sends on connect
        setConn("connecting");
        connect();
      });
      connEl.appendChild(again);
      return;
    }
    setConn("reconnecting");
    // Exponential backoff with jitter: 0.5 s, 1 s, 2 s … capped at 15 s.
    const delay = Math.min(15000, 500 * 2 ** retry) * (0.8 + Math.random() * 0.4);
    retry += 1;
    setTimeout(connect, delay);
  });
}

applyMotion();
reducedMotionQuery?.addEventListener?.("change", applyMotion);
setConn("connecting");
connect();
