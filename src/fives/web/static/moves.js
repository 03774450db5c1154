// The legal moves the server lists, as the page's buttons and targets use them, and playing one.
import { $ } from "./dom.js";
import { send } from "./socket.js";
import { isMyTurn, state } from "./state.js";

/**
 * @typedef {{ text: string, a: number, b: number, tile: string, node: number,
 *   port: string | null, form: string }} Move
 */

/**
 * A move's notation read into its parts ("6-4@3.E:us"); null for "draw" and "pass".
 * @param {string} text
 * @returns {Move | null}
 */
export function parseMove(text) {
  const m = /^(\d)-(\d)(?:@(\d+)(?:\.(\w+))?)?(?::(us|british))?$/.exec(text);
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  return { text, a, b, tile: tileKey(a, b), node: m[3] ? Number(m[3]) : 0, port: m[4] || null,
    form: m[5] || "" };
}

/**
 * @param {number} a
 * @param {number} b
 */
export function tileKey(a, b) {
  return a >= b ? `${a}-${b}` : `${b}-${a}`;
}

/** The form a sniff's green targets show (RULES.md §9 O4): the one picked, else the option's. */
export function shownForm() {
  return state.sniffForm || (state.frame && state.frame.view.rules.sniff) || "us";
}

/** The legal moves of the selected tile. */
export function targetsOfSelection() {
  if (!isMyTurn() || !state.selected || !state.frame) return [];
  const selected = state.selected;
  return state.frame.view.legal_moves.map(parseMove)
    .filter(/** @returns {m is Move} */ (m) => m !== null && m.tile === selected);
}

/** @param {string} text */
export function playMove(text) {
  state.selected = null;
  state.sniffForm = null;
  state.endFocus = null;
  if ($("mine").contains(document.activeElement)) state.keepFocus = true;
  send({ type: "play", move: text });
}
