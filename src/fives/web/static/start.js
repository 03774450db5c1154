// The start page's form: a new table's preset, players, target, timer, sniff and seats.
import { $, el, input, select } from "./dom.js";
import { t } from "./i18n.js";
import { requestJSON, showRetry } from "./net.js";
import { state } from "./state.js";
import { withHelp } from "./terms.js";

function catalog() {
  if (!state.presets) throw new Error("no presets yet");
  return state.presets;
}

export function renderStart() {
  const presetSel = select("preset");
  const current = presetSel.value;
  /** @param {import("./state.js").Preset} p */
  const option = (p) => el("option", { value: p.id }, p.name[state.lang]);
  const historical = catalog().presets.filter((p) => p.group === "historical");
  presetSel.replaceChildren(
    ...catalog().presets.filter((p) => p.group !== "historical").map(option),
    // RULES.md §9 O14: the historical presets under their own heading
    ...(historical.length
      ? [el("optgroup", { label: t("web.historical") }, ...historical.map(option))]
      : [])
  );
  presetSel.value = current || "five-up";
  updateStartForm(false);
}

function presetInfo() {
  const id = select("preset").value;
  const info = catalog().presets.find((p) => p.id === id);
  if (!info) throw new Error("unknown preset " + id);
  return info;
}

/** @param {boolean} resetTarget */
function updateStartForm(resetTarget) {
  const info = presetInfo();
  $("rules-card").replaceChildren(...withHelp(info.card[state.lang],
    ["spinner", "overdraw", "handicap"]));
  const playersSel = select("players");
  const counts = Object.keys(info.players);
  const prev = playersSel.value;
  playersSel.replaceChildren(...counts.map((n) => el("option", { value: n }, n)));
  playersSel.value = counts.includes(prev) ? prev : counts.includes("2") ? "2" : counts[0];
  const n = Number(playersSel.value);
  const part = input("partnerships");
  $("partnerships-row").hidden = !("true" in info.players[String(n)].targets);
  if (resetTarget || part.dataset.preset !== info.id || part.dataset.players !== String(n)) {
    part.checked = Boolean(info.players[String(n)].partnerships);
    part.dataset.preset = info.id;
    part.dataset.players = String(n);
  }
  const target = input("target");
  if (resetTarget || !target.value || target.dataset.auto === "1") {
    target.value = String(defaultTarget(info, n, part.checked));
    target.dataset.auto = "1";
  }
  const timer = select("timer");
  const tv = timer.value || "0";
  timer.replaceChildren(
    ...catalog().timers.map((s) =>
      el("option", { value: String(s) }, s === 0 ? t("web.timer_off") : t("web.seconds", { n: s }))
    )
  );
  timer.value = tv;
  // seconds before a bot plays for a player who left
  const grace = select("grace");
  const gv = grace.value || "20";
  grace.replaceChildren(...catalog().graces.map((s) =>
    el("option", { value: String(s) }, t("web.seconds", { n: s }))));
  grace.value = gv;
  // RULES.md §9 O4: the sniff, for the presets that take it, and its placer's choice of form
  const sniff = select("sniff");
  const sv = sniff.value || "none";
  sniff.replaceChildren(...["none", "us", "british"].map((f) =>
    el("option", { value: f }, t("web.sniff_" + f))));
  sniff.value = info.sniff ? sv : "none";
  $("sniff-row").hidden = !info.sniff;
  $("sniff-choice-row").hidden = !info.sniff || sniff.value === "none";
  renderClaimChoices(info, resetTarget);
  renderSeatChoices(n);
}

/**
 * RULES.md §9 O1: muggins claims, on by the preset (muggins-1868) or chosen, with what an
 * over-claim does and how the bots count.
 * @param {import("./state.js").Preset} info
 * @param {boolean} reset the preset changed: its own choice again
 */
