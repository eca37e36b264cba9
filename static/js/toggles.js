// Table toggles (P-PLAY-2a) and the "discard on first click" setting (P-PLAY-2).
// Toggles hold for the current game (sessionStorage); the one-click setting is the player's
// (localStorage). They only choose among view.legal_actions, as a person would.

const TOGGLES = ["autoWin", "noCalls", "autoDiscard"];
const CALLS = new Set(["chi", "pon", "daiminkan"]);

function storage(kind) {
  try { return kind === "session" ? window.sessionStorage : window.localStorage; } catch { return null; }
}

/** Player settings kept in localStorage (not per game): key -> storage name. Sounds and reduced
 * motion (issue 11 item 4) are off by default. */
const LOCAL = { oneClick: "mp-one-click", sound: "mp-sound", reducedMotion: "mp-reduced-motion" };

/** {autoWin, noCalls, autoDiscard, oneClick, sound, reducedMotion}: booleans, all false by default. */
export function loadToggles(gameId) {
  const out = { autoWin: false, noCalls: false, autoDiscard: false, oneClick: false, sound: false, reducedMotion: false };
  try {
    const saved = JSON.parse(storage("session")?.getItem(`mp-toggles-${gameId}`) || "{}");
    for (const k of TOGGLES) out[k] = saved[k] === true;
    for (const [k, name] of Object.entries(LOCAL)) out[k] = storage("local")?.getItem(name) === "1";
  } catch { /* unreadable storage: defaults */ }
  return out;
}

export function saveToggles(gameId, toggles) {
  try {
    const keep = Object.fromEntries(TOGGLES.map((k) => [k, !!toggles[k]]));
    storage("session")?.setItem(`mp-toggles-${gameId}`, JSON.stringify(keep));
    for (const [k, name] of Object.entries(LOCAL)) storage("local")?.setItem(name, toggles[k] ? "1" : "0");
  } catch { /* storage full or blocked: the toggles still work for this page */ }
}

/**
 * The action the toggles take on `view`, or null.
 * - autoWin: declare any offered win (tsumo or ron) at once.
 * - noCalls: pass every chi/pon/kan offer on a discard at once; a win offer is left to the player.
 * - autoDiscard: discard the drawn tile at once unless a win or riichi is available.
 */
export function automaticAction(view, toggles) {
  const legal = view.legal_actions || [];
  if (!legal.length) return null;
  const win = legal.find((a) => a.type === "tsumo" || a.type === "ron");
  if (toggles.autoWin && win) return win;
  if (win) return null;
  if (toggles.noCalls && view.phase === "claim") {
    const pass = legal.find((a) => a.type === "pass");
    if (pass && legal.every((a) => a.type === "pass" || CALLS.has(a.type))) return pass;
  }
  if (toggles.autoDiscard && view.phase === "turn" && view.drawn_tile !== null && view.drawn_tile !== undefined
      && !legal.some((a) => a.type === "riichi")) {
    const discard = legal.find((a) => a.type === "discard" && a.tile === view.drawn_tile);
    if (discard) return discard;
  }
  return null;
}
