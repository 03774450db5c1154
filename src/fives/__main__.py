"""``python -m fives``: the ``fives`` command."""

import sys

from fives.cli.main import main

sys.exit(main())
