"""Messages of the terminal game (``fives play``), in English and French."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # Layout drawing
    "layout_empty": {"en": "(no tile on the table yet)", "fr": "(aucun domino sur la table)"},
    "port_N": {"en": "north", "fr": "nord"},
    "port_S": {"en": "south", "fr": "sud"},
    "port_L": {"en": "left", "fr": "gauche"},
    "port_R": {"en": "right", "fr": "droite"},
    "port_W": {"en": "west", "fr": "ouest"},
    "port_E": {"en": "east", "fr": "est"},
    "port_out": {"en": "end", "fr": "bout"},
    "branch_open": {"en": "open ({value})", "fr": "libre ({value})"},
    "branch_locked": {
        "en": "closed until both sides are covered",
        "fr": "fermé tant que les deux côtés ne sont pas couverts",
    },
}
