// The table page: each frame from the server is taken in here and the table drawn again.
import { updateAttention } from "./attention.js";
import { renderMuggins, tickMuggins } from "./claims.js";
import { $, setStatus } from "./dom.js";
import { checkDeal } from "./fairdeal.js";
import { redraw } from "./hand.js";
import { t } from "./i18n.js";
import { downloadRecord, renderInvite, renderLinks } from "./links.js";
import { renderLog, renderReveal } from "./log.js";
import { renderOthers, renderScores } from "./scores.js";
import { send } from "./socket.js";
import { sound } from "./sound.js";
import { frame, isMyTurn, state } from "./state.js";
import { noteGame, onHint, renderTogether, tickTogether } from "./together.js";
import { describe, scoreWords, seatName } from "./words.js";

/** @param {any} msg a frame from the server */
export function onFrame(msg) {
  document.body.classList.remove("offline");
  if (msg.type === "error") {
    $("table-error").textContent = msg.message[state.lang] || msg.message.en;
    if (msg.key === "bad_token") setStatus(t("web.no_link"));
    return;
  }
  if (msg.type === "record") {
    downloadRecord(msg.record);
    return;
  }
  if (msg.type === "presence") {
    // A seat's player came or went: only the seats of the frame shown changed.
    if (state.frame && msg.seq === state.frame.seq) {
      state.frame.table.seats = msg.seats;
      renderTable();
    }
    return;
  }
  if (msg.type === "hint") {
    onHint(msg);
    return;
  }
  if (msg.type !== "state") return;
  /** @type {import("./state.js").StateFrame} */
  const f = msg;
  if (!inOrder(f)) return;
  $("table-error").textContent = "";
  const prev = state.frame;
  const wasMyTurn = isMyTurn();
  if (f.full) state.log = f.events.slice();
  else {
    if (prev && f.public.hand_number !== prev.public.hand_number) state.log = [];
    state.log.push(...f.events);
  }
  if (!prev || prev.public.hand_number !== f.public.hand_number || f.public.phase !== "play") {
    state.selected = null;
  }
  if (prev && prev.public.phase !== f.public.phase) state.focusKey = null;
  state.frame = f;
  document.body.dataset.seq = String(f.seq);
  document.body.dataset.phase = f.public.phase;
  const due = f.public.deadline;
  state.deadlineAt = due === null ? null : Date.now() + due * 1000;
  const win = f.public.call_window; // RULES.md §9 O1: how long the table waits for a call
  state.windowAt = win && win.closes_in !== null ? Date.now() + win.closes_in * 1000 : null;
  if (!state.links) {
    const saved = localStorage.getItem("fives.links." + f.table.id);
    state.links = saved ? JSON.parse(saved) : false;
  }
  const plays = f.events.filter((ev) => ev.kind === "lead" || ev.kind === "place");
  if (plays.length) state.lastMover = plays[plays.length - 1].params.seat ?? null;
  if (state.firstDraw === undefined) state.firstDraw = true;
  renderTable();
  noteGame(f);
  if (!f.full) {
    if (plays.length) sound.click();
    announce(f.events, wasMyTurn);
  }
  if (isMyTurn() && !wasMyTurn) sound.chime();
  updateAttention();
}

/**
 * Whether a frame follows the one shown (protocol.py: seq grows by one per action and stays the
 * same for presence). After a gap the page asks once for a full frame and drops what comes
 * before it, so that nothing is built on a frame it missed; an older frame is dropped too.
 * @param {import("./state.js").StateFrame} f
 */
function inOrder(f) {
  const prev = state.frame;
  if (f.full || !prev) {
    state.resyncAsked = 0;
    return true;
  }
  if (!state.resyncAsked && (f.seq === prev.seq || f.seq === prev.seq + 1)) return true;
  // Asked again after 3 s without an answer (a request refused while the server was busy).
  if (f.seq > prev.seq + 1 && Date.now() - state.resyncAsked > 3000) {
    state.resyncAsked = Date.now();
    send({ type: "resync" });
  }
  return false;
}

/**
 * The polite live region: what the others did, the scores it brought, then whose turn it is.
 * @param {import("./state.js").GameEvent[]} events
 * @param {boolean} wasMyTurn
 */
function announce(events, wasMyTurn) {
  const f = frame();
  const v = f.public;
  const said = [];
  for (const ev of events) {
    if (ev.params.seat !== undefined && ev.params.seat === f.you) continue;
    const text = describe(ev);
    if (text) said.push(text);
  }
  if (said.length && v.phase === "play") {
    said.push(t("web.scores_now", { scores: scoreWords(v.scores) }));
  }
  if (v.phase === "play" && v.turn !== null && (said.length || isMyTurn() !== wasMyTurn)) {
    said.push(isMyTurn() ? t("web.your_turn") : t("web.turn_of", { name: seatName(v.turn) }));
  }
  if (!said.length) return;
  $("announce").textContent = said.join(" ");
}

export function renderTable() {
  const v = frame().public;
  let status;
  if (v.phase === "game_over") {
    status = t("web.game_over"); // the panel says who won, the scores say by how much
  } else if (v.phase === "hand_over") {
    status = t("web.hand_over", { n: v.hand_number }); // the panel says how it was settled
  } else if (isMyTurn()) {
    status = t("web.your_turn");
  } else {
    status = t("web.turn_of", { name: v.turn === null ? "" : seatName(v.turn) });
  }
  setStatus(status);
  $("status").dataset.turn = isMyTurn() ? "me" : "other";
  document.body.classList.toggle("my-turn", isMyTurn());
  renderInvite();
  renderScores();
  renderTogether();
  renderOthers();
  renderMuggins();
  renderReveal();
  redraw(); // the hand, then the board in the room the rest leaves it
  renderLog();
  renderLinks();
  // in the reader's language, in a tab of its own (the table stays open)
  /** @type {HTMLAnchorElement} */ ($("rules-link")).href =
    `/rules/${frame().table.preset}?lang=${state.lang}`;
  checkDeal(frame()); // its line too is said again in the reader's language
  tick();
}

/** The line under the status: the hand's number, the boneyard, the time left to play. */
export function tick() {
  const f = state.frame;
  if (!f) return;
  tickTogether();
  tickMuggins();
  // the boneyard's "?" (terms.js) sits between its number and the time left
  $("clock-hand").textContent = t("web.hand_no", { n: f.public.hand_number });
  $("clock-bone").textContent = t("web.boneyard", { n: f.public.boneyard_size });
  const bar = $("timer-bar");
  if (state.deadlineAt === null) {
    $("clock-time").textContent = "";
    bar.hidden = true;
    return;
  }
  const left = Math.max(0, (state.deadlineAt - Date.now()) / 1000);
  $("clock-time").textContent = " · " + t("web.time_left", { n: Math.ceil(left) });
  // The turn timer as a bar: the share of the table's timer still left.
  const whole = f.table.timer || left || 1;
  bar.hidden = false;
  bar.classList.toggle("low", left <= 5);
  /** @type {HTMLElement} */ (bar.firstElementChild).style.width =
    `${Math.min(100, (100 * left) / whole)}%`;
}
