// The public Live games list (templates/games/_live_games.html; P-MATCH-7, P-SPECT-1/-2).
// The server renders it; this script refreshes it from /api/live-games/ every 10 s without a
// reload. The list is already as of (now - delay) on the server: nothing here is live.
import { h, makeTranslator } from "./dom.js";

const REFRESH_MS = 10000;

function playerEl(p, t) {
  return h("span", {},
    h("span", { class: "player-name" }, p.name),
    p.is_computer ? [" ", h("span", { class: "badge badge-computer", title: t("computer_title") }, t("computer"))] : null,
    " ", h("span", { class: "live-score" }, p.score === null || p.score === undefined ? "" : String(p.score)));
}

function gameEl(g, t) {
  const family = t.has(`family_${g.preset}`) ? t(`family_${g.preset}`) : g.preset;
  const players = [];
  g.players.forEach((p, i) => { if (i) players.push(" · "); players.push(playerEl(p, t)); });
  const spectators = t("spectators", { n: g.spectators });
  return h("li", { class: "live-game", dataset: { game: String(g.id) } },
    h("span", { class: "live-what" }, `${t("ranked")} · ${family} · ${g.clock_label} · ${g.hand_label}`),
    " ", h("span", { class: "live-players" }, players),
    " ", h("span", { class: "live-spectators", dataset: { role: "live-spectators" } }, spectators),
    " ", h("a", { class: "button", href: g.watch_url, dataset: { role: "watch" } }, t("watch")));
}

function start(root) {
  const list = root.querySelector("[data-role=live-list]");
  const t = makeTranslator(root.querySelector("#live-games-i18n"));
  async function refresh() {
    try {
      const response = await fetch(root.dataset.api, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (!response.ok) return;
      const data = await response.json();
      const items = data.games.length ? data.games.map((g) => gameEl(g, t))
        : [h("li", { class: "hint", dataset: { role: "live-empty" } }, t("empty"))];
      list.replaceChildren(...items);
      root.dataset.refreshed = String(Date.now());
    } catch {
      // a failed refresh keeps the list shown; the next one tries again
    }
  }
  setInterval(refresh, REFRESH_MS);
}

for (const root of document.querySelectorAll("[data-role=live-games]")) start(root);
