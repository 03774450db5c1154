// Requests to the server that fail clearly: a request that cannot be sent, or an answer that is
// not JSON (a proxy's 502 page), becomes a message in the reader's language with a retry.
import { el } from "./dom.js";
import { t } from "./i18n.js";

/**
 * The JSON answer of a request, with its status; throws an Error whose message is for the
 * reader when the server cannot be reached or does not answer in JSON.
 * @param {string} path
 * @param {RequestInit} [init]
 * @returns {Promise<{ ok: boolean, status: number, data: any }>}
 */
export async function requestJSON(path, init) {
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new Error(t("web.err.network"));
  }
  try {
    return { ok: res.ok, status: res.status, data: await res.json() };
  } catch (e) {
    throw new Error(t("web.err.not_json", { status: res.status }));
  }
}

/**
 * Say what went wrong in ``box``, with a button that tries again.
 * @param {HTMLElement} box
 * @param {string} message
 * @param {() => void} retry
 */
export function showRetry(box, message, retry) {
  box.replaceChildren(message + " ", el("button", { type: "button", class: "retry",
    onclick: () => { box.replaceChildren(); retry(); } }, t("web.retry")));
}
