// What the page says about seats, sides, tiles and the events of the game, from the
// projection's data (its sides and members, its events' keys and parameters).
import { has, t, tYou } from "./i18n.js";
import { frame, state } from "./state.js";

/** @param {number} seat */
export function seatName(seat) {
  const f = frame();
  if (seat === f.you) return t("web.you");
  const s = f.table.seats[seat];
  // short ("Bot 2"): a status line keeps to its line on a phone; the level is a badge beside
  if (s.kind === "bot") return t("web.bot_label", { n: seat + 1 });
  // A nickname is text like any other: every text of the page is set as text, never as markup.
  return s.name || t("web.friend_label", { n: seat + 1 });
}

/** A side by its members ("Bot 2 & Bot 4"), the solitaire's deck by name. @param {number} side */
export function sideName(side) {
  const info = frame().public.sides[side];
  if (!info) return "";
  if (info.deck) return t("web.deck");
  const names = info.members.map(seatName);
  return names.length === 2 ? t("web.team", { a: names[0], b: names[1] }) : names.join(", ");
}

/** @param {number | null | undefined} side */
export function onMySide(side) {
  const mine = frame().seat.side;
  return mine !== null && side !== null && side !== undefined && mine === side;
}

/** "[6|4]" for the tile written "6-4". @param {string} text */
export function tileWords(text) {
  return "[" + text.split("-").join("|") + "]";
}

/**
 * "the 4 end of the spinner, north" for a port of the layout (its compass from the board as
 * drawn).
 * @param {number} node
 * @param {string} port
 */
export function endWords(node, port) {
  const end = frame().public.layout.open_ends.find((e) => e.node === node && e.port === port);
  const drawn = state.board && state.board.ends.find((e) => e.node === node && e.port === port);
  if (!end) return t("web.end_plain", { value: "?", dir: "" });
  const dir = drawn ? t("web.dir." + drawn.compass) : "";
  return t(end.spinner ? "web.end_spinner" : "web.end_plain", { value: end.value, dir });
}

/** "6 + 6 + 3" for the counted parts of a total. @param {import("./state.js").Part[]} parts */
export function sumWords(parts) {
  return parts.flatMap((p) => Array(p.times).fill(p.value)).join(" + ");
}

/** @param {number[]} deltas */
export function deltaWords(deltas) {
  return deltas.map((d, side) => `${sideName(side)} ${d >= 0 ? "+" : ""}${d}`).join(", ");
}

/** @param {number[]} scores per side */
export function scoreWords(scores) {
  return scores.map((x, side) => `${sideName(side)} ${x}`).join(", ");
}

/**
 * "Game over: Bot 2 and Bot 4 win, Bot 2 and Bot 4 61, You and Bot 3 14." (a team's verb in
 * the plural, the reader's own form when it is the reader's side).
 * @param {number | null} winner
 * @param {number[]} scores
 */
export function gameEndWords(winner, scores) {
  const side = winner === null ? undefined : frame().public.sides[winner];
  const params = { name: winner === null ? "" : sideName(winner), scores: scoreWords(scores) };
  if (onMySide(winner)) return tYou("web.ev.game_end", true, params);
  return t(side && side.members.length === 2 ? "web.ev.game_end_team" : "web.ev.game_end", params);
}

/**
 * One line of the log for an event: its message "web.ev." + key (the reader's own "_you"
 * form), "web.ev.settle" after a hand's end, who played for a seat that was not there.
 * @param {import("./state.js").GameEvent} ev
 */
export function describe(ev) {
  const p = ev.params;
  const who = p.seat !== undefined ? p.seat : p.leader; // the seat the event is about
  const mine = who !== undefined && who === frame().you;
  const key = "web.ev." + ev.key;
  if (!has(key)) return ev.kind; // an event this page has no words for yet
  let s;
  if (ev.kind === "hand_end") {
    const out = p.out_seat ?? null;
    const who = out !== null ? seatName(out)
      : p.winner === null || p.winner === undefined ? "" : sideName(p.winner);
    s = tYou(key, out !== null && out === frame().you, { hand: p.hand, name: who });
    if (p.result !== "target") s += " " + t("web.ev.settle", { deltas: deltaWords(p.deltas || []) });
  } else if (ev.kind === "game_end") {
    s = gameEndWords(p.winner ?? null, p.scores || []);
  } else {
    s = tYou(key, mine, {
      name: p.seat !== undefined ? seatName(p.seat) : "",
      tile: p.tile ? tileWords(p.tile) : "", end: p.end ?? "", sum: sumWords(p.parts || []),
      total: p.total, points: p.points, cost: p.cost, hand: p.hand, claim: p.claim,
      leader: p.leader !== undefined ? seatName(p.leader) : "" }) + claimNote(p);
  }
  if (ev.by === "timer") s += " " + t("web.ev.timer");
  if (ev.by === "away") s += " " + t("web.ev.away");
  return s;
}

/**
 * The end of a claimed play's log line: an over-claim scores nothing (the claim is public once
 * made; what a short claim missed is for the others to count).
 * @param {import("./state.js").EventParams} p
 */
function claimNote(p) {
  return p.claim !== undefined && p.points !== undefined && p.points < p.claim
    ? " " + t("web.ev.claim_over") : "";
}
