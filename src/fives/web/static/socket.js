// The table's WebSocket: join with the link's token, hand every frame to one handler, and come
// back after a drop.
import { setStatus } from "./dom.js";
import { t } from "./i18n.js";
import { deltaReader } from "./delta.js";
import { state } from "./state.js";
import { myName } from "./yours.js";

/** The seat or watch token in the address ("#t=..." or "#w=..."). */
export function tokenFromHash() {
  const m = /^#([tw])=([A-Za-z0-9_-]{16,100})$/.exec(location.hash);
  return m ? m[2] : null;
}

/**
 * Why the server closed a socket (protocol.py's CLOSE_* codes), said before "reconnecting".
 * @type {Record<number, string>}
 */
const CLOSED_WHY = {
  4008: "web.closed.too_slow",
  4403: "web.closed.forbidden",
  4408: "web.closed.timeout",
  4429: "web.closed.too_many",
  4430: "web.closed.flood",
};

/** @param {(frame: any) => void} onFrame */
export function connect(onFrame) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(proto + "//" + location.host + "/ws");
  state.ws = ws;
  // Delta frames (delta.js): after the full frame of the join, only what changed; they build
  // on this socket's own frames, so each socket has its reader.
  const reader = deltaReader();
  ws.addEventListener("open", () => {
    const name = myName();
    ws.send(JSON.stringify({
      type: "join", token: state.token, deltas: true, ...(name ? { name } : {}),
    }));
  });
  ws.addEventListener("message", (ev) => {
    const frame = reader.take(JSON.parse(ev.data));
    // Back in: the next drop starts its back-off short again. Not at "open", nor at the
    // join's refusal: a server that refuses the join would be asked again every 0.1 s.
    if (frame !== null && frame !== "resync" && frame.type !== "error") state.retry = 0;
    if (frame === "resync") ws.send(JSON.stringify({ type: "resync" }));
    else if (frame !== null) onFrame(frame);
  });
  ws.addEventListener("close", (e) => {
    document.body.dataset.closed = String(e.code) + " " + e.reason;
    if (state.ws !== ws) return;
    const why = CLOSED_WHY[e.code];
    setStatus(why ? t(why) + " " + t("web.reconnecting") : t("web.reconnecting"));
    document.body.classList.add("offline");
    // 0.1 to 0.3 s at first (a server that died is replaced at once by another behind the
    // same address), then doubling up to about 8 s; the random share keeps the clients of a
    // dead server from all coming back in the same instant.
    // A refusal (too many joins or sockets, a flood) waits 1.6 to 4.8 s at least.
    if (e.code === 4429 || e.code === 4430) state.retry = Math.max(state.retry, 5);
    state.retry = Math.min(state.retry + 1, 7);
    setTimeout(() => connect(onFrame), 100 * 2 ** (state.retry - 1) * (0.5 + Math.random()));
  });
}

/** @param {Record<string, unknown>} msg */
export function send(msg) {
  if (state.ws && state.ws.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify(msg));
}
