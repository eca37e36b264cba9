// Optional table sounds (issue 11 item 4): a tone for the own turn, a call offer and a win.
// Off by default; the setting is remembered in localStorage (toggles.js "sound"). The tones are
// made with WebAudio: no sound files.

let audio = null;

const TONES = {
  turn: [[660, 0, 0.12]],
  call: [[880, 0, 0.09], [880, 0.13, 0.09]],
  win: [[523, 0, 0.14], [659, 0.12, 0.14], [784, 0.24, 0.26]],
};

/** The shared AudioContext, created on first use (after a user gesture: the settings click). */
function context() {
  if (audio) return audio;
  const Ctor = window.AudioContext || window.webkitAudioContext;
  if (!Ctor) return null;
  try { audio = new Ctor(); } catch { audio = null; }
  return audio;
}

/** Play the tone `kind` ("turn" | "call" | "win"); a no-op where WebAudio is missing or blocked.
 * Returns true when a tone was scheduled (tests read window.__mpSounds). */
export function playTone(kind) {
  const notes = TONES[kind];
  const ac = context();
  (window.__mpSounds = window.__mpSounds || []).push(kind);
  if (!notes || !ac) return false;
  if (ac.state === "suspended") ac.resume().catch(() => {});
  const start = ac.currentTime + 0.01;
  for (const [freq, at, len] of notes) {
    const osc = ac.createOscillator();
    const gain = ac.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(0.18, start + at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + len);
    osc.connect(gain).connect(ac.destination);
    osc.start(start + at);
    osc.stop(start + at + len + 0.02);
  }
  return true;
}

/** Make the AudioContext inside a user gesture (turning sounds on), so later tones may play. */
export function unlockAudio() {
  const ac = context();
  if (ac && ac.state === "suspended") ac.resume().catch(() => {});
}

/**
 * The tone a new state deserves for seat `mySeat`, or null: "win" when a hand result with a win
 * appears, "call" when the seat is offered a call, "turn" when its own turn begins (with
 * something to discard). `prev` is the previous view (or null).
 */
export function toneFor(prev, view, mySeat) {
  if (mySeat === null || mySeat === undefined || (prev && prev.seq === view.seq)) return null;
  const result = view.hand_result;
  if (result && result.kind === "win" && !(prev && prev.hand_result)) return "win";
  const legal = view.legal_actions || [];
  if (view.phase === "claim" && legal.some((a) => a.type !== "pass")) return "call";
  if (view.phase === "turn" && view.turn === mySeat && legal.length) return "turn";
  return null;
}
