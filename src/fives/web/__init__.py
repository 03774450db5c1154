"""The browser game: a Starlette server (``server``), its SQLite log (``storage``), the strict
message schemas (``protocol``) and the page (``static/``). Start it with ``fives serve``."""
