// Playing with people at the table: who left and when a bot takes their seat, who is ready for
// the next hand, rematch offers, the match score, the score sheet, and (against bots) hint and
// undo. Every text is set as text (nicknames are never markup).
import { $, el } from "./dom.js";
import { t } from "./i18n.js";
import { send } from "./socket.js";
import { frame, isMyTurn, state } from "./state.js";
import { endWords, seatName, sideName, tileWords } from "./words.js";

/**
 * @typedef {{ move: string, behind: number, points: number | null, against: number | null,
 *   odds: number | null }} HintMove
 * @typedef {{ type: "hint", seq: number, unit: string, moves: HintMove[] }} HintFrame
 * @typedef {{ hand: number, result: string, winner: number | null, deltas: number[],
 *   scores: number[] }} SheetRow
 */

const together = {
  /** @type {import("./state.js").SeatInfo[] | null} the seats the countdowns were read from
   * (a frame's, or a presence message's) */
  seen: null,
  /** @type {Record<number, number>} seat -> when a bot takes it (Date.now() clock) */
  awayAt: {},
  /** @type {HintFrame | null} */
  hint: null,
};

/** The human seats at the table now (not bots, not the ones who left). */
function humansHere() {
  const f = frame();
  return f.table.seats.map((s, seat) => ({ s, seat }))
    .filter(({ s }) => s.kind === "human" && s.connected && s.away_in === null);
}

/** @param {number[]} seats */
function names(seats) {
  return seats.map(seatName).join(", ");
}

/** What the hand's buttons say while the others decide (hand.js asks). */
export function mySay() {
  const f = frame();
  const me = f.you === null ? null : f.table.seats[f.you];
  return {
    ready: Boolean(me && me.ready),
    offered: Boolean(me && me.rematch),
    othersOffered: f.table.seats.some((s, seat) => seat !== f.you && s.rematch),
  };
}

export function renderTogether() {
  const f = frame();
  if (together.seen !== f.table.seats) {
    together.seen = f.table.seats;
    together.awayAt = {};
    f.table.seats.forEach((s, seat) => {
      if (s.away_in !== null) together.awayAt[seat] = Date.now() + s.away_in * 1000;
    });
    if (together.hint && together.hint.seq !== f.seq) together.hint = null;
  }
  const lines = [];
  const match = f.table.match;
  if (f.table.game_no > 1 || match.some((n) => n > 0)) {
    lines.push(el("p", { id: "match" }, t("web.together.match", {
      score: match.map((n, side) => `${sideName(side)} ${n}`).join(" – ") })));
  }
  lines.push(...awayLines(f));
  const v = f.public;
  const here = humansHere();
  if (v.phase === "hand_over" && f.you !== null) {
    const waiting = here.filter(({ s, seat }) => !s.ready && seat !== f.you).map((x) => x.seat);
    const ready = here.filter(({ s, seat }) => s.ready && seat !== f.you).map((x) => x.seat);
    if (mySay().ready && waiting.length) {
      lines.push(el("p", { class: "waiting" }, t("web.together.waiting_for",
        { names: names(waiting) })));
    } else if (ready.length) {
      lines.push(el("p", { class: "waiting" }, t("web.together.others_ready",
        { names: names(ready) })));
    }
  }
  if (v.phase === "game_over" && f.you !== null) {
    const offers = f.table.seats.map((s, seat) => ({ s, seat }))
      .filter(({ s, seat }) => s.rematch && seat !== f.you).map((x) => x.seat);
    if (offers.length && !mySay().offered) {
      lines.push(el("p", { class: "offer" }, t("web.together.offer", { names: names(offers) })));
    } else if (mySay().offered) {
      const waiting = here.filter(({ s, seat }) => !s.rematch && seat !== f.you)
        .map((x) => x.seat);
      if (waiting.length) {
        lines.push(el("p", { class: "offer" }, t("web.together.offered",
          { names: names(waiting) })));
      }
    }
  }
  lines.push(...assist(f));
  $("together").replaceChildren(...lines);
  renderSheet();
  tickTogether();
}

/** @param {import("./state.js").StateFrame} f */
function awayLines(f) {
  return f.table.seats.map((s, seat) => ({ s, seat }))
    .filter(({ s, seat }) => s.away_in !== null && seat !== f.you)
    .map(({ seat }) => {
      const row = el("p", { class: "away-row", "data-seat": seat },
        el("span", { class: "away-text" }));
      if (f.you !== null) {
        row.append(" ", el("button", { type: "button", class: "bot-now", "data-seat": seat,
          onclick: () => send({ type: "bot_now", seat }) }, t("web.together.bot_now")));
      }
      return row;
    });
}

