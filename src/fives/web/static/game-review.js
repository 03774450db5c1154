// The game review page: asks the server for the review of a finished game (POST /api/review
// with the table link's token), waits while it is computed, then replays the game move by move
// (buttons and the arrow keys) with each decision's class and the better move drawn on the
// table as a ghost tile, a win-chance graph with the mistakes marked, and the summary per seat.
import { layoutBoard } from "./board.js";
import { $, drawTile, el, svg } from "./dom.js";
import { pickLang, t } from "./i18n.js";
import { switchLang } from "./lang.js";
import { requestJSON } from "./net.js";
import { state } from "./state.js";

/**
 * @typedef {{ hand: number, index: number, seat: number, played: string, best: string,
 *   values: Record<string, number>, loss: number, class: string,
 *   win_before: number | null, win_after: number | null }} Decision
 * @typedef {{ seat: number, decisions: number, mean_loss: number | null,
 *   accuracy: number | null, classes: Record<string, number> }} SeatSummary
 * @typedef {{ hand: number, index: number, seat: number | null, scores: number[],
 *   move: string | null, node: any }} Step
 * @typedef {{ steps: Step[], ghosts: Record<string, Record<string, any>>, preset: string,
 *   players: number, partnerships: boolean, sides: number, unit: string,
 *   target: number }} PageData
 * @typedef {{ seats: SeatSummary[], decisions: Decision[], win: number[][] }} ReviewData
 */

const CLASSES = ["best", "good", "inaccuracy", "mistake", "blunder"];
const POLL_MS = 1000;

const view = {
  /** @type {ReviewData | null} */ review: null,
  /** @type {PageData | null} */ page: null,
  /** @type {number | null} */ you: null,
  at: 0,
  /** @type {Map<string, Decision>} */ decisions: new Map(),
  /** @type {Map<string, number>} */ win: new Map(),
};

/** The link's token and the game's number ("#t=TOKEN&g=2", "#w=..."). */
function linkOf() {
  const m = /^#([tw])=([A-Za-z0-9_-]{16,100})(?:&g=(\d{1,6}))?$/.exec(location.hash);
  return m ? { token: m[2], game: m[3] ? Number(m[3]) : null } : null;
}

function applyTexts() {
  document.documentElement.lang = state.lang;
  document.title = t("web.review.title") + " · " + t("web.title");
  for (const node of document.querySelectorAll("[data-i18n]")) {
    node.textContent = t(/** @type {HTMLElement} */ (node).dataset.i18n || "");
  }
  $("review-back").textContent = "◀ " + t("web.review.back");
  $("review-forward").textContent = t("web.review.forward") + " ▶";
}

/** @param {string} text */
function status(text) {
  $("review-status").textContent = text;
}

/** @param {number | null} [game] the game being computed (polls name it: the server then
 * answers without reading the table, and a next game begun meanwhile changes nothing) */
async function ask(game = null) {
  const link = linkOf();
  if (!link) {
    status(t("web.review.no_link"));
    return;
  }
  let res;
  try {
    res = await requestJSON("/api/review", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: link.token, game: game ?? link.game }),
    });
  } catch (e) {
    status(e instanceof Error ? e.message : String(e));
    setTimeout(() => ask(game), POLL_MS * 3);
    return;
  }
  const data = res.data;
  if (res.status === 202) {
    status(data.status === "queued"
      ? t("web.review.queued", { ahead: data.ahead })
      : t("web.review.running", { done: data.done, total: data.total || "…" }));
    setTimeout(() => ask(typeof data.game === "number" ? data.game : game), POLL_MS);
    return;
  }
  if (!res.ok) {
    status((data.message && (data.message[state.lang] || data.message.en)) || String(res.status));
    return;
  }
  view.review = data.review;
  view.page = data.page;
  view.you = typeof data.you === "number" ? data.you : null;
  index();
  status("");
  $("review-body").hidden = false;
  const first = firstDecision();
  view.at = first === null ? 0 : first;
  render();
}

/** @param {number} hand @param {number} index */
const key = (hand, index) => `${hand}:${index}`;

function index() {
  const r = /** @type {ReviewData} */ (view.review);
  view.decisions = new Map(r.decisions.map((d) => [key(d.hand, d.index), d]));
  view.win = new Map(r.win.map((w) => [key(w[0], w[1]), w[2]]));
}

/** The seat's side (partnerships: seats 0 and 2, 1 and 3). @param {number} seat */
function sideOf(seat) {
  const p = /** @type {PageData} */ (view.page);
  return p.partnerships ? seat % 2 : seat;
}

/** Whose side the page speaks for: the reader's, else side 0. */
function mySide() {
  return view.you === null ? 0 : sideOf(view.you);
}

/** The decisions the reader is shown first: its own, or everyone's for a spectator. */
function mine() {
  const r = /** @type {ReviewData} */ (view.review);
  return r.decisions.filter((d) => view.you === null || d.seat === view.you);
}

function firstDecision() {
  const d = mine()[0];
  return d ? stepOf(d) : null;
}

