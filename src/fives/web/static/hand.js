// Your hand, the buttons for the ends of the picked tile, and the action buttons.
// Keyboard: the hand is one stop for Tab. Arrow keys move between the playable tiles (then the
// buttons beside them: draw, pass, next hand); Enter picks a tile. A tile with several places
// shows one button per end under the hand; arrows move between those, Enter plays, Escape goes
// back. Focus stays in the hand when the board changes.
import { renderBoard } from "./boardview.js";
import { claimsOn, renderClaim } from "./claims.js";
import { $, el, tilePicture } from "./dom.js";
import { t } from "./i18n.js";
import { moveOfKind, movesOf, playMove, shownForm, targetsOfSelection, tileId }
  from "./moves.js";
import { send } from "./socket.js";
import { frame, isMyTurn, state } from "./state.js";
import { mySay } from "./together.js";
import { endWords, tileWords } from "./words.js";

export function renderHand() {
  const f = frame();
  const mine = $("mine");
  const hadFocus = mine.contains(document.activeElement) || state.keepFocus ||
    (state.firstDraw && document.activeElement === document.body);
  state.firstDraw = false;
  const focusKey = state.focusKey;
  const hand = $("hand");
  const actions = $("actions");
  const legal = isMyTurn() ? f.seat.legal_moves : [];
  // Nothing to change: keep the buttons (a key press on one must not be lost to a redraw).
  const sig = JSON.stringify([f.seat.hand, legal, state.selected, f.public.phase, f.you,
    state.lang, state.board && state.board.ends.map((e) => e.compass).join(),
    Boolean(state.overdrawArmed), shownForm(),
    f.public.phase === "play" ? null : mySay()]);
  if (sig === state.handSig && hand.childElementCount + actions.childElementCount > 0) {
    state.keepFocus = false;
    return;
  }
  state.handSig = sig;
  renderTiles(legal);
  renderEnds();
  renderActions();
  renderHint();
  renderClaim();
  // Roving focus: exactly one of the hand's stops takes Tab; put focus back if it was here.
  const stops = focusStops();
  const keep = stops.find((b) => b.dataset.key === focusKey) || stops[0];
  if (keep) keep.tabIndex = 0;
  if (keep && hadFocus && f.you !== null) keep.focus({ preventScroll: true });
  state.keepFocus = false;
}

/** @param {import("./state.js").Move[]} legal */
function renderTiles(legal) {
  const hand = $("hand");
  const playable = new Set(legal.map((m) => m.tile && tileId(m.tile)));
  hand.setAttribute("aria-label", t("web.your_hand"));
  // a long hand (the solitaire's draws) in smaller tiles on a phone: the board keeps its room
  hand.classList.toggle("many", frame().seat.hand.length > 10);
  hand.replaceChildren(...frame().seat.hand.map((tileText) => {
    const pic = tilePicture(tileText, { class: "hand-tile", "aria-hidden": "true" });
    const can = playable.has(tileId(tileText));
    const label = tileWords(tileText) + (isMyTurn() && !can ? " " + t("web.not_playable") : "");
    return el("button", {
      type: "button",
      class: "tile-btn roving" + (can ? " playable" : "") +
        (state.selected === tileText ? " selected" : ""),
      "data-tile": tileText,
      "data-key": "tile:" + tileText,
      "aria-label": label,
      "aria-pressed": state.selected === tileText ? "true" : "false",
      "aria-disabled": isMyTurn() && !can ? "true" : null,
      tabindex: "-1",
      onclick: () => pickTile(tileText),
    }, pic);
  }));
}

const ARROWS = { north: "↑", south: "↓", east: "→", west: "←" };

