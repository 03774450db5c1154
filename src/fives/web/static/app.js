// Fives in the browser: the start page and the table. Plain JS, no build step, no third party.
// The server decides everything; this page only draws the view it receives and sends intentions.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const state = {
  lang: "en",
  msgs: { en: {}, fr: {} },
  presets: null,
  // table page
  token: null,
  frame: null,
  log: [],
  selected: null,
  sniffForm: null, // the form the green targets show a sniff in (RULES.md §9 O4)
  ws: null,
  retry: 0,
  deadlineAt: null,
  zoom: 1,
  pan: [0, 0],
  links: null,
};

// ---------------------------------------------------------------- i18n
function t(key, params) {
  const table = state.msgs[state.lang] || {};
  let s = table[key] || state.msgs.en[key] || key;
  if (params) {
    s = s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  }
  return s;
}

function applyStaticTexts() {
  document.documentElement.lang = state.lang;
  document.title = t("web.title");
  for (const el of document.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n);
  }
  document.getElementById("zoom-in").title = t("web.zoom_in");
  document.getElementById("zoom-out").title = t("web.zoom_out");
  document.getElementById("zoom-fit").title = t("web.zoom_fit");
  document.getElementById("zoom-in").setAttribute("aria-label", t("web.zoom_in"));
  document.getElementById("zoom-out").setAttribute("aria-label", t("web.zoom_out"));
  document.getElementById("zoom-fit").setAttribute("aria-label", t("web.zoom_fit"));
  soundButton();
}

function soundButton() {
  const b = document.getElementById("sound");
  b.textContent = t(FivesSound.enabled ? "web.sound_on" : "web.sound_off");
  b.setAttribute("aria-pressed", FivesSound.enabled ? "true" : "false");
}

function pickLang() {
  const saved = localStorage.getItem("fives.lang");
  if (saved === "en" || saved === "fr") return saved;
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  return nav.toLowerCase().startsWith("fr") ? "fr" : "en";
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v);
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function svg(tag, attrs) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  return node;
}

// ---------------------------------------------------------------- start page
function renderStart() {
  const presetSel = document.getElementById("preset");
  const current = presetSel.value;
  const option = (p) => el("option", { value: p.id }, p.name[state.lang]);
  const historical = state.presets.presets.filter((p) => p.group === "historical");
  presetSel.replaceChildren(
    ...state.presets.presets.filter((p) => p.group !== "historical").map(option),
    // RULES.md §9 O14: the historical presets under their own heading
    ...(historical.length
      ? [el("optgroup", { label: t("web.historical") }, ...historical.map(option))]
      : [])
  );
  presetSel.value = current || "five-up";
  updateStartForm(false);
}

function presetInfo() {
  const id = document.getElementById("preset").value;
  return state.presets.presets.find((p) => p.id === id);
}

function updateStartForm(resetTarget) {
  const info = presetInfo();
  document.getElementById("rules-card").textContent = info.card[state.lang];
  const playersSel = document.getElementById("players");
  const counts = Object.keys(info.players);
  const prev = playersSel.value;
  playersSel.replaceChildren(...counts.map((n) => el("option", { value: n }, n)));
  playersSel.value = counts.includes(prev) ? prev : counts.includes("2") ? "2" : counts[0];
  const n = Number(playersSel.value);
  const part = document.getElementById("partnerships");
  const partRow = document.getElementById("partnerships-row");
  partRow.hidden = n !== 4;
  if (resetTarget || part.dataset.preset !== info.id || part.dataset.players !== String(n)) {
    part.checked = Boolean(info.players[String(n)].partnerships);
    part.dataset.preset = info.id;
    part.dataset.players = String(n);
  }
  const target = document.getElementById("target");
  if (resetTarget || !target.value || target.dataset.auto === "1") {
    target.value = defaultTarget(info, n, part.checked);
    target.dataset.auto = "1";
  }
  const timer = document.getElementById("timer");
  const tv = timer.value || "0";
  timer.replaceChildren(
    ...state.presets.timers.map((s) =>
      el("option", { value: String(s) }, s === 0 ? t("web.timer_off") : t("web.seconds", { n: s }))
    )
  );
  timer.value = tv;
  // RULES.md §9 O4: the sniff, for the presets that take it, and its placer's choice of form
  const sniff = document.getElementById("sniff");
  const sv = sniff.value || "none";
  sniff.replaceChildren(...["none", "us", "british"].map((f) =>
    el("option", { value: f }, t("web.sniff_" + f))));
  sniff.value = info.sniff ? sv : "none";
  document.getElementById("sniff-row").hidden = !info.sniff;
  document.getElementById("sniff-choice-row").hidden = !info.sniff || sniff.value === "none";
  renderSeatChoices(n);
}

function defaultTarget(info, n, partnerships) {
  // Multiples of five: 250 for two sides, 200 for three or four (RULES.md §5.6).
  if (info.id === "multiples-of-five" && n === 4) return partnerships ? 250 : 200;
  return info.players[String(n)].target;
}

