// Words of the game a newcomer does not know (spinner, sniff, overdraw, handicap, boneyard),
// explained where they first appear: a "?" after the word that opens one or two
// sentences. A <details> element: a keyboard opens it with Enter or Space, a screen reader hears
// its summary ("What does “sniff” mean?") and the text once open. Texts: web.term.* (both
// languages).
import { el } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {"spinner" | "sniff" | "overdraw" | "handicap" | "boneyard"} Term */
// (muggins: the claims' own line says what a call is, start.js and claims.js)

/** The "?" that explains `term`. @param {Term} term */
export function termHelp(term) {
  const word = t(`web.term.${term}.word`);
  return el("details", { class: "term", "data-term": term },
    el("summary", { "aria-label": t("web.term.ask", { term: word }),
      title: t("web.term.ask", { term: word }) }, "?"),
    el("span", { class: "term-text" }, t(`web.term.${term}`)));
}

/**
 * `text` with a "?" after the first appearance of each of `terms` (matched without regard to
 * case; the "?" goes after the whole word: "overdraws" keeps its s).
 * @param {string} text
 * @param {Term[]} terms
 * @returns {(Node | string)[]}
 */
export function withHelp(text, terms) {
  const lower = text.toLowerCase();
  /** @type {{ at: number, term: Term }[]} */
  const found = [];
  for (const term of terms) {
    const i = lower.indexOf(t(`web.term.${term}.word`).toLowerCase());
    if (i < 0) continue;
    let end = i + t(`web.term.${term}.word`).length;
    while (end < text.length && /\p{L}/u.test(text[end])) end++;
    found.push({ at: end, term });
  }
  found.sort((a, b) => a.at - b.at);
  /** @type {(Node | string)[]} */
  const out = [];
  let from = 0;
  for (const { at, term } of found) {
    out.push(text.slice(from, at), termHelp(term));
    from = at;
  }
  out.push(text.slice(from));
  return out;
}

/** Fill the page's fixed places for a "?" (`<span data-term-slot="sniff">`), in the language now. */
export function fillTermSlots() {
  for (const slot of document.querySelectorAll("[data-term-slot]")) {
    const term = /** @type {Term} */ (/** @type {HTMLElement} */ (slot).dataset.termSlot);
    slot.replaceChildren(termHelp(term));
  }
}
