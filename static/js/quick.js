// Quick Play's waiting screen (J2 steps 2-3, P-MATCH-4/-5/-6): shows the time waited, reveals
// "Start now with computers" after the offer time, and listens on /ws/quick/. When a group
// with this account has been formed the server sends the game's URL and the page goes there;
// any other change (left in another tab, dropped from the queue) reloads the page, which
// reads the state from the server. Buttons are plain forms: nothing here changes the queue.
const root = document.getElementById("quick-root");

function format(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}

if (root) {
  const elapsed = root.querySelector('[data-role="elapsed"]');
  const computers = root.querySelector('[data-role="computers-form"]');
  const conn = root.querySelector('[data-role="quick-conn"]');
  const offerAfter = Number(root.dataset.offerAfter || "60");
  let startedAt = Date.now() - Number(root.dataset.waited || "0") * 1000;
  let retry = 500;
  let pingTimer = null;
  let leaving = false;

  const tick = () => {
    const waited = (Date.now() - startedAt) / 1000;
    elapsed.textContent = format(waited);
    if (computers && waited >= offerAfter) computers.hidden = false;
  };
  tick();
  setInterval(tick, 1000);

  const go = (url) => {
    if (leaving) return;
    leaving = true;
    window.location.assign(url);
  };
  // A button pressed here (Cancel, Start now with computers) already navigates: the notice
  // its own change sends must not start a second navigation that would cut it short.
  root.querySelectorAll("form").forEach((form) => form.addEventListener("submit", () => { leaving = true; }));

  const connect = () => {
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + window.location.host + root.dataset.wsPath);
    socket.addEventListener("open", () => {
      retry = 500;
      conn.textContent = "";
      clearInterval(pingTimer);
      pingTimer = setInterval(() => socket.send(JSON.stringify({ type: "ping" })), 25000);
    });
    socket.addEventListener("message", (event) => {
      let msg;
      try { msg = JSON.parse(event.data); } catch { return; }
      if (msg.type !== "quick" || leaving) return;
      if (msg.state === "in_game" && msg.game_url && !msg.notice) { go(msg.game_url); return; }
      if (msg.state !== "waiting" || msg.notice) {
        go(root.dataset.quickUrl + (msg.notice ? "?notice=" + encodeURIComponent(msg.notice) : ""));
        return;
      }
      startedAt = Date.now() - Number(msg.waited || 0) * 1000;
      if (msg.opted_in && root.dataset.optedIn !== "1") go(root.dataset.quickUrl);
      tick();
    });
    socket.addEventListener("close", (event) => {
      clearInterval(pingTimer);
      if (leaving || event.code === 4401) return;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    });
  };
  connect();
}
