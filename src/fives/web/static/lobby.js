// The public lobby on the start page: "Play now" and the lists of open tables and games to
// watch. Self-contained: it reads the texts and presets itself and follows the #lang select.
"use strict";

(() => {
  const lobby = { msgs: null, presets: null, waits: [10, 20, 30, 60], seat: null, timer: null };
  const $ = (id) => document.getElementById(id);

  function lang() {
    return ($("lang") && $("lang").value) || "en";
  }

  function t(key, params) {
    const table = (lobby.msgs && lobby.msgs[lang()]) || {};
    let s = table[key] || (lobby.msgs && lobby.msgs.en[key]) || key;
    if (params) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
    return s;
  }

  function presetName(id) {
    const p = lobby.presets.presets.find((x) => x.id === id);
    return p ? p.name[lang()] || p.name.en : id;
  }

  function fill(select, values, label) {
    const keep = select.value;
    select.replaceChildren(...values.map((v) => {
      const option = document.createElement("option");
      option.value = String(v);
      option.textContent = label(v);
      return option;
    }));
    if (values.map(String).includes(keep)) select.value = keep;
  }

  function renderForm() {
    const presets = lobby.presets.presets.filter((p) =>
      Object.keys(p.players).some((n) => Number(n) >= 2));
    fill($("lobby-preset"), presets.map((p) => p.id), presetName);
    const chosen = presets.find((p) => p.id === $("lobby-preset").value) || presets[0];
    const counts = Object.keys(chosen.players).map(Number).filter((n) => n >= 2);
    fill($("lobby-players"), counts, String);
    fill($("lobby-wait"), lobby.waits, (n) => t("web.seconds", { n }));
    if (!$("lobby-wait").dataset.set) {
      $("lobby-wait").value = "20";
      $("lobby-wait").dataset.set = "1";
    }
    fill($("lobby-level"), lobby.presets.levels, (l) => t("web.level." + l));
    if (!$("lobby-level").dataset.set) {
      $("lobby-level").value = lobby.presets.levels.includes("greedy") ? "greedy" : "";
      $("lobby-level").dataset.set = "1";
    }
  }

  function errorText(data) {
    return (data && data.message && (data.message[lang()] || data.message.en)) || "?";
  }

  async function post(path, body) {
    const res = await fetch(path, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    return [res.ok, await res.json()];
  }

  async function playNow(event) {
    event.preventDefault();
    $("lobby-error").textContent = "";
    const [ok, data] = await post("/api/lobby/play", {
      preset: $("lobby-preset").value,
      players: Number($("lobby-players").value),
      wait: Number($("lobby-wait").value),
      level: $("lobby-level").value,
    });
    if (!ok) {
      $("lobby-error").textContent = errorText(data);
      return;
    }
    lobby.seat = { room: data.room, token: data.token };
    sessionStorage.setItem("fives.lobby", JSON.stringify(lobby.seat));
    $("lobby-play").disabled = true;
    waitForTable();
  }

  async function waitForTable() {
    if (!lobby.seat) return;
    const [ok, data] = await post("/api/lobby/wait", lobby.seat);
    if (!ok) {
      sessionStorage.removeItem("fives.lobby");
      lobby.seat = null;
      $("lobby-play").disabled = false;
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
    lobby.timer = setTimeout(waitForTable, 1000);
  }

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

  function renderList(id, rows) {
    const items = rows.length ? rows : [row(t("web.lobby.none"))];
    $(id).replaceChildren(...items);
  }

  async function refreshLists() {
    try {
      const data = await (await fetch("/api/lobby")).json();
      lobby.waits = data.waits;
      lobby.listing = data;
    } catch (e) {
      return;
    }
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

  async function start() {
    if (location.pathname !== "/" || !$("lobby")) return;
    const [msgs, presets] = await Promise.all([
      fetch("/api/messages").then((r) => r.json()),
      fetch("/api/presets").then((r) => r.json()),
    ]);
    lobby.msgs = msgs;
    lobby.presets = presets;
    await refreshLists();
    renderForm();
    $("lobby-preset").addEventListener("change", renderForm);
    $("lobby-form").addEventListener("submit", playNow);
    $("lang").addEventListener("change", () => { renderForm(); renderLists(); });
    setInterval(refreshLists, 5000);
    const saved = sessionStorage.getItem("fives.lobby");
    if (saved) {
      lobby.seat = JSON.parse(saved);
      $("lobby-play").disabled = true;
      waitForTable();
    }
  }

  document.addEventListener("DOMContentLoaded", start);
})();