function renderClaimChoices(info, reset) {
  const claims = input("claims");
  $("claims-rows").hidden = !info.claims;
  if (reset || claims.dataset.preset !== info.id) {
    claims.checked = info.claims_on;
    claims.dataset.preset = info.id;
  }
  const over = select("overclaim");
  const ov = over.value || "void";
  over.replaceChildren(...["void", "foster_penalty"].map((o) =>
    el("option", { value: o }, t("web.overclaim_" + o))));
  over.value = ov;
  const counting = select("counting");
  const cv = counting.value || "human";
  counting.replaceChildren(...catalog().countings.map((c) =>
    el("option", { value: c }, t("web.counting_" + c))));
  counting.value = cv;
  const win = select("call-window"); // seconds bots and timers wait for a person's call
  const wv = win.value || "5";
  win.replaceChildren(...catalog().call_windows.map((s) => el("option", { value: String(s) },
    s === 0 ? t("web.call_window_off") : t("web.seconds", { n: s }))));
  win.value = wv;
  for (const row of ["overclaim-row", "counting-row", "call-window-row"]) {
    $(row).hidden = !claims.checked;
  }
}

/**
 * @param {import("./state.js").Preset} info
 * @param {number} n
 * @param {boolean} partnerships
 */
function defaultTarget(info, n, partnerships) {
  const targets = info.players[String(n)].targets;
  return targets[String(partnerships)] ?? targets.false;
}

/** @param {number} n */
function renderSeatChoices(n) {
  const box = $("seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  const rows = [];
  for (let i = 0; i < n; i++) {
    const options = [
      el("option", { value: "me" }, t("web.kind_me")),
      el("option", { value: "friend" }, t("web.kind_friend")),
      ...catalog().levels.map((lv) =>
        el("option", { value: "bot:" + lv }, t("web.kind_bot", { level: t("web.level." + lv) }))
      ),
    ];
    const sel = /** @type {HTMLSelectElement} */ (el("select",
      { id: "seat-" + i, "aria-label": t("web.seat_n", { n: i + 1 }) }, ...options));
    sel.value = old[i] || (i === 0 ? "me" : "bot:greedy");
    rows.push(el("label", { class: "seat-choice" }, t("web.seat_n", { n: i + 1 }) + " ", sel));
  }
  box.replaceChildren(el("legend", {}, t("web.seats")), ...rows);
}

/** @param {Event} ev */
async function createTable(ev) {
  ev.preventDefault();
  const info = presetInfo();
  const n = Number(select("players").value);
  const seats = [];
  for (let i = 0; i < n; i++) {
    const v = select("seat-" + i).value;
    seats.push(v.startsWith("bot:") ? { kind: "bot", level: v.slice(4) } : { kind: v });
  }
  /** @type {Record<string, unknown>} */
  const body = {
    preset: info.id,
    players: n,
    target: Number(input("target").value),
    timer: Number(select("timer").value),
    grace: Number(select("grace").value),
    seats,
  };
  if ("true" in info.players[String(n)].targets) body.partnerships = input("partnerships").checked;
  const sniff = select("sniff").value;
  if (info.sniff && sniff !== "none") {
    body.sniff = sniff;
    if (input("sniff-choice").checked) body.sniff_orientation_choice = true;
  }
  const claims = info.claims && input("claims").checked;
  if (info.claims && claims !== info.claims_on) body.muggins_claims = claims;
  if (claims) {
    if (select("overclaim").value !== "void") body.muggins_overclaim = select("overclaim").value;
    body.bot_counting = select("counting").value;
    body.call_window_s = Number(select("call-window").value);
  }
  const errBox = $("create-error");
  errBox.textContent = "";
  let answer;
  try {
    answer = await requestJSON("/api/tables", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (e) {
    showRetry(errBox, e instanceof Error ? e.message : String(e), () => createTable(ev));
    return;
  }
  const data = answer.data;
  if (!answer.ok) {
    errBox.textContent = (data.message && data.message[state.lang]) || "error";
    return;
  }
  // The creator keeps every link of the table (the server only has their hashes).
  localStorage.setItem("fives.links." + data.table, JSON.stringify(data));
  location.assign(data.me || data.watch);
}

/** Show the start page and follow its form. */
export function startPage() {
  $("start").hidden = false;
  renderStart();
  select("preset").addEventListener("change", () => updateStartForm(true));
  select("players").addEventListener("change", () => updateStartForm(true));
  input("partnerships").addEventListener("change", () => {
    input("target").value = String(defaultTarget(presetInfo(), 4, input("partnerships").checked));
  });
  input("target").addEventListener("input", () => {
    input("target").dataset.auto = "0";
  });
  select("sniff").addEventListener("change", () => updateStartForm(false));
  input("claims").addEventListener("change", () => updateStartForm(false));
  /** @type {HTMLFormElement} */ ($("create-form")).addEventListener("submit", createTable);
}