function renderSeatChoices(n) {
  const box = document.getElementById("seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  const rows = [];
  for (let i = 0; i < n; i++) {
    const options = [
      el("option", { value: "me" }, t("web.kind_me")),
      el("option", { value: "friend" }, t("web.kind_friend")),
      ...state.presets.levels.map((lv) =>
        el("option", { value: "bot:" + lv }, t("web.kind_bot", { level: t("web.level." + lv) }))
      ),
    ];
    const sel = el("select", { id: "seat-" + i, "aria-label": t("web.seat_n", { n: i + 1 }) },
      ...options);
    sel.value = old[i] || (i === 0 ? "me" : "bot:greedy");
    rows.push(el("label", { class: "seat-choice" }, t("web.seat_n", { n: i + 1 }) + " ", sel));
  }
  box.replaceChildren(el("legend", {}, t("web.seats")), ...rows);
}

async function createTable(ev) {
  ev.preventDefault();
  const info = presetInfo();
  const n = Number(document.getElementById("players").value);
  const seats = [];
  for (let i = 0; i < n; i++) {
    const v = document.getElementById("seat-" + i).value;
    seats.push(v.startsWith("bot:") ? { kind: "bot", level: v.slice(4) } : { kind: v });
  }
  const body = {
    preset: info.id,
    players: n,
    target: Number(document.getElementById("target").value),
    timer: Number(document.getElementById("timer").value),
    seats,
  };
  if (n === 4) body.partnerships = document.getElementById("partnerships").checked;
  const sniff = document.getElementById("sniff").value;
  if (info.sniff && sniff !== "none") {
    body.sniff = sniff;
    if (document.getElementById("sniff-choice").checked) body.sniff_orientation_choice = true;
  }
  const errBox = document.getElementById("create-error");
  errBox.textContent = "";
  const res = await fetch("/api/tables", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) {
    errBox.textContent = (data.message && data.message[state.lang]) || "error";
    return;
  }
  // The creator keeps every link of the table (the server only has their hashes).
  localStorage.setItem("fives.links." + data.table, JSON.stringify(data));
  location.assign(data.me || data.watch);
}

// ---------------------------------------------------------------- table page
function tokenFromHash() {
  const m = /^#([tw])=([A-Za-z0-9_-]{16,100})$/.exec(location.hash);
  return m ? m[2] : null;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(proto + "//" + location.host + "/ws");
  state.ws = ws;
  ws.addEventListener("open", () => {
    state.retry = 0;
    ws.send(JSON.stringify({ type: "join", token: state.token }));
  });
  ws.addEventListener("message", (ev) => onFrame(JSON.parse(ev.data)));
  ws.addEventListener("close", (e) => {
    document.body.dataset.closed = String(e.code) + " " + e.reason;
    if (state.ws !== ws) return;
    setStatus(t("web.reconnecting"));
    document.body.classList.add("offline");
    // 0.1 to 0.3 s at first (a server that died is replaced at once by another behind the
    // same address), then doubling up to about 8 s; the random share keeps the clients of a
    // dead server from all coming back in the same instant.
    state.retry = Math.min(state.retry + 1, 7);
    setTimeout(connect, 100 * 2 ** (state.retry - 1) * (0.5 + Math.random()));
  });
}

function send(msg) {
  if (state.ws && state.ws.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify(msg));
}

function onFrame(frame) {
  document.body.classList.remove("offline");
  if (frame.type === "error") {
    const box = document.getElementById("table-error");
    box.textContent = frame.message[state.lang] || frame.message.en;
    if (frame.key === "bad_token") setStatus(t("web.no_link"));
    return;
  }
  if (frame.type === "record") {
    downloadRecord(frame.record);
    return;
  }
  if (frame.type !== "state") return;
  document.getElementById("table-error").textContent = "";
  const prev = state.frame;
  const wasMyTurn = isMyTurn();
  if (frame.full) state.log = frame.events.slice();
  else {
    if (prev && frame.view.hand_number !== prev.view.hand_number) state.log = [];
    state.log.push(...frame.events);
  }
  if (!prev || prev.view.hand_number !== frame.view.hand_number || frame.view.phase !== "play") {
    state.selected = null;
  }
  if (prev && prev.view.phase !== frame.view.phase) state.focusKey = null;
  state.frame = frame;
  document.body.dataset.seq = String(frame.seq);
  document.body.dataset.phase = frame.view.phase;
  state.deadlineAt = frame.deadline === null ? null : Date.now() + frame.deadline * 1000;
  if (!state.links) {
    const saved = localStorage.getItem("fives.links." + frame.table.id);
    state.links = saved ? JSON.parse(saved) : false;
  }
  const plays = frame.events.filter((ev) => ev.kind === "play");
  if (plays.length) state.lastMover = plays[plays.length - 1].seat;
  if (state.firstDraw === undefined) state.firstDraw = true;
  renderTable();
  if (window.fivesDeal) window.fivesDeal.check(frame);
  if (!frame.full) {
    if (plays.length) FivesSound.click();
    announce(frame.events, wasMyTurn);
  }
  if (isMyTurn() && !wasMyTurn) FivesSound.chime();
}

// The polite live region: what the others did, the scores it brought, then whose turn it is.
function announce(events, wasMyTurn) {
  const f = state.frame;
  const v = f.view;
  const said = [];
  for (const ev of events) {
    if (ev.seat !== undefined && ev.seat === f.you && ev.kind !== "hand_end") continue;
    const text = describe(ev);
    if (text) said.push(text);
  }
  if (said.length && v.phase === "play") {
    said.push(t("web.scores_now", { scores: v.scores.map((x, side) =>
      `${sideName(side)} ${x}`).join(", ") }));
  }
  if (v.phase === "play" && (said.length || isMyTurn() !== wasMyTurn)) {
    said.push(isMyTurn() ? t("web.your_turn") : t("web.turn_of", { name: seatName(v.turn) }));
  }
  if (!said.length) return;
  const box = document.getElementById("announce");
  box.textContent = said.join(" ");
}

function seatName(seat) {
  const f = state.frame;
  if (seat === f.you) return t("web.you");
  const s = f.table.seats[seat];
  if (s.kind === "bot") return t("web.bot_label", { n: seat + 1, level: t("web.level." + s.level) });
  return t("web.friend_label", { n: seat + 1 });
}

function sideName(side) {
  const f = state.frame;
  const v = f.view;
  if (f.table.preset === "five-up-solitaire") return side === 0 ? seatName(0) : t("web.deck");
  if (f.table.partnerships) return t("web.team", { a: seatName(side), b: seatName(side + 2) });
  return seatName(side);
}

function setStatus(text) {
  document.getElementById("status").textContent = text;
}

function isMyTurn() {
  const f = state.frame;
  return f && f.you !== null && f.view.phase === "play" && f.view.turn === f.you;
}

function renderTable() {
  const f = state.frame;
  const v = f.view;
  // status
  let status;
  if (v.phase === "game_over") {
    status = tYou("web.ev.game_end", onMySide(v.winner),
      { name: sideName(v.winner), scores: v.scores.join(" – ") });
  } else if (v.phase === "hand_over") {
    const end = state.log.filter((ev) => ev.kind === "hand_end").pop();
    status = end ? describe(end) : t("web.reveal");
  } else if (isMyTurn()) {
    status = t("web.your_turn");
  } else {
    status = t("web.turn_of", { name: seatName(v.turn) });
  }
  const head = t("web.hand_no", { n: v.hand_number }) + " · " + t("web.boneyard", { n: v.boneyard_size });
  setStatus(status);
  document.getElementById("status").dataset.turn = isMyTurn() ? "me" : "other";
  document.body.classList.toggle("my-turn", isMyTurn());
  document.getElementById("clock").textContent = head;
  renderScores();
  renderOthers();
  renderBoard();
  renderHand();
  renderReveal();
  renderLog();
  renderLinks();
  tick();
}

function renderScores() {
  const f = state.frame;
  const v = f.view;
  const box = document.getElementById("scores");
  const items = v.scores.map((score, side) => {
    const row = el("div", { class: "score" + (v.winner === side ? " winner" : "") },
      el("span", { class: "side" }, sideName(side)),
      el("strong", { class: "points" }, String(score)));
    if (f.table.preset === "five-up" || f.table.preset === "five-up-solitaire") {
      row.append(tally(score));
    }
    // RULES.md §4: where the solitaire deck's points came from
    if (side === 1 && f.deck && f.deck.handicap !== undefined) {
      row.append(el("small", { class: "deck-from" }, t("web.deck_from", f.deck)));
    }
    return row;
  });
  box.replaceChildren(
    el("p", { class: "target" }, t("web.target_is", { n: f.table.target })), ...items
  );
}

// RULES.md §9 O8: ten strokes make one "fifty": a large X, then a small x in each of the four
// spaces around it (top, right, bottom, left).
function tally(score) {
  const n = Math.abs(score);
  const full = Math.floor(n / 10);
  const rest = n % 10;
  const symbols = full + (rest ? 1 : 0);
  const width = Math.max(1, symbols) * 34 + (score < 0 ? 14 : 0);
  const root = svg("svg", { class: "tally", viewBox: `0 0 ${width} 32`, width: width, height: 32,
    role: "img", "aria-label": t("web.tally") + ": " + score });
  let x = 0;
  if (score < 0) {
    root.append(svg("line", { x1: 2, y1: 16, x2: 10, y2: 16, class: "stroke" }));
    x = 14;
  }
  const smalls = [[16, 5], [27, 16], [16, 27], [5, 16]];
  for (let s = 0; s < symbols; s++) {
    const strokes = s < full ? 10 : rest;
    const g = svg("g", { transform: `translate(${x + s * 34},0)` });
    const lines = [[6, 6, 26, 26], [26, 6, 6, 26]];
    for (const [cx, cy] of smalls) {
      lines.push([cx - 3, cy - 3, cx + 3, cy + 3], [cx + 3, cy - 3, cx - 3, cy + 3]);
    }
    for (let k = 0; k < strokes; k++) {
      const [x1, y1, x2, y2] = lines[k];
      g.append(svg("line", { x1, y1, x2, y2, class: k < 2 ? "stroke big" : "stroke" }));
    }
    root.append(g);
  }
  return root;
}

function renderOthers() {
  const f = state.frame;
  const v = f.view;
  const box = document.getElementById("others");
  const items = [];
  for (let seat = 0; seat < v.hand_sizes.length; seat++) {
    if (seat === f.you) continue;
    const backs = el("span", { class: "backs", "aria-hidden": "true" });
    for (let k = 0; k < v.hand_sizes[seat]; k++) backs.append(el("span", { class: "back" }));
    const info = f.table.seats[seat];
    items.push(el("div", {
      class: "other" + (v.turn === seat && v.phase === "play" ? " to-move" : "") +
        (info.connected ? "" : " away"),
      "data-seat": seat,
    },
      el("span", { class: "name" }, seatName(seat)),
      backs,
      el("span", { class: "count" }, t("web.tiles_left", { n: v.hand_sizes[seat] })),
      info.connected ? null : el("span", { class: "away-tag" }, t("web.offline"))));
  }
  box.replaceChildren(...items);
}

// ---------------------------------------------------------------- board
// Where tiles go comes from board.js (FivesBoard.layoutBoard, a pure function tested alone);
// this part only draws its rectangles, the green targets and the words for each end.
const PIPS = {
  0: [], 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

// A tile centred at (cx, cy) whose first half (value a) lies towards -axis.
function drawTile(cx, cy, axis, a, b, cls) {
  const angle = (Math.atan2(axis[1], axis[0]) * 180) / Math.PI;
  const g = svg("g", { transform: `translate(${cx} ${cy}) rotate(${angle})`, class: cls || "tile" });
  g.append(svg("rect", { x: -0.97, y: -0.47, width: 1.94, height: 0.94, rx: 0.12, class: "face" }));
  g.append(svg("line", { x1: 0, y1: -0.36, x2: 0, y2: 0.36, class: "mid" }));
  for (const [value, ox] of [[a, -0.5], [b, 0.5]]) {
    for (const [px, py] of PIPS[value]) {
      g.append(svg("circle", { cx: ox + px * 0.24, cy: py * 0.24, r: 0.085, class: "pip" }));
    }
  }
  return g;
}

function parseMove(text) {
  const m = /^(\d)-(\d)(?:@(\d+)(?:\.(\w+))?)?(?::(us|british))?$/.exec(text);
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  return { text, a, b, tile: tileKey(a, b), node: m[3] ? Number(m[3]) : 0, port: m[4] || null,
    form: m[5] || "" };
}

// The form a sniff's green targets show (RULES.md §9 O4): the one picked, else the option's.
function shownForm() {
  return state.sniffForm || (state.frame && state.frame.view.rules.sniff) || "us";
}

function tileKey(a, b) {
  return a >= b ? `${a}-${b}` : `${b}-${a}`;
}

function boardSize() {
  const scroll = document.getElementById("board-scroll");
  return { width: Math.max(200, scroll.clientWidth - 4), height: Math.max(160, scroll.clientHeight - 4) };
}

function renderBoard() {
  const f = state.frame;
  const v = f.view;
  const board = document.getElementById("board");
  board.replaceChildren();
  const targets = targetsOfSelection().filter((m) => m.node && (!m.form || m.form === shownForm()));
  const size = boardSize();
  const phone = size.width < 500;
  const res = FivesBoard.layoutBoard(v.layout, {
    width: size.width, height: size.height, minTile: phone ? 20 : 24, maxTile: phone ? 40 : 56,
    extras: targets.map((m) => ({ key: m.text, parent: m.node, port: m.port,
      double: m.a === m.b, touching: m.a, outer: m.b, endwise: m.form === "british" })),
  });
  state.board = res;
  const unit = res.unit * state.zoom;
  const box = res.box;
  board.setAttribute("viewBox", `${box.x} ${box.y} ${box.w} ${box.h}`);
  board.setAttribute("width", String(Math.round(box.w * unit)));
  board.setAttribute("height", String(Math.round(box.h * unit)));
  const fresh = freshNodes(v);
  for (const r of res.tiles) {
    const g = tileOf(r, "tile" + (r.spinner ? " spinner" : "") + (r.endwise ? " endwise" : "") +
      (fresh.has(r.n) ? " fresh" : ""));
    g.setAttribute("data-node", r.n);
    board.append(g);
    if (fresh.has(r.n)) animateIn(g, r);
  }
  // Targets for the selected tile: a ghost of the tile where it would go (mouse and touch; the
  // keyboard and screen readers use the buttons under the hand, which say the same in words).
  for (const r of res.ghosts) {
    const g = tileOf(r, "tile ghost");
    g.setAttribute("data-move", r.key);
    g.setAttribute("aria-hidden", "true");
    if (state.endFocus === r.key) g.classList.add("hot");
    g.addEventListener("click", () => playMove(r.key));
    board.append(g);
  }
  const text = boardText(v);
  board.setAttribute("aria-label", text);
  document.getElementById("board-desc").textContent = text;
}

function tileOf(r, cls) {
  const vertical = r.h > r.w;
  return drawTile(r.x + r.w / 2, r.y + r.h / 2, vertical ? [0, 1] : [1, 0], r.a, r.b, cls);
}

// The nodes placed since this page last drew the board (the tiles to animate).
function freshNodes(v) {
  const count = v.layout.nodes.length;
  const seen = state.seenNodes;
  state.seenNodes = { hand: v.hand_number, count };
  const out = new Set();
  if (!seen || seen.hand !== v.hand_number || count <= seen.count || count - seen.count > 2) {
    return out;
  }
  for (let n = seen.count + 1; n <= count; n++) out.add(n);
  return out;
}

function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// A short slide of a new tile from the player's side of the table to its place.
function animateIn(g, r) {
  if (reducedMotion() || !g.animate) return;
  const f = state.frame;
  const mine = f.you !== null && state.lastMover === f.you;
  const box = state.board.box;
  // From under the board for your own tile, from above for an opponent's.
  const dy = (mine ? box.y + box.h + 1 : box.y - 2) - r.y;
  g.animate([
    { transform: `translate(0px, ${dy}px)`, opacity: 0.3 },
    { transform: "translate(0px, 0px)", opacity: 1 },
  ], { duration: 320, easing: "ease-out" });
}

// "Open ends: 5 + 2 + 6 + 6 = 19", doubles twice, uncounted spinner arms named apart.
function boardText(v) {
  const layout = v.layout;
  if (!layout.nodes.length) return t("web.empty_layout");
  const parts = countParts(layout);
  const sum = parts.reduce((x, y) => x + y, 0);
  // A US sniff's branch ends count (RULES.md §9 O4): only other branch ends are "uncounted".
  const usSniff = new Set(layout.sniff === "us"
    ? layout.nodes.filter((n) => n.spinner).map((n) => n.n) : []);
  const branch = layout.ends.filter((e) => ["N", "S", "L", "R"].includes(e.port) &&
    !usSniff.has(e.node));
  let text;
  if (sum === layout.total && parts.length) {
    text = t("web.ends_sum", { sum: parts.join(" + "), total: layout.total });
  } else {
    text = t("web.layout_desc", { ends: layout.ends.map((e) => e.value).join(", "),
      total: layout.total });
  }
  if (branch.length && sum === layout.total) {
    text += " " + t("web.ends_uncounted", { ends: branch.map((e) => e.value).join(", ") });
  }
  return text;
}

// The values that make up the counted total (RULES.md §1.4, the sniff of §9 O4), as the
// server's count_parts.
function countParts(layout) {
  const sniff = layout.sniff || "none";
  const taken = new Map();
  for (const node of layout.nodes) {
    if (node.parent) {
      if (!taken.has(node.parent)) taken.set(node.parent, new Set());
      taken.get(node.parent).add(node.port);
    }
  }
  const parts = [];
  for (const node of layout.nodes) {
    const used = taken.get(node.n) || new Set();
    const inline = node.parent === 0 ? ["W", "E"] : ["out"];
    const free = inline.filter((p) => !used.has(p));
    const sniffed = node.double && node.spinner && sniff !== "none";
    if (sniffed && sniff === "us" && !free.length) {
      const branches = node.parent === 0 ? ["N", "S"] : ["L", "R"];
      for (const p of branches) if (!used.has(p)) parts.push(node.outer);
      continue;
    }
    if (!free.length) continue;
    if (node.double && !(sniffed && sniff === "british")) {
      parts.push(node.outer, node.outer);
      continue;
    }
    for (const p of free) parts.push(p === "W" ? node.touching : node.outer);
  }
  return parts;
}

// "the 4 end of the spinner, north" for a port of the layout.
function endWords(node, port) {
  const res = state.board;
  const end = res && res.ends.find((e) => e.node === node && e.port === port);
  if (!end) return t("web.end_plain", { value: "?", dir: "" });
  const dir = t("web.dir." + end.compass);
  return t(end.spinner ? "web.end_spinner" : "web.end_plain", { value: end.value, dir });
}

function tileWords(a, b) {
  return `[${a}|${b}]`;
}

function targetsOfSelection() {
  if (!isMyTurn() || !state.selected) return [];
  return state.frame.view.legal_moves.map(parseMove).filter((m) => m && m.tile === state.selected);
}

// Keyboard: the hand is one stop for Tab. Arrow keys move between the playable tiles (then the
// buttons beside them: draw, pass, next hand); Enter picks a tile. A tile with several places
// shows one button per end under the hand; arrows move between those, Enter plays, Escape goes
// back. Focus stays in the hand when the board changes.
function renderHand() {
  const f = state.frame;
  const v = f.view;
  const mine = document.getElementById("mine");
  const hadFocus = mine.contains(document.activeElement) || state.keepFocus ||
    (state.firstDraw && document.activeElement === document.body);
  state.firstDraw = false;
  const focusKey = state.focusKey;
  const hand = document.getElementById("hand");
  const hint = document.getElementById("hint");
  const actions = document.getElementById("actions");
  const endsBox = document.getElementById("ends");
  const legal = isMyTurn() ? v.legal_moves : [];
  // Nothing to change: keep the buttons (a key press on one must not be lost to a redraw).
  const sig = JSON.stringify([v.hand, legal, state.selected, v.phase, f.you, state.lang,
    state.board && state.board.ends.length, Boolean(state.overdrawArmed), shownForm()]);
  if (sig === state.handSig && hand.childElementCount + actions.childElementCount > 0) {
    state.keepFocus = false;
    return;
  }
  state.handSig = sig;
  const playable = new Set(legal.map(parseMove).filter(Boolean).map((m) => m.tile));
  hand.setAttribute("aria-label", t("web.your_hand"));
  hand.replaceChildren(...v.hand.map((tileText) => {
    const [a, b] = tileText.split("-").map(Number);
    const pic = svg("svg", { viewBox: "-1 -0.5 2 1", class: "hand-tile", "aria-hidden": "true" });
    pic.append(drawTile(0, 0, [1, 0], a, b, "tile"));
    const can = playable.has(tileText);
    const label = tileWords(a, b) + (isMyTurn() && !can ? " " + t("web.not_playable") : "");
    return el("button", {
      type: "button",
      class: "tile-btn roving" + (can ? " playable" : "") +
        (state.selected === tileText ? " selected" : ""),
      "data-tile": tileText,
      "data-key": "tile:" + tileText,
      "aria-label": label,
      "aria-pressed": state.selected === tileText ? "true" : "false",
      "aria-disabled": isMyTurn() && !can ? "true" : null,
      tabindex: "-1",
      onclick: () => pickTile(tileText),
    }, pic);
  }));
  // One button per end for the selected tile, in words; a sniff's form is said (§9 O4), and a
  // sniff led in either form gets its two buttons too.
  const targets = targetsOfSelection().filter((m) => m.node || m.form);
  endsBox.setAttribute("aria-label", t("web.pick_end"));
  endsBox.replaceChildren(...targets.map((m) => el("button", {
    type: "button", class: "end-btn" + (m.form ? " sniff-" + m.form : ""), "data-move": m.text,
    "data-key": "end:" + m.text, tabindex: "-1",
    onclick: () => playMove(m.text),
    onfocus: () => showGhost(m), onmouseenter: () => showGhost(m),
  }, (m.node ? t("web.play_on", { tile: tileWords(m.a, m.b), end: endWords(m.node, m.port) })
    : t("web.lead_tile", { tile: tileWords(m.a, m.b) })) +
    (m.form ? ", " + t("web.sniff_as_" + m.form) : ""))));
  const buttons = [];
  const act = (id, text, onclick, primary) => el("button", {
    type: "button", class: (primary ? "primary " : "") + "roving", id, "data-key": "btn:" + id,
    tabindex: "-1", onclick }, text);
  // RULES.md §4.3: beside a placement a draw is the solitaire's overdraw; it is priced on its
  // own button and needs a second click, so it never happens by accident.
  const overdraw = legal.includes("draw") && legal.length > 1;
  if (overdraw) {
    const cost = f.overdraw_cost || 0;
    const button = act("btn-overdraw",
      t(state.overdrawArmed ? "web.overdraw_confirm" : "web.overdraw", { cost }), () => {
        if (state.overdrawArmed) { state.overdrawArmed = false; playMove("draw"); }
        else { state.overdrawArmed = true; renderHand(); }
      }, false);
    button.classList.add("overdraw");
    if (state.overdrawArmed) button.classList.add("armed");
    buttons.push(button);
  } else if (legal.includes("draw")) {
    buttons.push(act("btn-draw", t("web.draw"), () => playMove("draw"), true));
  }
  if (!overdraw) state.overdrawArmed = false;
  if (legal.includes("pass")) {
    buttons.push(act("btn-pass", t("web.pass"), () => playMove("pass"), true));
  }
  if (v.phase === "hand_over" && f.you !== null) {
    buttons.push(act("btn-next", t("web.next_hand"), () => send({ type: "next_hand" }), true));
  }
  if (v.phase === "game_over") {
    if (f.you !== null) {
      buttons.push(act("btn-rematch", t("web.rematch"), () => send({ type: "rematch" }), true));
    }
    buttons.push(act("btn-record", t("web.download"), () => send({ type: "record" }), false));
    buttons.push(el("a", { href: "/", class: "button" }, t("web.new_game_link")));
  }
  actions.replaceChildren(...buttons);
  if (f.you === null) hint.textContent = t("web.spectating");
  else if (!isMyTurn()) hint.textContent = "";
  else if (legal.includes("draw") && !overdraw) hint.textContent = t("web.must_draw");
  else if (legal.includes("pass")) hint.textContent = t("web.must_pass");
  else if (!v.layout.nodes.length) hint.textContent = t("web.lead_any");
  else hint.textContent = state.selected ? t("web.pick_end") : t("web.pick_tile");
  // Roving focus: exactly one of the hand's stops takes Tab; put focus back if it was here.
  const stops = focusStops();
  const keep = stops.find((b) => b.dataset.key === focusKey) || stops[0];
  if (keep) keep.tabIndex = 0;
  if (keep && hadFocus && f.you !== null) keep.focus({ preventScroll: true });
  state.keepFocus = false;
}

// The buttons arrow keys move between now: the ends of the selected tile if any, else the
// playable tiles (every tile when it is not your turn) and the action buttons.
function focusStops() {
  const ends = [...document.querySelectorAll("#ends .end-btn")];
  if (ends.length) return ends;
  const tiles = [...document.querySelectorAll("#hand .tile-btn")];
  const usable = isMyTurn() ? tiles.filter((b) => b.classList.contains("playable")) : tiles;
  const buttons = [...document.querySelectorAll("#actions button")];
  // Between hands and after the game, the buttons (next hand, rematch) come first.
  return state.frame.view.phase === "play" ? [...usable, ...buttons] : [...buttons, ...usable];
}

function onHandKey(e) {
  const stops = focusStops();
  const i = stops.indexOf(document.activeElement);
  if (i < 0) return;
  let next = null;
  if (e.key === "ArrowRight" || e.key === "ArrowDown") next = stops[(i + 1) % stops.length];
  else if (e.key === "ArrowLeft" || e.key === "ArrowUp") {
    next = stops[(i - 1 + stops.length) % stops.length];
  } else if (e.key === "Home") next = stops[0];
  else if (e.key === "End") next = stops[stops.length - 1];
  else if (e.key === "Escape" && state.selected) {
    state.focusKey = "tile:" + state.selected;
    state.selected = null;
    state.keepFocus = true;
    renderBoard();
    renderHand();
    e.preventDefault();
    return;
  }
  if (!next) return;
  e.preventDefault();
  for (const b of stops) b.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
  state.focusKey = next.dataset.key;
  if (next.classList.contains("end-btn")) showGhost(parseMove(next.dataset.move));
}

// A sniff's button shows its ghost in its own form (the board is redrawn for the other form).
function showGhost(m) {
  if (m.form && m.node && m.form !== shownForm()) {
    state.sniffForm = m.form;
    state.endFocus = m.text;
    renderBoard();
    return;
  }
  hotGhost(m.text);
}

function hotGhost(move) {
  state.endFocus = move;
  for (const g of document.querySelectorAll("#board .ghost")) {
    g.classList.toggle("hot", g.dataset.move === move);
  }
}

function pickTile(tileText) {
  if (!isMyTurn()) return;
  const moves = state.frame.view.legal_moves.map(parseMove)
    .filter((m) => m && m.tile === tileText);
  if (!moves.length) return;
  if (moves.length === 1) {  // a single legal place needs no second click
    playMove(moves[0].text);
    return;
  }
  state.selected = state.selected === tileText ? null : tileText;
  state.focusKey = state.selected ? "end:" + moves[0].text : "tile:" + tileText;
  state.keepFocus = true;
  renderBoard();
  renderHand();
}

function playMove(text) {
  state.selected = null;
  state.sniffForm = null;
  state.endFocus = null;
  if (document.getElementById("mine").contains(document.activeElement)) state.keepFocus = true;
  send({ type: "play", move: text });
}

// The hands shown at a hand's end: each seat's tiles drawn, its pips and their rounding.
function renderReveal() {
  const f = state.frame;
  const v = f.view;
  const box = document.getElementById("reveal");
  const end = v.last_hand_end;
  if (!end || v.phase === "play") {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  const fifths = v.rules.unit === "displayed";
  const rows = end.hands.map((tiles, seat) => {
    const pips = end.pips[seat];
    const rounded = fifths ? Math.floor((pips + 2) / 5) : 5 * Math.floor((pips + 2) / 5);
    const pics = tiles.map((tileText) => {
      const [a, b] = tileText.split("-").map(Number);
      const pic = svg("svg", { viewBox: "-1 -0.5 2 1", class: "hand-tile small-tile",
        role: "img", "aria-label": tileWords(a, b) });
      pic.append(drawTile(0, 0, [1, 0], a, b, "tile"));
      return pic;
    });
    return el("li", { class: "reveal-row" },
      el("span", { class: "name" }, seatName(seat)),
      el("span", { class: "reveal-tiles" }, ...(pics.length ? pics : [t("web.no_tiles")])),
      el("span", { class: "pips" }, t(fifths ? "web.pips_fifths" : "web.pips_round5",
        { n: pips, r: rounded })));
  });
  const deltas = end.deltas.map((d, side) => `${sideName(side)} ${d >= 0 ? "+" : ""}${d}`)
    .join(", ");
  box.replaceChildren(el("h2", {}, t("web.reveal")), el("ul", { class: "reveal-list" }, ...rows),
    el("p", {}, t("web.ev.settle", { deltas })));
}

function onMySide(side) {
  const f = state.frame;
  if (f.you === null || side === null || side === undefined) return false;
  if (f.table.preset === "five-up-solitaire") return side === 0;
  return f.table.partnerships ? f.you % 2 === side : f.you === side;
}

// The "_you" variant of a message when it is about the reader (French conjugates).
function tYou(key, mine, params) {
  const alt = key + "_you";
  return t(mine && (state.msgs.en[alt] !== undefined) ? alt : key, params);
}

function describe(ev) {
  const name = ev.seat !== undefined ? seatName(ev.seat) : "";
  const mine = ev.seat !== undefined && ev.seat === state.frame.you;
  const t = (key, params) => tYou(key, mine, params);
  let s;
  if (ev.kind === "play") {
    const mv = parseMove(ev.move);
    const params = { name, tile: mv ? tileWords(mv.a, mv.b) : ev.move, end: mv ? mv.a : "",
      sum: ev.parts.join(" + "), total: ev.total, points: ev.points };
    const lead = mv && !mv.node;
    if (ev.points > 0 && ev.parts.length) {
      s = t(lead ? "web.ev.lead_scored" : "web.ev.put_scored", params);
    } else s = t(lead ? "web.ev.lead" : "web.ev.put", params);
  } else if (ev.kind === "draw") {
    s = ev.cost > 0 ? t("web.ev.draw_deck", { name, cost: ev.cost }) : t("web.ev.draw", { name });
  } else if (ev.kind === "pass") {
    s = t("web.ev.pass", { name });
  } else if (ev.kind === "hand_end") {
    const out = ev.out_seat !== undefined ? ev.out_seat : null;
    const who = out !== null ? seatName(out) : ev.winner === null ? "" : sideName(ev.winner);
    const key = ev.result === "out" ? "web.ev.hand_out"
      : ev.result === "blocked" ? "web.ev.hand_blocked" : "web.ev.hand_target";
    s = tYou(key, out !== null && out === state.frame.you, { hand: ev.hand, name: who });
    if (ev.result !== "target") {
      const deltas = ev.deltas.map((d, side) => `${sideName(side)} ${d >= 0 ? "+" : ""}${d}`);
      s += " " + t("web.ev.settle", { deltas: deltas.join(", ") });
    }
  } else if (ev.kind === "game_end") {
    s = tYou("web.ev.game_end", onMySide(ev.winner),
      { name: sideName(ev.winner), scores: ev.scores.join(" – ") });
  } else return "";
  if (ev.by === "timer") s += " " + tYou("web.ev.timer", false);
  if (ev.by === "away") s += " " + tYou("web.ev.away", false);
  return s;
}

function renderLog() {
  const box = document.getElementById("log");
  const items = state.log.map((ev) => el("li", { class: "ev " + ev.kind }, describe(ev)));
  box.replaceChildren(...items.reverse().slice(0, 60));
}

function renderLinks() {
  const box = document.getElementById("links");
  const data = state.links;
  if (!data || state.frame.you === null && !data.watch) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const rows = [];
  for (const seat of data.seats) {
    if (!seat.url) continue;
    const label = t("web.seat_label", { n: seat.seat + 1 }) +
      (seat.seat === state.frame.you ? " (" + t("web.you") + ")" : "");
    rows.push(linkRow(label, seat.url));
  }
  rows.push(linkRow(t("web.watch_link"), data.watch));
  box.replaceChildren(el("h2", {}, t("web.links")), el("p", { class: "small" },
    t("web.links_help")), ...rows);
}

function linkRow(label, path) {
  const url = location.origin + path;
  const input = el("input", { type: "text", readonly: "readonly", value: url, "aria-label": label });
  const btn = el("button", { type: "button", class: "copy" }, t("web.copy"));
  btn.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch (e) {
      input.select();
      document.execCommand("copy");
    }
    btn.textContent = t("web.copied");
  });
  return el("div", { class: "link" }, el("span", { class: "label" }, label), input, btn);
}

function downloadRecord(record) {
  const blob = new Blob([JSON.stringify(record, null, 2)], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob),
    download: `fives-${state.frame.table.id}-${state.frame.table.game_no}.json` });
  document.body.append(a);
  a.click();
  a.remove();
}

