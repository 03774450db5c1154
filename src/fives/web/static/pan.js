// A board larger than its box: the zoom buttons (under the board, so that they cover no tile),
// the keyboard on the focused board (arrows pan, as any scroll box; + and - zoom, 0 fits) and a
// mouse drag that pans (a finger pans the scroll box natively). Zooming keeps the middle of the
// view where it was.
import { renderBoard } from "./boardview.js";
import { $ } from "./dom.js";
import { state } from "./state.js";

const MIN = 0.4;
const MAX = 4;
const STEP = 1.25;

/**
 * Where the middle of the view is, as a share of the board's size along one axis.
 * @param {number} at the scroll offset
 * @param {number} view the box's size
 * @param {number} whole the board's size
 */
function mid(at, view, whole) {
  return whole > 0 ? (at + view / 2) / whole : 0.5;
}

/** @param {number} zoom */
function zoomTo(zoom) {
  const box = $("board-scroll");
  const fx = mid(box.scrollLeft, box.clientWidth, box.scrollWidth);
  const fy = mid(box.scrollTop, box.clientHeight, box.scrollHeight);
  state.zoom = Math.min(MAX, Math.max(MIN, zoom));
  if (!state.frame) return;
  renderBoard();
  box.scrollLeft = fx * box.scrollWidth - box.clientWidth / 2;
  box.scrollTop = fy * box.scrollHeight - box.clientHeight / 2;
}

/** @param {KeyboardEvent} ev */
function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (ev.key === "+" || ev.key === "=") zoomTo(state.zoom * STEP);
  else if (ev.key === "-") zoomTo(state.zoom / STEP);
  else if (ev.key === "0") zoomTo(1);
  else return;
  ev.preventDefault();
}

/** A mouse drag pans; the click that ends a drag plays nothing. */
function dragToPan() {
  const box = $("board-scroll");
  /** @type {{ x: number, y: number, left: number, top: number, moved: boolean } | null} */
  let drag = null;
  let swallow = false;
  box.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType !== "mouse" || ev.button !== 0) return;
    drag = { x: ev.clientX, y: ev.clientY, left: box.scrollLeft, top: box.scrollTop, moved: false };
  });
  box.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const dx = ev.clientX - drag.x;
    const dy = ev.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 5) return;
    drag.moved = true;
    box.classList.add("panning");
    box.scrollLeft = drag.left - dx;
    box.scrollTop = drag.top - dy;
  });
  const end = () => {
    swallow = Boolean(drag && drag.moved);
    drag = null;
    box.classList.remove("panning");
  };
  box.addEventListener("pointerup", end);
  box.addEventListener("pointercancel", end);
  box.addEventListener("click", (ev) => {
    if (swallow) ev.stopPropagation();
    swallow = false;
  }, true);
}

export function startPanZoom() {
  $("zoom-in").addEventListener("click", () => zoomTo(state.zoom * STEP));
  $("zoom-out").addEventListener("click", () => zoomTo(state.zoom / STEP));
  $("zoom-fit").addEventListener("click", () => zoomTo(1));
  $("board-scroll").addEventListener("keydown", onKey);
  dragToPan();
}
