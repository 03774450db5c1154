// Muggins claims (RULES.md §9 O1): the points a player claims with the tile they place (typed,
// or stepped with − and +, never filled in: the player counts), and the "Muggins!" button for a
// seat that may call on the last tile while its window is open, with the time left before the
// table moves on (the frame's public.call_window.closes_in).
import { $, el } from "./dom.js";
import { t } from "./i18n.js";
import { send } from "./socket.js";
import { frame, isMyTurn, state } from "./state.js";
import { seatName, tileWords } from "./words.js";

/** Whether this table plays muggins claims. */
export function claimsOn() {
  return Boolean(state.frame && state.frame.public.rules.muggins_claims);
}

/** What − and + add: the smallest step a play score takes in the rules' unit. */
function claimStep() {
  return frame().public.rules.score_step;
}

/**
 * Ask the points for this lead or placement (its explicit notation) before it is sent.
 * @param {string} notation
 */
export function askClaim(notation) {
  state.claimFor = notation;
  renderClaim();
  const field = document.getElementById("claim-input");
  if (field) field.focus();
}

/** The move the claim box is for, while it is still this seat's legal move. */
function claimMove() {
  if (!state.claimFor || !isMyTurn()) return undefined;
  return frame().seat.legal_moves.find((m) => m.notation === state.claimFor);
}

export function renderClaim() {
  const box = $("claim");
  const move = claimMove();
  if (!move) {
    state.claimFor = null;
    box.hidden = true;
    box.replaceChildren();
    delete box.dataset.move;
    markClaiming();
    return;
  }
  if (box.dataset.move === move.notation && box.dataset.lang === state.lang) return;
  box.dataset.move = move.notation;
  box.dataset.lang = state.lang;
  box.hidden = false;
  markClaiming();
  const tile = tileWords(move.tile || "");
  const field = /** @type {HTMLInputElement} */ (el("input", {
    id: "claim-input", type: "number", min: "0", max: String(frame().public.rules.claim_max),
    step: "1", inputmode: "numeric",
    autocomplete: "off", "aria-describedby": "claim-error" }));
  /** @param {number} by */
  const stepBy = (by) => {
    const now = field.value === "" ? 0 : Math.max(0, Math.round(Number(field.value) || 0));
    field.value = String(Math.max(0, now + by));
    field.focus();
  };
  const form = el("form", { class: "claim-form", id: "claim-form", onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    submitClaim(move.notation, field.value);
  } },
  el("label", { for: "claim-input" }, t("web.claim.label", { tile })),
  el("span", { class: "claim-steps" },
    el("button", { type: "button", id: "claim-less", "aria-label": t("web.claim.less"),
      onclick: () => stepBy(-claimStep()) }, "−"),
    field,
    el("button", { type: "button", id: "claim-more", "aria-label": t("web.claim.more"),
      onclick: () => stepBy(claimStep()) }, "+")),
  el("button", { type: "submit", id: "claim-play", class: "primary" },
    t("web.claim.play", { tile })),
  el("button", { type: "button", id: "claim-cancel", onclick: cancelClaim }, t("web.claim.cancel")),
  el("p", { id: "claim-error", class: "error", role: "alert" }));
  box.replaceChildren(form);
}

/** While the claim box is open the hint (which says to count) gives it its line. */
function markClaiming() {
  $("mine").classList.toggle("claiming", !$("claim").hidden);
}

/**
 * @param {string} notation
 * @param {string} text what the field holds
 */
function submitClaim(notation, text) {
  const claim = Number(text);
  if (text.trim() === "" || !Number.isInteger(claim) || claim < 0 || claim > frame().public.rules.claim_max) {
    $("claim-error").textContent = t("web.claim.needed");
    return;
  }
  state.claimFor = null;
  state.selected = null;
  state.sniffForm = null;
  state.endFocus = null;
  state.keepFocus = true;
  send({ type: "play", move: notation, claim });
  renderClaim();
}

function cancelClaim() {
  state.claimFor = null;
  state.keepFocus = true;
  renderClaim();
}

/** The seconds left before the table moves on without a call, or null (it waits). */
function windowLeft() {
  if (state.windowAt === null) return null;
  return Math.max(0, Math.ceil((state.windowAt - Date.now()) / 1000));
}

function mugginsText() {
  const left = windowLeft();
  return left === null || left <= 0 ? t("web.muggins") : t("web.muggins_left", { n: left });
}

/** The "Muggins!" button and what it is about, for a seat that may call now. */
export function renderMuggins() {
  const box = $("muggins");
  const f = frame();
  const win = f.public.call_window;
  if (!f.seat.muggins || !win) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  box.replaceChildren(
    el("p", { id: "muggins-offer" },
      t("web.muggins_offer", { name: seatName(win.placer), claim: win.claim })),
    el("button", { type: "button", id: "btn-muggins", class: "primary muggins",
      "aria-describedby": "muggins-offer", onclick: () => send({ type: "muggins" }) },
    mugginsText()));
}

/** Each tick: the time left on the button. */
export function tickMuggins() {
  const button = document.getElementById("btn-muggins");
  if (button) button.textContent = mugginsText();
}
