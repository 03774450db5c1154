// Fives board layout: a pure function from the layout the server sends to rectangles.
// An ES module with no DOM and no globals read: the page (boardview.js) and the tests
// (tests/web/test_board_layout.py) call layoutBoard(layout, options) and get the same answer.
//
// Units: a tile's short side is 1 and its long side 2; y grows downwards (as on the screen).
// Each arm grows tile by tile from its port. A tile goes straight while it stays inside a box of
// the viewport's shape and touches nothing; otherwise it turns a corner (the next tile lies
// crosswise, its touching half against the end it was played on) and the arm snakes back in a
// new lane. Every candidate place is checked against every tile already down, with a clear gap,
// so arms and the branches of every spinner never overlap. The box is tried at several sizes
// and the one that gives the largest tiles in the viewport wins.
// Doubles lie across the line, except a British sniff (RULES.md §9 O4: layout.sniff is
// "british"), which lies along it: its two side tiles then stand on the middle of its long
// sides, one each way, where they go.
import { add, candidates, clash, EPS, excess, left, neg, portOf, rectAt, right, same }
  from "./geometry.js";

/**
 * @typedef {import("./geometry.js").Vec} Vec
 * @typedef {import("./geometry.js").Rect} Rect
 * @typedef {import("./geometry.js").Box} Box
 * @typedef {import("./geometry.js").Port} Port
 * @typedef {import("./geometry.js").Arm} Arm
 * @typedef {import("./geometry.js").BoardNode} BoardNode
 * @typedef {import("./geometry.js").Candidate} Candidate
 * @typedef {import("./geometry.js").Placed} Placed
 * @typedef {import("./geometry.js").Run} Run
 * @typedef {import("./geometry.js").Choice} Choice
 */
const GAP = 0.25; // the clear space kept between tiles that are not joined
let gap = GAP; // 0 in the last resort: tiles may then touch (never overlap)
const PAD = 0.5; // margin around the drawing, in units
// Box centres tried (fractions of the box), so that a long arm may use the room a short one
// leaves on its side of the lead.
const SHIFTS = [[0, 0], [0.3, 0], [-0.3, 0], [0, 0.3], [0, -0.3]];

// The arm state a tile grown on a port starts with (a new arm, or its parent's).
// `variant` 0 is the rule above; another variant turns some arms the other way (chosen by
// a fixed hash of the arm's number), for the rare layout where the rule walls an arm in.
/**
 * @param {Placed} parent @param {string} portName @param {Port} port @param {number} count
 * @param {number} variant
 * @returns {Arm}
 */
function armFor(parent, portName, port, count, variant) {
  if (!parent.lead && portName === "out" && parent.arm) return parent.arm;
  const lane = port.dir;
  const side = right(lane); // arms through the centre turn clockwise: a pinwheel
  const offset = port.at[0] * side[0] + port.at[1] * side[1];
  let prog = Math.abs(offset) < 0.75 || offset > 0 ? side : neg(side);
  if (variant && (((count + 1) * 2654435761 + variant * 40503) >>> 7) % 2) prog = neg(prog);
  return { lane, prog };
}

// Place every node in order. With `limit`, give up (null) as soon as the drawing's bounds
// would make tiles no larger than `limit` pixels in a `width` x `height` viewport.
// With `reserve`, a place that walls in an end already on the table (not yet played on)
// counts as walled too: slower, tried only when nothing else works.
/**
 * @param {BoardNode[]} nodes @param {Box} box @param {number} width @param {number} height
 * @param {number} limit @param {number} [variant] @param {boolean} [reserve]
 * @returns {Run | null}
 */
