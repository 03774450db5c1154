"""Names vulture reports as unused that are used, for ``vulture`` in scripts/test.sh.

Vulture reads this file, it is never run. Each line names what vulture cannot see being used;
say why beside it. Dead code goes, it does not come here.
"""

from rich.console import Console

from fives.cli import common
from fives.game import Game
from fives.settlement import ScoreRules
from fives.web import fairdeal
from fives.web.pgstore import PgStorage
from fives.web.storage import SqliteStorage

# Exit statuses listed in `fives --help`, named for the reader even where no code returns them.
common.EXIT_OK
common.EXIT_FAULT
# rich calls Console.on_broken_pipe; fives play replaces it.
Console.on_broken_pipe
# Public engine API (docs/ENGINE_API.md, README): make/unmake for search, the counted total.
Game.push
Game.counted_total
# Storage API used by the tests and by operators.
SqliteStorage.table_ids
PgStorage.table_ids
# New this round and not called yet; their owners decide whether they stay.
common.lang_or_default
fairdeal.verify_record
ScoreRules.play_points
