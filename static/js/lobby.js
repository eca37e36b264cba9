// The public lobby (P-MATCH-7): listens on /ws/lobby/ and, on every lobby message (sent when
// a public table is created, joined, left, changed, started or closed), re-reads the list of
// open public tables as server-rendered, translated HTML (?part=public-tables) without a
// page reload. A person seated at a listed table that fills is taken to its game.
// Reconnects with back-off; pings every 25 s.
const section = document.getElementById("public-tables");
if (section) {
  const box = section.querySelector('[data-role="public-tables"]');
  const conn = section.querySelector('[data-role="lobby-conn"]');
  let retry = 500;
  let pingTimer = null;
  let fetching = null;
  let again = false;

  const ids = (text) => (text || "").split(" ").filter(Boolean);
  const listOf = () => box.querySelector('[data-role="public-tables-list"]');
  let mine = new Set(ids(listOf() && listOf().dataset.mine));

  // A table this person sits at has filled and started: take them to the game (P-TABLE-8).
  function followStartedTable() {
    const list = listOf();
    if (!list) return;
    for (const pair of ids(list.dataset.started)) {
      const [tableId, gameId] = pair.split(":");
      if (mine.has(tableId)) { window.location.assign("/games/" + gameId + "/"); return; }
    }
    mine = new Set(ids(list.dataset.mine));
  }

  async function refresh() {
    if (fetching) { again = true; return; }         // one read at a time; the last notice wins
    fetching = fetch(section.dataset.listUrl, { credentials: "same-origin" });
    try {
      const response = await fetching;
      if (response.ok) {
        box.innerHTML = await response.text();
        followStartedTable();
      }
    } catch {
      // a failed read is healed by the next notice or the reconnect
    } finally {
      fetching = null;
      if (again) { again = false; refresh(); }
    }
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + window.location.host + section.dataset.wsPath);
    socket.addEventListener("open", () => {
      retry = 500;
      conn.textContent = "";
      section.dataset.live = "1";
      clearInterval(pingTimer);
      pingTimer = setInterval(() => socket.send(JSON.stringify({ type: "ping" })), 25000);
    });
    socket.addEventListener("message", (event) => {
      let msg;
      try { msg = JSON.parse(event.data); } catch { return; }
      if (msg.type !== "lobby") return;
      // Every message is read, including the first after a (re)connect: the list may have
      // changed between the page's rendering (or the lost connection) and now.
      refresh();
    });
    socket.addEventListener("close", () => {
      clearInterval(pingTimer);
      section.dataset.live = "0";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    });
  }
  connect();
}