/** @param {Decision} d */
function stepOf(d) {
  const steps = /** @type {PageData} */ (view.page).steps;
  return steps.findIndex((s) => s.hand === d.hand && s.index === d.index);
}

/** @param {number} seat */
function seatName(seat) {
  return seat === view.you ? t("web.review.you") : t("web.review.seat", { seat: seat + 1 });
}

/** @param {number} at */
function go(at) {
  const n = /** @type {PageData} */ (view.page).steps.length;
  view.at = Math.max(0, Math.min(n - 1, at));
  render();
}

function render() {
  renderStep();
  renderGraph();
  renderSummary();
  renderDecisions();
}

function renderStep() {
  const page = /** @type {PageData} */ (view.page);
  const steps = page.steps;
  const step = steps[view.at];
  $("review-where").textContent = t("web.review.where", { hand: step.hand, index: step.index,
    n: view.at + 1, count: steps.length });
  /** @type {(string | Node)[]} */
  const words = [t("web.review.scores", { scores: step.scores.join(" / ") }), " "];
  if (step.move === null || step.seat === null) {
    words.push(t("web.review.end"));
  } else {
    words.push(t("web.review.plays", { seat: seatName(step.seat), move: step.move }));
  }
  const d = view.decisions.get(key(step.hand, step.index));
  /** @type {any} */
  let better = null;
  if (d) {
    words.push(" ", el("span", { class: "klass " + d.class }, t("web.review.class." + d.class)),
      " " + t("web.review.loss", { loss: d.loss.toFixed(2), unit: t("web.review.unit." + page.unit) }));
    if (d.best !== d.played) {
      words.push(" " + t("web.review.better", { move: d.best }));
      const ghosts = page.ghosts[key(step.hand, step.index)] || {};
      better = ghosts[d.best] || null;
    }
  }
  $("review-move").replaceChildren(...words);
  drawBoard(step, better);
  /** @type {HTMLButtonElement} */ ($("review-back")).disabled = view.at === 0;
  /** @type {HTMLButtonElement} */ ($("review-forward")).disabled = view.at === steps.length - 1;
}

/**
 * The table before the step's action; the better move as a ghost tile.
 * @param {Step} step @param {any} better
 */
function drawBoard(step, better) {
  const steps = /** @type {PageData} */ (view.page).steps;
  const nodes = [];
  for (let i = 0; i < view.at; i++) {
    const s = steps[i];
    if (s.hand === step.hand && s.node) nodes.push(s.node);
  }
  const board = $("review-board");
  board.replaceChildren();
  const box = $("review-board-box");
  const width = Math.max(200, Math.min(900, box.clientWidth || 600));
  const phone = width < 500;
  const res = layoutBoard({ nodes, ends: [] }, {
    width, height: phone ? 260 : 360, minTile: phone ? 20 : 24, maxTile: phone ? 40 : 56,
    extras: better ? [better] : [],
  });
  const b = res.box;
  board.setAttribute("viewBox", `${b.x} ${b.y} ${b.w} ${b.h}`);
  board.setAttribute("width", String(Math.round(b.w * res.unit)));
  board.setAttribute("height", String(Math.round(b.h * res.unit)));
  const last = nodes.length;
  for (const r of res.tiles) {
    board.append(tileOf(r, "tile" + (r.spinner ? " spinner" : "") + (r.n === last ? " last" : "")));
  }
  for (const r of res.ghosts) {
    const g = tileOf(r, "tile ghost better");
    g.setAttribute("data-move", r.key || "");
    board.append(g);
  }
  board.setAttribute("aria-label", nodes.length
    ? t("web.review.board", { tiles: nodes.length }) + (better ? " " + t("web.review.better_drawn") : "")
    : t("web.empty_layout"));
}

/** @param {any} r @param {string} cls */
function tileOf(r, cls) {
  const vertical = r.h > r.w;
  return drawTile(r.x + r.w / 2, r.y + r.h / 2, vertical ? [0, 1] : [1, 0], r.a, r.b, cls);
}

/** The reader's side's win chance before step `i` (null: no model). @param {number} i */
function chanceAt(i) {
  const s = /** @type {PageData} */ (view.page).steps[i];
  const p = view.win.get(key(s.hand, s.index - 1));
  if (p === undefined) return null;
  return mySide() === 0 ? p : 1 - p;
}

