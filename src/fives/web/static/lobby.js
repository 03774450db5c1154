// The public lobby on the start page: "Play now" and the lists of open tables and games to
// watch. app.js starts it once the texts and presets are in `state`; it follows the #lang select.
import { $, select } from "./dom.js";
import { t } from "./i18n.js";
import { requestJSON, showRetry } from "./net.js";
import { state } from "./state.js";
import { rememberLobbyForm, savedLobbyForm } from "./yours.js";

/**
 * @typedef {{ preset: string, players: number, taken: number, fill_in: number,
 *   watch?: string }} LobbyRow
 * @typedef {{ waits: number[], waiting: LobbyRow[], playing: LobbyRow[] }} Listing
 */

const lobby = {
  waits: [10, 20, 30, 60],
  /** @type {{ room: string, token: string } | null} */
  seat: null,
  /** @type {Listing | null} */
  listing: null,
};

function catalog() {
  if (!state.presets) throw new Error("no presets yet");
  return state.presets;
}

/** @param {string} id */
function presetName(id) {
  const p = catalog().presets.find((x) => x.id === id);
  return p ? p.name[state.lang] || p.name.en : id;
}

/**
 * @template T
 * @param {HTMLSelectElement} sel
 * @param {T[]} values
 * @param {(value: T) => string} label
 */
function fill(sel, values, label) {
  const keep = sel.value;
  sel.replaceChildren(...values.map((v) => {
    const option = document.createElement("option");
    option.value = String(v);
    option.textContent = label(v);
    return option;
  }));
  if (values.map(String).includes(keep)) sel.value = keep;
}

function renderForm() {
  const saved = savedLobbyForm();
  if (!select("lobby-preset").dataset.set && saved["lobby-preset"]) {
    fill(select("lobby-preset"), [saved["lobby-preset"]], String);  // kept if still offered
  }
  const presets = catalog().presets.filter((p) =>
    Object.keys(p.players).some((n) => Number(n) >= 2));
  fill(select("lobby-preset"), presets.map((p) => p.id), presetName);
  const chosen = presets.find((p) => p.id === select("lobby-preset").value) || presets[0];
  const counts = Object.keys(chosen.players).map(Number).filter((n) => n >= 2);
  const players = select("lobby-players");
  fill(players, counts, String);
  const wait = select("lobby-wait");
  fill(wait, lobby.waits, (n) => t("web.seconds", { n }));
  const level = select("lobby-level");
  const levels = catalog().levels;
  fill(level, levels, (l) => t("web.level." + l));
  // The last choices this browser sent (yours.js), else the defaults.
  if (!select("lobby-preset").dataset.set) {
    select("lobby-preset").dataset.set = "1";
    wait.value = lobby.waits.map(String).includes(saved["lobby-wait"]) ? saved["lobby-wait"]
      : "20";
    level.value = levels.includes(saved["lobby-level"]) ? saved["lobby-level"]
      : levels.includes("greedy") ? "greedy" : "";
    if (counts.map(String).includes(saved["lobby-players"])) players.value = saved["lobby-players"];
  }
}

/** @param {any} data */
function errorText(data) {
  return (data && data.message && (data.message[state.lang] || data.message.en)) || "?";
}

/**
 * A POST through net.js: throws an Error for the reader when the server cannot be reached or
 * does not answer in JSON.
 * @param {string} path
 * @param {unknown} body
 * @returns {Promise<[boolean, any]>}
 */
