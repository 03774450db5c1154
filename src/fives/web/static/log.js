// The game's log and the hands shown at a hand's end.
import { $, el, tilePicture } from "./dom.js";
import { t } from "./i18n.js";
import { frame, state } from "./state.js";
import { deltaWords, describe, seatName, tileWords } from "./words.js";

export function renderLog() {
  const items = state.log.map((ev) => el("li", { class: "ev " + ev.kind }, describe(ev)));
  $("log").replaceChildren(...items.reverse().slice(0, 60));
}

/** The hands shown at a hand's end: each seat's tiles drawn, its pips and their rounding. */
export function renderReveal() {
  const v = frame().view;
  const box = $("reveal");
  const end = v.last_hand_end;
  if (!end || v.phase === "play") {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  const fifths = v.rules.unit === "displayed";
  const rows = end.hands.map((tiles, seat) => {
    const pips = end.pips[seat];
    const rounded = fifths ? Math.floor((pips + 2) / 5) : 5 * Math.floor((pips + 2) / 5);
    const pics = tiles.map((tileText) => {
      const [a, b] = tileText.split("-").map(Number);
      return tilePicture(tileText, { class: "hand-tile small-tile", role: "img",
        "aria-label": tileWords(a, b) });
    });
    return el("li", { class: "reveal-row" },
      el("span", { class: "name" }, seatName(seat)),
      el("span", { class: "reveal-tiles" }, ...(pics.length ? pics : [t("web.no_tiles")])),
      el("span", { class: "pips" }, t(fifths ? "web.pips_fifths" : "web.pips_round5",
        { n: pips, r: rounded })));
  });
  box.replaceChildren(el("h2", {}, t("web.reveal")), el("ul", { class: "reveal-list" }, ...rows),
    el("p", {}, t("web.ev.settle", { deltas: deltaWords(end.deltas) })));
}
