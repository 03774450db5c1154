// Fives in the browser: the start page and the table. Plain ES modules, no build step, no third
// party. The server decides everything; the page only draws the view it receives and sends
// intentions. This module starts the page; state.js holds what the others share.
import { updateAttention } from "./attention.js";
import { renderBoard } from "./boardview.js";
import { $, el, select, setStatus } from "./dom.js";
import { onHandKey } from "./hand.js";
import { pickLang, t } from "./i18n.js";
import { switchLang } from "./lang.js";
import { startLobby } from "./lobby.js";
import { requestJSON } from "./net.js";
import { startQuick } from "./quick.js";
import { startPanZoom } from "./pan.js";
import { connect, tokenFromHash } from "./socket.js";
import { fitOthers } from "./scores.js";
import { sound } from "./sound.js";
import { renderStart, startPage } from "./start.js";
import { state } from "./state.js";
import { onFrame, renderTable, tick } from "./table.js";
import { fillTermSlots } from "./terms.js";
import { startYours } from "./yours.js";

// The browser tests read the page's state (tests/web/test_browser.py: `state.frame`).
/** @type {any} */ (window).state = state;

function applyStaticTexts() {
  document.documentElement.lang = state.lang;
  document.title = t("web.title");
  for (const node of document.querySelectorAll("[data-i18n]")) {
    node.textContent = t(/** @type {HTMLElement} */ (node).dataset.i18n || "");
  }
  for (const [id, key] of [["zoom-in", "web.zoom_in"], ["zoom-out", "web.zoom_out"],
    ["zoom-fit", "web.zoom_fit"]]) {
    $(id).title = t(key);
    $(id).setAttribute("aria-label", t(key));
  }
  fillTermSlots();
  soundButton();
}

/**
 * The JSON of a GET that must succeed (the texts, the presets): through net.js, so that a
 * failed request or an answer that is not JSON ends in the same retry as an error status.
 * @param {string} path
 */
async function needed(path) {
  const answer = await requestJSON(path);
  if (!answer.ok) throw new Error(path + ": " + answer.status);
  return answer.data;
}

function soundButton() {
  const b = $("sound");
  b.textContent = t(sound.enabled ? "web.sound_on" : "web.sound_off");
  b.setAttribute("aria-pressed", sound.enabled ? "true" : "false");
}

/** The table's grid is as tall as the window below the bar (style.css: --bar-h). */
function fitToWindow() {
  const bar = document.querySelector(".bar");
  const height = bar ? bar.getBoundingClientRect().height : 0;
  document.documentElement.style.setProperty("--bar-h", `${Math.ceil(height)}px`);
}

async function main() {
  state.lang = pickLang();
  const langSel = select("lang");
  langSel.value = state.lang;
  let msgs, presets;
  try {
    [msgs, presets] = await Promise.all([
      needed("/api/messages?lang=" + state.lang), needed("/api/presets"),
    ]);
  } catch (e) {
    // No catalog yet to speak the reader's language with: both, and a retry.
    const box = el("p", { class: "error", role: "alert", id: "boot-error" },
      "The server cannot be reached. / Impossible de joindre le serveur. ",
      el("button", { type: "button", onclick: () => location.reload() }, "Retry / Réessayer"));
    document.body.append(box);
    return;
  }
  state.msgs = msgs;
  state.presets = presets;
  applyStaticTexts();
  // The page fetched its reader's language only: another one is fetched when chosen (also
  // when chosen while the first loaded).
  const redraw = () => {
    applyStaticTexts();
    // the others redraw in it once it is here (a "change" may come before its texts)
    langSel.dispatchEvent(new Event("fives-lang"));
    if (state.frame) renderTable();
    else renderStart();
  };
  langSel.addEventListener("change", () => switchLang(langSel, redraw));
  if (langSel.value !== state.lang) await switchLang(langSel, redraw);
  $("mine").addEventListener("keydown", onHandKey);
  $("sound").addEventListener("click", () => {
    sound.set(!sound.enabled);
    soundButton();
  });
  window.addEventListener("resize", () => {
    if (!state.frame) return;
    renderBoard();
    fitOthers();
  });
  startPanZoom();
  state.token = tokenFromHash();
  if (location.pathname === "/play") {
    document.body.classList.add("at-table");
    $("table").hidden = false;
    fitToWindow();
    window.addEventListener("resize", fitToWindow);
    if (!state.token) {
      setStatus(t("web.no_link"));
      return;
    }
    setStatus(t("web.connecting"));
    connect(onFrame);
    document.addEventListener("visibilitychange", updateAttention);
    setInterval(tick, 500);
    window.addEventListener("hashchange", () => location.reload());
    return;
  }
  startPage();
  startYours();
  startQuick();
  if (location.pathname === "/") startLobby();
}

main();
