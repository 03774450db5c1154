// The page's texts: the server's catalogs (/api/messages) in the reader's language.
import { state } from "./state.js";

/**
 * The text of `key` in the reader's language (English when French lacks it), `{name}`
 * placeholders filled from `params`.
 * @param {string} key
 * @param {Record<string, unknown>} [params]
 */
export function t(key, params) {
  const table = state.msgs[state.lang] || {};
  let s = table[key] || key; // the catalogs have the same keys (tests/test_i18n.py)
  if (params) {
    s = s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  }
  return s;
}

/**
 * The "_you" variant of a message when it is about the reader (French conjugates).
 * @param {string} key
 * @param {boolean} mine
 * @param {Record<string, unknown>} [params]
 */
export function tYou(key, mine, params) {
  const alt = key + "_you";
  return t(mine && has(alt) ? alt : key, params);
}

/**
 * Whether the page has words for `key` (the reader's catalog: the page loads one language).
 * @param {string} key
 */
export function has(key) {
  return (state.msgs[state.lang] || {})[key] !== undefined;
}

/** The saved language, else the browser's. */
export function pickLang() {
  const saved = localStorage.getItem("fives.lang");
  if (saved === "en" || saved === "fr") return saved;
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  return nav.toLowerCase().startsWith("fr") ? "fr" : "en";
}