function tick() {
  const clock = document.getElementById("clock");
  const f = state.frame;
  if (!f) return;
  const head = t("web.hand_no", { n: f.view.hand_number }) + " · " +
    t("web.boneyard", { n: f.view.boneyard_size });
  if (state.deadlineAt === null) {
    clock.textContent = head;
    return;
  }
  const left = Math.max(0, Math.ceil((state.deadlineAt - Date.now()) / 1000));
  clock.textContent = head + " · " + t("web.time_left", { n: left });
}

// ---------------------------------------------------------------- start-up
async function main() {
  state.lang = pickLang();
  const langSel = document.getElementById("lang");
  langSel.value = state.lang;
  const [msgs, presets] = await Promise.all([
    fetch("/api/messages").then((r) => r.json()),
    fetch("/api/presets").then((r) => r.json()),
  ]);
  state.msgs = msgs;
  state.presets = presets;
  applyStaticTexts();
  langSel.addEventListener("change", () => {
    state.lang = langSel.value;
    localStorage.setItem("fives.lang", state.lang);
    applyStaticTexts();
    if (state.frame) renderTable();
    else renderStart();
  });
  document.getElementById("mine").addEventListener("keydown", onHandKey);
  const sound = document.getElementById("sound");
  sound.addEventListener("click", () => {
    FivesSound.set(!FivesSound.enabled);
    soundButton();
  });
  window.addEventListener("resize", () => { if (state.frame) renderBoard(); });
  document.getElementById("zoom-in").addEventListener("click", () => {
    state.zoom = Math.min(4, state.zoom * 1.25); renderBoard();
  });
  document.getElementById("zoom-out").addEventListener("click", () => {
    state.zoom = Math.max(0.4, state.zoom / 1.25); renderBoard();
  });
  document.getElementById("zoom-fit").addEventListener("click", () => {
    state.zoom = 1; renderBoard();
  });
  state.token = tokenFromHash();
  if (location.pathname === "/play") {
    document.getElementById("table").hidden = false;
    if (!state.token) {
      setStatus(t("web.no_link"));
      return;
    }
    setStatus(t("web.connecting"));
    connect();
    setInterval(tick, 500);
    window.addEventListener("hashchange", () => location.reload());
    return;
  }
  document.getElementById("start").hidden = false;
  renderStart();
  document.getElementById("preset").addEventListener("change", () => updateStartForm(true));
  document.getElementById("players").addEventListener("change", () => updateStartForm(true));
  document.getElementById("partnerships").addEventListener("change", () => {
    const info = presetInfo();
    const target = document.getElementById("target");
    target.value = defaultTarget(info, 4, document.getElementById("partnerships").checked);
  });
  document.getElementById("target").addEventListener("input", (e) => {
    e.target.dataset.auto = "0";
  });
  document.getElementById("sniff").addEventListener("change", () => updateStartForm(false));
  document.getElementById("create-form").addEventListener("submit", createTable);
}

main();
