// The game's log and the hands shown at a hand's end (the projection's reveal: each hand's
// pips, and what the settlement counted, rounded only where it rounds).
import { $, el, tilePicture } from "./dom.js";
import { t } from "./i18n.js";
import { frame, state } from "./state.js";
import { deltaWords, describe, seatName, sideName, tileWords } from "./words.js";

export function renderLog() {
  const items = state.log.map((ev) => el("li", { class: "ev " + ev.kind }, describe(ev)));
  $("log").replaceChildren(...items.reverse().slice(0, 60));
}

/**
 * "13 pips", or "13 pips, rounded 15" / "13 pips = 3 (rounded to fifths)" where the
 * settlement rounded it.
 * @param {import("./state.js").RevealSeat} seat
 */
export function pipsWords(seat) {
  if (!seat.rounded || seat.counted === null) return t("web.pips", { n: seat.pips });
  const fifths = frame().public.rules.unit === "displayed";
  return t(fifths ? "web.pips_fifths" : "web.pips_round5", { n: seat.pips, r: seat.counted });
}

export function renderReveal() {
  const v = frame().public;
  const box = $("reveal");
  const end = v.reveal;
  // body.revealing: the grid makes room for the panel beside or under the board (style.css)
  document.body.classList.toggle("revealing", Boolean(end) && v.phase !== "play");
  if (!end || v.phase === "play") {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  const rows = end.seats.map((seat) => {
    const pics = seat.tiles.map((tileText) => tilePicture(tileText,
      { class: "hand-tile small-tile", role: "img", "aria-label": tileWords(tileText) }));
    return el("li", { class: "reveal-row", "data-seat": seat.seat },
      el("span", { class: "name" }, seatName(seat.seat)),
      el("span", { class: "reveal-tiles" }, ...(pics.length ? pics : [t("web.no_tiles")])),
      el("span", { class: "pips" }, pipsWords(seat)));
  });
  const over = v.phase === "game_over";
  // the scores are beside it (#scores): the panel says who won and how the hand was settled
  box.replaceChildren(el("h2", {}, over ? winnerWords() : t("web.reveal")),
    el("p", { class: "settled" }, settledWords()),
    el("ul", { class: "reveal-list" }, ...rows));
}

/** How the hand was settled: the log's words for its end, else the points each side took. */
function settledWords() {
  const end = state.log.filter((ev) => ev.kind === "hand_end").pop();
  const deltas = frame().public.reveal?.deltas || [];
  return end ? describe(end) : t("web.ev.settle", { deltas: deltaWords(deltas) });
}

/** "You win!", "Bot 2 wins the game", "Bot 2 and Bot 4 win the game". */
function winnerWords() {
  const f = frame();
  const side = f.public.winner === null ? null : f.public.sides[f.public.winner];
  if (!side) return t("web.reveal");
  const mine = f.seat.side === side.side;
  if (side.deck || side.members.length !== 2) {
    return mine ? t("web.winner_you") : t("web.winner_one", { name: sideName(side.side) });
  }
  const [a, b] = side.members.map(seatName);
  if (mine) return t("web.winner_you_two", { b: side.members[0] === f.you ? b : a });
  return t("web.winner_two", { a, b });
}
