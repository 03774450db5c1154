// The start page's memory of this browser: the nickname, the unfinished games it holds links
// to ("Your games"), and the last choices of the new-table and Play now forms (localStorage).
import { $, el, input, select } from "./dom.js";
import { t } from "./i18n.js";
import { state } from "./state.js";
import { yourGames } from "./together.js";

const NAME_KEY = "fives.name";
const FORM_KEY = "fives.form";
const LOBBY_FORM_KEY = "fives.lobby_form";

/** The nickname this browser chose (sent with every join), or "". */
export function myName() {
  return (localStorage.getItem(NAME_KEY) || "").trim();
}

/** @param {string} id */
function presetName(id) {
  const p = state.presets && state.presets.presets.find((x) => x.id === id);
  return p ? p.name[state.lang] || p.name.en : id;
}

export function renderYours() {
  const games = Object.entries(yourGames()).filter(([, g]) => !g.over)
    .sort((a, b) => b[1].at - a[1].at).slice(0, 10);
  $("your-games-box").hidden = games.length === 0;
  $("your-games").replaceChildren(...games.map(([id, g]) => el("li", { "data-table": id },
    t("web.together.your_game", { preset: presetName(g.preset), players: g.players,
      hand: g.hand }) + " ",
    el("a", { href: g.url }, t("web.together.go_back")))));
}

/** The ids of the form fields remembered, and how to read and set each. */
const FIELDS = ["preset", "players", "target", "timer", "grace", "partnerships", "sniff",
  "sniff-choice"];

function rememberStartForm() {
  /** @type {Record<string, string | boolean>} */
  const saved = {};
  for (const id of FIELDS) {
    const node = input(id);
    saved[id] = node.type === "checkbox" ? node.checked : node.value;
  }
  saved.auto = input("target").dataset.auto === "1";
  saved.seats = [...document.querySelectorAll("#seats select")]
    .map((s) => /** @type {HTMLSelectElement} */ (s).value).join(",");
  localStorage.setItem(FORM_KEY, JSON.stringify(saved));
}

/**
 * Set a field as a person would (its change event lets start.js update what depends on it).
 * @param {string} id
 * @param {string | boolean | undefined} value
 */
function setField(id, value) {
  if (value === undefined) return;
  const node = input(id);
  if (node.type === "checkbox") node.checked = Boolean(value);
  else if (node.tagName === "SELECT" &&
    ![.../** @type {HTMLSelectElement} */ (/** @type {unknown} */ (node)).options]
      .some((o) => o.value === value)) return;
  else node.value = String(value);
  node.dispatchEvent(new Event("change"));
}

function restoreStartForm() {
  let saved;
  try {
    saved = JSON.parse(localStorage.getItem(FORM_KEY) || "null");
  } catch (e) {
    return;
  }
  if (!saved || typeof saved !== "object") return;
  for (const id of FIELDS) {
    if (id !== "target") setField(id, saved[id]);
  }
  if (!saved.auto && saved.target) {
    input("target").value = String(saved.target);
    input("target").dataset.auto = "0";
  }
  const seats = String(saved.seats || "").split(",");
  document.querySelectorAll("#seats select").forEach((s, i) => {
    const sel = /** @type {HTMLSelectElement} */ (s);
    if (seats[i] && [...sel.options].some((o) => o.value === seats[i])) sel.value = seats[i];
  });
}

/** The Play now form's choices, saved when it is sent and put back on the next visit. */
export function rememberLobbyForm() {
  const saved = Object.fromEntries(["lobby-preset", "lobby-players", "lobby-wait", "lobby-level"]
    .map((id) => [id, select(id).value]));
  localStorage.setItem(LOBBY_FORM_KEY, JSON.stringify(saved));
}

/** @returns {Record<string, string>} */
export function savedLobbyForm() {
  try {
    const saved = JSON.parse(localStorage.getItem(LOBBY_FORM_KEY) || "{}");
    return saved && typeof saved === "object" ? saved : {};
  } catch (e) {
    return {};
  }
}

/** The start page's name field, "Your games" and the form's memory (after startPage). */
export function startYours() {
  const name = input("my-name");
  name.value = myName();
  name.addEventListener("input", () => localStorage.setItem(NAME_KEY, name.value.trim()));
  restoreStartForm();
  $("create-form").addEventListener("submit", rememberStartForm);
  renderYours();
  select("lang").addEventListener("fives-lang", renderYours); // app.js: its texts are here
}
