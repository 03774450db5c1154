// The seat's legal moves (the projection's seat part lists them, with what each would do):
// which belong to the picked tile, and playing one.
import { askClaim, claimsOn } from "./claims.js";
import { $ } from "./dom.js";
import { send } from "./socket.js";
import { isMyTurn, state } from "./state.js";

/** @typedef {import("./state.js").Move} Move */

/**
 * One name for a tile whichever half is written first ("4-6" and "6-4"): the hand lists tiles
 * high half first, a move touching half first.
 * @param {string} text
 */
export function tileId(text) {
  return text.split("-").sort().join("-");
}

/**
 * The halves of a tile written "a-b", in that order.
 * @param {string} text
 * @returns {[number, number]}
 */
export function halves(text) {
  const [a, b] = text.split("-").map(Number);
  return [a, b];
}

/** The form a sniff's green targets show (RULES.md §9 O4): the one picked, else the option's. */
export function shownForm() {
  return state.sniffForm || (state.frame && state.frame.public.rules.sniff) || "us";
}

/**
 * The legal moves that play a tile of the hand ("6-4").
 * @param {string} tileText
 * @returns {Move[]}
 */
export function movesOf(tileText) {
  if (!isMyTurn() || !state.frame) return [];
  const id = tileId(tileText);
  return state.frame.seat.legal_moves.filter((m) => m.tile !== null && tileId(m.tile) === id);
}

/** The legal moves of the selected tile. */
export function targetsOfSelection() {
  return state.selected ? movesOf(state.selected) : [];
}

/**
 * The legal move of this kind ("draw", "pass"), if any.
 * @param {string} kind
 */
export function moveOfKind(kind) {
  if (!isMyTurn() || !state.frame) return undefined;
  return state.frame.seat.legal_moves.find((m) => m.kind === kind);
}

/** @param {string} notation */
export function playMove(notation) {
  const move = state.frame && state.frame.seat.legal_moves.find((m) => m.notation === notation);
  if (move && claimsOn() && (move.kind === "lead" || move.kind === "place")) {
    askClaim(notation); // RULES.md §9 O1: the player says what it scores first
    return;
  }
  state.selected = null;
  state.sniffForm = null;
  state.endFocus = null;
  if ($("mine").contains(document.activeElement)) state.keepFocus = true;
  send({ type: "play", move: notation });
}
