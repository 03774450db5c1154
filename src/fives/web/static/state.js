// The table page's one state object and the shapes of what the server sends (JSDoc types,
// checked by `tsc --checkJs`: see package.json). Every other module reads and writes `state`;
// none keeps a copy of the frame.

/**
 * @typedef {{ en: string, fr: string, [lang: string]: string }} BothLangs
 * @typedef {{ kind: string, level?: string | null, connected: boolean, name: string | null,
 *   away_in: number | null, ready: boolean, rematch: boolean }} SeatInfo
 * @typedef {{ id: string, preset: string, players: number, target: number, timer: number,
 *   partnerships: boolean, game_no: number, seats: SeatInfo[], grace: number,
 *   match: number[], assist: boolean }} TableInfo
 * @typedef {{ n: number, parent: number, port: string, double: boolean, spinner: boolean,
 *   touching: number, outer: number }} LayoutNode
 * @typedef {{ node: number, port: string, value: number }} LayoutEnd
 * @typedef {{ node: number, port: string, value: number, times: number }} Part
 * @typedef {{ node: number, port: string, value: number, tile: string, lead: boolean,
 *   branch: boolean, spinner: boolean, counted: boolean | null }} OpenEnd
 * @typedef {{ nodes: LayoutNode[], ends: LayoutEnd[], total: number | null, sniff?: string,
 *   parts: Part[], open_ends: OpenEnd[], count_shown: boolean }} Layout
 * @typedef {{ preset: string, players: number, partnerships: boolean, sides: number,
 *   solitaire: boolean, unit: string, scoring: string, settlement: string, target: number,
 *   default_target: number, sniff: string, sniff_choice: boolean, paper_tally: boolean,
 *   overdraw_cost: number, muggins_claims: boolean, muggins_overclaim: string,
 *   score_step: number, claim_max: number }} Rules
 * @typedef {{ negative: boolean, fifties: number, strokes: number }} Tally
 * @typedef {{ side: number, members: number[], deck: boolean, score: number,
 *   tally: Tally | null }} Side
 * @typedef {{ seat: number, tiles: string[], pips: number, counted: number | null,
 *   rounded: boolean }} RevealSeat
 * @typedef {{ hand: number, result: string, winner: number | null, out_seat: number | null,
 *   settlement: string, seats: RevealSeat[], deltas: number[], scores: number[] }} Reveal
 * @typedef {{ hand: number, result: string, winner: number | null, deltas: number[],
 *   scores: number[] }} HandScore
 * @typedef {{ rules: Rules, hand_number: number, phase: string, turn: number | null,
 *   leader: number, deadline: number | null, layout: Layout, scores: number[],
 *   sides: Side[], hand_sizes: number[], boneyard_size: number, score_sheet: HandScore[],
 *   deck: Record<string, number>, reveal: Reveal | null, winner: number | null,
 *   history: { seat: number, kind: string, move: string }[],
 *   call_window: CallWindow | null }} Public
 *   fives.projection's public part, the same for every reader
 * @typedef {{ placer: number, claim: number, callers: number[], closes_in: number | null }}
 *   CallWindow the window open for a muggins call (RULES.md §9 O1); closes_in: the seconds
 *   before the table moves on without a person's call, null when nothing waits for one
 * @typedef {{ notation: string, kind: string, tile: string | null, node: number,
 *   onto: string | null, port: string, end: number | null, form: string,
 *   total: number | null, points: number | null, overdraw: boolean, ends_hand: boolean }} Move
 *   a legal move and what it would do; its tile and the tile it goes on touching half first
 * @typedef {{ seat: number | null, side: number | null, hand: string[], pips: number,
 *   to_play: boolean, legal_moves: Move[], muggins: string | null }} SeatPart fives.projection's seat part
 * @typedef {{ seat?: number, hand?: number, leader?: number, tile?: string, node?: number,
 *   onto?: string, port?: string, end?: number, form?: string, move?: string,
 *   parts?: Part[], total?: number, points?: number, cost?: number, result?: string,
 *   winner?: number | null, out_seat?: number | null, deltas?: number[], scores?: number[],
 *   settlement?: string, claim?: number }} EventParams
 * @typedef {{ kind: string, key: string, params: EventParams, by?: string }} GameEvent
 *   one explained event: its message is "web.ev." + key
 * @typedef {{ table: string, game: number, hand: number, commitment: string,
 *   seed: string | null, hands: string[][], boneyard: string[] }} Deal
 * @typedef {{ type: "state", seq: number, full?: boolean, you: number | null,
 *   table: TableInfo, public: Public, seat: SeatPart, events: GameEvent[],
 *   deal: Deal | null }} StateFrame
 * @typedef {{ seat: number, url?: string }} SeatLink
 * @typedef {{ table: string, me?: string, watch: string, seats: SeatLink[] }} TableLinks
 * @typedef {{ id: string, name: BothLangs, card: BothLangs, unit: string, group: string,
 *   sniff: boolean, claims: boolean, claims_on: boolean, players: Record<string, { target: number, partnerships: boolean,
 *   targets: Record<string, number> }> }} Preset
 * @typedef {{ presets: Preset[], levels: string[], timers: number[], graces: number[],
 *   countings: string[], call_windows: number[] }}
 *   PresetCatalog
 * @typedef {{ tiles: any[], ghosts: any[], box: { x: number, y: number, w: number, h: number },
 *   unit: number, ends: { node: number, port: string, value: number, compass: string,
 *   spinner: boolean }[] }} BoardResult
 */

export const state = {
  lang: "en",
  /** The reader's catalog by language (another is fetched when chosen: app.js).
   * @type {Record<string, Record<string, string>>} */
  msgs: {},
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
  /** @type {string | null} the lead or placement whose claim is being asked (claims.js) */
  claimFor: null,
  /** @type {number | null} when the table moves on without a muggins call (Date.now() ms) */
  windowAt: null,
};

/** The frame being shown (the table page only calls this once the first frame came). */
export function frame() {
  if (!state.frame) throw new Error("no frame yet");
  return state.frame;
}

export function isMyTurn() {
  return Boolean(state.frame && state.frame.seat.to_play);
}
