// The private table's waiting room (P-TABLE-6/-7/-8, J3): listens on /ws/tables/<id>/ and,
// on every room notice newer than what is shown, re-reads the seats part of the page (the
// server renders it, translated). When the table has started, goes to the game.
const root = document.getElementById("room-root");
const seatsBox = root.querySelector('[data-role="room-seats"]');
const conn = root.querySelector('[data-role="room-conn"]');
let shown = Number(root.dataset.version || "0");
let socket = null;
let retry = 500;
let pingTimer = null;

function goToGame(gameId) {
  if (gameId) window.location.assign(root.dataset.gameUrlPrefix + gameId + "/");
}

async function refreshSeats(version) {
  const response = await fetch(root.dataset.seatsUrl, { credentials: "same-origin" });
  if (!response.ok) return;
  const html = await response.text();
  if (response.redirected) { window.location.assign(response.url); return; }
  seatsBox.innerHTML = html;
  const state = seatsBox.querySelector('[data-role="room-state"]');
  shown = Math.max(shown, Number(state ? state.dataset.version : version));
  if (state && state.dataset.gameId) goToGame(state.dataset.gameId);
}

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + window.location.host + root.dataset.wsPath);
  socket.addEventListener("open", () => {
    retry = 500;
    conn.textContent = "";
    clearInterval(pingTimer);
    pingTimer = setInterval(() => socket.send(JSON.stringify({ type: "ping" })), 25000);
  });
  socket.addEventListener("message", (event) => {
    let msg;
    try { msg = JSON.parse(event.data); } catch { return; }
    if (msg.type !== "room") return;
    if (msg.table.game_id) { goToGame(msg.table.game_id); return; }
    if (msg.table.version > shown) refreshSeats(msg.table.version);
  });
  socket.addEventListener("close", (event) => {
    clearInterval(pingTimer);
    if (event.code === 4401 || event.code === 4403) return;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  });
}

const copyButton = document.querySelector('[data-role="copy-link"]');
if (copyButton) {
  copyButton.addEventListener("click", async () => {
    const input = document.querySelector('[data-role="invite-link"]');
    input.select();
    try { await navigator.clipboard.writeText(input.value); } catch { document.execCommand("copy"); }
  });
}
connect();