async function post(path, body) {
  const answer = await requestJSON(path, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  return [answer.ok, answer.data];
}

/**
 * Say in `box` why a request failed, with a retry.
 * @param {string} box
 * @param {unknown} e
 * @param {() => void} retry
 */
function failed(box, e, retry) {
  showRetry($(box), e instanceof Error ? e.message : String(e), retry);
}

function playButton() {
  return /** @type {HTMLButtonElement} */ ($("lobby-play"));
}

/** @param {SubmitEvent} event */
function playNow(event) {
  event.preventDefault();
  askForSeat();
}

async function askForSeat() {
  $("lobby-error").textContent = "";
  let ok, data;
  try {
    [ok, data] = await post("/api/lobby/play", {
      preset: select("lobby-preset").value,
      players: Number(select("lobby-players").value),
      wait: Number(select("lobby-wait").value),
      level: select("lobby-level").value,
    });
  } catch (e) {
    failed("lobby-error", e, askForSeat);
    return;
  }
  if (!ok) {
    $("lobby-error").textContent = errorText(data);
    return;
  }
  rememberLobbyForm();
  lobby.seat = { room: data.room, token: data.token };
  sessionStorage.setItem("fives.lobby", JSON.stringify(lobby.seat));
  waiting(true);
  refreshLists();  // the room just joined shows at once, not at the next refresh
  waitForTable();
}

/** @param {boolean} on */
function waiting(on) {
  playButton().disabled = on;
  $("quick-now").hidden = on; // the first screen's Play now (quick.js): Cancel in its place
  $("lobby-cancel").hidden = !on;
  if (!on) $("lobby-status").textContent = "";
}

/** Give the seat back (the room goes on without this player, or closes). */
async function cancel() {
  const seat = lobby.seat;
  if (!seat) return;
  lobby.seat = null;
  sessionStorage.removeItem("fives.lobby");
  let ok, data;
  try {
    [ok, data] = await post("/api/lobby/cancel", seat);
  } catch (e) {
    lobby.seat = seat;  // still held: the retry gives it back
    sessionStorage.setItem("fives.lobby", JSON.stringify(seat));
    failed("lobby-error", e, cancel);
    return;
  }
  if (!ok && data && data.key === "web.err.lobby_started") {
    lobby.seat = seat;  // too late: the game exists, the next poll brings its link
    waitForTable();
    return;
  }
  waiting(false);
  $("lobby-status").textContent = t("web.lobby.cancelled");
  refreshLists();
}

async function waitForTable() {
  const seat = lobby.seat;
  if (!seat) return;
  let ok, data;
  try {
    [ok, data] = await post("/api/lobby/wait", seat);
  } catch (e) {
    if (lobby.seat === seat) failed("lobby-error", e, waitForTable);
    return;
  }
  if (lobby.seat !== seat) return;  // cancelled meanwhile
  if (!ok) {
    sessionStorage.removeItem("fives.lobby");
    lobby.seat = null;
    waiting(false);
    $("lobby-error").textContent = errorText(data);
    return;
  }
  if (data.url) {
    sessionStorage.removeItem("fives.lobby");
    location.href = data.url;
    return;
  }
  $("lobby-status").textContent = data.taken >= data.players || data.fill_in <= 0
    ? t("web.lobby.starting")
    : t("web.lobby.waiting", { seat: data.seat + 1, players: data.players, taken: data.taken,
      n: Math.ceil(data.fill_in) });
  setTimeout(waitForTable, 1000);
}

/**
 * @param {string} text
 * @param {string} [link]
 */
function row(text, link) {
  const li = document.createElement("li");
  li.textContent = text + (link ? " " : "");
  if (link) {
    const a = document.createElement("a");
    a.href = link;
    a.textContent = t("web.lobby.watch");
    li.append(a);
  }
  return li;
}

/**
 * @param {string} id
 * @param {HTMLLIElement[]} rows
 */
function renderList(id, rows) {
  const items = rows.length ? rows : [row(t("web.lobby.none"))];
  $(id).replaceChildren(...items);
}

async function refreshLists() {
  let answer;
  try {
    answer = await requestJSON("/api/lobby");
    if (!answer.ok) throw new Error(t("web.err.not_json", { status: answer.status }));
  } catch (e) {
    failed("lobby-lists-error", e, refreshLists);  // the next refresh tries again too
    return;
  }
  $("lobby-lists-error").replaceChildren();
  /** @type {Listing} */
  const data = answer.data;
  lobby.waits = data.waits;
  lobby.listing = data;
  renderLists();
}

function renderLists() {
  const data = lobby.listing;
  if (!data) return;
  renderList("lobby-waiting", data.waiting.map((r) => row(t("web.lobby.row_waiting", {
    preset: presetName(r.preset), taken: r.taken, players: r.players,
    n: Math.ceil(r.fill_in) }))));
  renderList("lobby-playing", data.playing.map((r) => row(t("web.lobby.row_playing", {
    preset: presetName(r.preset), players: r.players }), r.watch)));
}

/** Show the lobby and keep its lists fresh (the start page only). */
export async function startLobby() {
  if (!document.getElementById("lobby")) return;
  await refreshLists();
  renderForm();
  select("lobby-preset").addEventListener("change", renderForm);
  $("lobby-form").addEventListener("submit", playNow);
  $("lobby-cancel").addEventListener("click", cancel);
  select("lang").addEventListener("fives-lang", () => { renderForm(); renderLists(); });
  setInterval(refreshLists, 5000);
  const saved = sessionStorage.getItem("fives.lobby");
  if (saved) {
    lobby.seat = JSON.parse(saved);
    waiting(true);
    waitForTable();
  }
}
