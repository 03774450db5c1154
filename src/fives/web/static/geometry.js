// Plane geometry for the board layout (board.js): directions, rectangles and how they meet.
// Units: a tile's short side is 1 and its long side 2; y grows downwards (as on the screen).
/**
 * @typedef {number[]} Vec a point or a direction [x, y]
 * @typedef {{ x: number, y: number, w: number, h: number }} Rect
 * @typedef {{ x0: number, x1: number, y0: number, y1: number }} Box
 * @typedef {{ at: Vec, dir: Vec }} Port
 * @typedef {{ lane: Vec, prog: Vec, counted?: boolean }} Arm
 * @typedef {{ n: number | string, parent: number, port?: string, double?: boolean,
 *   spinner?: boolean, endwise?: boolean, touching: number, outer: number, key?: string,
 *   ghost?: boolean }} BoardNode a tile of the layout (or a target: key, ghost)
 * @typedef {{ center: Vec, dir: Vec, along: number, across: number, touch: Vec,
 *   turn: boolean }} Candidate
 * @typedef {{ node: BoardNode, center: Vec, dir: Vec, along: number, across: number,
 *   lead: boolean, arm: Arm | null, rect: Rect }} Placed
 * @typedef {{ placed: Map<number | string, Placed>, bad: number, outside: number }} Run
 * @typedef {{ box: Box, unit?: number, cols?: number, variant: number, reserve?: boolean,
 *   gap?: number }} Choice
 */
export const EPS = 1e-6;

/** @param {Vec} d */
export function left(d) { return [d[1], -d[0]]; }
/** @param {Vec} d */
export function right(d) { return [-d[1], d[0]]; }
/** @param {Vec} d */
export function neg(d) { return [-d[0], -d[1]]; }
/** @param {Vec} a @param {Vec} b */
export function same(a, b) { return a[0] === b[0] && a[1] === b[1]; }
/** @param {Vec} p @param {Vec} d @param {number} k @returns {Vec} */
export function add(p, d, k) { return [p[0] + d[0] * k, p[1] + d[1] * k]; }

// A rectangle centred at c with half extents `along` in direction d and `across` beside it.
/**
 * @param {Vec} c @param {Vec} d @param {number} along @param {number} across
 * @returns {Rect}
 */
export function rectAt(c, d, along, across) {
  const hx = d[0] !== 0 ? along : across;
  const hy = d[0] !== 0 ? across : along;
  return { x: c[0] - hx, y: c[1] - hy, w: 2 * hx, h: 2 * hy };
}

// Interiors closer than `gap` (0: they overlap with a positive area).
/** @param {Rect} a @param {Rect} b @param {number} gap */
export function clash(a, b, gap) {
  return a.x < b.x + b.w + gap - EPS && b.x < a.x + a.w + gap - EPS &&
    a.y < b.y + b.h + gap - EPS && b.y < a.y + a.h + gap - EPS;
}

// How far a rectangle reaches out of the box (0 inside).
/** @param {Rect} r @param {Box} box */
export function excess(r, box) {
  return Math.max(0, box.x0 - r.x) + Math.max(0, r.x + r.w - box.x1) +
    Math.max(0, box.y0 - r.y) + Math.max(0, r.y + r.h - box.y1);
}

// Where a port of a placed node is, and which way a tile played there grows.
/** @param {Placed} p @param {string} port @returns {Port} */
export function portOf(p, port) {
  const d = p.dir;
  if (p.lead) {
    if (port === "W") return { at: add(p.center, d, -p.along), dir: neg(d) };
    if (port === "E") return { at: add(p.center, d, p.along), dir: d };
    if (port === "N") return { at: add(p.center, left(d), p.across), dir: left(d) };
    return { at: add(p.center, right(d), p.across), dir: right(d) };
  }
  if (port === "out") return { at: add(p.center, d, p.along), dir: d };
  if (port === "L") return { at: add(p.center, left(d), p.across), dir: left(d) };
  return { at: add(p.center, right(d), p.across), dir: right(d) };
}

// The places a tile may take on a port, best first for this arm.
/** @param {Port} port @param {boolean} dbl @param {Arm} arm @returns {Candidate[]} */
export function candidates(port, dbl, arm) {
  const e = port.dir;
  const p = port.at;
  // A double lies across the line, always, and never turns a corner itself (the tile after
  // it may): the line meets its long sides on both sides.
  if (dbl) return [{ center: add(p, e, 0.5), dir: e, along: 0.5, across: 1, touch: e, turn: false }];
  const straight = [{ center: add(p, e, 1), dir: e, along: 1, across: 0.5, touch: e, turn: false }];
  /** @param {Vec} f @returns {Candidate} */
  const corner = (f) => ({
    center: add(add(p, e, 0.5), f, 0.5), dir: f, along: 1, across: 0.5, touch: f, turn: true,
  });
  const prog = arm.prog;
  const lane = arm.lane;
  if (same(e, lane) || same(e, neg(lane))) { // running along a lane
    return [...straight, corner(prog), corner(neg(prog))];
  }
  // half-way through a turn: back along the other way, else onwards, else the same way again
  return [corner(neg(lane)), ...straight, corner(lane)];
}
