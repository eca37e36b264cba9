// Clocks of a timed table, display only (docs/clocks.md "The state message"; P-CLOCK-9, P-FLOW-1).
// The server decides every timeout; the page counts down from the moment it received the state
// message. `game.timer` is null at an untimed table: nothing clock-related is shown then.
//
// A countdown is an element with data-clock (its kind) and times on the page's performance.now()
// clock (milliseconds): data-end, when it reaches zero; data-hold, before which it stays frozen
// (the reserve only drains once the per-discard time is used up, P-CLOCK-3); for a turn clock
// data-reserve-end, when the reserve that follows the per-discard time runs out.
import { h } from "./dom.js";

/** Below this many seconds a countdown gets the low-time style. */
export const LOW_TIME = 3;
/** Refresh period of the countdowns, ms (the text changes at most once a second). */
export const TICK_MS = 200;

/** Seconds (>= 0) left at `now` (ms) for a countdown ending at `end` (ms), frozen before `hold` (ms). */
export function secondsLeft(end, now, hold = 0) {
  const left = (end - Math.max(now, hold)) / 1000;
  return Number.isFinite(left) ? Math.max(0, left) : 0;
}

/** Whole seconds shown for `left` seconds: rounded up, so 0 only once the time is really gone. */
export function shownSeconds(left) {
  return Math.max(0, Math.ceil(left - 1e-9));
}

/**
 * Displayed state of countdown element `el` at `now` (ms):
 * {left: seconds until the decision times out, shown: whole seconds displayed, reserve: bool
 * (a turn clock drawing on its reserve)}.
 */
export function clockState(el, now) {
  const end = Number(el.dataset.end);
  const hold = Number(el.dataset.hold || 0);
  if (el.dataset.clock === "turn") {
    const fresh = secondsLeft(end, now);
    const reserve = secondsLeft(Number(el.dataset.reserveEnd), now, end);
    if (fresh > 0) return { left: fresh + reserve, shown: shownSeconds(fresh), reserve: false };
    return { left: reserve, shown: shownSeconds(reserve), reserve: true };
  }
  const left = secondsLeft(end, now, hold);
  return { left, shown: shownSeconds(left), reserve: false };
}

/** Update countdown element `el` for `now` (ms); `t` is the page translator. Touches the DOM
 * only when the whole-second value or a style changes (screen readers: at most once a second). */
export function updateClock(el, now, t) {
  const st = clockState(el, now);
  const key = el.dataset.label;
  // Which clock runs is said in words: "3 s" (per-discard time), then "reserve 7 s" (P-CLOCK-9).
  const text = key === "next_hand_in" ? t(key, { n: st.shown })
    : st.reserve || el.dataset.clock === "reserve" ? t("reserve_seconds", { n: st.shown }) : t("seconds", { n: st.shown });
  if (el.textContent !== text) el.textContent = text;
  const label = t(`${key}_label`, { n: st.shown });
  if (key !== "next_hand_in" && el.getAttribute("aria-label") !== label) el.setAttribute("aria-label", label);
  el.classList.toggle("low", el.dataset.clock !== "reserve" && el.dataset.clock !== "next" && st.left < LOW_TIME);
  el.classList.toggle("in-reserve", st.reserve);
  return st;
}

function clockEl(kind, label, times, extra = {}) {
  const attrs = { end: String(times.end) };
  if (times.hold) attrs.hold = String(times.hold);
  if (times.reserveEnd !== undefined) attrs.reserveEnd = String(times.reserveEnd);
  return h("span", { class: `clock clock-${kind}${extra.cls ? " " + extra.cls : ""}`, role: "timer",
    "aria-live": "off", dataset: { clock: kind, label, role: extra.role || `${kind}-clock`, ...attrs } });
}

/** The clock settings and times of `game.timer`, or null at an untimed table. */
export function timerOf(ctx) {
  const timer = ctx.game && ctx.game.timer;
  return timer && typeof timer === "object" ? timer : null;
}

/** Turn countdown for `seat` (per-discard time, then the reserve draining), or null (P-CLOCK-3, -9). */
export function turnClockEl(ctx, seat) {
  const timer = timerOf(ctx);
  const turn = timer && timer.turn;
  if (!turn || turn.seat !== seat) return null;
  const base = ctx.clockBase;
  const end = base + Math.max(0, Number(turn.per_discard_left) || 0) * 1000;
  const reserveEnd = end + Math.max(0, Number(turn.reserve_left) || 0) * 1000;
  return clockEl("turn", "clock_turn", { end, reserveEnd });
}

/** Remaining reserve of `seat`, small, next to its score; the turn seat's drains after its
 * per-discard time (P-CLOCK-4, -5, -9). Null at an untimed table. */
export function reserveEl(ctx, seat) {
  const timer = timerOf(ctx);
  if (!timer) return null;
  const base = ctx.clockBase;
  const turn = timer.turn;
  if (turn && turn.seat === seat) {
    const hold = base + Math.max(0, Number(turn.per_discard_left) || 0) * 1000;
    return clockEl("reserve", "clock_reserve", { hold, end: hold + Math.max(0, Number(turn.reserve_left) || 0) * 1000 });
  }
  const left = Math.max(0, Number((timer.reserves || [])[seat]) || 0);
  // Not draining: frozen at its value (hold = end - left, far in the future).
  const hold = base + 1e12;
  return clockEl("reserve", "clock_reserve", { hold, end: hold + left * 1000 });
}

/** The player's own response countdown, shown near the call buttons, only when the server
 * says the player's seat must answer (`response_left`, P-CLOCK-6, -9). */
export function responseClockEl(ctx) {
  const timer = timerOf(ctx);
  if (!timer || timer.response_left === null || timer.response_left === undefined) return null;
  return clockEl("response", "clock_response",
    { end: ctx.clockBase + Math.max(0, Number(timer.response_left) || 0) * 1000 });
}

/** "Next hand in N s" on the results panel of a timed table (P-FLOW-1), or null. */
export function nextHandEl(ctx) {
  const timer = timerOf(ctx);
  if (!timer || timer.next_hand_in === null || timer.next_hand_in === undefined) return null;
  return clockEl("next", "next_hand_in",
    { end: ctx.clockBase + Math.max(0, Number(timer.next_hand_in) || 0) * 1000 },
    { cls: "next-hand-in", role: "next-hand-in" });
}

/** Seats on absent auto-play (P-CONN-2, P-CONN-5). */
export function absentSeats(ctx) {
  const timer = timerOf(ctx);
  return new Set(timer && Array.isArray(timer.absent) ? timer.absent : []);
}

/**
 * Keep the countdowns under `root` running: fills them in at once and every TICK_MS until
 * `stop()` (called before each re-render) or until every one reached zero. Returns stop().
 */
export function startClocks(root, t, now = () => performance.now()) {
  let timer = null;
  const tick = () => {
    const els = root.querySelectorAll("[data-clock]");
    let running = false;
    for (const el of els) {
      const st = updateClock(el, now(), t);
      if (st.left > 0 && !(el.dataset.clock === "reserve" && Number(el.dataset.hold) > now() + 1e11)) running = true;
    }
    if (!running && timer !== null) { clearInterval(timer); timer = null; }
    return running;
  };
  if (tick()) timer = setInterval(tick, TICK_MS);
  return () => { if (timer !== null) clearInterval(timer); timer = null; };
}
