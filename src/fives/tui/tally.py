r"""The paper tally of Five Up (RULES.md §9 O8), drawn with plain characters.

One stroke is one displayed point (5 raw). Ten strokes make a "fifty": a large X (strokes 1-2)
with a small x in each of the four spaces around it (strokes 3-4 top, 5-6 right, 7-8 bottom,
9-10 left). A symbol is a 5 x 5 block of characters:

    \ x /
     \ /
    x X x
     / \
    / x \
"""

from __future__ import annotations

STROKES_PER_SYMBOL = 10
SYMBOL_WIDTH = 5
SYMBOL_HEIGHT = 5

# Cells of the small x in each space, in the order the strokes fill them (top, right,
# bottom, left).
_SPACES = ((0, 2), (2, 4), (4, 2), (2, 0))


def symbol(strokes: int) -> list[str]:
    """One tally symbol holding ``strokes`` strokes (0..10), as five rows of five characters."""
    if not 0 <= strokes <= STROKES_PER_SYMBOL:
        raise ValueError(f"invalid stroke count {strokes!r}: expected 0..{STROKES_PER_SYMBOL}")
    grid = [[" "] * SYMBOL_WIDTH for _ in range(SYMBOL_HEIGHT)]
    if strokes >= 1:  # the first big diagonal, top left to bottom right
        for i in range(SYMBOL_HEIGHT):
            grid[i][i] = "\\"
    if strokes >= 2:  # the second big diagonal crosses it in the centre
        for i in range(SYMBOL_HEIGHT):
            grid[i][SYMBOL_WIDTH - 1 - i] = "/"
        grid[2][2] = "X"
    for index, (row, col) in enumerate(_SPACES):
        drawn = strokes - 2 - 2 * index  # strokes of this small x already drawn
        if drawn >= 2:
            grid[row][col] = "x"
        elif drawn == 1:
            grid[row][col] = "\\"
    return ["".join(r) for r in grid]


def tally_lines(score: int, per_row: int = 6) -> list[str]:
    """The tally of a displayed score as text rows; an empty list for 0.

    At most ``per_row`` symbols (60 points) stand side by side, so that a long game's tally
    still fits a terminal; further symbols go on the rows below, after a blank row.
    """
    if score == 0:
        return []
    if per_row < 1:
        raise ValueError(f"invalid per_row {per_row!r}: expected 1 or more")
    sign = "-" if score < 0 else ""
    n = abs(score)
    blocks = [symbol(STROKES_PER_SYMBOL)] * (n // STROKES_PER_SYMBOL)
    if n % STROKES_PER_SYMBOL:
        blocks.append(symbol(n % STROKES_PER_SYMBOL))
    rows: list[str] = []
    for start in range(0, len(blocks), per_row):
        if rows:
            rows.append("")
        group = blocks[start:start + per_row]
        for r in range(SYMBOL_HEIGHT):
            first = start == 0 and r == SYMBOL_HEIGHT // 2
            prefix = (sign if first else " " * len(sign)) + (" " if sign else "")
            rows.append((prefix + "  ".join(block[r] for block in group)).rstrip())
    return rows
