// Delta frames (fives.web.delta): a socket that joins with "deltas": true gets, after its
// first full frame, only what changed since the state frame it holds. This is the page's copy
// of delta.py's DeltaReader: the tests hold both to the server's full frames.

/**
 * The frame after a delta's ops (a new object: `frame` is left as it was).
 * @param {any} frame
 * @param {any[]} ops each ["s", path, value], ["a", path, items] or ["d", path]
 * @returns {any}
 */
export function applyOps(frame, ops) {
  const out = structuredClone(frame);
  for (const op of ops) {
    const path = /** @type {string[]} */ (op[1]);
    let target = out;
    for (const key of path.slice(0, -1)) target = target[key];
    const last = path[path.length - 1];
    if (op[0] === "s") target[last] = structuredClone(op[2]);
    else if (op[0] === "a") target[last].push(...structuredClone(op[2]));
    else if (op[0] === "d") delete target[last];
    else throw new Error("delta op " + String(op[0]) + ": expected s, a or d");
  }
  return out;
}

/**
 * One socket's reader: `take` turns each message into what the page shows.
 * @returns {{take: (msg: any) => any}}
 *   take gives the state frame after a state frame or a delta; the string "resync" when a
 *   delta does not follow the frame held (send {type: "resync"}: a full frame comes); null
 *   for the deltas that arrive meanwhile; any other message as it is.
 */
export function deltaReader() {
  /** @type {any} */
  let held = null;
  let n = 0;
  let waiting = false;
  return {
    take(msg) {
      if (msg.type === "state") {
        held = msg;
        n = 0;
        waiting = false;
        return msg;
      }
      if (msg.type !== "delta") return msg;
      if (held === null || msg.n !== n + 1) {
        held = null;
        if (waiting) return null;
        waiting = true;
        return "resync";
      }
      held = applyOps(held, msg.ops);
      n = msg.n;
      return held;
    },
  };
}
