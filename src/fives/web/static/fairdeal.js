// Fair deals (fives.web.fairdeal): before a hand the server sends a commitment to a secret seed;
// after it, the seed. This page remembers each commitment, then recomputes it and the deal from
// the revealed seed, and says "deal verified" (or that the check failed). The shuffle is the
// server's: Fisher-Yates from 27 down to 1, swapping with index u mod (i + 1), u being the first
// 8 bytes (big-endian) of sha256(seed + ":" + i).
import { el } from "./dom.js";
import { t } from "./i18n.js";

/** @type {string[]} */
const TILES = [];
for (let a = 0; a <= 6; a++) for (let b = 0; b <= a; b++) TILES.push(a + "-" + b);
/** @type {Map<string, string>} */
const promised = new Map(); // "table/game/hand" -> commitment seen during the hand
/** @type {Map<string, string>} */
const checked = new Map(); // same key -> "verified" | "failed"

/** @param {string} text */
async function sha256(text) {
  const data = new TextEncoder().encode(text);
  return new Uint8Array(await crypto.subtle.digest("SHA-256", data));
}

/** @param {Uint8Array} bytes */
function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * @param {string} seed
 * @param {number} players
 * @param {number} size
 */
export async function dealOf(seed, players, size) {
  const tiles = TILES.slice();
  for (let i = tiles.length - 1; i > 0; i--) {
    const d = await sha256(seed + ":" + i);
    let u = 0n;
    for (let k = 0; k < 8; k++) u = (u << 8n) | BigInt(d[k]);
    const j = Number(u % BigInt(i + 1));
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  }
  const hands = [];
  for (let p = 0; p < players; p++) hands.push(tiles.slice(p * size, (p + 1) * size));
  return { hands, boneyard: tiles.slice(players * size) };
}

/**
 * Whether a revealed deal's seed gives its commitment and its hands and boneyard.
 * @param {import("./state.js").Deal} deal
 */
export async function verify(deal) {
  const key = deal.table + "/" + deal.game + "/" + deal.hand;
  const expected = promised.get(key) || deal.commitment;
  const text = "fives-deal/1\n" + deal.table + "\n" + deal.game + "\n" + deal.hand + "\n" + deal.seed;
  if (hex(await sha256(text)) !== expected || deal.commitment !== expected) return false;
  const size = deal.hands[0].length;
  const again = await dealOf(deal.seed || "", deal.hands.length, size);
  /** @param {string[]} a @param {string[]} b */
  const same = (a, b) => JSON.stringify(a.slice().sort()) === JSON.stringify(b.slice().sort());
  return again.hands.every((h, i) => same(h, deal.hands[i])) &&
    JSON.stringify(again.boneyard) === JSON.stringify(deal.boneyard);
}

/** @param {string} verdict "", "committed", "verified", "failed" or "unchecked" */
function show(verdict) {
  let line = document.getElementById("deal-check");
  const row = document.getElementById("status-row");
  if (!line && row) {
    line = document.createElement("p");
    line.id = "deal-check";
    line.className = "hint";
    row.after(line);
  }
  document.body.dataset.deal = verdict;
  // a phone shows the short form, one line (style.css): the board keeps its room
  if (line) line.replaceChildren(...verdict ? [
    el("span", { class: "deal-long" }, t("web.deal_" + verdict)),
    el("span", { class: "deal-short" }, t("web.deal_short_" + verdict))] : []);
}

/**
 * Follow a frame's deal: remember its commitment during the hand, check it once revealed.
 * @param {import("./state.js").StateFrame} frame
 */
export function checkDeal(frame) {
  const deal = frame.deal;
  if (!deal) return show("");
  const key = deal.table + "/" + deal.game + "/" + deal.hand;
  if (deal.seed === null) {
    if (!promised.has(key)) promised.set(key, deal.commitment);
    return show("committed");
  }
  if (checked.has(key)) return show(checked.get(key) || "");
  if (!window.crypto || !crypto.subtle) return show("unchecked");
  verify(deal).then((ok) => {
    checked.set(key, ok ? "verified" : "failed");
    show(checked.get(key) || "");
  }, () => show("unchecked"));
}
