// Tile ids, names and images (DESIGN §7, P-PLAY-1, P-PLAY-6).
// A tile id is 0..135: kind = id >> 2; the red fives are ids 16 (0m), 52 (0p), 88 (0s).
// Kinds: 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s, 27-30 = E S W N, 31-33 = white green red.

export const RED_FIVES = new Set([16, 52, 88]);
const SUITS = "mps";

/** Kind 0..33 of tile id `id`. */
export function kindOf(id) {
  return id >> 2;
}

/** True for the three red fives. */
export function isRed(id) {
  return RED_FIVES.has(id);
}

/** Notation name of a kind 0..33 ("1m" … "9s", "1z" … "7z"). */
export function kindName(kind) {
  if (kind >= 27) return `${kind - 26}z`;
  return `${(kind % 9) + 1}${SUITS[Math.floor(kind / 9)]}`;
}

/** Notation name of a tile id: like kindName, but "0m"/"0p"/"0s" for red fives; Taiwanese bonus
 * tiles 136..139 = flowers "f1".."f4", 140..143 = seasons "s1".."s4" (DESIGN §2, ids 0..143). */
export function tileName(id) {
  if (id >= 136) return id < 140 ? `f${id - 135}` : `s${id - 139}`;
  const kind = kindOf(id);
  if (isRed(id)) return `0${SUITS[Math.floor(kind / 9)]}`;
  return kindName(kind);
}

/**
 * Canonical hand order (P-PLAY-6): by kind (m, p, s, winds, dragons); within a kind the red
 * five first, then ascending id. Returns a new array.
 */
export function sortTiles(ids) {
  const key = (id) => kindOf(id) * 1000 + (isRed(id) ? 0 : 1 + id);
  return [...ids].sort((a, b) => key(a) - key(b));
}

/**
 * The legal action for tile `id` in `byTile` (Map tileId -> action), or one for an identical copy.
 * The engine lists one discard per (kind, red) plus the drawn tile (rules_engine.core.calls.discard_choices),
 * so any copy the player clicks stands for the listed one. Returns undefined when none is legal.
 */
export function actionForCopy(byTile, id) {
  if (byTile.has(id)) return byTile.get(id);
  for (const [tile, action] of byTile) {
    if (kindOf(tile) === kindOf(id) && isRed(tile) === isRed(id)) return action;
  }
  return undefined;
}

/** Readable, translated label of a kind (0..33) using the i18n map `t` of table.html. */
export function kindLabel(kind, t) {
  if (kind >= 27) return t(`tile_${kind - 26}z`);
  return t(`tile_${SUITS[Math.floor(kind / 9)]}`, { n: (kind % 9) + 1 });
}

/** Readable, translated label of a tile id (red fives marked). */
export function tileLabel(id, t) {
  if (id >= 136) return t(`tile_${tileName(id)}`);   // "Flower 1 (plum)" … "Season 4 (winter)"
  const label = kindLabel(kindOf(id), t);
  return isRed(id) ? t("tile_red", { name: label }) : label;
}

/**
 * An element showing one tile.
 * - `id`: tile id, or null for a face-down tile (back).
 * - `opts.base`: URL prefix of static/tiles/; `opts.t`: translator;
 *   `opts.sideways`: turned 90° (riichi discard, called tile); `opts.kind`: draw a kind instead of an id;
 *   `opts.cls`: extra CSS classes.
 * Returns a <span class="tile" role="img" aria-label="…"> (the tile's name in the page language;
 * a selectable hand tile becomes a button with the same name) holding its <img> (same text as
 * alt); face-up tiles carry data-tile (an id) or data-kind (a kind).
 */
export function tileEl(id, opts) {
  const { base, t, sideways = false, kind = null, cls = "" } = opts;
  const span = document.createElement("span");
  span.className = `tile${sideways ? " sideways" : ""}${cls ? " " + cls : ""}`;
  const img = document.createElement("img");
  let name;
  let label;
  if (kind !== null) {
    name = kindName(kind);
    label = kindLabel(kind, t);
    span.dataset.kind = String(kind);
  } else if (id === null || id === undefined) {
    name = "back";
    label = t("tile_back");
  } else {
    name = tileName(id);
    label = tileLabel(id, t);
    span.dataset.tile = String(id);
  }
  img.src = `${base}${name}.svg`;
  img.alt = sideways ? t("sideways", { name: label }) : label;
  img.draggable = false;
  span.setAttribute("role", "img");
  span.setAttribute("aria-label", img.alt);
  span.appendChild(img);
  return span;
}