// One button per end for the selected tile, on one row that never takes the board's height
// (it scrolls sideways when long): an arrow and the end's value to the eye, the whole move in
// words to a screen reader; a sniff's form is said (§9 O4), and a sniff led in either form gets
// its two buttons too.
function renderEnds() {
  const endsBox = $("ends");
  const targets = targetsOfSelection().filter((m) => m.node || m.form);
  endsBox.setAttribute("aria-label", t("web.pick_end"));
  $("mine").classList.toggle("picking", targets.length > 0);
  endsBox.replaceChildren(...targets.map((m) => {
    const words = (m.node ? t("web.play_on", { tile: tileWords(m.tile || ""),
      end: endWords(m.node, m.port) }) : t("web.lead_tile", { tile: tileWords(m.tile || "") })) +
      (m.form ? ", " + t("web.sniff_as_" + m.form) : "");
    const drawn = state.board && state.board.ends.find((e) => e.node === m.node && e.port === m.port);
    const arrow = drawn ? ARROWS[/** @type {keyof ARROWS} */ (drawn.compass)] || "" : "";
    const shown = (m.node ? `${arrow} ${m.end ?? ""}` : tileWords(m.tile || "")) +
      (m.form ? " " + t("web.sniff_short_" + m.form) : "");
    return el("button", {
      type: "button", class: "end-btn" + (m.form ? " sniff-" + m.form : ""),
      "data-move": m.notation, "data-key": "end:" + m.notation, tabindex: "-1", title: words,
      onclick: () => playMove(m.notation),
      onfocus: () => showGhost(m), onmouseenter: () => showGhost(m),
    }, el("span", { "aria-hidden": "true" }, shown.trim()),
    el("span", { class: "visually-hidden" }, words));
  }));
}

/** Draw (or the solitaire's overdraw), pass, next hand, rematch, the record. */
function renderActions() {
  const f = frame();
  const v = f.public;
  const draw = moveOfKind("draw");
  const buttons = [];
  /**
   * @param {string} id
   * @param {string} text
   * @param {() => void} onclick
   * @param {boolean} primary
   */
  const act = (id, text, onclick, primary) => el("button", {
    type: "button", class: (primary ? "primary " : "") + "roving", id, "data-key": "btn:" + id,
    tabindex: "-1", onclick }, text);
  // RULES.md §4.3: beside a placement a draw is the solitaire's overdraw; it is priced on its
  // own button and needs a second click, so it never happens by accident.
  const overdraw = Boolean(draw && draw.overdraw);
  if (overdraw) {
    const cost = draw ? draw.points : 0;
    const button = act("btn-overdraw",
      t(state.overdrawArmed ? "web.overdraw_confirm" : "web.overdraw", { cost }), () => {
        if (state.overdrawArmed) { state.overdrawArmed = false; playMove("draw"); }
        else { state.overdrawArmed = true; renderHand(); }
      }, false);
    button.classList.add("overdraw");
    if (state.overdrawArmed) button.classList.add("armed");
    buttons.push(button);
  } else if (draw) {
    buttons.push(act("btn-draw", t("web.draw"), () => playMove("draw"), true));
  }
  if (!overdraw) state.overdrawArmed = false;
  if (moveOfKind("pass")) {
    buttons.push(act("btn-pass", t("web.pass"), () => playMove("pass"), true));
  }
  // The next hand and a rematch wait for every player (together.js says for whom).
  const say = v.phase === "play" ? null : mySay();
  if (v.phase === "hand_over" && f.you !== null && say) {
    const next = act("btn-next", t(say.ready ? "web.together.ready" : "web.next_hand"),
      () => send({ type: "next_hand" }), !say.ready);
    if (say.ready) next.setAttribute("aria-disabled", "true");
    buttons.push(next);
  }
  if (v.phase === "game_over") {
    if (f.you !== null && say) {
      const label = say.offered ? "web.together.rematch_offered"
        : say.othersOffered ? "web.together.rematch_accept" : "web.rematch";
      const rematch = act("btn-rematch", t(label), () => send({ type: "rematch" }), !say.offered);
      if (say.offered) rematch.setAttribute("aria-disabled", "true");
      buttons.push(rematch);
    }
    buttons.push(act("btn-record", t("web.download"), () => send({ type: "record" }), false));
    // The game review (game-review.html): the same link, and which game of the table.
    buttons.push(el("a", { href: `/review${location.hash}&g=${f.table.game_no}`,
      class: "button", id: "btn-review" }, t("web.review.open")));
    buttons.push(el("a", { href: "/", class: "button" }, t("web.new_game_link")));
  }
  $("actions").replaceChildren(...buttons);
}

