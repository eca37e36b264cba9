// Keyboard play at the table (issue 11 item 6): arrow keys select a hand tile, Enter discards
// the selected tile, letters press the call buttons (the letter is shown on each button), Escape
// passes (or leaves riichi mode). Only buttons and tiles that are on screen and enabled act, so
// the keys offer exactly what the pointer does (P-PLAY-2, P-PLAY-3).

const EDITABLE = new Set(["INPUT", "TEXTAREA", "SELECT"]);

/** Enabled buttons of the action bar whose data-key is `key` (upper case or "Escape"). */
function buttonsFor(board, key) {
  return [...board.querySelectorAll(`.actions button[data-key="${key}"]`)].filter((b) => !b.disabled);
}

/**
 * Handle a keydown at the table. `api`: {board, selectable(): [tile elements in order],
 * selected(): id | null, select(id), confirm(), escape(): bool} (escape leaves riichi mode or
 * clears the selection when there is no Pass). Returns true when the key was used.
 */
export function handleTableKey(event, api) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return false;
  const target = event.target;
  if (target && (EDITABLE.has(target.tagName) || target.isContentEditable)) return false;
  const { board } = api;
  if (board.querySelector(".result-panel") && event.key !== "Escape") return false;  // its own buttons
  const key = event.key;
  if (key === "ArrowLeft" || key === "ArrowRight" || key === "Home" || key === "End") {
    const tiles = api.selectable();
    if (!tiles.length) return false;
    const ids = tiles.map((el) => Number(el.dataset.tile));
    const current = ids.indexOf(api.selected());
    let next;
    if (key === "Home") next = 0;
    else if (key === "End") next = ids.length - 1;
    else if (current < 0) next = key === "ArrowLeft" ? ids.length - 1 : 0;
    else next = (current + (key === "ArrowLeft" ? -1 : 1) + ids.length) % ids.length;
    api.select(ids[next]);
    return true;
  }
  if (key === "Enter") {
    if (target && target.closest && target.closest("button, summary, a, [role=button]")) return false;  // native
    if (api.selected() === null) return false;
    api.confirm();
    return true;
  }
  if (key === "Escape") {
    const pass = buttonsFor(board, "Escape");
    const real = pass.find((b) => b.dataset.action === "pass") || pass[0];
    if (real) { real.click(); return true; }
    return api.escape();
  }
  if (key.length !== 1) return false;
  const buttons = buttonsFor(board, key.toUpperCase());
  if (!buttons.length) return false;
  if (buttons.length === 1) { buttons[0].click(); return true; }
  // Several options (two chi, two kan): each press moves to the next; Enter presses it.
  const at = buttons.indexOf(document.activeElement);
  buttons[(at + 1) % buttons.length].focus();
  return true;
}
