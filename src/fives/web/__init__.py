"""The browser game. ``server.create_app`` wires it: ``protocol`` (every schema), ``service``
(a table's rules, transport-free), ``storage`` (the log, keyed by table and seq), ``hub`` (the
asyncio runtime), ``endpoint`` (websocket), ``routes`` (HTTP), ``guard`` and ``config``
(limits), ``botworker`` (bot processes), ``fairdeal`` (committed deals), ``metrics``, and the
page (``static/``). Start it with ``fives serve``."""
