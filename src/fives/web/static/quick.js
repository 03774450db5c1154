// The first screen: a game in one tap. Play the computer (at a level), play a friend (a table
// whose link the table page shows first) or Play now (the public lobby's form, lobby.js). The
// variant and its options are those of "More options" (start.js's form, remembered by
// yours.js); whether "More options" is open is remembered too.
import { $, el, select } from "./dom.js";
import { t } from "./i18n.js";
import { state } from "./state.js";

const LEVEL_KEY = "fives.quick.level";
const MORE_KEY = "fives.more";

/** "Five Up · 2 players · The rules" under the three choices. */
export function renderQuick() {
  const preset = select("preset");
  const players = select("players");
  const chosen = preset.selectedOptions[0];
  if (!chosen) return;
  const rules = el("a", { href: `/rules/${preset.value}?lang=${state.lang}`, target: "_blank",
    rel: "noopener" }, t("web.quick.rules"));
  $("quick-variant").replaceChildren(
    t("web.quick.variant", { name: chosen.textContent || "", n: players.value }), " · ", rules);
  const level = select("quick-level");
  const kept = level.value || localStorage.getItem(LEVEL_KEY) || "greedy";
  const levels = /** @type {string[]} */ ((state.presets && state.presets.levels) || []);
  level.replaceChildren(...levels.map((lv) => el("option", { value: lv }, t("web.level." + lv))));
  if (levels.includes(kept)) level.value = kept;
}

/**
 * The form's seats for a quick game: you, then the friend (if any), bots at the level for the
 * rest; then the form is sent as "Create table" sends it.
 * @param {boolean} friend
 */
function quickGame(friend) {
  const level = select("quick-level").value;
  localStorage.setItem(LEVEL_KEY, level);
  document.querySelectorAll("#seats select").forEach((s, i) => {
    /** @type {HTMLSelectElement} */ (s).value = i === 0 ? "me"
      : i === 1 && friend ? "friend" : "bot:" + level;
  });
  /** @type {HTMLFormElement} */ ($("create-form")).requestSubmit();
}

/** Start the first screen (after startPage, which fills the form). */
export function startQuick() {
  const more = /** @type {HTMLDetailsElement} */ ($("more"));
  more.open = localStorage.getItem(MORE_KEY) === "open";
  more.addEventListener("toggle", () => localStorage.setItem(MORE_KEY, more.open ? "open" : ""));
  renderQuick();
  for (const id of ["preset", "players"]) select(id).addEventListener("change", renderQuick);
  select("lang").addEventListener("fives-lang", renderQuick); // app.js: its texts are here
  $("quick-bot").addEventListener("click", () => quickGame(false));
  $("quick-friend").addEventListener("click", () => quickGame(true));
  $("quick-now").addEventListener("click", () => {
    // the lobby's rooms are by variant and players: the chosen ones where the lobby has them
    for (const [mine, theirs] of [["preset", "lobby-preset"], ["players", "lobby-players"]]) {
      const to = select(theirs);
      if ([...to.options].some((o) => o.value === select(mine).value)) {
        to.value = select(mine).value;
        to.dispatchEvent(new Event("change"));
      }
    }
    /** @type {HTMLFormElement} */ ($("lobby-form")).requestSubmit();
  });
  // What goes wrong is said where it was asked (the form may be folded away).
  const said = new MutationObserver(() => {
    $("quick-error").textContent = $("create-error").textContent || $("lobby-error").textContent;
  });
  for (const id of ["create-error", "lobby-error"]) {
    said.observe($(id), { childList: true, characterData: true, subtree: true });
  }
}
