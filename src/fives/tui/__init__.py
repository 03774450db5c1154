"""The terminal game's drawing and turn loop (``fives play``); needs rich (the ``tui`` extra)."""
