// What the page says about seats, sides, tiles and the events of the game.
import { t, tYou } from "./i18n.js";
import { parseMove } from "./moves.js";
import { frame, state } from "./state.js";

/** @param {number} seat */
export function seatName(seat) {
  const f = frame();
  if (seat === f.you) return t("web.you");
  const s = f.table.seats[seat];
  if (s.kind === "bot") return t("web.bot_label", { n: seat + 1, level: t("web.level." + s.level) });
  // A nickname is text like any other: every text of the page is set as text, never as markup.
  return s.name || t("web.friend_label", { n: seat + 1 });
}

/** @param {number} side */
export function sideName(side) {
  const f = frame();
  if (f.table.preset === "five-up-solitaire") return side === 0 ? seatName(0) : t("web.deck");
  if (f.table.partnerships) return t("web.team", { a: seatName(side), b: seatName(side + 2) });
  return seatName(side);
}

/** @param {number | null | undefined} side */
export function onMySide(side) {
  const f = frame();
  if (f.you === null || side === null || side === undefined) return false;
  if (f.table.preset === "five-up-solitaire") return side === 0;
  return f.table.partnerships ? f.you % 2 === side : f.you === side;
}

/**
 * @param {number} a
 * @param {number} b
 */
export function tileWords(a, b) {
  return `[${a}|${b}]`;
}

/**
 * "the 4 end of the spinner, north" for a port of the layout.
 * @param {number} node
 * @param {string | null} port
 */
export function endWords(node, port) {
  const res = state.board;
  const end = res && res.ends.find((e) => e.node === node && e.port === port);
  if (!end) return t("web.end_plain", { value: "?", dir: "" });
  const dir = t("web.dir." + end.compass);
  return t(end.spinner ? "web.end_spinner" : "web.end_plain", { value: end.value, dir });
}

/** @param {number[]} deltas */
export function deltaWords(deltas) {
  return deltas.map((d, side) => `${sideName(side)} ${d >= 0 ? "+" : ""}${d}`).join(", ");
}

/**
 * One line of the log for an event.
 * @param {import("./state.js").GameEvent} ev
 */
export function describe(ev) {
  const name = ev.seat !== undefined ? seatName(ev.seat) : "";
  const mine = ev.seat !== undefined && ev.seat === frame().you;
  /** @param {string} key @param {Record<string, unknown>} [params] */
  const say = (key, params) => tYou(key, mine, params);
  let s;
  if (ev.kind === "play") {
    const mv = parseMove(ev.move || "");
    const parts = ev.parts || [];
    const params = { name, tile: mv ? tileWords(mv.a, mv.b) : ev.move, end: mv ? mv.a : "",
      sum: parts.join(" + "), total: ev.total, points: ev.points };
    const lead = mv && !mv.node;
    if ((ev.points || 0) > 0 && parts.length) {
      s = say(lead ? "web.ev.lead_scored" : "web.ev.put_scored", params);
    } else s = say(lead ? "web.ev.lead" : "web.ev.put", params);
  } else if (ev.kind === "draw") {
    s = (ev.cost || 0) > 0 ? say("web.ev.draw_deck", { name, cost: ev.cost })
      : say("web.ev.draw", { name });
  } else if (ev.kind === "pass") {
    s = say("web.ev.pass", { name });
  } else if (ev.kind === "hand_end") {
    const out = ev.out_seat !== undefined ? ev.out_seat : null;
    const who = out !== null ? seatName(out)
      : ev.winner === null || ev.winner === undefined ? "" : sideName(ev.winner);
    const key = ev.result === "out" ? "web.ev.hand_out"
      : ev.result === "blocked" ? "web.ev.hand_blocked" : "web.ev.hand_target";
    s = tYou(key, out !== null && out === frame().you, { hand: ev.hand, name: who });
    if (ev.result !== "target") {
      s += " " + say("web.ev.settle", { deltas: deltaWords(ev.deltas || []) });
    }
  } else if (ev.kind === "game_end") {
    s = tYou("web.ev.game_end", onMySide(ev.winner),
      { name: ev.winner === null || ev.winner === undefined ? "" : sideName(ev.winner),
        scores: (ev.scores || []).join(" – ") });
  } else return "";
  if (ev.by === "timer") s += " " + tYou("web.ev.timer", false);
  if (ev.by === "away") s += " " + tYou("web.ev.away", false);
  return s;
}
