// The creator's links to every seat and to watching, and the game's record download.
import { $, el } from "./dom.js";
import { t } from "./i18n.js";
import { frame, state } from "./state.js";

export function renderLinks() {
  const box = $("links");
  const data = state.links;
  if (!data || frame().you === null && !data.watch) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const rows = [];
  for (const seat of data.seats) {
    if (!seat.url) continue;
    const label = t("web.seat_label", { n: seat.seat + 1 }) +
      (seat.seat === frame().you ? " (" + t("web.you") + ")" : "");
    rows.push(linkRow(label, seat.url));
  }
  rows.push(linkRow(t("web.watch_link"), data.watch));
  box.replaceChildren(el("h2", {}, t("web.links")), el("p", { class: "small" },
    t("web.links_help")), ...rows);
}

/**
 * The link of the first friend's seat nobody holds yet, at the top of the table, with Copy
 * (and Share where the browser can): a new table's first need. Only the creator has links.
 */
export function renderInvite() {
  const box = $("invite");
  const f = frame();
  const data = state.links;
  const free = data && f.you !== null ? data.seats.find((s) => s.url && s.seat !== f.you &&
    f.table.seats[s.seat].kind === "human" && !f.table.seats[s.seat].connected) : undefined;
  if (!free || !free.url) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  if (box.dataset.url === free.url && box.dataset.lang === state.lang && !box.hidden) return;
  box.dataset.url = free.url;
  box.dataset.lang = state.lang;
  box.hidden = false;
  const row = linkRow(t("web.invite.title"), free.url);
  if (typeof navigator.share === "function") {
    const url = location.origin + free.url;
    row.append(el("button", { type: "button", class: "share", onclick: () => {
      navigator.share({ title: t("web.title"), url }).catch(() => {});
    } }, t("web.invite.share")));
  }
  box.replaceChildren(row);
}

/**
 * @param {string} label
 * @param {string} path
 */
function linkRow(label, path) {
  const url = location.origin + path;
  const input = /** @type {HTMLInputElement} */ (el("input", { type: "text", readonly: "readonly",
    value: url, "aria-label": label }));
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

/** @param {unknown} record */
export function downloadRecord(record) {
  const f = frame();
  const blob = new Blob([JSON.stringify(record, null, 2)], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob),
    download: `fives-${f.table.id}-${f.table.game_no}.json` });
  document.body.append(a);
  a.click();
  a.remove();
}