/** The countdowns, every half second (table.js tick). */
export function tickTogether() {
  for (const row of document.querySelectorAll("#together .away-row")) {
    const seat = Number(/** @type {HTMLElement} */ (row).dataset.seat);
    const at = together.awayAt[seat];
    if (at === undefined) continue;
    const left = Math.max(0, Math.ceil((at - Date.now()) / 1000));
    const text = row.querySelector(".away-text");
    if (text) {
      text.textContent = left > 0
        ? t("web.together.away_in", { name: seatName(seat), n: left })
        : t("web.together.away_bot", { name: seatName(seat) });
    }
    const button = row.querySelector(".bot-now");
    if (button) /** @type {HTMLElement} */ (button).hidden = left <= 0;
  }
}

/**
 * Hint and undo: for the one person playing against bots.
 * @param {import("./state.js").StateFrame} f
 */
function assist(f) {
  if (!f.table.assist || f.you === null || f.public.phase !== "play") return [];
  const row = el("p", { class: "assist" });
  if (isMyTurn()) {
    row.append(el("button", { type: "button", id: "btn-hint",
      onclick: () => send({ type: "hint" }) }, t("web.together.hint")), " ");
  }
  row.append(el("button", { type: "button", id: "btn-undo",
    onclick: () => send({ type: "undo" }) }, t("web.together.undo")));
  const out = [row];
  const hint = together.hint;
  if (hint && hint.seq === f.seq && isMyTurn()) {
    out.push(el("ol", { id: "hint-list", "aria-label": t("web.together.hint") },
      ...hint.moves.map((m) => el("li", {}, moveWords(m.move) + ": " + (m.behind === 0
        ? t("web.together.best")
        : t("web.together.behind", { value: Math.abs(m.behind).toFixed(1),
          unit: t(hint.unit === "displayed" ? "web.together.unit_marks" : "web.together.unit_points") }))))));
  }
  return out;
}

/**
 * A hinted move in words, from the seat's legal move of that notation (the projection's).
 * @param {string} text a move in explicit notation
 */
function moveWords(text) {
  const m = frame().seat.legal_moves.find((x) => x.notation === text);
  if (!m || m.kind === "draw") return m ? t("web.draw") : text;
  if (m.kind === "pass") return t("web.pass");
  const tile = tileWords(m.tile || "");
  return m.node ? t("web.play_on", { tile, end: endWords(m.node, m.port) })
    : t("web.lead_tile", { tile });
}

/** @param {HintFrame} msg */
export function onHint(msg) {
  together.hint = msg;
  if (state.frame) renderTogether();
}

/** Every finished hand's scores (the projection's score sheet), during and after the game. */
function renderSheet() {
  const f = frame();
  /** @type {SheetRow[]} */
  const rows = f.public.score_sheet;
  const box = $("sheet");
  box.hidden = rows.length === 0;
  if (!rows.length) {
    box.replaceChildren();
    return;
  }
  const sides = f.public.sides.map((s) => s.side);
  const head = el("tr", {}, el("th", { scope: "col" }, t("web.together.sheet_hand")),
    el("th", { scope: "col" }, t("web.together.sheet_result")),
    ...sides.map((side) => el("th", { scope: "col" }, sideName(side))));
  const body = rows.map((r) => el("tr", { "data-hand": r.hand },
    el("th", { scope: "row" }, String(r.hand)),
    el("td", {}, t("web.together.result_" + r.result)),
    ...sides.map((side) => el("td", {}, `${r.deltas[side] >= 0 ? "+" : ""}${r.deltas[side]}` +
      ` → ${r.scores[side]}`))));
  box.replaceChildren(el("h2", {}, t("web.together.sheet")),
    el("table", { class: "sheet" }, el("thead", {}, head), el("tbody", {}, ...body)));
}

/**
 * This browser's unfinished games, for the start page's "Your games": the table page notes each
 * seat link it shows, and whether its game is over.
 * @param {import("./state.js").StateFrame} f
 */
export function noteGame(f) {
  if (f.you === null) return;
  const games = yourGames();
  games[f.table.id] = { url: location.pathname + location.hash, preset: f.table.preset,
    players: f.table.players, hand: f.public.hand_number, over: f.public.phase === "game_over",
    at: Date.now() };
  const keep = Object.entries(games).sort((a, b) => b[1].at - a[1].at).slice(0, 20);
  localStorage.setItem("fives.games", JSON.stringify(Object.fromEntries(keep)));
}

/**
 * @returns {Record<string, { url: string, preset: string, players: number, hand: number,
 *   over: boolean, at: number }>}
 */
export function yourGames() {
  try {
    const saved = JSON.parse(localStorage.getItem("fives.games") || "{}");
    return saved && typeof saved === "object" ? saved : {};
  } catch (e) {
    return {};
  }
}
