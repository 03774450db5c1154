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
  ws.addEventListener("close", () => {
    if (state.ws !== ws) return;
    setStatus(t("web.reconnecting"));
    document.body.classList.add("offline");
    state.retry = Math.min(state.retry + 1, 6);
    setTimeout(connect, 250 * 2 ** state.retry);
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
  if (frame.full) state.log = frame.events.slice();
  else {
    if (prev && frame.view.hand_number !== prev.view.hand_number) state.log = [];
    state.log.push(...frame.events);
  }
  if (!prev || prev.view.hand_number !== frame.view.hand_number || frame.view.phase !== "play") {
    state.selected = null;
  }
  state.frame = frame;
  document.body.dataset.seq = String(frame.seq);
  document.body.dataset.phase = frame.view.phase;
  state.deadlineAt = frame.deadline === null ? null : Date.now() + frame.deadline * 1000;
  if (!state.links) {
    const saved = localStorage.getItem("fives.links." + frame.table.id);
    state.links = saved ? JSON.parse(saved) : false;
  }
  renderTable();
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

// ---------------------------------------------------------------- layout geometry
// Units: a tile is 2 x 1. Each node has a centre, the direction its arm grows in, and whether it
// lies crosswise (doubles do). Ports are points on its edge with the direction a child grows in.
// An arm that runs too far from the lead turns right once (a pinwheel), so long games stay
// readable on a narrow screen instead of shrinking to a thin line.
const TURN_AT = { x: 8, y: 5 };

function layoutGeometry(layout) {
  const geo = new Map();
  for (const node of layout.nodes) {
    if (node.parent === 0) {
      geo.set(node.n, { node, dir: [1, 0], center: [0, 0], turned: false });
      continue;
    }
    const parent = geo.get(node.parent);
    geo.set(node.n, { node, ...childPlace(parent, node.port, node.double) });
  }
  return geo;
}

// Where a tile goes on a port: its centre and direction (turning an in-line arm if too long).
function childPlace(parent, portName, dbl) {
  const port = portOf(parent, portName);
  let dir = port.dir;
  const reach = dbl ? 0.5 : 1;
  const far = (p) => (dir[0] !== 0 ? Math.abs(p[0]) + 2 > TURN_AT.x
    : Math.abs(p[1]) + 2 > TURN_AT.y);
  if (portName === "out" && !dbl && !parent.turned && !parent.node.double && far(port.at)) {
    const d = dir;
    dir = right(d);
    const center = [port.at[0] + d[0] * 0.5 + dir[0] * (reach - 0.5),
      port.at[1] + d[1] * 0.5 + dir[1] * (reach - 0.5)];
    return { dir, center, turned: true };
  }
  const center = [port.at[0] + dir[0] * reach, port.at[1] + dir[1] * reach];
  return { dir, center, turned: parent.turned && portName === "out" };
}

function left(d) { return [d[1], -d[0]]; }
function right(d) { return [-d[1], d[0]]; }

function portOf(g, port) {
  const [cx, cy] = g.center;
  const d = g.dir;
  const dbl = g.node.double;
  const along = dbl ? 0.5 : 1; // half extent along the arm
  const across = dbl ? 1 : 0.5;
  const at = (v, k) => [cx + v[0] * k, cy + v[1] * k];
  if (g.node.parent === 0) {
    if (port === "W") return { at: at([-1, 0], along), dir: [-1, 0] };
    if (port === "E") return { at: at([1, 0], along), dir: [1, 0] };
    if (port === "N") return { at: at([0, -1], across), dir: [0, -1] };
    return { at: at([0, 1], across), dir: [0, 1] };
  }
  if (port === "out") return { at: at(d, along), dir: d };
  if (port === "L") return { at: at(left(d), across), dir: left(d) };
  return { at: at(right(d), across), dir: right(d) };
}

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
  const m = /^(\d)-(\d)(?:@(\d+)(?:\.(\w+))?)?$/.exec(text);
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  return { text, a, b, tile: tileKey(a, b), node: m[3] ? Number(m[3]) : 0, port: m[4] || null };
}

function tileKey(a, b) {
  return a >= b ? `${a}-${b}` : `${b}-${a}`;
}

function renderBoard() {
  const v = state.frame.view;
  const board = document.getElementById("board");
  board.replaceChildren();
  const geo = layoutGeometry(v.layout);
  let minX = -3, minY = -2, maxX = 3, maxY = 2;
  const grow = (x, y) => {
    minX = Math.min(minX, x - 1.5); maxX = Math.max(maxX, x + 1.5);
    minY = Math.min(minY, y - 1.5); maxY = Math.max(maxY, y + 1.5);
  };
  for (const g of geo.values()) {
    const n = g.node;
    const axis = n.double ? right(g.dir) : g.dir;
    const tile = drawTile(g.center[0], g.center[1], axis, n.touching, n.outer,
      "tile" + (n.spinner ? " spinner" : ""));
    tile.setAttribute("data-node", n.n);
    const title = svg("title", {});
    title.textContent = `#${n.n} ${n.tile}` + (n.spinner ? ` (${t("web.spinner")})` : "");
    tile.append(title);
    board.append(tile);
    grow(g.center[0], g.center[1]);
  }
  // Targets for the selected tile: a ghost of the tile where it would go.
  for (const mv of targetsOfSelection()) {
    if (!mv.node) continue;
    const dbl = mv.a === mv.b;
    const place = childPlace(geo.get(mv.node), mv.port, dbl);
    const c = place.center;
    const ghost = drawTile(c[0], c[1], dbl ? right(place.dir) : place.dir, mv.a, mv.b,
      "tile ghost");
    ghost.setAttribute("tabindex", "0");
    ghost.setAttribute("role", "button");
    ghost.setAttribute("data-move", mv.text);
    ghost.setAttribute("aria-label", mv.text);
    ghost.addEventListener("click", () => playMove(mv.text));
    ghost.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); playMove(mv.text); }
    });
    board.append(ghost);
    grow(c[0], c[1]);
  }
  const w = (maxX - minX) / state.zoom;
  const h = (maxY - minY) / state.zoom;
  const cx = (minX + maxX) / 2 + state.pan[0];
  const cy = (minY + maxY) / 2 + state.pan[1];
  board.setAttribute("viewBox", `${cx - w / 2} ${cy - h / 2} ${w} ${h}`);
  board.setAttribute("aria-label", boardText(v));
  document.getElementById("board-desc").textContent = boardText(v);
}