function place(nodes, box, width, height, limit, variant, reserve) {
  /** @type {Map<number | string, Placed>} */
  const placed = new Map();
  /** @type {Map<string, Port & { owner: Placed }>} */
  const open = new Map(); // "n.port" -> {at, dir, owner} of the ends not played on yet
  /** @param {Placed} p */
  const addPorts = (p) => {
    const names = p.lead ? ["W", "E", ...(p.node.spinner ? ["N", "S"] : [])]
      : ["out", ...(p.node.spinner ? ["L", "R"] : [])];
    for (const name of names) open.set(p.node.n + "." + name, { ...portOf(p, name), owner: p });
  };
  let arms = 0;
  /** @type {Placed[]} */
  const rects = [];
  let bad = 0;
  let outside = 0;
  let x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  for (const node of nodes) {
    if (limit && rects.length) {
      const last = rects[rects.length - 1].rect;
      x0 = Math.min(x0, last.x); y0 = Math.min(y0, last.y);
      x1 = Math.max(x1, last.x + last.w); y1 = Math.max(y1, last.y + last.h);
      const unit = Math.min(width / (x1 - x0 + 2 * PAD), height / (y1 - y0 + 2 * PAD));
      if (unit <= limit + EPS) return null;
    }
    if (node.parent === 0) {
      const across_ = node.double && !node.endwise; // a double across the line
      const along = across_ ? 0.5 : 1;
      const across = across_ ? 1 : 0.5;
      /** @type {Placed} */
      const p = { node, center: [0, 0], dir: [1, 0], along, across, lead: true,
        arm: null, rect: rectAt([0, 0], [1, 0], along, across) };
      placed.set(node.n, p);
      rects.push(p);
      if (reserve) addPorts(p);
      continue;
    }
    const parent = placed.get(node.parent);
    if (!parent) throw new Error("node " + node.n + ": no parent " + node.parent);
    const portName = node.port || "";
    const port = portOf(parent, portName);
    const arm = armFor(parent, portName, port, arms, variant || 0);
    if (!arm.counted) { arm.counted = true; arms += 1; }
    const against = rects; // targets avoid the tiles and the targets drawn before them
    // A British sniff's side tile stands straight out of its side: it is never extended.
    const side = parent.node.endwise && node.port !== "out" && !(parent.lead &&
      (node.port === "W" || node.port === "E"));
    const options = candidates(port, Boolean(node.double && !node.endwise), arm)
      .filter((c) => !side || !c.turn);
    /** @param {Rect} rect @param {Placed | null} except */
    const free = (rect, except) => {
      for (const other of against) {
        if (clash(rect, other.rect, other === except ? 0 : gap)) return false;
      }
      return true;
    };
    // Places that fit, best first; then the first whose own end is not walled in (one tile
    // of look-ahead), else the best of them.
    /** @type {(Candidate & { rect: Rect, score: number })[]} */
    const fits = [];
    options.forEach((c, rank) => {
      const rect = rectAt(c.center, c.dir, c.along, c.across);
      if (!free(rect, parent)) return;
      const out = excess(rect, box);
      fits.push({ ...c, rect, score: (out > EPS ? 100 + 10 * out : 0) + rank });
    });
    fits.sort((x, y) => x.score - y.score);
    // A port is walled in when no tile could go on it; a spinner has three to keep open.
    /** @param {Candidate & { rect: Rect }} c */
    const walled = (c) => {
      const ports = [{ at: add(c.center, c.dir, c.along), dir: c.dir }];
      if (node.spinner) {
        ports.push({ at: add(c.center, left(c.dir), c.across), dir: left(c.dir) },
          { at: add(c.center, right(c.dir), c.across), dir: right(c.dir) });
      }
      let count = 0;
      for (const q of ports) {
        const ok = candidates(q, false, { lane: q.dir, prog: right(q.dir) }).some((k) => {
          const r2 = rectAt(k.center, k.dir, k.along, k.across);
          return !clash(r2, c.rect, 0) && free(r2, null);
        });
        if (!ok) count += 1;
      }
      if (reserve) {
        for (const [key, q] of open) {
          if (key === node.parent + "." + node.port) continue;
          const ok = candidates(q, false, { lane: q.dir, prog: right(q.dir) }).some((k) => {
            const r2 = rectAt(k.center, k.dir, k.along, k.across);
            return !clash(r2, c.rect, gap) && free(r2, q.owner);
          });
          if (!ok) count += 1;
        }
      }
      return count;
    };
    /** @type {(Candidate & { rect: Rect }) | null} */
    let best = null;
    let bestScore = Infinity;
    let fewest = Infinity;
    for (const c of fits) {
      const w = walled(c);
      if (w < fewest) { best = c; bestScore = c.score; fewest = w; }
      if (w === 0) break;
    }
    if (!best) { // boxed in: nothing fits (the caller tries another box)
      bad += 1;
      const c = options[0];
      best = { ...c, rect: rectAt(c.center, c.dir, c.along, c.across) };
    } else if (bestScore >= 100) outside += 1;
    let nextArm = arm;
    if (best.turn && !same(best.dir, arm.prog) && !same(best.dir, neg(arm.prog))) {
      nextArm = { lane: best.dir, prog: arm.prog }; // a lane change is over: a new lane
    }
    /** @type {Placed} */
    const p = { node, center: best.center, dir: best.dir, along: best.along,
      across: best.across, lead: false, rect: best.rect, arm: nextArm };
    placed.set(node.n, p);
    rects.push(p);
    if (reserve) {
      open.delete(node.parent + "." + node.port);
      addPorts(p);
    }
  }
  return { placed, bad, outside };
}

