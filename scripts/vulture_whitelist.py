"""Names vulture reports as unused that are used, for ``vulture`` in scripts/test.sh.

Vulture reads this file, it is never run. Each line names what vulture cannot see being used;
say why beside it. Dead code goes, it does not come here.
"""

from rich.console import Console

from fives.bots import inference
from fives.cli import common
from fives.envs import gym_env, openspiel_bots, openspiel_game, pettingzoo_env, table, train
from fives.game import Game
from fives.projection_json import MoveJSON, PublicJSON, RulesJSON, TableLayoutJSON, TallyJSON
from fives.tiles import Tile
from fives.tui import app, screens, widgets
from fives.web.config import ServerConfig
from fives.web.delta import DeltaReader
from fives.web.pgstore import PgStorage
from fives.web.service import TableService
from fives.web.storage import SqliteStorage

# Exit statuses listed in `fives --help`, named for the reader even where no code returns them.
common.EXIT_OK
common.EXIT_FAULT
# rich calls Console.on_broken_pipe; fives play replaces it.
Console.on_broken_pipe
# Public engine API (docs/ENGINE_API.md, README): make/unmake for search, the counted total.
Game.push
Game.counted_total
EventJSON  # the union of the events' to_json types, for readers of event lines
HandLog.sniff_at  # a TypedDict key, read as log["sniff_at"]
# The projection's JSON keys (TypedDicts), written as dict literals and read by front ends.
TableLayoutJSON.open_ends
TallyJSON.negative
PublicJSON.seat_scores
MoveJSON.ends_hand
RulesJSON.score_step  # read by the page (claims.js)
RulesJSON.claim_max
# Public engine API used by the tests.
Tile.from_id
# Storage API used by the tests and by operators.
SqliteStorage.table_ids
PgStorage.table_ids
# Research environments: methods and attributes the frameworks call (Gymnasium, PettingZoo,
# OpenSpiel, Stable-Baselines3 callbacks), the PettingZoo raw_env alias, the deepcopy protocol.
gym_env.FivesGymEnv.metadata
gym_env.FivesGymEnv.step
pettingzoo_env.FivesAECEnv.action_mask
pettingzoo_env.raw_env
openspiel_game.FivesGame.new_initial_state
openspiel_game.FivesGame.make_py_observer
openspiel_game.FivesState.current_player
openspiel_game.FivesState._legal_actions
openspiel_game.FivesState.chance_outcomes
openspiel_game.FivesState._apply_action
openspiel_game.FivesState._action_to_string
openspiel_game.FivesState.returns
openspiel_game.FivesState.resample_from_infostate
_.writeable  # numpy's flag, set to make the shared rules vector read-only
openspiel_bots.TimedISMCTSBot  # used by bench/vs_openspiel.py and the tests
openspiel_bots.TimedISMCTSBot.run_search  # called by OpenSpiel's ISMCTSBot.step
openspiel_game.FivesObserver.set_from
openspiel_game.FivesObserver.string_from
train._on_rollout_end
train._on_step
memo  # Table.__deepcopy__(self, memo)
table.Table.initial_scores  # read by tests/envs/test_pettingzoo.py (the gains of a game)
# Set by `fives serve --send-buffer-bytes` (tests/web/test_hostile.py passes it) and read by
# nothing yet: the server's socket options are the server-hardening work's to wire or drop.
ServerConfig.send_buffer_bytes
inference.strict_slots  # a model of greedy, for the tests and bench/inference_quality.py
TableService.frame_for  # the one-seat reference frame that tests/web/test_frames.py checks against
counting.play_claims_game  # bench/muggins_rates.py and the tests measure the bots' counting
counting.counting_stats
counting.CountingStats.mistaken
counting.CountingStats.short_rate
counting.CountingStats.call_rate
DeltaReader  # the client side of delta frames in Python: tests/web/test_delta.py, bench
# Textual calls these by name: CSS, key bindings (action_*), message handlers (on_*), the
# widget tree (compose), the input line's cursor.
widgets.History.BINDINGS
widgets.History.action_older
widgets.History.action_newer
widgets.History.cursor_position
app.FivesApp.CSS_PATH
app.FivesApp.SCREENS
app.FivesApp.BINDINGS
app.FivesApp.ENABLE_COMMAND_PALETTE
app.FivesApp.on_mount
app.FivesApp.on_worked
app.FivesApp.on_session_show
app.FivesApp.on_session_ask
app.FivesApp.on_session_log
app.FivesApp.on_session_say
app.FivesApp.on_session_thinking
app.FivesApp.on_session_panel
app.FivesApp.on_input_submitted
app.FivesApp.on_moves_view_chosen
app.FivesApp.on_hand_view_chosen
app.FivesApp.on_board_view_clicked
app.FivesApp.action_help
app.FivesApp.action_whole_table
app.FivesApp.action_sheet
app.FivesApp.action_interrupt
app.FivesApp.action_end_input
app.FivesApp.asked_shown  # read by the tests' pilot: the question whose prompt is shown
screens.TableScreen.AUTO_FOCUS
screens.TableScreen.compose
screens.TableScreen.on_resize
screens.TableScreen.on_input_changed
screens.PanelScreen.compose
widgets.BoardView.on_click
widgets.TileButton.on_click
widgets.HandView.compose
widgets.HandView.on_resize
widgets.MoveItem.on_click
widgets.MovesView.compose
widgets.MovesView.on_resize
widgets.LogView.compose
screens.TableScreen.watch_moment
screens.TableScreen.watch_chosen
screens.PanelScreen.AUTO_FOCUS
screens.PanelScreen.action_close
screens.PanelScreen.on_key
screens.HandEndScreen.action_next
screens.HandEndScreen.check_action
screens.HandEndScreen.action_review
screens.WholeBoard.get_content_height
widgets.BoardView.get_content_height
widgets.ScoresView.get_content_height
widgets.CountView.watch_moment
widgets.MovesView.watch_mark
widgets.LogView.watch_lines
_.grid_size_columns  # Textual styles, set for the grids of the hand and the moves
_.grid_columns
# The outgoing frame schema's check: called by the tests (every frame they read) and bench/.
protocol.check_frame
# logging.LogRecord's cached traceback text, cleared with exc_info so the handler prints neither.
transport.LogLimiter.filter.exc_text
# The review screen (fives.tui.review): Textual reads its CSS and calls its actions (the key
# bindings made in __init__) and message handler by name; the tests read the board as text.
from fives.tui import review as tui_review  # noqa: E402

tui_review.ReviewScreen.DEFAULT_CSS
tui_review.ReviewScreen.action_back
tui_review.ReviewScreen.action_forward
tui_review.ReviewScreen.action_next_decision
tui_review.ReviewScreen.action_previous_decision
tui_review.ReviewScreen.action_better
tui_review.ReviewScreen.action_close
tui_review.ReviewScreen.on_data_table_row_selected
tui_review.ReviewScreen.board_text
tui_review.screen_for_game  # for the full-screen app's hook at the game's end (docs/BOTS.md)
# The win-chance model's feature names: bench/fit_winchance.py fits and writes them.
from fives.bots import winchance  # noqa: E402

winchance.FEATURES
winchance.DIFF_FEATURES
