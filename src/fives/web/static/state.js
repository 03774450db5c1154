// The table page's one state object and the shapes of what the server sends (JSDoc types,
// checked by `tsc --checkJs`: see package.json). Every other module reads and writes `state`;
// none keeps a copy of the frame.

/**
 * @typedef {{ en: string, fr: string, [lang: string]: string }} BothLangs
 * @typedef {{ kind: string, level?: string, connected: boolean, name: string | null,
 *   away_in: number | null, ready: boolean, rematch: boolean }} SeatInfo
 * @typedef {{ id: string, preset: string, players: number, target: number,
 *   partnerships: boolean, game_no: number, seats: SeatInfo[], grace: number,
 *   match: number[], assist: boolean }} TableInfo
 * @typedef {{ n: number, parent: number, port: string, double: boolean, spinner: boolean,
 *   touching: number, outer: number }} LayoutNode
 * @typedef {{ node: number, port: string, value: number }} LayoutEnd
 * @typedef {{ nodes: LayoutNode[], ends: LayoutEnd[], total: number, sniff?: string }} Layout
 * @typedef {{ hands: string[][], pips: number[], deltas: number[] }} HandEnd
 * @typedef {{ phase: string, turn: number, winner: number | null, scores: number[],
 *   hand_number: number, boneyard_size: number, hand_sizes: number[], hand: string[],
 *   legal_moves: string[], layout: Layout, last_hand_end: HandEnd | null,
 *   rules: { unit: string, sniff?: string } }} View
 * @typedef {{ kind: string, seat?: number, move?: string, parts?: number[], total?: number,
 *   points?: number, cost?: number, result?: string, out_seat?: number, winner?: number | null,
 *   hand?: number, deltas?: number[], scores?: number[], by?: string }} GameEvent
 * @typedef {{ table: string, game: number, hand: number, commitment: string,
 *   seed: string | null, hands: string[][], boneyard: string[] }} Deal
 * @typedef {{ type: "state", seq: number, full: boolean, you: number | null, table: TableInfo,
 *   view: View, events: GameEvent[], deadline: number | null, overdraw_cost?: number,
 *   deck?: { handicap?: number }, deal?: Deal | null,
 *   public?: { score_sheet?: import("./together.js").SheetRow[] } }} StateFrame
 * @typedef {{ seat: number, url?: string }} SeatLink
 * @typedef {{ table: string, me?: string, watch: string, seats: SeatLink[] }} TableLinks
 * @typedef {{ id: string, name: BothLangs, card: BothLangs, unit: string, group: string,
 *   sniff: boolean, players: Record<string, { target: number, partnerships: boolean }> }} Preset
 * @typedef {{ presets: Preset[], levels: string[], timers: number[], graces: number[] }}
 *   PresetCatalog
 * @typedef {{ tiles: any[], ghosts: any[], box: { x: number, y: number, w: number, h: number },
 *   unit: number, ends: { node: number, port: string, value: number, compass: string,
 *   spinner: boolean }[] }} BoardResult
 */

export const state = {
  lang: "en",
  /** @type {Record<string, Record<string, string>>} */
  msgs: { en: {}, fr: {} },
  /** @type {PresetCatalog | null} */
  presets: null,
  // table page
  /** @type {string | null} */
  token: null,
  /** @type {StateFrame | null} */
  frame: null,
  /** @type {GameEvent[]} */
  log: [],
  /** @type {string | null} the tile picked in the hand, "6-4" */
  selected: null,
  /** @type {string | null} the form the green targets show a sniff in (RULES.md §9 O4) */
  sniffForm: null,
  /** @type {WebSocket | null} */
  ws: null,
  retry: 0,
  /** @type {number | null} */
  deadlineAt: null,
  zoom: 1,
  /** when the page asked for a full frame after a gap in seq (table.js inOrder), else 0 */
  resyncAsked: 0,
  /** @type {TableLinks | false | null} */
  links: null,
  /** @type {number | null} the seat that placed the last tile (where its slide starts) */
  lastMover: null,
  /** @type {boolean | undefined} */
  firstDraw: undefined,
  /** @type {string | null} the hand's button that keeps focus across a redraw */
  focusKey: null,
  keepFocus: false,
  /** @type {string | null} */
  endFocus: null,
  overdrawArmed: false,
  /** @type {string | null} */
  handSig: null,
  /** @type {BoardResult | null} */
  board: null,
  /** @type {{ hand: number, count: number } | null} */
  seenNodes: null,
};

/** The frame being shown (the table page only calls this once the first frame came). */
export function frame() {
  if (!state.frame) throw new Error("no frame yet");
  return state.frame;
}

export function isMyTurn() {
  const f = state.frame;
  return Boolean(f && f.you !== null && f.view.phase === "play" && f.view.turn === f.you);
}
