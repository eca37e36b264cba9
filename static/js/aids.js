// The aids of the own seat view (P-PLAY-7; issue 11 item 4): the wait preview of a discard
// candidate and the number of tiles of a kind still unseen. Pure view -> DOM; no network.
// The waits, furiten and no-yaku flags per candidate come from the server's own-seat key
// view.discard_waits (rules_engine/discard_preview.py); the unseen counts are read here from
// what this seat sees: its own hand, every pond, every meld and the dora indicators.
import { h } from "./dom.js";
import { kindOf, kindLabel, tileEl } from "./tiles.js";

/**
 * Copies of each kind visible to the viewer: an Array(34) of counts 0..4 over the distinct tile
 * ids in view.hand, every player's discards (a called discard, also in its meld, counts once),
 * every meld (called and added tiles included) and view.dora_indicators.
 */
export function visibleCounts(view) {
  const ids = new Set(view.hand || []);
  for (const p of view.players || []) {
    for (const d of p.discards || []) ids.add(d.tile);
    for (const m of p.melds || []) {
      for (const t of m.tiles || []) ids.add(t);
      if (m.called_tile !== null && m.called_tile !== undefined) ids.add(m.called_tile);
      if (m.added_tile !== null && m.added_tile !== undefined) ids.add(m.added_tile);
    }
  }
  for (const t of view.dora_indicators || []) ids.add(t);
  const counts = new Array(34).fill(0);
  for (const id of ids) if (id >= 0 && id < 136) counts[kindOf(id)] += 1;
  return counts;
}

/** Copies of `kind` (0..33) not yet seen by the viewer: 4 minus the visible ones (never below 0). */
export function unseenOf(counts, kind) {
  return Math.max(0, 4 - counts[kind]);
}

/** The server's preview record {kind, waits, furiten, no_yaku} for discarding tile `id`, or null
 * when that discard leaves the hand not tenpai. */
export function previewOf(view, id) {
  const kind = kindOf(id);
  return (view.discard_waits || []).find((p) => p.kind === kind) || null;
}

/** The no-yaku warning applies to a plain discard: a riichi discard has riichi as its yaku. */
function noYaku(ctx, rec) {
  return !!rec.no_yaku && !ctx.riichiMode;
}

/** Text of a tile's hover title: its name and the copies still unseen (P-PLAY-7). */
export function unseenTitle(t, kind, counts) {
  return t("unseen_of", { name: kindLabel(kind, t), n: unseenOf(counts, kind) });
}

/**
 * The preview panel for discard candidate `id`: "Discard 3m: waits 3m ×3, 6m ×2 (5 left)",
 * furiten and no-yaku marks, or "not tenpai". ctx: {view, t, base}; counts from visibleCounts.
 * Returns a <div data-role="preview"> (its text is also what the screen reader hears).
 */
export function previewEl(ctx, id, counts) {
  const { view, t, base } = ctx;
  const rec = previewOf(view, id);
  const kind = kindOf(id);
  const head = h("span", { class: "pv-head" }, t("preview_discard", { tile: kindLabel(kind, t) }));
  if (!rec) {
    return h("div", { class: "preview", dataset: { role: "preview", kind }, role: "note" },
      head, " ", h("span", { class: "pv-none" }, t("preview_not_tenpai")));
  }
  const total = rec.waits.reduce((sum, k) => sum + unseenOf(counts, k), 0);
  const waits = rec.waits.map((k) => {
    const n = unseenOf(counts, k);
    const label = t("preview_wait", { name: kindLabel(k, t), n });
    return h("span", { class: `pv-wait${n === 0 ? " none-left" : ""}`, dataset: { kind: k, unseen: n },
      title: label, "aria-label": label, role: "img" },
      tileEl(null, { base, t, kind: k, cls: "mini" }), h("span", { class: "pv-n", "aria-hidden": "true" }, `×${n}`));
  });
  return h("div", { class: `preview${rec.furiten ? " is-furiten" : ""}`, dataset: { role: "preview", kind }, role: "note" },
    head, " ", h("span", { class: "pv-label" }, t("waits")), " ", waits, " ",
    h("span", { class: "pv-total", dataset: { role: "preview-total" } }, t("preview_total", { n: total })),
    rec.furiten ? h("span", { class: "pv-furiten furiten", dataset: { role: "preview-furiten" } }, t("preview_furiten")) : null,
    noYaku(ctx, rec) ? h("span", { class: "pv-noyaku warning", dataset: { role: "preview-no-yaku" } }, t("preview_no_yaku")) : null);
}

/** Plain-text summary of the preview of `id` (for the screen reader announcement). */
export function previewText(ctx, id, counts) {
  const { view, t } = ctx;
  const rec = previewOf(view, id);
  const head = t("preview_discard", { tile: kindLabel(kindOf(id), t) });
  if (!rec) return `${head} ${t("preview_not_tenpai")}`;
  const waits = rec.waits.map((k) => t("preview_wait", { name: kindLabel(k, t), n: unseenOf(counts, k) })).join(", ");
  const total = rec.waits.reduce((sum, k) => sum + unseenOf(counts, k), 0);
  return [`${head} ${t("waits")} ${waits}.`, t("preview_total", { n: total }),
    rec.furiten ? t("preview_furiten") : "", noYaku(ctx, rec) ? t("preview_no_yaku") : ""].filter(Boolean).join(" ");
}
