// "Your turn" in the tab's title and its icon while the page is hidden (another tab in front),
// back to the plain title when the page is shown or the turn has passed.
import { t } from "./i18n.js";
import { isMyTurn } from "./state.js";

const PLAIN_ICON = "data:,";
// A yellow disc on the felt's green: the tab says "your turn" without its title.
const TURN_ICON = "data:image/svg+xml," + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" ' +
  'rx="3" fill="#0f5132"/><circle cx="8" cy="8" r="5" fill="#ffc107"/></svg>');

function icon() {
  let link = /** @type {HTMLLinkElement | null} */ (document.querySelector("link[rel=icon]"));
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  return link;
}

/** Call after each frame and when the page is shown or hidden. */
export function updateAttention() {
  const calling = document.hidden && isMyTurn();
  document.title = calling ? "● " + t("web.your_turn") + " · " + t("web.title") : t("web.title");
  const href = calling ? TURN_ICON : PLAIN_ICON;
  if (icon().getAttribute("href") !== href) icon().setAttribute("href", href);
  document.body.dataset.attention = calling ? "turn" : "";
}