/**
 * place() with no size limit, which never gives up.
 * @param {BoardNode[]} nodes @param {Box} box @param {number} width @param {number} height
 * @param {number} variant @param {boolean} [reserve]
 * @returns {Run}
 */
function placeAll(nodes, box, width, height, variant, reserve) {
  const run = place(nodes, box, width, height, 0, variant, reserve);
  if (!run) throw new Error("place() without a limit gave up");
  return run;
}

/** @param {Placed[]} placedList @returns {Rect} */
function bounds(placedList) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of placedList) {
    x0 = Math.min(x0, p.rect.x); y0 = Math.min(y0, p.rect.y);
    x1 = Math.max(x1, p.rect.x + p.rect.w); y1 = Math.max(y1, p.rect.y + p.rect.h);
  }
  if (x0 === Infinity) return { x: -2, y: -1.5, w: 4, h: 3 };
  return { x: x0 - PAD, y: y0 - PAD, w: x1 - x0 + 2 * PAD, h: y1 - y0 + 2 * PAD };
}

// The values drawn on each half, first the half towards -x (or -y), then the other: the
// touching half lies against the parent, behind the direction the tile grows in.
/** @param {Placed} p */
function halves(p) {
  const n = p.node;
  if (n.double) return [n.touching, n.touching];
  const axis = p.rect.w >= p.rect.h ? [1, 0] : [0, 1];
  return same(p.dir, axis) ? [n.touching, n.outer] : [n.outer, n.touching];
}

/** @type {Record<string, string>} */
const COMPASS = { "1,0": "east", "-1,0": "west", "0,-1": "north", "0,1": "south" };

/**
 * layoutBoard(layout, {width, height, minTile, maxTile, extras})
 *   layout: the server's layout JSON ({nodes: [{n, parent, port, double, touching, outer,
 *     spinner}], ends: [{node, port, value}], total}).
 *   width, height: the viewport for the board, in CSS pixels.
 *   minTile / maxTile: the smallest / largest short side of a tile, in pixels.
 *   extras: tiles that could be played ({key, parent, port, double, touching, outer, endwise:
 *     a British sniff}), placed where they would go (for the green targets), kept clear of
 *     the tiles and of each other.
 * Returns {tiles, ghosts, ends, box, unit, fitUnit, scroll, bad, outside}: rectangles in units,
 * `unit` pixels per unit (never below minTile: past it the board scrolls), `fitUnit` the size
 * that would fit the viewport exactly.
 */
/**
 * @param {{ nodes?: BoardNode[], ends?: { node: number, port: string, value: number }[],
 *   sniff?: string } | null} layout
 * @param {{ width?: number, height?: number, minTile?: number, maxTile?: number,
 *   extras?: (Omit<BoardNode, "n"> & { key: string })[] }} [options]
 */