function renderGraph() {
  const box = $("review-graph-box");
  box.replaceChildren();
  const steps = /** @type {PageData} */ (view.page).steps;
  if (!view.win.size) {
    box.append(el("p", {}, t("web.review.no_model")));
    return;
  }
  const W = 600, H = 160, pad = 8, left = 56;  // the axis's labels left of the graph
  const x = (/** @type {number} */ i) =>
    left + (i / Math.max(1, steps.length - 1)) * (W - left - pad);
  const y = (/** @type {number} */ p) => pad + (1 - p) * (H - 2 * pad);
  const pic = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img",
    "aria-label": t("web.review.graph_desc", { side: view.you === null
      ? t("web.review.side0") : t("web.review.your_side") }) });
  pic.append(svg("line", { x1: left, y1: y(0.5), x2: W - pad, y2: y(0.5), class: "half" }));
  pic.append(svg("line", { x1: left, y1: y(0), x2: W - pad, y2: y(0), class: "axis" }));
  pic.append(svg("line", { x1: left, y1: y(0), x2: left, y2: y(1), class: "axis" }));
  for (const p of [0, 0.5, 1]) {
    const label = svg("text", { x: left - 6, y: y(p), class: "tick" });
    label.textContent = t("web.review.percent", { n: p * 100 });
    pic.append(label);
  }
  const points = [];
  for (let i = 0; i < steps.length; i++) {
    const p = chanceAt(i);
    if (p !== null) points.push(`${x(i).toFixed(1)},${y(p).toFixed(1)}`);
  }
  pic.append(svg("polyline", { points: points.join(" "), class: "line" }));
  pic.append(svg("line", { x1: x(view.at), y1: y(1), x2: x(view.at), y2: y(0), class: "now" }));
  for (const d of mine()) {
    if (d.class !== "mistake" && d.class !== "blunder") continue;
    const i = stepOf(d);
    const p = chanceAt(i);
    const dot = svg("circle", { cx: x(i), cy: y(p === null ? 0.5 : p), r: 5,
      class: "mark " + d.class });
    const title = svg("title", {});
    title.textContent = `${t("web.review.class." + d.class)}: ${d.played} (${d.best})`;
    dot.append(title);
    dot.addEventListener("click", () => go(i));
    pic.append(dot);
  }
  box.append(pic);
}

/** The summary: a column per seat and a row per figure, so that it fits a phone's width with
 * four seats (a row per seat, its nine columns did not). */
function renderSummary() {
  const r = /** @type {ReviewData} */ (view.review);
  const unit = t("web.review.unit." + /** @type {PageData} */ (view.page).unit);
  /** @type {[string, (s: SeatSummary) => string | number][]} */
  const figures = [
    [t("web.review.col_decisions"), (s) => s.decisions],
    [t("web.review.col_mean_loss", { unit }),
      (s) => s.mean_loss === null ? "-" : s.mean_loss.toFixed(2)],
    [t("web.review.col_accuracy"), (s) => s.accuracy === null ? "-" : s.accuracy.toFixed(1)],
    ...CLASSES.map((c) => /** @type {[string, (s: SeatSummary) => number]} */ (
      [t("web.review.class." + c), (s) => s.classes[c]])),
  ];
  const head = el("tr", {}, el("th", { scope: "col" }, t("web.review.col_seat")),
    ...r.seats.map((s) => el("th", { scope: "col" }, seatName(s.seat))));
  const rows = figures.map(([name, of]) => el("tr", {}, el("th", { scope: "row" }, name),
    ...r.seats.map((s) => el("td", {}, of(s)))));
  $("review-summary").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
}

function renderDecisions() {
  const list = $("review-decisions");
  const here = /** @type {PageData} */ (view.page).steps[view.at];
  const items = mine().map((d) => {
    const current = d.hand === here.hand && d.index === here.index;
    return el("li", { class: current ? "current" : "" }, el("button", {
      type: "button", "aria-current": current ? "step" : null, onclick: () => go(stepOf(d)),
    }, t("web.review.item", { hand: d.hand, index: d.index, seat: seatName(d.seat),
      played: d.played, best: d.best, loss: d.loss.toFixed(2) }), " ",
    el("span", { class: "klass " + d.class }, t("web.review.class." + d.class))));
  });
  list.replaceChildren(...items);
}

/** @param {KeyboardEvent} e */
function onKey(e) {
  if (!view.page) return;
  const target = /** @type {HTMLElement} */ (e.target);
  if (target && (target.tagName === "SELECT" || target.tagName === "INPUT")) return;
  if (e.key === "ArrowLeft") { go(view.at - 1); e.preventDefault(); }
  if (e.key === "ArrowRight") { go(view.at + 1); e.preventDefault(); }
}

async function main() {
  state.lang = pickLang();
  const langSel = /** @type {HTMLSelectElement} */ ($("lang"));
  langSel.value = state.lang;
  try {  // the reader's language (the catalogs have the same keys); another one when chosen
    const res = await requestJSON("/api/messages?lang=" + state.lang);
    Object.assign(state.msgs, res.data);
  } catch (e) {
    $("review-status").textContent =
      "The server cannot be reached. / Impossible de joindre le serveur.";
    return;
  }
  applyTexts();
  const redraw = () => {
    applyTexts();
    if (view.page) render();
  };
  langSel.addEventListener("change", () => switchLang(langSel, redraw));
  if (langSel.value !== state.lang) await switchLang(langSel, redraw);
  $("review-back").addEventListener("click", () => go(view.at - 1));
  $("review-forward").addEventListener("click", () => go(view.at + 1));
  document.addEventListener("keydown", onKey);
  window.addEventListener("resize", () => { if (view.page) renderStep(); });
  await ask();
}

main();
