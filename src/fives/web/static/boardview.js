// The board on the page. Where tiles go comes from board.js (layoutBoard, a pure function
// tested alone); this module only draws its rectangles, the green targets and the words for
// each end.
import { layoutBoard } from "./board.js";
import { $, drawTile } from "./dom.js";
import { t } from "./i18n.js";
import { playMove, shownForm, targetsOfSelection } from "./moves.js";
import { frame, state } from "./state.js";

function boardSize() {
  const scroll = $("board-scroll");
  return { width: Math.max(200, scroll.clientWidth - 4), height: Math.max(160, scroll.clientHeight - 4) };
}

export function renderBoard() {
  const v = frame().view;
  const board = $("board");
  board.replaceChildren();
  const targets = targetsOfSelection().filter((m) => m.node && (!m.form || m.form === shownForm()));
  const size = boardSize();
  const phone = size.width < 500;
  const res = layoutBoard(v.layout, {
    width: size.width, height: size.height, minTile: phone ? 20 : 24, maxTile: phone ? 40 : 56,
    extras: targets.map((m) => ({ key: m.text, parent: m.node, port: m.port || undefined,
      double: m.a === m.b, touching: m.a, outer: m.b, endwise: m.form === "british" })),
  });
  state.board = res;
  const unit = res.unit * state.zoom;
  const box = res.box;
  board.setAttribute("viewBox", `${box.x} ${box.y} ${box.w} ${box.h}`);
  board.setAttribute("width", String(Math.round(box.w * unit)));
  board.setAttribute("height", String(Math.round(box.h * unit)));
  const fresh = freshNodes(v);
  for (const r of res.tiles) {
    const isNew = fresh.has(Number(r.n));
    const g = tileOf(r, "tile" + (r.spinner ? " spinner" : "") + (r.endwise ? " endwise" : "") +
      (isNew ? " fresh" : ""));
    g.setAttribute("data-node", String(r.n));
    board.append(g);
    if (isNew) animateIn(g, r);
  }
  // Targets for the selected tile: a ghost of the tile where it would go (mouse and touch; the
  // keyboard and screen readers use the buttons under the hand, which say the same in words).
  for (const r of res.ghosts) {
    const move = r.key || "";
    const g = tileOf(r, "tile ghost");
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
 * @param {import("./state.js").View} v
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
 * "Open ends: 5 + 2 + 6 + 6 = 19", doubles twice, uncounted spinner arms named apart.
 * @param {import("./state.js").View} v
 */
function boardText(v) {
  const layout = v.layout;
  if (!layout.nodes.length) return t("web.empty_layout");
  const parts = countParts(layout);
  const sum = parts.reduce((x, y) => x + y, 0);
  // A US sniff's branch ends count (RULES.md §9 O4): only other branch ends are "uncounted".
  const usSniff = new Set(layout.sniff === "us"
    ? layout.nodes.filter((n) => n.spinner).map((n) => n.n) : []);
  const branch = layout.ends.filter((e) => ["N", "S", "L", "R"].includes(e.port) &&
    !usSniff.has(e.node));
  let text;
  if (sum === layout.total && parts.length) {
    text = t("web.ends_sum", { sum: parts.join(" + "), total: layout.total });
  } else {
    text = t("web.layout_desc", { ends: layout.ends.map((e) => e.value).join(", "),
      total: layout.total });
  }
  if (branch.length && sum === layout.total) {
    text += " " + t("web.ends_uncounted", { ends: branch.map((e) => e.value).join(", ") });
  }
  return text;
}

/**
 * The values that make up the counted total (RULES.md §1.4, the sniff of §9 O4), as the
 * server's count_parts.
 * @param {import("./state.js").Layout} layout
 */
function countParts(layout) {
  const sniff = layout.sniff || "none";
  /** @type {Map<number, Set<string>>} */
  const taken = new Map();
  for (const node of layout.nodes) {
    if (node.parent) {
      const used = taken.get(node.parent) || new Set();
      used.add(node.port);
      taken.set(node.parent, used);
    }
  }
  /** @type {number[]} */
  const parts = [];
  for (const node of layout.nodes) {
    const used = taken.get(node.n) || new Set();
    const inline = node.parent === 0 ? ["W", "E"] : ["out"];
    const free = inline.filter((p) => !used.has(p));
    const sniffed = node.double && node.spinner && sniff !== "none";
    if (sniffed && sniff === "us" && !free.length) {
      const branches = node.parent === 0 ? ["N", "S"] : ["L", "R"];
      for (const p of branches) if (!used.has(p)) parts.push(node.outer);
      continue;
    }
    if (!free.length) continue;
    if (node.double && !(sniffed && sniff === "british")) {
      parts.push(node.outer, node.outer);
      continue;
    }
    for (const p of free) parts.push(p === "W" ? node.touching : node.outer);
  }
  return parts;
}