function layoutBoard(layout, options) {
  const opts = options || {};
  const width = Math.max(1, opts.width || 800);
  const height = Math.max(1, opts.height || 400);
  const minTile = opts.minTile || 20;
  const maxTile = opts.maxTile || 48;
  // A British sniff lies along the line (the spinner of a sniff game is the sniff).
  const british = Boolean(layout && layout.sniff === "british");
  const nodes = ((layout && layout.nodes) || []).map((n) =>
    (british && n.spinner && n.double ? { ...n, endwise: true } : n));
  const aspect = width / height;
  // The box that gives the largest tiles: widths from "no turn at all" down to a tight
  // spiral; shifted boxes let a long arm use the side a short arm leaves empty.
  /**
   * @param {BoardNode[]} list @param {number} variant @param {number} shape
   * @param {boolean} [reserve]
   * @returns {Choice | null}
   */
  const search = (list, variant, shape, reserve) => {
    let chosen = /** @type {(Choice & { unit: number, cols: number }) | null} */ (null);
    /** @param {number} cols @param {number} sx @param {number} sy */
    const attempt = (cols, sx, sy) => {
      const rows = Math.max(4, cols / (aspect * (shape || 1)));
      const cx = sx * cols;
      const cy = sy * rows;
      const box = { x0: cx - cols / 2, x1: cx + cols / 2, y0: cy - rows / 2, y1: cy + rows / 2 };
      const run = place(list, box, width, height, chosen ? chosen.unit : 0, variant, reserve);
      if (!run || run.bad) return;
      const b = bounds([...run.placed.values()]);
      // Past the largest tile size a tighter snake gains nothing: the widest box wins.
      const unit = Math.min(maxTile, width / b.w, height / b.h);
      if (!chosen || unit > chosen.unit + EPS) chosen = { box, unit, cols, variant, reserve };
    };
    // Coarse: centred boxes from "no turn at all" down to a tight spiral, widest first.
    const longest = 2 * list.length + 2;
    for (let cols = Math.max(6, Math.min(longest, 60)); cols >= 6; cols -= cols > 16 ? 4 : 2) {
      if (chosen && chosen.unit >= maxTile - EPS) return chosen;
      attempt(cols, 0, 0);
    }
    if (!chosen || chosen.unit >= maxTile - EPS) return chosen;
    // Fine: around the best width, boxes shifted so that a long arm may use the room a short
    // one leaves on its side of the lead.
    const around = chosen.cols;
    for (const cols of [around, around - 2, around + 2, around - 4, around + 4]) {
      if (cols < 6) continue;
      for (const [sx, sy] of SHIFTS) {
        if (cols === around && sx === 0 && sy === 0) continue;
        attempt(cols, sx, sy);
      }
    }
    return chosen;
  };
  // Every box walled an arm in (rare): turn some arms the other way, a few ways in turn.
  /** @param {BoardNode[]} list @returns {Choice | null} */
  const searchAll = (list) => {
    for (const shape of [1, 2, 0.5, 4, 0.25]) { // then boxes of other shapes
      for (let variant = 0; variant <= 8; variant++) {
        const found = search(list, variant, shape);
        if (found) return found;
      }
    }
    for (const shape of [1, 2, 0.5]) { // keeping every open end free as tiles go down
      const found = search(list, 0, shape, true);
      if (found) return found;
    }
    gap = 0; // last resort: unrelated tiles may touch
    try {
      for (const shape of [1, 2, 0.5]) {
        const found = search(list, 0, shape, true);
        if (found) return { ...found, gap: 0 };
      }
    } finally {
      gap = GAP;
    }
    const box = { x0: -1e6, x1: 1e6, y0: -1e6, y1: 1e6 }; // no box at all: never a turn
    for (let variant = 0; variant <= 64; variant++) {
      if (!placeAll(list, box, width, height, variant).bad) return { box, variant };
    }
    return null;
  };
  const wide = { box: { x0: -1e6, x1: 1e6, y0: -1e6, y1: 1e6 }, variant: 0 };
  /** @type {Choice} */
  let chosen = { box: { x0: -8, x1: 8, y0: -4, y1: 4 }, variant: 0 };
  if (nodes.length) chosen = searchAll(nodes) || wide;
  const extras = (opts.extras || []).map((x) => ({ ...x, n: "g" + x.key, ghost: true }));
  gap = chosen.gap === 0 ? 0 : GAP;
  let run = placeAll([...nodes, ...extras], chosen.box, width, height, chosen.variant,
    chosen.reserve);
  if (run.bad && extras.length) { // a target has no room there: find a box with room for all
    const found = searchAll([...nodes, ...extras]);
    if (found) {
      gap = found.gap === 0 ? 0 : GAP;
      run = placeAll([...nodes, ...extras], found.box, width, height, found.variant,
        found.reserve);
    }
  }
  gap = GAP;
  const all = [...run.placed.values()];
  const realList = all.filter((p) => !p.node.ghost);
  const b = bounds(all);
  const fitUnit = Math.min(width / b.w, height / b.h);
  const unit = Math.max(minTile, Math.min(maxTile, fitUnit));
  /** @param {Placed} p */
  const out = (p) => {
    const [a, bb] = halves(p);
    return { n: p.node.n, x: p.rect.x, y: p.rect.y, w: p.rect.w, h: p.rect.h, a, b: bb,
      parent: p.node.parent, port: p.node.port || "", double: Boolean(p.node.double),
      spinner: Boolean(p.node.spinner), endwise: Boolean(p.node.endwise), key: p.node.key };
  };
  const ends = ((layout && layout.ends) || []).map((e) => {
    const parent = run.placed.get(e.node);
    const port = parent ? portOf(parent, e.port) : { at: [0, 0], dir: [1, 0] };
    return { node: e.node, port: e.port, value: e.value, x: port.at[0], y: port.at[1],
      compass: COMPASS[port.dir.join(",")] || "east",
      spinner: Boolean(parent && parent.node.spinner) };
  });
  return {
    tiles: realList.map(out),
    ghosts: all.filter((p) => p.node.ghost).map(out),
    ends,
    box: b,
    unit,
    fitUnit,
    scroll: fitUnit < minTile,
    bad: run.bad,
    outside: run.outside,
  };
}

export { layoutBoard };
