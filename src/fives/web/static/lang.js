// The language select of the table's page and of the review page: another language's texts are
// fetched the first time it is chosen, and the choice is kept for the reader's next visit.
import { requestJSON } from "./net.js";
import { state } from "./state.js";

/**
 * Switch the page to the language chosen in `select`, then `redraw` it; when that language's
 * texts cannot be fetched the select goes back to the current one.
 * @param {HTMLSelectElement} select @param {() => void} redraw
 */
export async function switchLang(select, redraw) {
  const lang = select.value;
  if (!state.msgs[lang]) {
    const answer = await requestJSON("/api/messages?lang=" + lang);
    if (!answer.ok) {
      select.value = state.lang;
      return;
    }
    Object.assign(state.msgs, answer.data);
  }
  state.lang = lang;
  localStorage.setItem("fives.lang", state.lang);
  redraw();
}