// Drag to pan once zoomed in (mouse or finger); a click without movement still clicks.
function enablePan(board) {
  let start = null;
  board.addEventListener("pointerdown", (e) => {
    if (state.zoom <= 1 || e.target.closest(".ghost")) return;
    start = { x: e.clientX, y: e.clientY, pan: state.pan.slice() };
  });
  board.addEventListener("pointermove", (e) => {
    if (!start) return;
    const box = board.viewBox.baseVal;
    const scale = Math.max(box.width / board.clientWidth, box.height / board.clientHeight);
    state.pan = [start.pan[0] - (e.clientX - start.x) * scale,
      start.pan[1] - (e.clientY - start.y) * scale];
    renderBoard();
  });
  const stop = () => { start = null; };
  board.addEventListener("pointerup", stop);
  board.addEventListener("pointerleave", stop);
}

function boardText(v) {
  if (!v.layout.nodes.length) return t("web.empty_layout");
  const ends = v.layout.ends.map((e) => e.value).join(", ");
  return t("web.layout_desc", { ends, total: v.layout.total });
}

function targetsOfSelection() {
  if (!isMyTurn() || !state.selected) return [];
  return state.frame.view.legal_moves.map(parseMove).filter((m) => m && m.tile === state.selected);
}

function renderHand() {
  const f = state.frame;
  const v = f.view;
  const hand = document.getElementById("hand");
  const hint = document.getElementById("hint");
  const actions = document.getElementById("actions");
  const legal = isMyTurn() ? v.legal_moves : [];
  const playable = new Set(legal.map(parseMove).filter(Boolean).map((m) => m.tile));
  hand.replaceChildren(...v.hand.map((tileText) => {
    const [a, b] = tileText.split("-").map(Number);
    const pic = svg("svg", { viewBox: "-1 -0.5 2 1", class: "hand-tile", "aria-hidden": "true" });
    pic.append(drawTile(0, 0, [1, 0], a, b, "tile"));
    const btn = el("button", {
      type: "button",
      class: "tile-btn" + (playable.has(tileText) ? " playable" : "") +
        (state.selected === tileText ? " selected" : ""),
      "data-tile": tileText,
      "aria-label": tileText,
      "aria-pressed": state.selected === tileText ? "true" : "false",
      disabled: isMyTurn() && !playable.has(tileText) ? "disabled" : null,
      onclick: () => pickTile(tileText),
    }, pic);
    return btn;
  }));
  const buttons = [];
  if (legal.includes("draw")) {
    buttons.push(el("button", { type: "button", class: "primary", id: "btn-draw",
      onclick: () => playMove("draw") }, t("web.draw")));
  }
  if (legal.includes("pass")) {
    buttons.push(el("button", { type: "button", class: "primary", id: "btn-pass",
      onclick: () => playMove("pass") }, t("web.pass")));
  }
  if (v.phase === "hand_over" && f.you !== null) {
    buttons.push(el("button", { type: "button", class: "primary", id: "btn-next",
      onclick: () => send({ type: "next_hand" }) }, t("web.next_hand")));
  }
  if (v.phase === "game_over") {
    if (f.you !== null) {
      buttons.push(el("button", { type: "button", class: "primary", id: "btn-rematch",
        onclick: () => send({ type: "rematch" }) }, t("web.rematch")));
    }
    buttons.push(el("button", { type: "button", id: "btn-record",
      onclick: () => send({ type: "record" }) }, t("web.download")));
    buttons.push(el("a", { href: "/", class: "button" }, t("web.new_game_link")));
  }
  actions.replaceChildren(...buttons);
  if (f.you === null) hint.textContent = t("web.spectating");
  else if (!isMyTurn()) hint.textContent = "";
  else if (legal.includes("draw")) hint.textContent = t("web.must_draw");
  else if (legal.includes("pass")) hint.textContent = t("web.must_pass");
  else if (!v.layout.nodes.length) hint.textContent = t("web.lead_any");
  else hint.textContent = state.selected ? t("web.pick_end") : t("web.pick_tile");
}

