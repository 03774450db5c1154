// The board on the page. Where tiles go comes from board.js (layoutBoard, a pure function
// tested alone); this module only draws its rectangles, the green targets and the words for
// each end.
import { layoutBoard } from "./board.js";
import { $, drawTile, svg } from "./dom.js";
import { t } from "./i18n.js";
import { halves, playMove, shownForm, targetsOfSelection } from "./moves.js";
import { frame, state } from "./state.js";
import { sumWords } from "./words.js";

function boardSize() {
  const scroll = $("board-scroll");
  return { width: Math.max(200, scroll.clientWidth - 4), height: Math.max(160, scroll.clientHeight - 4) };
}

export function renderBoard() {
  const v = frame().public;
  const board = $("board");
  board.replaceChildren();
  const targets = targetsOfSelection().filter((m) => m.node && (!m.form || m.form === shownForm()));
  /** @param {import("./state.js").Move} m */
  const ghost = (m) => {
    const [touching, outer] = halves(m.tile || "0-0");
    return { key: m.notation, parent: m.node, port: m.port, double: touching === outer,
      touching, outer, endwise: m.form === "british" };
  };
  const size = boardSize();
  const phone = size.width < 500;
  const res = layoutBoard(v.layout, {
    width: size.width, height: size.height, minTile: phone ? 20 : 24, maxTile: phone ? 40 : 56,
    extras: targets.map(ghost),
  });
  state.board = res;
  const unit = res.unit * state.zoom;
  const box = res.box;
  board.setAttribute("viewBox", `${box.x} ${box.y} ${box.w} ${box.h}`);
  board.setAttribute("width", String(Math.round(box.w * unit)));
  board.setAttribute("height", String(Math.round(box.h * unit)));
  const fresh = freshNodes(v);
  // The tile placed by the last action is marked until the next move (a draw or pass too).
  const lastAction = v.history[v.history.length - 1];
  const last = lastAction && (lastAction.kind === "lead" || lastAction.kind === "place")
    ? v.layout.nodes.length : 0;
  for (const r of res.tiles) {
    const isNew = fresh.has(Number(r.n));
    const g = tileOf(r, "tile" + (r.spinner ? " spinner" : "") + (r.endwise ? " endwise" : "") +
      (isNew ? " fresh" : "") + (r.n === last ? " last" : ""));
    g.setAttribute("data-node", String(r.n));
    board.append(g);
    if (isNew) animateIn(g, r);
  }
  // Targets for the selected tile: a ghost of the tile where it would go (mouse and touch; the
  // keyboard and screen readers use the buttons under the hand, which say the same in words).
  for (const r of res.ghosts) {
    const move = r.key || "";
    const g = tileOf(r, "tile ghost");
    // At least 32 px to tap, however small the tiles are drawn: a clear rectangle round it, the
    // whole cell at least (the face alone is 0.94 of it), 33 px against the svg's rounding.
    const pad = Math.max(0, (33 / unit - 1) / 2);
    g.prepend(svg("rect", { x: -1 - pad, y: -0.5 - pad, width: 2 + 2 * pad,
      height: 1 + 2 * pad, class: "hit" }));
    g.setAttribute("data-move", move);
    g.setAttribute("aria-hidden", "true");
    if (state.endFocus === move) g.classList.add("hot");
    g.addEventListener("click", () => playMove(move));
    board.append(g);
  }
  const text = boardText(v);
  board.setAttribute("aria-label", text);
  $("board-desc").textContent = text;
}

/**
 * @param {any} r a rectangle of layoutBoard's answer
 * @param {string} cls
 */
function tileOf(r, cls) {
  const vertical = r.h > r.w;
  return drawTile(r.x + r.w / 2, r.y + r.h / 2, vertical ? [0, 1] : [1, 0], r.a, r.b, cls);
}

/**
 * The nodes placed since this page last drew the board (the tiles to animate).
 * @param {import("./state.js").Public} v
 */
function freshNodes(v) {
  const count = v.layout.nodes.length;
  const seen = state.seenNodes;
  state.seenNodes = { hand: v.hand_number, count };
  /** @type {Set<number>} */
  const out = new Set();
  if (!seen || seen.hand !== v.hand_number || count <= seen.count || count - seen.count > 2) {
    return out;
  }
  for (let n = seen.count + 1; n <= count; n++) out.add(n);
  return out;
}

function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * A short slide of a new tile from the player's side of the table to its place.
 * @param {SVGElement} g
 * @param {any} r
 */
function animateIn(g, r) {
  if (reducedMotion() || !g.animate || !state.board) return;
  const f = frame();
  const mine = f.you !== null && state.lastMover === f.you;
  const box = state.board.box;
  // From under the board for your own tile, from above for an opponent's.
  const dy = (mine ? box.y + box.h + 1 : box.y - 2) - r.y;
  g.animate([
    { transform: `translate(0px, ${dy}px)`, opacity: 0.3 },
    { transform: "translate(0px, 0px)", opacity: 1 },
  ], { duration: 320, easing: "ease-out" });
}

/**
 * "Open ends: 5 + 2 + 6 + 6 = 19" (the projection's counted parts: doubles twice), the open
 * ends not counted yet (a spinner's arms) named apart.
 * @param {import("./state.js").Public} v
 */
function boardText(v) {
  const layout = v.layout;
  if (!layout.nodes.length) return t("web.empty_layout");
  let text;
  if (!layout.count_shown) { // the projection says: none under claims (§9 O1) or no scoring
    text = t("web.ends_only", { ends: layout.ends.map((e) => e.value).join(", ") });
  } else if (layout.parts.length) {
    text = t("web.ends_sum", { sum: sumWords(layout.parts), total: layout.total });
  } else {
    text = t("web.layout_desc", { ends: layout.ends.map((e) => e.value).join(", "),
      total: layout.total });
  }
  // under claims no end says whether it counts (counted: null): that too is the players' count
  const uncounted = layout.open_ends.filter((e) => e.branch && e.counted === false);
  if (uncounted.length) {
    text += " " + t("web.ends_uncounted", { ends: uncounted.map((e) => e.value).join(", ") });
  }
  return text;
}