function renderHint() {
  const f = frame();
  const hint = $("hint");
  const draw = moveOfKind("draw");
  if (f.you === null) hint.textContent = t("web.spectating");
  else if (!isMyTurn()) hint.textContent = "";
  else if (draw && !draw.overdraw) hint.textContent = t("web.must_draw");
  else if (moveOfKind("pass")) hint.textContent = t("web.must_pass");
  else if (!f.public.layout.nodes.length) hint.textContent = t("web.lead_any");
  else hint.textContent = state.selected ? t("web.pick_end") : t("web.pick_tile");
  if (isMyTurn() && claimsOn()) hint.textContent += " " + t("web.claim.count");
}

/**
 * The buttons arrow keys move between now: the ends of the selected tile if any, else the
 * playable tiles (every tile when it is not your turn) and the action buttons.
 * @returns {HTMLElement[]}
 */
function focusStops() {
  /** @type {HTMLElement[]} */
  const ends = [...document.querySelectorAll("#ends .end-btn")].map((b) => /** @type {HTMLElement} */ (b));
  if (ends.length) return ends;
  /** @type {HTMLElement[]} */
  const tiles = [...document.querySelectorAll("#hand .tile-btn")].map((b) => /** @type {HTMLElement} */ (b));
  const usable = isMyTurn() ? tiles.filter((b) => b.classList.contains("playable")) : tiles;
  /** @type {HTMLElement[]} */
  const buttons = [...document.querySelectorAll("#actions button")].map((b) => /** @type {HTMLElement} */ (b));
  // Between hands and after the game, the buttons (next hand, rematch) come first.
  return frame().public.phase === "play" ? [...usable, ...buttons] : [...buttons, ...usable];
}

/** @param {KeyboardEvent} e */
export function onHandKey(e) {
  const stops = focusStops();
  const i = stops.indexOf(/** @type {HTMLElement} */ (document.activeElement));
  if (i < 0) return;
  let next = null;
  if (e.key === "ArrowRight" || e.key === "ArrowDown") next = stops[(i + 1) % stops.length];
  else if (e.key === "ArrowLeft" || e.key === "ArrowUp") {
    next = stops[(i - 1 + stops.length) % stops.length];
  } else if (e.key === "Home") next = stops[0];
  else if (e.key === "End") next = stops[stops.length - 1];
  else if (e.key === "Escape" && state.selected) {
    state.focusKey = "tile:" + state.selected;
    state.selected = null;
    state.keepFocus = true;
    redraw();
    e.preventDefault();
    return;
  }
  if (!next) return;
  e.preventDefault();
  for (const b of stops) b.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
  state.focusKey = next.dataset.key || null;
  const move = next.classList.contains("end-btn") ? targetsOfSelection()
    .find((m) => m.notation === next.dataset.move) : undefined;
  if (move) showGhost(move);
}

/**
 * A sniff's button shows its ghost in its own form (the board is redrawn for the other form).
 * @param {import("./state.js").Move} m
 */
function showGhost(m) {
  if (m.form && m.node && m.form !== shownForm()) {
    state.sniffForm = m.form;
    state.endFocus = m.notation;
    renderBoard();
    return;
  }
  hotGhost(m.notation);
}

/** @param {string} move */
function hotGhost(move) {
  state.endFocus = move;
  for (const g of document.querySelectorAll("#board .ghost")) {
    g.classList.toggle("hot", /** @type {SVGElement} */ (g).dataset.move === move);
  }
}

/** @param {string} tileText */
function pickTile(tileText) {
  if (!isMyTurn()) return;
  const moves = movesOf(tileText);
  if (!moves.length) return;
  if (moves.length === 1) {  // a single legal place needs no second click
    playMove(moves[0].notation);
    return;
  }
  state.selected = state.selected === tileText ? null : tileText;
  state.focusKey = state.selected ? "end:" + moves[0].notation : "tile:" + tileText;
  state.keepFocus = true;
  redraw();
}

/**
 * The hand first, then the board: the board sizes itself to the box the hand's end buttons
 * leave it (drawn the other way round it overflowed). The end buttons' arrows come from the
 * board as drawn: they are named again once it is.
 */
export function redraw() {
  renderHand();
  renderBoard();
  renderHand();
}
