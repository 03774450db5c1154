// The scores (with Five Up's tally) and the other seats' hands, face down.
import { $, el, svg } from "./dom.js";
import { t } from "./i18n.js";
import { frame } from "./state.js";
import { withHelp } from "./terms.js";
import { seatName, sideName } from "./words.js";

export function renderScores() {
  const f = frame();
  const v = f.public;
  const items = v.sides.map((info) => {
    const row = el("div", { class: "score" + (v.winner === info.side ? " winner" : ""),
      "data-side": info.side },
      el("span", { class: "side" }, sideName(info.side)),
      el("strong", { class: "points" }, String(info.score)));
    if (info.tally) row.append(tally(info.score, info.tally));
    // RULES.md §4: where the solitaire deck's points came from
    if (info.deck && v.deck.handicap !== undefined) {
      row.append(el("small", { class: "deck-from" },
        ...withHelp(t("web.deck_from", v.deck), ["handicap", "overdraw"])));
    }
    return row;
  });
  $("scores").replaceChildren(
    el("p", { class: "target" }, t("web.target_is", { n: f.table.target })), ...items
  );
}

/**
 * RULES.md §9 O8: ten strokes make one "fifty": a large X, then a small x in each of the four
 * spaces around it (top, right, bottom, left).
 * @param {number} score
 * @param {import("./state.js").Tally} drawn the projection's strokes for it
 */
function tally(score, drawn) {
  const full = drawn.fifties;
  const rest = drawn.strokes;
  const symbols = full + (rest ? 1 : 0);
  const width = Math.max(1, symbols) * 34 + (drawn.negative ? 14 : 0);
  const root = svg("svg", { class: "tally", viewBox: `0 0 ${width} 32`, width: width, height: 32,
    role: "img", "aria-label": t("web.tally") + ": " + score });
  let x = 0;
  if (drawn.negative) {
    root.append(svg("line", { x1: 2, y1: 16, x2: 10, y2: 16, class: "stroke" }));
    x = 14;
  }
  const smalls = [[16, 5], [27, 16], [16, 27], [5, 16]];
  for (let s = 0; s < symbols; s++) {
    const strokes = s < full ? 10 : rest;
    const g = svg("g", { transform: `translate(${x + s * 34},0)` });
    const lines = [[6, 6, 26, 26], [26, 6, 6, 26]];
    for (const [cx, cy] of smalls) {
      lines.push([cx - 3, cy - 3, cx + 3, cy + 3], [cx + 3, cy - 3, cx - 3, cy + 3]);
    }
    for (let k = 0; k < strokes; k++) {
      const [x1, y1, x2, y2] = lines[k];
      g.append(svg("line", { x1, y1, x2, y2, class: k < 2 ? "stroke big" : "stroke" }));
    }
    root.append(g);
  }
  return root;
}

/**
 * Where each other seat sits, seen from the reader (the bottom of the table): play goes round
 * to the left, so the next seat is on the left, then across, then on the right; with two
 * players the other sits across. A spectator sees the table from seat 1's chair.
 * @param {number} seat
 * @param {number} players
 * @param {number | null} you
 */
export function seatPlace(seat, players, you) {
  const k = (seat - (you ?? 0) + players) % players;
  if (k === 0) return "near"; // a spectator's seat 1
  if (players === 2) return "across";
  if (players === 3) return k === 1 ? "left" : "right";
  return ["", "left", "across", "right"][k];
}

export function renderOthers() {
  const f = frame();
  const v = f.public;
  const items = [];
  const players = v.hand_sizes.length;
  for (let seat = 0; seat < players; seat++) {
    if (seat === f.you) continue;
    const backs = el("span", { class: "backs", "aria-hidden": "true" });
    for (let k = 0; k < v.hand_sizes[seat]; k++) backs.append(el("span", { class: "back" }));
    const info = f.table.seats[seat];
    const place = seatPlace(seat, players, f.you);
    const partner = f.table.partnerships && place === "across" && f.you !== null;
    items.push(el("div", {
      class: "other at-" + place + (v.turn === seat && v.phase === "play" ? " to-move" : "") +
        (info.connected ? "" : " away"),
      "data-seat": seat, "data-place": place,
    },
      v.turn === seat && v.phase === "play" ? el("span", { class: "turn-mark", "aria-hidden": "true" }, "▶")
        : null,
      el("span", { class: "name" }, seatName(seat)),
      info.kind === "bot" && info.level ? el("span", { class: "level" }, t("web.level." + info.level))
        : null,
      backs,
      el("span", { class: "count" }, t("web.tiles_left", { n: v.hand_sizes[seat] })),
      partner ? el("span", { class: "level" }, t("web.partner")) : null,
      info.connected ? null : el("span", { class: "away-tag" }, t("web.offline"))));
  }
  const order = ["left", "across", "right", "near"];
  items.sort((a, b) => order.indexOf(a.dataset.place || "") - order.indexOf(b.dataset.place || ""));
  $("others").replaceChildren(...items);
  fitOthers();
}

/** A phone scrolls the others' row sideways when it is too long: a keyboard can then reach it
 * too (axe: scrollable-region-focusable). Again on every resize (app.js). */
export function fitOthers() {
  const box = $("others");
  const scrolls = box.scrollWidth > box.clientWidth + 1;
  for (const [name, value] of [["tabindex", "0"], ["role", "group"],
    ["aria-label", t("web.players")]]) {
    if (scrolls) box.setAttribute(name, value);
    else box.removeAttribute(name);
  }
}