function pickTile(tileText) {
  if (!isMyTurn()) return;
  const moves = state.frame.view.legal_moves.map(parseMove)
    .filter((m) => m && m.tile === tileText);
  if (moves.length === 1) {  // a single legal place needs no second click
    playMove(moves[0].text);
    return;
  }
  state.selected = state.selected === tileText ? null : tileText;
  renderBoard();
  renderHand();
}

function playMove(text) {
  state.selected = null;
  send({ type: "play", move: text });
}

function renderReveal() {
  const v = state.frame.view;
  const box = document.getElementById("reveal");
  const end = v.last_hand_end;
  if (!end || v.phase === "play") {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  const rows = end.hands.map((tiles, seat) => el("li", {},
    el("span", { class: "name" }, seatName(seat) + ": "),
    tiles.length ? tiles.join(" ") : "—",
    " (" + t("web.pips", { n: end.pips[seat] }) + ")"));
  const deltas = end.deltas.map((d, side) => `${sideName(side)} ${d >= 0 ? "+" : ""}${d}`)
    .join(", ");
  box.replaceChildren(el("h3", {}, t("web.reveal")), el("ul", {}, ...rows),
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
    if (ev.points > 0 && ev.parts.length) {
      s = t("web.ev.play_scored", { name, move: ev.move, sum: ev.parts.join(" + "),
        total: ev.total, points: ev.points });
    } else s = t("web.ev.play", { name, move: ev.move });
  } else if (ev.kind === "draw") {
    s = t(state.frame.table.preset === "five-up-solitaire" ? "web.ev.draw_deck" : "web.ev.draw",
      { name });
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
  box.replaceChildren(el("h3", {}, t("web.links")), el("p", { class: "small" },
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
  document.getElementById("zoom-in").addEventListener("click", () => {
    state.zoom = Math.min(4, state.zoom * 1.25); renderBoard();
  });
  document.getElementById("zoom-out").addEventListener("click", () => {
    state.zoom = Math.max(0.5, state.zoom / 1.25); renderBoard();
  });
  document.getElementById("zoom-fit").addEventListener("click", () => {
    state.zoom = 1; state.pan = [0, 0]; renderBoard();
  });
  enablePan(document.getElementById("board"));
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
  document.getElementById("create-form").addEventListener("submit", createTable);
}

main();
