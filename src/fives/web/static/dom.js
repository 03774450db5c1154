// Small DOM helpers: elements, SVG nodes and the drawing of one tile.
const SVGNS = "http://www.w3.org/2000/svg";

/**
 * The element with this id (the page's HTML has every id the modules ask for).
 * @param {string} id
 * @returns {HTMLElement}
 */
export function $(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error("no #" + id + " in the page");
  return node;
}

/**
 * @param {string} id
 * @returns {HTMLInputElement}
 */
export function input(id) {
  return /** @type {HTMLInputElement} */ ($(id));
}

/**
 * @param {string} id
 * @returns {HTMLSelectElement}
 */
export function select(id) {
  return /** @type {HTMLSelectElement} */ ($(id));
}

/**
 * An element with attributes ("class", "onclick"-style listeners, others as attributes; null,
 * undefined and false left out) and children (nodes, or text).
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...(Node | string | number | null | undefined)} children
 * @returns {HTMLElement}
 */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v);
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/**
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @returns {SVGElement}
 */
export function svg(tag, attrs) {
  const node = /** @type {SVGElement} */ (document.createElementNS(SVGNS, tag));
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  return node;
}

/** @type {Record<number, number[][]>} */
const PIPS = {
  0: [], 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

/**
 * A tile centred at (cx, cy) whose first half (value a) lies towards -axis.
 * @param {number} cx
 * @param {number} cy
 * @param {number[]} axis
 * @param {number} a
 * @param {number} b
 * @param {string} [cls]
 */
export function drawTile(cx, cy, axis, a, b, cls) {
  const angle = (Math.atan2(axis[1], axis[0]) * 180) / Math.PI;
  const g = svg("g", { transform: `translate(${cx} ${cy}) rotate(${angle})`, class: cls || "tile" });
  g.append(svg("rect", { x: -0.97, y: -0.47, width: 1.94, height: 0.94, rx: 0.12, class: "face" }));
  g.append(svg("line", { x1: 0, y1: -0.36, x2: 0, y2: 0.36, class: "mid" }));
  for (const [value, ox] of [[a, -0.5], [b, 0.5]]) {
    for (const [px, py] of PIPS[value]) {
      g.append(svg("circle", { cx: ox + px * 0.24, cy: py * 0.24, r: 0.085, class: "pip" }));
    }
  }
  return g;
}

/**
 * A tile "6-4" drawn alone in a small SVG (the hand, the reveal).
 * @param {string} tileText
 * @param {Record<string, string>} attrs
 */
export function tilePicture(tileText, attrs) {
  const [a, b] = tileText.split("-").map(Number);
  const pic = svg("svg", { viewBox: "-1 -0.5 2 1", ...attrs });
  pic.append(drawTile(0, 0, [1, 0], a, b, "tile"));
  return pic;
}

/** @param {string} text */
export function setStatus(text) {
  $("status").textContent = text;
}
