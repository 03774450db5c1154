"""English messages: one flat catalog, keys namespaced by the part that shows them.

See :mod:`fives.i18n` for how to add a message; ``fr.py`` must have exactly the same keys.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # -------- presets: name, one-line summary, full rules, terminal menu blurb, web card
    "preset.short.five-up": "every double is a spinner; score the ends' total / 5; first to 61",
    "preset.short.all-fives": "the first double is the spinner; score multiples of 5; first to 150",
    "preset.short.five-up-solitaire": "one player against the deck, race to 61",
    "preset.short.multiples-of-five": (
        "a line with two ends, no spinner; first to 250 (200 with 3-4 players)"
    ),
    "preset.short.draw": "no play scoring; the winner takes the others' pips; first to 100",
    "preset.short.block": "like the draw game, but nobody draws; first to 100",
    "preset.short.fives-and-threes": "score multiples of 5 and of 3, no drawing; first to 61",
    "preset.rules.five-up": (
        "Two to four players (four play as two partnerships, partners opposite), 5 tiles each. "
        "The first leader is chosen by lot; afterwards whoever went out leads, and after a "
        "blocked hand the lot decides again. The leader may lead any tile. On your turn you must "
        "place a tile if you can; otherwise draw one tile at a time until one fits, and place it "
        "at once; pass only when the boneyard is empty. Every double is a spinner: once both of "
        "its in-line sides are covered, tiles may also go on its two branches. After each "
        "placement add the open ends (a double at an end counts both halves); a multiple of 5 "
        "scores a fifth of it (15 -> 3). When a hand ends, every player loses their own remaining "
        "pips rounded to the nearest 5, divided by 5; nobody gains. The game is won at the end of "
        "a hand by the single highest score of 61 or more; on a tie, another hand is played."
    ),
    "preset.rules.all-fives": (
        "Two to four players, 7 / 6 / 5 tiles each. In every hand the holder of the highest "
        "double leads it (if nobody holds a double, the heaviest tile leads). You must place if "
        "you can, else draw until a tile fits and place it; pass only when the boneyard is empty. "
        "Only the first double placed is a spinner, and its branches open once both of its sides "
        "are covered. After each placement, if the open ends add up to a multiple of 5 you score "
        "that total (5, 10, 15 ... up to 35). Whoever goes out collects each opponent's pips, "
        "each hand rounded to the nearest 5; in a blocked hand the fewest pips (then the fewest "
        "tiles) wins and collects. The first to reach 150 wins at once."
    ),
    "preset.rules.five-up-solitaire": (
        "One player against the deck. At the start of every hand the deck receives a handicap (5 "
        "for a beginner, 10 for an experienced player). You hold 5 tiles and play as in Five Up: "
        "every double is a spinner and a multiple of 5 on the ends scores a fifth of it. When no "
        "tile fits you draw until one does: these draws are free. You may also draw while a tile "
        "fits (an overdraw, to fish for a better tile): each overdrawn tile gives the deck 3 "
        "points. Emptying your hand ends the hand; if you are blocked, the deck scores the pips "
        "left in your hand. Whoever has 61 or more and is ahead at the end of a hand wins."
    ),
    "preset.rules.multiples-of-five": (
        "Two to four players (7 tiles each for two, 5 for three or four); four play individually "
        "unless partnerships are chosen. The line always has two ends: no double is a spinner. "
        "The first hand, and every hand after a blocked one, is led by the highest double; after "
        "an out hand the player who went out leads any tile. You must place if you can, else draw "
        "until a tile fits. A multiple of 5 on the ends scores that total. Going out collects the "
        "opponents' hands, each rounded to the nearest 5 (a partner's hand does not count). In a "
        "blocked hand the side with the fewest pips scores the others' rounded totals minus its "
        "own; a tie for the fewest scores nothing. Target 250 for two players or two teams, 200 "
        "for three or four players, reached at once even in mid-hand."
    ),
    "preset.rules.draw": (
        "As All Fives for the deal and the lead, on a line with two ends and no spinner, with "
        "drawing. Placements score nothing. Whoever goes out, or has the fewest pips (then the "
        "fewest tiles) when the game is blocked, scores all the pips left in the opponents' "
        "hands. First to 100."
    ),
    "preset.rules.block": (
        "The draw game without drawing: a player who cannot place passes. Whoever goes out, or "
        "has the fewest pips when the game is blocked, scores the pips left in the opponents' "
        "hands. First to 100."
    ),
    "preset.rules.fives-and-threes": (
        "Two to four players (7 tiles each for two, 5 for three or four), a line with two ends, "
        "no drawing: a player who cannot place knocks (passes). After each placement the ends "
        "score a fifth of a multiple of 5 plus a third of a multiple of 3 (15 scores 5 + 3 = 8). "
        "The first leader is chosen by lot, then the lead passes to the left. No points are "
        "counted at the end of a hand. First to 61, at once."
    ),
    "preset.name.five-up": "Five Up",
    "preset.name.all-fives": "All Fives",
    "preset.name.five-up-solitaire": "Five-Up solitaire",
    "preset.name.multiples-of-five": "Multiples of five (Muggins)",
    "preset.name.draw": "Draw game",
    "preset.name.block": "Block game",
    "preset.name.fives-and-threes": "Fives and threes",
    "preset.blurb.five-up": "every double is a spinner; 1 point per 5 on the ends; first to 61",
    "preset.blurb.all-fives": (
        "the first double is the spinner; score the ends' total; first to 150"
    ),
    "preset.blurb.five-up-solitaire": (
        "alone against the deck, which gets a handicap each hand and 3 per overdraw; 61 to win"
    ),
    "preset.blurb.multiples-of-five": (
        "a line with two ends, no spinner; first to 250 (200 with 3-4 players)"
    ),
    "preset.blurb.fives-and-threes": "score multiples of 5 and of 3; no drawing; first to 61",
    "preset.blurb.draw": "no scoring in play; the winner of a hand takes the others' pips; to 100",
    "preset.blurb.block": "as the draw game, but nobody draws: stuck players pass; to 100",
    "preset.card.five-up": (
        "Every double is a spinner. Score when the open ends add up to a multiple of 5 (15 = 3 "
        "points). At the end of a hand each player loses their own remaining pips, rounded to "
        "fifths. First to 61, strictly ahead, wins."
    ),
    "preset.card.all-fives": (
        "Only the first double is a spinner. Score the open-end total when it is a multiple of 5 "
        "(raw points). The player who goes out collects the others' hands, rounded to 5. First to "
        "150 wins at once."
    ),
    "preset.card.multiples-of-five": (
        "A line with two ends, no spinner. Score the ends when they make a multiple of 5. Out: "
        "collect the opponents' rounded hands; blocked: the lowest side scores the difference. "
        "250 for two sides, 200 for three or four players."
    ),
    "preset.card.five-up-solitaire": (
        "You against the deck. Five Up scoring. Drawing when you cannot play is free; drawing "
        "while you could play (an overdraw) gives the deck 3 points. A blocked hand gives the "
        "deck your remaining pips. The deck gets a handicap of 5 at the start of every hand. "
        "First to 61, strictly ahead, wins."
    ),
    # -------- rules options (``fives rules``)
    "option.players": "number of players",
    "option.partnerships": "two partnerships {{0,2}} vs {{1,3}} (4 players)",
    "option.hand_size": "tiles dealt to each player",
    "option.spinners": "which doubles are spinners (none, first_double, every_double)",
    "option.spinner_branches_immediate": (
        "a spinner's branches are open at once (no need to cover its sides first)"
    ),
    "option.scoring": "play scoring (fifths, raw, fives_and_threes, none)",
    "option.drawing": "a player who cannot place draws from the boneyard",
    "option.boneyard_reserve": "tiles that must stay in the boneyard (0-2)",
    "option.opener": "who leads each hand",
    "option.settlement": "how a hand is settled",
    "option.blocked_tie": "a tie for the fewest pips when blocked (none, split)",
    "option.target": "score that wins the game",
    "option.target_check": "when the target is checked (immediate, end_of_hand_unique)",
    "option.target_exact": "the target must be reached exactly",
    "option.handicap": "the deck's handicap (solitaire)",
    "option.handicap_each_hand": "the handicap is given at every hand (false: once per game)",
    "option.block_penalty": "what the deck scores when you are blocked (pips, rounded_fifths)",
    "option.empty_hand": "with an empty hand: end the hand, or draw on",
    "option.draw_cost": "points the deck gets for each charged draw",
    "option.blocked_tiebreak_tiles": (
        "a tie for the fewest pips when blocked goes to the fewest tiles"
    ),
    "option.draw_cost_on": "which draws the deck is paid for (overdraw, every_draw)",
    # -------- ``fives rules``
    "rules.title": "{name} ({preset})",
    "rules.options_head": "Parameters and options",
    "rules.aliases": "Aliases: {aliases}",
    "rules.option_hint": (
        "Change an option with -o KEY=VALUE (e.g. fives play --preset {preset} -o target=100)."
    ),
    "rules.list_head": "Presets (fives rules PRESET for the details):",
    # -------- ``fives replay``
    "replay.play": (
        "hand {hand} | player {seat} plays {move} | ends total {total} | {points} | scores {scores}"
    ),
    "replay.draw": "hand {hand} | player {seat} draws {tile} | scores {scores}",
    "replay.pass": "hand {hand} | player {seat} passes",
    "replay.hand_end": "end of hand {hand}: {result}, winner {winner}",
    "replay.table_head": "player  pips  tiles left",
    "replay.deltas": "settlement {deltas} -> scores {scores}",
    "replay.game_end": "game over: side {winner} wins with scores {scores}",
    "replay.result.out": "out",
    "replay.result.blocked": "blocked",
    "replay.result.target": "target reached",
    # -------- errors: ``error.<key>`` renders a ``FivesError`` whose ``key`` is ``<key>``
    "error.illegal_move": "{move} is not legal here: {reason}. Legal: {legal}.",
    "error.invalid_move": "Cannot read the move {text!r}: write it like 6-3, 6-3@2, draw or pass.",
    "error.invalid_form": ("Cannot read the move {text!r}: the suffix :us or :british goes only "
                           "on the sniff (the first double), in a game where its placer "
                           "chooses its form."),
    "error.invalid_port": "That side does not exist on that tile.",
    "error.invalid_tile": "Cannot read the tile {text!r}: write it like 6-3.",
    "error.unknown_preset": "Unknown game {name!r}: expected one of {presets}.",
    "error.record_json": "The record is not valid JSON.",
    "error.record_field": "The record's field {field} is wrong.",
    "error.record_action": "The record's move {field} cannot be played.",
    "error.invalid_deal": "This deal is not valid.",
    "error.invalid_leader": "This seat cannot lead this hand.",
    "error.invalid_scores": "These start scores are not valid.",
    "error.invalid_seat": "There is no seat {seat}.",
    "error.no_next_hand": "The next hand cannot be dealt now.",
    "error.nothing_to_undo": "There is nothing to take back.",
    "error.cannot_read": "Cannot read the file {path!r}.",
    "error.cannot_write": "Cannot write the file.",
    "error.invalid_option_syntax": "Write options as KEY=VALUE, not {text!r}.",
    "error.invalid_argument": "Invalid argument.",
    "error.error": "Something is wrong with that request.",
    "error.unknown_option": "Unknown option {option!r}.",
    "error.invalid_option": "Invalid value {value!r} for {option}.",
    "error.too_large": "Message too large ({size} bytes): at most {limit}.",
    "error.bad_json": "The message is not one JSON object.",
    "error.unknown_type": "Unknown message type '{value}': expected one of {expected}.",
    "error.unknown_field": "Unknown field '{field}' in '{type}': expected {expected}.",
    "error.missing_field": "Field '{field}' missing in '{type}'.",
    "error.bad_field": "Field '{field}' of '{type}' has the wrong type: expected {expected}.",
    "error.bad_move_text": "Move '{value}' is not a move: expected e.g. '6-4@1' or 'draw'.",
    "error.rate_limited": "Too many messages: at most {limit} a second.",
    "error.join_first": "Join with your link first.",
    "error.already_joined": "This connection already has a seat.",
    "error.bad_token": "This link is not a seat or spectator link of any table.",
    "error.hand_is_over": "Move '{move}' refused: the hand is over.",
    "error.not_your_turn": "Move '{move}' refused: it is seat {turn}'s turn.",
    "error.spectator": "Spectators cannot play.",
    "error.bot_seat": "This seat is played by a bot.",
    "error.not_hand_over": "No next hand now: the hand is not over.",
    "error.not_game_over": "A rematch starts once the game is over.",
    "error.record_not_ready": "The record can be downloaded once the game is over.",
    "error.bad_game_no": "Game {value} of this table: expected 1 to {count}.",
    "error.server_error": "The server could not store that action: try again.",
    "error.bad_preset": "Unknown variant '{value}': expected one of {expected}.",
    "error.bad_players": "Players '{value}': expected 1 to 4.",
    "error.bad_partnerships": "Partnerships '{value}': expected yes or no.",
    "error.bad_target": "Target '{value}': expected a whole number.",
    "error.bad_timer": "Timer '{value}': expected off, 15, 30 or 60 s.",
    "error.bad_seats": "Expected {count} seats, one per player.",
    "error.bad_seat": "Seat {seat}: {value}: expected me, a friend or a bot (with a level).",
    "error.bad_level": "Seat {seat}: bot level '{value}': expected one of {expected}.",
    # --- the server's limits and faults: bad input, bounds on tables, floods, storage down
    "error.bad_text": "{field}: not valid text (a lone surrogate or a NUL character).",
    "error.too_deep": "The JSON is nested more than {limit} levels deep.",
    "error.bad_target_range": "Target {value}: expected {low} to {high} for this variant.",
    "error.bot_tables": (
        "Too many tables without a person from your address: at most {limit} at once."
    ),
    "error.try_again": "The server cannot save right now: try again in a few seconds.",
    "error.joins_rate": "Too many joins and leaves: wait a few seconds.",
    # --- the table together: names, next hand, rematch, stand-ins, hint and undo (web)
    "error.bad_name_type": "Name {value}: expected text.",
    "error.bad_name_length": "A name of {count} characters: expected at most {limit}.",
    "error.bad_name_char": (
        "The name holds the character {code}: expected letters, digits, marks, punctuation, "
        "symbols or spaces."
    ),
    "error.bad_grace": "Grace '{value}': expected 10, 20, 30, 60 or 120 s.",
    "error.not_away": "Seat {seat}: expected the seat of a player who left.",
    "error.undo_with_people": "Undo is only for a table where every other seat is a bot.",
    "error.hint_with_people": "Hints are only for a table where every other seat is a bot.",
    "error.undo_hand_over": "No undo once the hand is over: its tiles are shown.",
    "error.undo_nothing": "Nothing to undo in this hand.",
    "error.hint_not_your_turn": "A hint is for your turn.",
    "error.hint_busy": "A hint is on its way.",
    "error.hint_rate": "Too many hints: wait a little before the next one.",
    "error.undo_rate": "Too many undos: wait a little before the next one.",
    "error.hint_unavailable": "No hint available now: try again.",
    "error.usage": "This call or command is used wrongly.",
    "error.invalid_determinisation": (
        "Invalid determinisation: expected the same tiles in hand and in the boneyard, dealt "
        "otherwise."
    ),
    "error.unknown_bot_level": "Unknown bot level {level}: expected {expected}.",
    "error.invalid_seed": "Invalid seed {value}: expected a whole number.",
    "error.invalid_jobs": "Invalid number of processes {value}: expected a positive whole number.",
    "error.invalid_budget": "Invalid thinking budget {value}: expected a positive amount.",
    "error.invalid_top": "Invalid number of moves {value}: expected a positive whole number.",
    "error.no_legal_move": "Seat {seat} has no move to choose: it is seat {turn}'s turn.",
    "error.endgame_view": (
        "The endgame solver needs a view of one or two players with an empty boneyard."
    ),
    "error.spectator_view": "A spectator has no hand to reason from: expected a seat's view.",
    "error.unknown_policy": (
        "Unknown policy {path!r}: expected a model saved by MaskablePPO (.zip)."
    ),
    "error.policy_needs_rl": "The policy {path!r} needs the rl extra: {module} is missing.",
    "error.cannot_load_policy": "Cannot load the policy {path!r}: {why}.",
    "error.episode_over": "The episode is over: reset the environment.",
    "error.invalid_action": "Invalid action {action}: expected an action index.",
    "error.illegal_action": "The action {action} is not legal here.",
    "error.reason.game_over": "the game is over",
    "error.reason.hand_over": "the hand is over",
    "error.reason.already_led": "the hand has already been led",
    "error.reason.not_held": "seat {seat} does not hold {tile}",
    "error.reason.must_lead": "{tile} must lead",
    "error.reason.can_place": "a placement is possible",
    "error.reason.cannot_draw": "the boneyard cannot be drawn from",
    "error.reason.can_move": "a placement or a draw is possible",
    "error.reason.not_placement": "it is not a legal placement",
    "error.reason.no_match": "no legal placement matches it",
    "error.reason.not_led": "the hand must first be led",
    "error.reason.port_closed": "that port is not playable with {touching}",
    "error.reason.no_form": ("only the sniff's lead or placement names its form, where its "
                             "placer chooses it"),
    "error.os.ENOENT": "no such file or directory",
    "error.os.EACCES": "permission denied",
    "error.os.EPERM": "operation not permitted",
    "error.os.EISDIR": "is a directory",
    "error.os.ENOTDIR": "not a directory",
    "error.os.ENOSPC": "no space left on device",
    "error.os.EROFS": "read-only file system",
    "error.os.EEXIST": "file exists",
    "error.os.ENAMETOOLONG": "file name too long",
    "error.os.bad_name": "invalid file name",
    "error.os.other": "system error {code}",
    "error.cli_contradiction": "-o {option}={given} contradicts {flag} ({value}): give one of them",
    # -------- every command: error prefix, --help, --lang, -o
    "cli.error_prefix": "fives: error: ",
    "cli.bad_lang": "invalid value {value!r}: expected one of {langs}",
    "cli.see_help": "{message} (see `{command} --help`)",
    "cli.arg_lang": "language: en or fr (default: from the environment)",
    "cli.arg_option": "a rules option (RULES.md section 9), e.g. -o target=100; repeatable",
    "cli.description": (
        "Play and study the Fives family of domino games (Five Up, All Fives, Muggins / Multiples "
        "of Five, Five-Up solitaire)."
    ),
    "cli.exit_statuses": (
        "exit statuses:\n  0    success\n  1    a fault of the program (reported with a "
        "traceback)\n  2    bad arguments or bad input (one line on standard error, nothing "
        "done)\n  130  interrupted (Ctrl-C); a game in progress is saved first\n  141  the output "
        "was closed early (e.g. `| head -1`); nothing more is printed\n  74   the output could not "
        "be written (a full disk): one line on standard error"
    ),
    "cli.err_write": "cannot write the output: {reason}",
    "cli.argparse.usage": "usage: ",
    "cli.argparse.options": "options",
    "cli.argparse.positional": "positional arguments",
    "cli.argparse.help": "show this help message and exit",
    "cli.argparse.version": "show program's version number and exit",
    "cli.argparse.unrecognized": "unrecognized arguments: %s",
    "cli.argparse.required": "the following arguments are required: %s",
    "cli.argparse.invalid_choice": "invalid choice: %(value)r (choose from %(choices)s)",
    "cli.argparse.expected_one": "expected one argument",
    "cli.argparse.argument": "argument %(argument_name)s: %(message)s",
    "cli.argparse.invalid_value": "invalid %(type)s value: %(value)r",
    "cli.argparse.ambiguous": "ambiguous option: %(option)s could match %(matches)s",
    "cli.columns_dropped": (
        "Not shown, to fit the terminal: {columns} (a wider terminal or --out keeps them)"
    ),
    "cli.verify.ok": "game {game} hand {hand}: deal verified",
    "cli.verify.no_seed": "game {game} hand {hand}: not checked (no revealed seed)",
    "cli.verify.no_table": (
        "game {game} hand {hand}: not checked (the record does not name its table)"
    ),
    "cli.verify.bad_commitment": (
        "game {game} hand {hand}: FAILED: the seed does not match the commitment published "
        "before the hand"
    ),
    "cli.verify.bad_deal": (
        "game {game} hand {hand}: FAILED: the seed gives another deal than the record's"
    ),
    "cli.verify.all_ok": "All {count} deals verified.",
    "cli.verify.failed": "Not every deal could be verified.",
    "cli.verify.no_hands": "The record has no hand to check.",
    # -------- every command's --help (``fives play``'s are under tui.arg_*)
    "cli.serve.help": "play in the browser: serve the game on http://HOST:PORT",
    "cli.serve.description": (
        "Serve the browser game. Tables, links and every accepted action are kept in an SQLite "
        "file, so a restarted server goes on where it was."
    ),
    "cli.serve.default": "{text} (default {default})",
    "cli.serve.host": "address to bind (default 127.0.0.1)",
    "cli.serve.port": "port (default 8000; 0 picks a free one)",
    "cli.serve.db": "SQLite database file (default {path})",
    "cli.serve.bot_delay": (
        "seconds a bot waits before it moves, so people can follow (default 0.6)"
    ),
    "cli.serve.bot_workers": "bot worker processes (default 2)",
    "cli.serve.retention_days": (
        "delete finished tables idle for this many days, with their links and records "
        "(default 0: keep them for ever)"
    ),
    "cli.serve.table_rate": (
        "new tables one address may create per minute, after a burst of --tables-burst "
        "(default {default})"
    ),
    "cli.serve.limit.message_rate": "messages one socket may send per second",
    "cli.serve.limit.message_burst": "burst of messages one socket may send",
    "cli.serve.limit.flood_seconds": (
        "seconds a socket may keep sending over its message rate before it is closed"
    ),
    "cli.serve.limit.tables_burst": "new tables one address may create at once",
    "cli.serve.limit.sockets_per_address": "open websockets per client address",
    "cli.serve.limit.bot_tables_per_address": (
        "unfinished tables of bots alone (no person seated) one address may have"
    ),
    "cli.serve.limit.joins_per_minute": "joins one client address may make",
    "cli.serve.limit.joins_burst": "burst of joins one client address may make",
    "cli.serve.limit.table_joins_per_minute": "joins one table may take, from all addresses",
    "cli.serve.limit.table_joins_burst": "burst of joins one table may take",
    "cli.serve.limit.connections_per_address": (
        "open TCP connections per peer address (trusted proxies excepted)"
    ),
    "cli.serve.limit.failed_links_per_minute": (
        "wrong seat links one address may try per minute, across reconnects"
    ),
    "cli.serve.limit.max_message_bytes": "largest websocket message or request body, in bytes",
    "cli.serve.limit.queue_frames": (
        "frames waiting for a slow reader before its socket is closed"
    ),
    "cli.serve.limit.send_buffer_bytes": (
        "kernel send buffer of each connection (with --queue-frames, what a slow reader may "
        "hold)"
    ),
    "cli.serve.limit.join_timeout": "seconds a new socket has to join a table",
    "cli.serve.limit.ping_interval": (
        "seconds between websocket pings; a peer silent for as long is dropped"
    ),
    "cli.serve.limit.header_timeout": (
        "seconds a client has to send a whole request head (each one, on a kept-alive "
        "connection too)"
    ),
    "cli.serve.limit.body_timeout": (
        "seconds a client has to send a request body once its head is in"
    ),
    "cli.serve.limit.table_idle": (
        "seconds before an idle table nobody watches leaves memory (finished ones leave at once)"
    ),
    "cli.serve.limit.shutdown_grace": "seconds a stopping server gives the commits in flight",
    "cli.serve.limit.lobby_seats_per_address": (
        "Play now seats one address may hold while they wait (a family, a NAT)"
    ),
    "cli.serve.limit.lobby_rooms_per_address": (
        "waiting Play now rooms one address may hold seats in"
    ),
    "cli.serve.limit.hints_per_minute": (
        "hints one address, and one table, may ask per minute (each takes half a second of "
        "the hint worker)"
    ),
    "cli.serve.limit.undos_per_minute": (
        "undos one address, and one table, may ask per minute (each is a log entry)"
    ),
    "cli.serve.limit.lobby_reads_per_second": (
        "lobby listings and waiting pages' asks one address may make per second (a waiting "
        "page asks once a second), in bursts of 6 times as many"
    ),
    "cli.serve.trusted_proxy": (
        "a reverse proxy whose X-Forwarded-For names the client (repeat for several; '*' trusts "
        "any peer: only behind a proxy that sets the header). Default: none, the TCP peer is the "
        "client"
    ),
    "cli.serve.allowed_host": (
        "a host name the server answers to, in Host and Origin (repeat for several). Default: on "
        "a loopback --host, localhost, 127.0.0.1 and [::1] only (no DNS rebinding); on another "
        "--host, any Host, and an Origin must match the Host"
    ),
    "cli.serve.max_connections": (
        "open connections in all (default 2000); websockets may take all but a tenth, and "
        "near the limit idle or slow HTTP connections are closed to make room for newcomers"
    ),
    "cli.serve.metrics_token": (
        "/metrics answers loopback clients, and others that send 'Authorization: Bearer TOKEN' "
        "(default ${env}; unset: loopback only)"
    ),
    "cli.serve.loop": (
        "the event loop: uvloop (faster sockets and timers), asyncio (Python's own), or auto "
        "(uvloop when it is installed; default)"
    ),
    "cli.serve.no_gc_tuning": (
        "leave the garbage collector as Python sets it (by default it is tuned for short pauses, "
        "see docs/DEPLOY.md)"
    ),
    "cli.serve.gc_full_every": (
        "with the tuned collector, a full collection of everything this often (one long pause "
        "each time; default 0: never)"
    ),
    "cli.serve.shared_title": "shared mode",
    "cli.serve.shared_description": (
        "many server processes on one PostgreSQL database and one Redis (see docs/DEPLOY.md); "
        "needs `pip install 'fives[scale]'`"
    ),
    "cli.serve.database": "PostgreSQL database, postgresql://USER@HOST:PORT/NAME (default ${env})",
    "cli.serve.redis": "Redis server, redis://HOST:PORT/DB (default ${env})",
    "cli.serve.workers": "server processes on this port (default 1)",
    "cli.serve.redis_prefix": "prefix of every Redis key and channel (default 'fives:')",
    "cli.serve.lease": (
        "seconds a table stays with a process that stopped answering before another takes it "
        "over (default 3)"
    ),
    "cli.serve.err_port_number": "invalid port {value!r}: expected a whole number from 0 to 65535",
    "cli.serve.err_port_range": "invalid port {value!r}: expected 0 to 65535",
    "cli.serve.err_no_web": (
        "the web extra is not installed (missing {name!r}): expected `pip install 'fives[web]'`"
    ),
    "cli.serve.err_bot_delay": "invalid --bot-delay {value!r}: expected 0 to 60 seconds",
    "cli.serve.err_bot_workers": "invalid --bot-workers {value!r}: expected 1 to 64",
    "cli.serve.err_gc_full_every": (
        "invalid --gc-full-every {value!r}: expected 0 (never) or a number of seconds"
    ),
    "cli.serve.err_retention_days": (
        "invalid --retention-days {value!r}: expected 0 (off) to 36500 days"
    ),
    "cli.serve.err_max_connections": "invalid --max-connections {value!r}: expected at least 1",
    "cli.serve.err_limit": "invalid {option} {value!r}: expected a number above 0",
    "cli.serve.err_database": "cannot open database {path!r}: {reason}",
    "cli.serve.err_no_uvloop": (
        "--loop uvloop: uvloop is not installed (pip install uvloop; it does not run on "
        "Windows); --loop asyncio needs nothing more"
    ),
    "cli.serve.err_listen": "cannot listen on {host}:{port}: {reason}",
    "cli.serve.err_shared_missing": (
        "the shared mode needs both a database and Redis: missing {option} (or ${env}; several "
        "workers share no SQLite file)"
    ),
    "cli.serve.err_workers": "invalid --workers {value!r}: expected 1 to 256",
    "cli.serve.err_lease": "invalid --lease {value!r}: expected 0.5 to 300 seconds",
    "cli.serve.err_no_scale": (
        "the scale extra is not installed (missing {name!r}): expected "
        "`pip install 'fives[scale]'`"
    ),
    "cli.serve.err_shared_database": "cannot use the database {url!r}: {reason}",
    "cli.rules.help": "explain a preset's rules and options in plain words",
    "cli.rules.description": (
        "Explain the rules of a preset (or list the presets), in English or French."
    ),
    "cli.rules.preset": "preset id or alias; omit to list the presets",
    "cli.rules.option": "show the rules with an option changed, e.g. -o target=100; repeatable",
    "cli.arg_players": "number of players",
    "cli.replay.help": "replay a game record and print every action and settlement",
    "cli.replay.description": (
        "Replay a game record (RULES.md §12.3) through the engine. Exit status 2 and a one-line "
        "error for a malformed record or an illegal action."
    ),
    "cli.arg_record": "the record file (JSON), or - for standard input",
    "cli.replay.format": "jsonl: one JSON object per line (§12.4); text: readable (default)",
    "cli.random_game.help": "write the record of a seeded game played with random legal moves",
    "cli.random_game.description": (
        "Play a whole game with uniformly random legal moves from a seed and write its record "
        "(RULES.md §12.3); `fives replay` replays it identically."
    ),
    "cli.random_game.preset": "preset id or alias (default five-up; one of {presets})",
    "cli.random_game.seed": "random seed (default 0)",
    "cli.random_game.max_hands": "stop after this many hands even if nobody has won (default 500)",
    "cli.random_game.out": "output file (default: standard output)",
    "cli.verify.help": "check that every deal of a downloaded record is the one committed to",
    "cli.verify.description": (
        "Recompute every deal of a record from the seeds the server revealed, and check each "
        "against the commitment published before the hand."
    ),
    "cli.analyse.help": "review a game record: every decision valued from what its player knew",
    "cli.analyse.description": (
        "Review a game record (RULES.md §12.3): for every decision of the chosen seats (a turn "
        "with more than one legal tile move), the expert values every legal move from what that "
        "seat could know then, and gives the move played, the best move, the loss and a class "
        "(best, good, inaccuracy, mistake, blunder), then a summary per seat. Seats are counted "
        "from 0, as in records. Exit status 2 and a one-line error for a file that is not a "
        "record or a seat that does not exist."
    ),
    "cli.analyse.not_a_record": "{path!r} is not a game record that can be replayed: {reason}",
    "cli.analyse.screen": (
        "step through the game in a full-screen view: the table at each action, the better move"
    ),
    "cli.analyse.seat": (
        "review this seat (from 0; may be repeated; default: every seat the record's meta does "
        "not name a bot, else every seat)"
    ),
    "cli.analyse.budget": (
        "the expert's iterations per decision (default 200; the same review on any machine)"
    ),
    "cli.analyse.jobs": "value decisions in this many processes (default 1; the same review)",
    "cli.analyse.seed": "the review's seed (default 0)",
    "cli.analyse.format": "text: tables (default); json: the review as docs/BOTS.md gives it",
    # -------- the game review (``fives analyse``, the terminal's and the web's review)
    "review.computing": (
        "Reviewing the game: every decision valued by the expert (a few seconds)..."
    ),
    "review.progress": "Reviewing",
    "review.title": "Review of {record} ({preset}), the expert at {budget} iterations a decision",
    "review.class.best": "best",
    "review.class.good": "good",
    "review.class.inaccuracy": "inaccuracy",
    "review.class.mistake": "mistake",
    "review.class.blunder": "blunder",
    "review.unit.raw": "points",
    "review.unit.displayed": "fives",
    "review.col_hand": "Hand",
    "review.col_action": "Action",
    "review.col_seat": "Seat",
    "review.col_played": "Played",
    "review.col_best": "Best",
    "review.col_loss": "Loss ({unit})",
    "review.col_class": "Class",
    "review.col_win": "Win chance",
    "review.col_decisions": "Decisions",
    "review.col_mean_loss": "Mean loss ({unit})",
    "review.col_accuracy": "Accuracy",
    "review.tui_where": "Hand {hand}, action {index} (scores {scores}).",
    "review.tui_end": "The end of the record.",
    "review.tui_action": "Seat {seat} plays {move}.",
    "review.tui_judged": "{klass}, loss {loss}.",
    "review.tui_better": "Better: {move} (b shows it).",
    "review.tui_better_shown": "On the table: the better move {move}, highlighted.",
    "review.key_back": "back",
    "review.key_forward": "forward",
    "review.key_previous": "previous decision",
    "review.key_next": "next decision",
    "review.key_better": "better move",
    "review.key_close": "close",
    "review.seat_classes": "Seat {seat}: {counts}.",
    "review.summary": "Summary per seat",
    "review.no_decisions": "No decision to review: every move of these seats was forced.",
    "review.accuracy_note": (
        "Accuracy: the mean share of the gap between the worst and the best legal move that "
        "the move played closed (100: always the best move)."
    ),
    # -------- the terminal game (``fives play``)
    "tui.layout_empty": "(no tile on the table yet)",
    "tui.port_N": "north",
    "tui.port_S": "south",
    "tui.port_L": "left",
    "tui.port_R": "right",
    "tui.port_W": "west",
    "tui.port_E": "east",
    "tui.port_out": "end",
    "tui.open_ends": "Open ends:",
    "tui.count_is": "Count: {sum} = {total}",
    "tui.screen_title": "{game} · hand {hand} · target {target}",
    "tui.col_side": "Side",
    "tui.col_score": "Score",
    "tui.col_tally": "Paper tally",
    "tui.col_player": "Player",
    "tui.col_tiles_left": "Tiles left",
    "tui.col_pips": "Pips",
    "tui.col_rounded": "Rounded",
    "tui.col_before": "Before",
    "tui.col_change": "Change",
    "tui.col_after": "After",
    "tui.col_hand": "Hand",
    "tui.col_result": "Ended",
    "tui.your_hand": "Your hand:",
    "tui.pips_in_hand": "({pips} pips)",
    "tui.your_moves": "Your moves:",
    "tui.last_actions": "Last actions:",
    "tui.waiting_for": "{who} to play.",
    "tui.holds_tiles": "{who}: {count} tiles",
    "tui.holds_tile": "{who}: 1 tile",
    "tui.boneyard_one": "boneyard: 1 tile",
    "tui.boneyard_size": "boneyard: {count} tiles",
    "tui.move_draw": "draw a tile",
    "tui.move_pass": "pass",
    "tui.move_lead": "lead",
    "tui.move_on": "on #{node} ({port})",
    "tui.you": "You",
    "tui.compass_S": "South",
    "tui.compass_W": "West",
    "tui.compass_N": "North",
    "tui.compass_E": "East",
    "tui.bot_name": "{place} ({level})",
    "tui.partners": "{a} & {b}",
    "tui.the_deck": "The deck",
    "tui.level_random": "random",
    "tui.level_greedy": "greedy",
    "tui.level_heuristic": "heuristic",
    "tui.level_search": "search",
    "tui.level_expert": "expert",
    "tui.level_blurb_random": "plays any legal tile",
    "tui.level_blurb_greedy": "takes the most points now",
    "tui.level_blurb_heuristic": "also watches what it leaves you (a good first opponent)",
    "tui.level_blurb_search": "looks ahead over the hidden tiles",
    "tui.level_blurb_expert": "the strongest, thinks longer",
    "tui.hand_starts": "Hand {hand}: {who} leads.",
    "tui.hand_starts_you": "Hand {hand}: you lead.",
    "tui.ev_lead": "{who} leads {tile}",
    "tui.ev_lead_you": "You lead {tile}",
    "tui.ev_place": "{who} plays {tile} on {parent}",
    "tui.ev_place_you": "You play {tile} on {parent}",
    "tui.ev_draw": "{who} cannot play and draws a tile.",
    "tui.ev_draw_n": "{who} cannot play and draws {count} tiles.",
    "tui.ev_draw_you": "You cannot play: you draw {tiles}.",
    "tui.ev_pass": "{who} passes: no tile fits and nothing to draw.",
    "tui.ev_pass_you": "You pass: no tile fits and nothing to draw.",
    "tui.action_sep": ": ",
    "tui.deck_gains": "(+{points} for the deck)",
    "tui.count_scores": "ends {sum} = {total} -> +{points}",
    "tui.count_no_score_fifths": "ends {sum} = {total}, not a multiple of 5: no score",
    "tui.count_no_score_raw": "ends {sum} = {total}, not a multiple of 5: no score",
    "tui.count_no_score_fives_and_threes": (
        "ends {sum} = {total}, neither a multiple of 5 nor of 3: no score"
    ),
    "tui.hand_out": "{who} played their last tile: hand {hand} is over.",
    "tui.hand_out_you": "You played your last tile: hand {hand} is over.",
    "tui.hand_blocked": "Hand {hand} is blocked: nobody can play.",
    "tui.hand_target": "{who} reached {target}.",
    "tui.result_out": "out",
    "tui.result_blocked": "blocked",
    "tui.result_target": "target",
    "tui.reveal_title": "Hand {hand}: every hand revealed",
    "tui.settlement_title": "Settlement",
    "tui.settle_rule_debit_own": (
        "Each player loses their pips rounded to the nearest 5, in fifths (3 pips -> 1, 13 -> 3); "
        "nobody is credited."
    ),
    "tui.settle_rule_winner_collects": (
        "The winner collects every opponent's pips, each rounded to the nearest 5 (13 -> 15, 12 "
        "-> 10)."
    ),
    "tui.settle_rule_side_difference": (
        "Out: the winner collects the others' pips rounded to 5. Blocked: the lowest side scores "
        "the others' rounded pips minus its own; a tie scores nothing."
    ),
    "tui.settle_rule_self_debit": "Every side loses its own pips rounded to the nearest 5.",
    "tui.settle_rule_raw_pips": (
        "The winner of the hand scores all the other players' pips, unrounded."
    ),
    "tui.settle_rule_deck": (
        "A blocked hand gives the deck the pips left in your hand; going out costs nothing."
    ),
    "tui.settle_target": (
        "The target was reached during the hand: the game ends at once, with no settlement."
    ),
    "tui.settle_rule_none": "No settlement in this game.",
    "tui.summary_title": "Scores after each hand",
    "tui.game_won": "{who} wins the game!",
    "tui.game_won_you": "You win the game! ({who})",
    "tui.prompt": "{who}, your move (number, notation, or help) > ",
    "tui.handover": "Pass the keyboard to {who}, then press Enter > ",
    "tui.press_enter_results": "Press Enter for the results > ",
    "tui.press_enter_next_hand": "Press Enter for the next hand > ",
    "tui.options_in_play": "Options in play: {options}",
    "tui.help_text": (
        "Type the number of a move. You may also type a tile: 6-3 plays it where it fits "
        "(6-3@2 puts its 6 against the second tile laid), draw, pass.\n"
        "Commands: hint (the best bot's top moves), undo (back to your previous turn in this "
        "hand, against bots), tally (the scores, with Five Up's paper tally), save FILE, rules, "
        "moves (show the table again), help, quit.\n"
        "With muggins claims you count: 3=15 plays move 3 claiming 15 points (or type the move "
        "and answer how many points); muggins calls an opponent's short count.\n"
        "Ctrl-C or Ctrl-D leaves at any time; the game is saved."
    ),
    "tui.bad_number": "No move number {value}: choose 1 to {count}.",
    "tui.not_legal": "{value!r} is not one of your moves: type its number from the list.",
    "tui.bad_input": "{value!r} is neither a move nor a command: type help.",
    "tui.hint_title": "Hint from the strongest bot (best first):",
    # --- muggins claims in the terminal (RULES.md §9 O1)
    "tui.claim_ask": "How many points? ",
    "tui.claim_bad": (
        "Write the points as a whole number (0 if the tile scores nothing), "
        "not {value!r}."
    ),
    "tui.claim_not_here": (
        "{value}: only a tile you place carries a claim (and only with muggins "
        "claims)."
    ),
    "tui.claims": "claims {claim}",
    "tui.claims_you": "you claim {claim}",
    "tui.claims_over": "claims {claim}: more than the tile scores, so nothing",
    "tui.claims_over_you": "you claim {claim}: more than the tile scores, so nothing",
    "tui.muggins_offer": "{who} claimed {claim}. Call muggins? [y/n] ",
    "tui.muggins_not_now": "No muggins to call now: a call comes right after an opponent's tile.",
    "tui.ev_muggins": "{who} calls muggins and takes {points}",
    "tui.ev_muggins_you": "You call muggins and take {points}",
    "tui.ev_muggins_mistaken": "{who} calls muggins, but the count was right: nothing taken",
    "tui.ev_muggins_mistaken_you": "You call muggins, but the count was right: nothing taken",
    "tui.ev_penalty": "{who} takes the over-claim as a penalty: +{points}",
    "tui.ev_penalty_you": "You take the over-claim as a penalty: +{points}",
    "tui.hint_next": "next",
    "tui.hint_best": "best",
    "tui.hint_behind": "{value} points against the best (the bot's estimate for the hand)",
    "tui.hint_unavailable": "No hint available.",
    "tui.undo_hot_seat": "Undo is only for games against bots.",
    "tui.undo_nothing": "Nothing to undo: you have not played yet.",
    "tui.undone": "Back to your previous turn.",
    "tui.save_needs_file": "save needs a file name: save FILE",
    "tui.saved": "Game saved to {path}",
    "tui.saved_on_exit": "Game saved to {path}",
    "tui.save_failed": "Cannot save to {path}: {reason}",
    "tui.resume_hint": "Continue it with: {command} --resume {path}",
    "tui.resume_seats": (
        "Seats: {seats} (a record does not keep who was a bot; choose with --seats)."
    ),
    "tui.quit_save_ask": "Save the game before leaving? [Y/n] > ",
    "tui.yes_or_no": "{value!r}: answer y (yes) or n (no).",
    "tui.not_saved": "The game was not saved.",
    "tui.quit_file_ask": "File name [{path}] > ",
    "tui.end_save_ask": "Save the record of this game? [y/N] > ",
    "tui.welcome": "Welcome to fives: domino games where the ends count.",
    "tui.ask_preset": "Which game?",
    "tui.ask_players": "How many players ({low}-{high})?",
    "tui.bad_players_number": "{value!r} is not a number from {low} to {high}.",
    "tui.ask_teams": "Play in partnerships (partners sit opposite)?",
    "tui.teams_yes": "yes, two teams of two",
    "tui.teams_no": "no, everyone for themselves",
    "tui.ask_opponents": "Opponents?",
    "tui.opp_friends": "friends at this keyboard",
    "tui.ask_solo": "Who plays?",
    "tui.opp_me": "me",
    "tui.opp_bot_solo": "a {level} bot (watch it play)",
    "tui.menu_prompt": "Your choice [{default}] > ",
    "tui.bad_choice": "{value!r} is not in the list: type 1 to {count}, or Enter.",
    "tui.arg_help": "play a game in the terminal against bots or friends",
    "tui.arg_description": (
        "Play Five Up, All Fives, Multiples of five and the other presets in the terminal. "
        "Without options it asks what to play."
    ),
    "tui.arg_preset": (
        "game to play: five-up, all-fives, multiples-of-five, five-up-solitaire, "
        "fives-and-threes, draw, block (or an alias)"
    ),
    "tui.arg_players": "number of players (1 for the solitaire, else 2-4)",
    "tui.arg_partnerships": "four players as two teams, partners sitting opposite",
    "tui.arg_option": "a rules option (RULES.md section 9), e.g. target=100; repeatable",
    "tui.arg_seats": (
        "who sits where, seat 0 first, comma-separated: human or a bot level (random, greedy, "
        "heuristic, search, expert), e.g. human,greedy"
    ),
    "tui.arg_level": "bot level of the seats not given (default {level})",
    "tui.arg_lang": "language: en or fr (default: from the environment)",
    "tui.arg_seed": "seed of the shuffles and bots, for a game you can replay",
    "tui.arg_resume": "continue a saved game (a record file)",
    "tui.arg_save": "write the game's record to FILE when it ends or is interrupted",
    "tui.arg_no_color": "no colours",
    "tui.arg_no_tally": "hide the Five Up paper tally",
    "tui.arg_delay": "seconds to pause after each bot move when redrawing (default 0.6)",
    "tui.arg_counting": (
        "under muggins claims, how the bots count: human (the weaker ones sometimes count short "
        "or let your short count go; the default) or exact"
    ),
    "tui.arg_think": "seconds the stronger bots may think per move (default 1.0)",
    "tui.err_not_int": "invalid {what} {value!r}: expected a whole number",
    "tui.err_too_small": "invalid {what} {value!r}: expected {low} or more",
    "tui.err_not_seconds": "invalid {what} {value!r}: expected seconds from 0 to 60",
    "tui.err_option": "invalid --option {value!r}: expected KEY=VALUE, e.g. target=100",
    "tui.err_seat": (
        "invalid seat {value!r}: expected human or a bot level (random, greedy, heuristic, "
        "search, expert, or 1-5)"
    ),
    "tui.err_seat_count": (
        "invalid --seats {value!r}: {count} seats given, expected {players} (one per player)"
    ),
    "tui.err_lang": "invalid --lang {value!r}: expected one of {langs}",
    "tui.err_save_exists": (
        "{path!r} already exists: give --save a new file (a saved game goes on with "
        "--resume {path})"
    ),
    "tui.err_read": "cannot read {path!r}: {reason}",
    "tui.err_not_record": "invalid record {path!r}: expected a UTF-8 JSON game record",
    "tui.err_no_rich": "the terminal game needs the rich library: pip install 'fives[tui]'",
    "tui.err_resume_rules": (
        "--resume takes the rules from the record: leave out --preset, --players, --partnerships "
        "and --option"
    ),
    "tui.number_prompt": "{question} [{default}] > ",
    "tui.undo_reveal": "Undo cannot go back past the end of a hand: its tiles have been shown.",
    "tui.not_understood": (
        "{value!r} is neither a move nor a command: type a move's number (1 to {count}), or help."
    ),
    "tui.not_held": "You do not hold {tile}: type a move's number (1 to {count}).",
    "tui.cannot_go": "{tile} cannot be played there: type a move's number (1 to {count}).",
    "tui.not_now": "You cannot {what} now: type a move's number (1 to {count}).",
    "tui.which": "{tile} fits in more than one place: type the number of one ({numbers}).",
    "tui.on": "on {tile}",
    "tui.more_lines": "… {count} more lines: enlarge the terminal to read them all",
    "tui.arg_plain": "plain lines instead of the full screen (for pipes and screen readers)",
    # -------- the terminal game on the full screen, saving (``fives play``)
    "tui.app.thinking": "{who} is thinking…",
    "tui.app.overwrite_ask": "{path} already exists: replace it? [y/N] > ",
    "tui.app.not_overwritten": "{path} was left as it was; save FILE with another name.",
    "tui.key.help": "help",
    "tui.key.whole_table": "whole table",
    "tui.key.sheet": "scores",
    "tui.key.interrupt": "leave",
    "tui.key.close": "back",
    "tui.key.next": "go on",
    "tui.key.review": "review",
    "tui.app.keys_help": (
        "Keys: F1 this help; F2 the whole table (arrows and Page Up/Down scroll it, Esc or F2 "
        "back); F3 the scores and the score sheet; Up and Down at the prompt bring back what "
        "you typed; Esc closes what is shown over the table; Ctrl-Z suspends (fg to come back)."
        " The mouse: click a move to play it, or a tile of your hand then the tile of the table"
        " it goes on."
    ),
    # -------- the browser game (the page fetches the ``web.`` keys from /api/messages)
    "web.title": "Fives: dominoes in the browser",
    "web.review.class.best": "best",
    "web.review.class.good": "good",
    "web.review.class.inaccuracy": "inaccuracy",
    "web.review.class.mistake": "mistake",
    "web.review.class.blunder": "blunder",
    "web.review.unit.raw": "points",
    "web.review.unit.displayed": "fives",
    "web.review.col_seat": "Seat",
    "web.review.col_decisions": "Decisions",
    "web.review.col_mean_loss": "Mean loss ({unit})",
    "web.review.col_accuracy": "Accuracy",
    "web.review.summary": "Summary per seat",
    "web.review.accuracy_note": (
        "Accuracy: the mean share of the gap between the worst and the best legal move that "
        "the move played closed (100: always the best move)."
    ),
    "web.review.title": "Review of the game",
    "web.review.open": "Review the game",
    "web.review.replay": "The game, move by move",
    "web.review.keys": "The arrow keys step back and forward too.",
    "web.review.graph": "Win chance",
    "web.review.decisions": "Decisions",
    "web.review.back": "Back",
    "web.review.forward": "Forward",
    "web.review.no_link": (
        "This page needs the link of a seat or of the spectators of a table, with #t= or #w=."
    ),
    "web.review.queued": "Your review is waiting its turn ({ahead} before it).",
    "web.review.running": "Reviewing: {done} of {total} decisions valued.",
    "web.review.busy": "A review you asked for is still being computed: wait until it is ready.",
    "web.review.full": (
        "The server is reviewing as many games as it can: try again in a minute."
    ),
    "web.review.not_over": "A game can be reviewed once it is over.",
    "web.review.bad_request": "Expected a JSON object with the link's token and the game.",
    "web.review.you": "You",
    "web.review.seat": "Seat {seat}",
    "web.review.where": "Hand {hand}, action {index} ({n} of {count})",
    "web.review.scores": "Scores {scores}.",
    "web.review.end": "The end of the game.",
    "web.review.plays": "{seat}: {move}.",
    "web.review.loss": "(loss {loss} {unit}).",
    "web.review.better": "Better: {move}, drawn on the table.",
    "web.review.board": "The table, {tiles} tiles.",
    "web.review.better_drawn": "The better move is drawn as a pale tile.",
    "web.review.no_model": "No win-chance model covers these rules.",
    "web.review.graph_desc": (
        "The chance that {side} wins, after every action; the mistakes and blunders are marked."
    ),
    "web.review.percent": "{n}%",
    "web.review.side0": "the first side",
    "web.review.your_side": "your side",
    "web.review.item": "Hand {hand}, action {index}, {seat}: {played} (best {best}, loss {loss})",
    "web.tagline": "No sign-up. Share a link and start playing.",
    "web.new_table": "New table",
    "web.variant": "Variant",
    "web.players": "Players",
    "web.partnerships": "Partnerships (seats 1 & 3 against 2 & 4)",
    "web.target": "Target",
    "web.timer": "Turn timer",
    "web.timer_off": "off",
    "web.seconds": "{n} s",
    "web.seats": "Who sits where",
    "web.seat_n": "Seat {n}",
    "web.kind_me": "me",
    "web.kind_friend": "a friend (by link)",
    "web.kind_bot": "bot: {level}",
    "web.create": "Create the table",
    "web.language": "Language",
    "web.level.random": "random",
    "web.level.greedy": "greedy",
    "web.level.heuristic": "heuristic",
    "web.level.search": "search",
    "web.level.expert": "expert",
    "web.links": "Links",
    "web.links_help": (
        "Each seat has its own secret link: send it only to the person who sits there."
    ),
    "web.copy": "Copy",
    "web.copied": "Copied",
    "web.watch_link": "Spectators",
    "web.you": "You",
    "web.seat_label": "Seat {n}",
    "web.bot_label": "Bot {n}",
    "web.friend_label": "Player {n}",
    "web.deck": "The deck",
    "web.offline": "away",
    "web.side": "Side {n}",
    "web.team": "{a} & {b}",
    "web.tiles_left": "tiles: {n}",
    "web.partner": "partner",
    "web.boneyard": "Boneyard: {n}",
    "web.hand_no": "Hand {n}",
    "web.your_turn": "Your turn",
    "web.turn_of": "{name} to play",
    "web.turn_of_you": "Your turn",
    "web.pick_tile": "Pick a highlighted tile, then a green end.",
    "web.pick_end": "Now pick a green end.",
    "web.lead_any": "Lead a tile.",
    "web.draw": "Draw",
    "web.pass": "Pass",
    "web.must_draw": "No tile fits: draw.",
    "web.must_pass": "No tile fits and nothing to draw: pass.",
    "web.next_hand": "Next hand",
    "web.rematch": "Rematch",
    "web.download": "Download the record",
    "web.new_game_link": "New table",
    "web.time_left": "{n} s left",
    "web.spectating": "You are watching.",
    "web.layout_desc": "Open ends {ends}; counted total {total}.",
    "web.empty_layout": "The table is empty.",
    "web.scores": "Scores",
    "web.target_is": "target {n}",
    "web.log": "What happened",
    "web.ev.lead": "{name} led {tile}.",
    "web.ev.lead_scored": "{name} led {tile}: {sum} = {total}, +{points}.",
    "web.ev.lead_you": "You led {tile}.",
    "web.ev.lead_scored_you": "You led {tile}: {sum} = {total}, +{points}.",
    "web.ev.place": "{name} put {tile} on the {end} end.",
    "web.ev.place_scored": "{name} put {tile} on the {end} end: {sum} = {total}, +{points}.",
    "web.ev.place_you": "You put {tile} on the {end} end.",
    "web.ev.place_scored_you": "You put {tile} on the {end} end: {sum} = {total}, +{points}.",
    "web.pips": "{n} pips",
    "web.pips_round5": "{n} pips, rounded {r}",
    "web.pips_fifths": "{n} pips = {r} (rounded to fifths)",
    "web.no_tiles": "no tile left",
    "web.ends_sum": "Open ends: {sum} = {total}.",
    "web.ends_uncounted": "Spinner arms not counted yet: {ends}.",
    "web.end_plain": "the {value} end, {dir}",
    "web.end_spinner": "the {value} end of the spinner, {dir}",
    "web.dir.north": "north",
    "web.dir.south": "south",
    "web.dir.east": "east",
    "web.dir.west": "west",
    "web.play_on": "Play {tile} on {end}",
    "web.not_playable": "(cannot be played now)",
    "web.your_hand": "Your hand",
    "web.board": "The table",
    "web.scores_now": "Scores: {scores}.",
    "web.sound_on": "Sound: on",
    "web.sound_off": "Sound: off",
    "web.ev.draw_you": "You drew a tile.",
    "web.ev.draw_charged_you": "You drew a tile (+{cost} for the deck).",
    "web.ev.pass_you": "You passed.",
    "web.ev.hand_out_you": "Hand {hand} over: you went out.",
    "web.ev.game_end_you": "Game over: you win, {scores}.",
    "web.ev.draw": "{name} drew a tile.",
    "web.ev.draw_charged": "{name} drew a tile (+{cost} for the deck).",
    "web.ev.pass": "{name} passed.",
    "web.ev.timer": "(time ran out: the server played)",
    "web.ev.away": "(away: a bot played instead)",
    "web.ev.hand_start": "Hand {hand}: {leader} leads.",
    "web.ev.hand_start_you": "Hand {hand}: you lead.",
    "web.ev.hand_out": "Hand {hand} over: {name} went out.",
    "web.ev.hand_blocked": "Hand {hand} over: blocked.",
    "web.ev.hand_target": "Hand {hand} stopped: the target is reached.",
    "web.ev.settle": "Settlement: {deltas}.",
    "web.ev.game_end": "Game over: {name} wins, {scores}.",
    "web.ev.game_end_team": "Game over: {name} win, {scores}.",
    "web.reveal": "Hands at the end of the hand",
    "web.quick.title": "Play dominoes",
    "web.quick.variant": "{name}, {n} players",
    "web.quick.rules": "The rules",
    "web.quick.bot": "Play the computer",
    "web.quick.bot_go": "Play",
    "web.quick.friend": "Play a friend",
    "web.quick.friend_help": "A link to send: your friend takes the other seat.",
    "web.quick.friend_go": "Get the link",
    "web.quick.now": "Play now",
    "web.quick.now_help": "With whoever is waiting; bots fill the empty seats.",
    "web.quick.more": "More options: variant, players, target, timer",
    "web.invite.title": "Invite your friend: send them this link",
    "web.invite.share": "Share",
    "web.hand_over": "Hand {n} is over",
    "web.sniff_short_us": "across",
    "web.sniff_short_british": "along",
    "web.not_found.title": "Page not found",
    "web.not_found.text": (
        "There is nothing at this address. A table's link has its secret after the # "
        "sign: copy it whole."
    ),
    "web.not_found.home": "Back to the start page",
    "web.err.network": "The server cannot be reached: check your connection, then try again.",
    "web.err.not_json": "The server answered with an error ({status}): try again in a moment.",
    "web.retry": "Try again",
    "web.rules.sniff_option": (
        "This game may be played with a sniff (an option when the table is made):"
    ),
    "web.rules.link": "The rules of this game",
    "web.winner_one": "{name} wins the game",
    "web.winner_two": "{a} and {b} win the game",
    "web.winner_you_two": "You and {b} win the game",
    "web.winner_you": "You win!",
    "web.winner": "{name} wins.",
    "web.connecting": "Connecting…",
    "web.reconnecting": "Connection lost, reconnecting…",
    # --- why the server closed the table's connection (protocol.CLOSE_*)
    "web.closed.too_slow": "The connection fell behind (frames were not read).",
    "web.closed.forbidden": "This page's address is not allowed by the server.",
    "web.closed.timeout": "The connection did not join its table in time.",
    "web.closed.too_many": "Too many connections or wrong links from your address.",
    "web.closed.flood": "This page sent too many messages for too long.",
    "web.no_link": "This link is not a seat or spectator link of any table.",
    "web.tally": "paper tally",
    "web.zoom_in": "Zoom in",
    "web.zoom_out": "Zoom out",
    "web.zoom_fit": "Fit",
    # jargon explained where a newcomer first meets it (terms.js): the word as the texts write
    # it (lower case), and one or two sentences
    "web.term.ask": "What does “{term}” mean?",
    "web.term.spinner.word": "spinner",
    "web.term.spinner": (
        "A double that takes tiles on all four sides: first its two ends, then, once both are "
        "covered, its two sides."
    ),
    "web.term.sniff.word": "sniff",
    "web.term.sniff": (
        "The first double of the hand, the only spinner. US: across the line, its free ends keep "
        "counting. British: along the line, with room for one tile on each side."
    ),
    "web.term.overdraw.word": "overdraw",
    "web.term.overdraw": (
        "Drawing a tile while you could have played one. Allowed only in the solitaire: each "
        "overdraw gives the deck 3 points."
    ),
    "web.term.handicap.word": "handicap",
    "web.term.handicap": (
        "Points the deck gets at the start of every hand of the solitaire (5 for a beginner, 10 "
        "for an experienced player), to make up for the few it scores in play."
    ),
    "web.term.boneyard.word": "boneyard",
    "web.term.boneyard": "The face-down tiles left after the deal, the ones you draw from.",
    "web.spinner": "spinner",
    # --- playing with people (together.js, yours.js)
    "web.together.name": "Your name",
    "web.together.name_help": "Optional, up to 20 characters: shown to the table.",
    "web.together.your_games": "Your games",
    "web.together.your_game": "{preset}, {players} players, hand {hand}",
    "web.together.go_back": "Go back",
    "web.together.grace": "A bot plays for a player who left after",
    "web.together.match": "Match: {score}",
    "web.together.waiting_for": "Waiting for {names} to press Next hand.",
    "web.together.others_ready": "{names} pressed Next hand.",
    "web.together.ready": "Ready: waiting for the others",
    "web.together.offer": "{names} offers a rematch.",
    "web.together.offered": "Rematch offered: waiting for {names}.",
    "web.together.rematch_offered": "Rematch offered",
    "web.together.rematch_accept": "Accept the rematch",
    "web.together.away_in": "{name} left: a bot plays for them in {n} s.",
    "web.together.away_bot": "{name} left: a bot plays for them until they come back.",
    "web.together.bot_now": "Let a bot play now",
    "web.together.hint": "Hint",
    "web.together.undo": "Undo",
    "web.together.best": "best",
    "web.together.behind": "{value} {unit} behind",
    "web.together.unit_points": "points",
    "web.together.unit_marks": "marks",
    "web.together.sheet": "Score sheet",
    "web.together.sheet_hand": "Hand",
    "web.together.sheet_result": "End",
    "web.together.result_out": "domino",
    "web.together.result_blocked": "blocked",
    "web.together.result_target": "target reached",
    "web.lobby.cancel": "Cancel",
    "web.lobby.cancelled": "Seat given back.",
    # --- the lobby (Play now) ---
    "web.lobby.title": "Play now",
    "web.lobby.intro": (
        "Sit at the oldest open public table of this variant, or open one. Bots take the "
        "seats still empty after the wait."
    ),
    "web.lobby.wait": "Bots after",
    "web.lobby.level": "Bot level",
    "web.lobby.play": "Play now",
    "web.lobby.waiting": "Seat {seat} of {players}: {taken} seated; bots in {n} s.",
    "web.lobby.starting": "The table starts…",
    "web.lobby.open_tables": "Waiting for players",
    "web.lobby.playing_tables": "Games to watch",
    "web.lobby.none": "None right now.",
    "web.lobby.row_waiting": "{preset}, {taken} of {players} seated, bots in {n} s",
    "web.lobby.row_playing": "{preset}, {players} players",
    "web.lobby.watch": "Watch",
    "web.err.lobby_players": (
        "Players '{value}': expected 2, 3 or 4 (the lobby seats people together)."
    ),
    "web.err.lobby_wait": "Wait '{value}': expected one of {expected} seconds.",
    "web.err.lobby_level": "Bot level '{value}': expected one of {expected}.",
    "web.err.lobby_seat": "Unknown lobby seat: expected the room and token that Play now gave.",
    "web.err.lobby_rate": "Too many lobby requests from your address: slow down.",
    "web.err.lobby_seats": (
        "Your address holds {limit} seats of the lobby already: cancel one or wait for its game."
    ),
    "web.err.lobby_rooms": (
        "Your address waits in {limit} rooms already: cancel one or wait for its game."
    ),
    "web.err.lobby_closed": "This room was closed: press Play now again.",
    "web.err.lobby_started": "The game has started: your seat is kept for you.",
    "web.err.illegal_move": "Move '{move}' is not legal here; legal: {legal}.",
    "web.err.move_draw": "draw",
    "web.err.move_pass": "pass",
    "web.err.move_none": "none",
    "web.err.json_only": "Content type '{value}': expected application/json.",
    "web.err.metrics": "Metrics are for this host, or for a holder of the metrics token.",
    "web.err.origin": "Tables are created from this site's page only.",
    "web.deal_committed": "Fair deal: locked in before dealing, checked here after the hand.",
    "web.deal_verified": "Fair deal: checked. This is the deal the server locked in before.",
    "web.deal_failed": "Deal check FAILED: the revealed seed does not give this deal.",
    "web.deal_unchecked": "Deal not checked here (this page needs https to hash).",
    "web.deal_short_committed": "Fair deal: sealed before dealing",
    "web.deal_short_verified": "Fair deal: checked ✓",
    "web.deal_short_failed": "Deal check FAILED",
    "web.deal_short_unchecked": "Deal not checked (needs https)",
    "web.game_over": "Game over",
    "web.err.tables_rate": "Too many new tables from your address: at most {limit} a minute.",
    # -------- ``fives tournament`` / ``fives match``
    "bots.tournament_help": "play bot levels against each other (round robin, duplicate deals)",
    "bots.match_help": "play two bots against each other (duplicate deals)",
    "bots.tournament_description": (
        "Round robin between bot levels on duplicate deals. A bot is LEVEL or LEVEL:BUDGET "
        "(random, greedy, heuristic, search, expert or 1-5; budget like 250ms, 1s or 200it), "
        "e.g. `fives tournament greedy heuristic expert:100ms --games 40`."
    ),
    "bots.match_description": (
        "Two bots on duplicate deals, e.g. `fives match expert greedy --games 100 --jobs 2 "
        "--out results/ --preset all-fives`."
    ),
    "bots.arg_bots": "bots to play, LEVEL[:BUDGET]",
    "bots.arg_first": "first bot, LEVEL[:BUDGET]",
    "bots.arg_second": "second bot, LEVEL[:BUDGET]",
    "bots.arg_preset": (
        "five-up, all-fives, five-up-solitaire, multiples-of-five, draw, block, "
        "fives-and-threes or an alias (default all-fives)"
    ),
    "bots.arg_players": "number of players (1 for the solitaire, else 2-4)",
    "bots.arg_partnerships": "four players as two teams",
    "bots.arg_games": "games per pairing (duplicate pairs count as two; default 20)",
    "bots.arg_budget": (
        "thinking budget for bots given without one, e.g. 250ms, 1s, 200it (default: each "
        "level's own)"
    ),
    "bots.arg_seed": "seed of the deals and bots (default 1)",
    "bots.arg_counting": (
        "under muggins claims: bots count exactly (default), or like people (the lower levels "
        "sometimes count short or let a short count go)"
    ),
    "bots.arg_jobs": "parallel worker processes (default 1)",
    "bots.arg_no_duplicate": "do not replay each deal with the seats swapped",
    "bots.arg_out": "write results.json and winrates.svg to DIR",
    "bots.arg_quiet": "no progress bar",
    "bots.progress": "Games",
    "bots.title": "{preset}: {games} games per pairing, seed {seed}",
    "bots.col_bot": "Bot",
    "bots.col_vs": "Against",
    "bots.col_games": "Games",
    "bots.col_wins": "Wins",
    "bots.col_rate": "Win rate",
    "bots.col_ci": "95% interval",
    "bots.col_points": "Points/hand",
    "bots.col_elo": "Elo",
    "bots.col_median": "Median ms/decision",
    "bots.col_worst": "Worst ms/decision",
    "bots.deck": "the deck",
    "bots.no_result": "{count} game(s) without a result (stopped after too many actions)",
    "bots.field_note": (
        "{players} individual players: the first bot plays one seat against a field of the second "
        "(an even share is {share:.0%})"
    ),
    "bots.ratings": "Ratings (Elo, mean 1500)",
    "bots.written": "Results written to {path}",
    "bots.plot_title": "{preset}: win rate with 95% interval",
    "bots.bad_bot": (
        "invalid bot {spec!r}: expected LEVEL or LEVEL:BUDGET, e.g. expert:250ms, search:200it, "
        "greedy ({why})"
    ),
    "bots.need_two": "a tournament needs at least two bots, got {count}",
    "bots.bad_count": "invalid {name} {value!r}: expected a positive whole number",
    "bots.bad_seed": "invalid --seed {value!r}: expected a whole number",
    "bots.bad_budget": "invalid budget {value!r}: expected e.g. 250ms, 1s or 200it",
    "bots.bad_out": "cannot write results to {path!r}: {reason}",
    # --- the historical presets (RULES.md §9 O14) and the sniff (O4)
    "preset.name.cribbage-dominoes-1863": "Cribbage dominoes (1863)",
    "preset.name.muggins-1864": "Muggins (1864)",
    "preset.short.cribbage-dominoes-1863": "historical: Muggins in fifths (15 -> 3); first to 31",
    "preset.short.muggins-1864": "historical: Muggins to 200 (150 with 3-4 players)",
    "preset.blurb.cribbage-dominoes-1863": "historical: Muggins counted in fifths (15 = 3); to 31",
    "preset.blurb.muggins-1864": "historical: Muggins to 200 (150 with 3-4 players)",
    "preset.rules.cribbage-dominoes-1863": (
        "The 1863 form of Muggins, as Multiples of five: a plain line with two ends, no spinner, "
        "7 tiles each with two players (5 with three or four). The holder of the highest double "
        "leads it; after an out hand the out player leads any tile. When the two ends make a "
        "multiple of 5 you score a fifth of it (15 -> 3). Out: collect each opponent's hand "
        "rounded to the nearest 5, divided by 5; blocked: the side with the fewest pips scores "
        "the others' rounded totals minus its own, in fifths. The first to 31 wins at once."
    ),
    "preset.rules.muggins-1864": (
        "The 1864 form of Muggins, as Multiples of five: a plain line with two ends, no spinner, "
        "7 tiles each with two players (5 with three or four). The holder of the highest double "
        "leads it; after an out hand the out player leads any tile. When the two ends make a "
        "multiple of 5 you score that total. Out: collect each opponent's hand rounded to the "
        "nearest 5; blocked: the side with the fewest pips scores the others' rounded totals "
        "minus its own. The first to 200 wins at once (150 with three or four players). No "
        "muggins calls."
    ),
    "preset.card.cribbage-dominoes-1863": (
        "Multiples of five as played in 1863, counted in fifths: a line with two ends; a "
        "multiple of 5 on the ends scores a fifth of it (15 = 3). Out or blocked as in Muggins, "
        "in fifths. First to 31 wins at once."
    ),
    "preset.card.muggins-1864": (
        "Muggins as played in 1864: a line with two ends; a multiple of 5 on the ends scores its "
        "value. Out or blocked as in Multiples of five. First to 200 (150 with three or four "
        "players) wins at once."
    ),
    "web.historical": "Historical",
    "option.sniff": (
        "the first double is the sniff (none; us: crosswise, its ends keep counting; british: "
        "endwise, one tile on each side)"
    ),
    "rules.sniff.us": (
        "Sniff (US form): the first double played is the sniff, laid crosswise, and the only "
        "spinner; every other double is a plain crosswise double with no branches. The first "
        "two tiles on the sniff go against its two sides in the line; then its two ends open. "
        "While a side in the line is free it counts both halves; after that each of its ends "
        "with no tile on it keeps counting its value."
    ),
    "rules.sniff.british": (
        "Sniff (British form): the first double played is the sniff, laid endwise in the line, "
        "so it counts its free ends like any tile (both halves when it leads and nothing is on "
        "it). Each of its two sides takes exactly one tile, at once; a side tile counts its "
        "outer end for the rest of the hand but can never be played on. Every other double is "
        "a plain crosswise double with no branches."
    ),
    "rules.sniff.choice": (
        "Whoever places the sniff chooses its form for the hand: 4-4:us (crosswise) or "
        "4-4:british (endwise), 4-4@2:british for a sniff played on tile #2. Without the "
        "suffix the sniff takes the {form} form."
    ),
    "option.sniff_orientation_choice": (
        "whoever places the sniff chooses its form (4-4:us or 4-4:british; no suffix: sniff)"
    ),
    # --- muggins claims (RULES.md §9 O1, §8 X-6) and the muggins-1868 preset
    "preset.name.muggins-1868": "Muggins (1868)",
    "preset.short.muggins-1868": "historical: Muggins to 200 where you count your own points",
    "preset.blurb.muggins-1868": "historical: count your own points; opponents call muggins",
    "preset.rules.muggins-1868": (
        "The 1868 form of Muggins: the 1864 game (a plain line with two ends, no spinner, 7 "
        "tiles each with two players, 5 with three or four; the highest double leads; a "
        "multiple of 5 on the ends scores that total; first to 200, 150 with three or four, "
        "wins at once) where you count your own points."
    ),
    "preset.card.muggins-1868": (
        "Muggins as played from 1868: as 1864, but you announce what each of your tiles scores; "
        "count short and an opponent may call muggins and take the difference. First to 200 "
        "(150 with three or four players) wins at once."
    ),
    "option.muggins_claims": (
        "you announce what each tile scores; an opponent may call muggins on a short count"
    ),
    "option.muggins_overclaim": (
        "an over-claim scores nothing (void), or also gives the claim to the next opponent "
        "(foster_penalty)"
    ),
    "rules.muggins.claims": (
        "Muggins claims: with every tile you place, you announce what it scores (6-3@2=15, or "
        "5-5=10 for a lead); nobody counts for you. Announce the right number and you score it. "
        "Announce less and you score what you announced; until the next action by anyone (a "
        "tile, a draw, a pass), any opponent may call muggins (muggins:1 for seat 1) and take "
        "the points you missed. Only the first call counts. A call on a count that was not "
        "short is a mistake: it scores nothing and costs nothing. A tile that ends the hand or "
        "the game leaves no time to call. A call does not change whose turn it is."
    ),
    "rules.muggins.void": "Announce more than the tile scores and you score nothing for it.",
    "rules.muggins.foster_penalty": (
        "Announce more than the tile scores and you score nothing for it, and the next opponent "
        "in turn scores what you announced (Foster's penalty)."
    ),
    "replay.muggins": "hand {hand} | player {seat} calls muggins | +{points} | scores {scores}",
    "replay.penalty": (
        "hand {hand} | player {seat} takes the over-claim as a penalty | +{points} | scores "
        "{scores}"
    ),
    "error.missing_claim": (
        "The move {text!r} needs its claim: write what it scores, like 6-3@2=15 or 5-5=10."
    ),
    "error.invalid_claim": "Cannot read the claim in {text!r}: write a whole number, like =15.",
    "error.no_claims": (
        "{text!r}: claims (=15) and muggins calls exist only with the muggins_claims option."
    ),
    "error.invalid_counting": "Invalid counting {value}: expected exact or human.",
    "error.reason.muggins_closed": (
        "no muggins call is open: a call comes right after a placement, before the next action"
    ),
    "error.reason.muggins_called": "seat {caller} has already called muggins on this tile",
    "error.reason.muggins_own_side": "seat {seat} is on the side of seat {placer}, who placed",
    "error.reason.muggins_no_seat": "there is no seat {seat}",
    "error.reason.no_claims": "claims and muggins calls need the muggins_claims option",
    "web.lead_tile": "Lead {tile}",
    "web.sniff_as_us": "as a US sniff (across the line)",
    "web.sniff_as_british": "as a British sniff (along the line, one tile each side)",
    "web.sniff": "Sniff (the first double)",
    "web.sniff_none": "none",
    "web.sniff_us": "US: across, its ends keep counting",
    "web.sniff_british": "British: along the line, one tile each side",
    "web.sniff_choice": "Whoever places the sniff chooses its form",
    "error.bad_sniff": "Sniff '{value}': expected none, us or british.",
    "error.bad_sniff_choice": "Sniff choice '{value}': expected true or false.",
    # Muggins claims at a web table (RULES.md §9 O1; fives.web.claims_window)
    "error.claim_without_claims": "Claim {value}: this table plays without muggins claims.",
    "error.claim_in_move": (
        "Move '{move}': give the claim apart (the points field), not in the move."
    ),
    "error.muggins_by_play": "Move '{move}': call muggins with its own button.",
    "error.claim_not_placement": (
        "Claim {value} with '{move}': only a tile you place carries a claim."
    ),
    "error.claim_missing": "Move '{move}' has no claim: say how many points the tile scores.",
    "error.bad_claim": "Claim {value}: expected a whole number from 0 to {limit}.",
    "error.muggins_no_claims": "No muggins at this table: it plays without muggins claims.",
    "error.muggins_hand_over": "No muggins now: the hand is over.",
    "error.muggins_called": (
        "Muggins was already called by seat {seat}: only the first call counts."
    ),
    "error.muggins_closed": (
        "No muggins to call now: a call comes right after an opponent's tile, before the next "
        "action."
    ),
    "error.muggins_own_side": (
        "Seat {seat} may not call on seat {placer}'s tile: only another side calls muggins."
    ),
    "error.undo_claims": "No undo when you count your own points (muggins claims).",
    "error.hint_claims": "No hint when you count your own points (muggins claims).",
    "error.claims_only": "{field}: only at a table with muggins claims.",
    "error.bad_counting": "Bot counting '{value}': expected exact or human.",
    "error.bad_call_window": "Call window '{value}': expected 0 to 30 seconds.",
    "error.bad_muggins_claims": "Muggins claims '{value}': expected true or false.",
    "error.bad_overclaim": "Over-claim '{value}': expected void or foster_penalty.",
    "web.claims": "Count your own points (muggins claims)",
    "web.claims_desc": (
        "You announce what each tile scores; count short and an opponent may call muggins and "
        "take the difference."
    ),
    "web.overclaim": "A claim above the score",
    "web.overclaim_void": "scores nothing",
    "web.overclaim_foster_penalty": "scores nothing, and the next opponent scores it (Foster)",
    "web.counting": "Bots count",
    "web.call_window": "Time to call muggins before a bot or the timer plays",
    "web.call_window_off": "none",
    "web.counting_human": "like people: the weaker ones sometimes miss",
    "web.counting_exact": "exactly: every short claim is called",
    "web.claim.label": "Points you claim for {tile}",
    "web.claim.play": "Play {tile}",
    "web.claim.cancel": "Cancel",
    "web.claim.more": "More points",
    "web.claim.less": "Fewer points",
    "web.claim.needed": "Say how many points the tile scores (a whole number).",
    "web.claim.count": "You count your own points: claim short and an opponent may call muggins.",
    "web.muggins": "Muggins!",
    "web.muggins_left": "Muggins! ({n} s left)",
    "web.muggins_offer": "{name} claimed {claim}: call muggins if the count was short.",
    "web.ends_only": "Open ends: {ends}.",
    "web.ev.lead_claim": "{name} led {tile} and claimed {claim}.",
    "web.ev.lead_claim_you": "You led {tile} and claimed {claim}.",
    "web.ev.place_claim": "{name} put {tile} on the {end} end and claimed {claim}.",
    "web.ev.place_claim_you": "You put {tile} on the {end} end and claimed {claim}.",
    "web.ev.claim_over": "More than the tile scores: it scores nothing.",
    "web.ev.muggins": "{name} called muggins and took {points}.",
    "web.ev.muggins_you": "You called muggins and took {points}.",
    "web.ev.muggins_mistaken": "{name} called muggins, but the count was right: nothing taken.",
    "web.ev.muggins_mistaken_you": "You called muggins, but the count was right: nothing taken.",
    "web.ev.penalty": "{name} takes the over-claim as a penalty: +{points}.",
    "web.ev.penalty_you": "You take the over-claim as a penalty: +{points}.",
    "web.overdraw": "Draw anyway: +{cost} to the deck",
    "web.overdraw_confirm": "Click again to draw: +{cost} to the deck",
    "web.deck_from": "handicap {handicap} · overdraws {draws} · block {block}",
    "tui.sniff_us": "as a US sniff (across, its ends keep counting)",
    "tui.sniff_british": "as a British sniff (along the line, one tile each side)",
    "tui.overdraw_ask": "A tile fits: draw anyway, +{cost} to the deck? [y/N] > ",
    "tui.overdraw_not": "No draw: play a tile (or type the overdraw's number).",
    "tui.menu_historical": "Historical:",
    "tui.move_overdraw": "draw anyway: +{cost} to the deck",
    "tui.deck_from": "handicap {handicap} + overdraws {draws} + block {block}",
    "tui.hint_expect": "expected: you {points}, the deck {against}",
    "tui.hint_fish": "the tile drawn scores at once in {odds}% of the deals",
}
