"""The HTTP routes: the page, its static files, the catalogs, table creation, health, metrics.

Table creation checks, in order: the per-address budget, the JSON content type and the Origin
(so a cross-site form cannot create tables), then reads the body while it streams and stops at
the size limit, then checks it against ``protocol.parse_table_request``. Responses that carry
seat links are ``no-store``.

A page that loads once: the page, its static files, the presets and the catalogs are built once,
gzipped once and sent gzipped to a browser that takes it, each with an ``ETag`` (a revalidation
that matches is answered 304, no body). Static files are versioned by one hash of them all (the
release): the page links them, and every module imports the others, as ``NAME?v=RELEASE``, so
each is cached for a year and fetched again only after a release; asked for without it, they must
be revalidated. The catalog is one language's, the ``web.`` keys the page says
(``/api/messages?lang=fr``).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import mimetypes
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response

from fives.errors import FivesError
from fives.rules import CLAIMS_PRESETS, HISTORICAL, SNIFF_PRESETS, Ruleset, default_target
from fives.web.guard import (
    Budgets,
    client_address,
    metrics_allowed,
    origin_allowed,
    request_scheme,
)
from fives.web.hub import GameServer
from fives.web.protocol import (
    CALL_WINDOW_CHOICES,
    GRACE_CHOICES,
    TIMER_CHOICES,
    ProtocolError,
    both_langs,
    engine_error_frame,
    error_frame,
    parse_json,
    parse_table_request,
    shown_value,
)

STATIC = Path(__file__).parent / "static"
LONG_CACHE = "public, max-age=31536000, immutable"
NO_STORE = {"cache-control": "no-store"}


class TooLarge(Exception):
    def __init__(self, size: int) -> None:
        self.size = size


async def read_body(request: Request, limit: int) -> bytes:
    """The body, read as it streams; ``TooLarge`` as soon as it passes ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise TooLarge(int(declared))
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise TooLarge(len(body))
    return bytes(body)


@dataclass(frozen=True, slots=True)
class Body:
    """A response body built once: its bytes, gzipped once, and its entity tag."""

    raw: bytes
    zipped: bytes | None  # None where gzip would not make it smaller
    etag: str
    media_type: str

    @classmethod
    def of(cls, raw: bytes, media_type: str) -> Body:
        zipped = gzip.compress(raw, compresslevel=9, mtime=0)
        return cls(raw, zipped if len(zipped) < len(raw) else None,
                   '"' + hashlib.sha256(raw).hexdigest()[:20] + '"', media_type)

    def send(self, request: Request, cache_control: str,
             headers: dict[str, str] | None = None) -> Response:
        """This body for ``request``: gzipped when its ``Accept-Encoding`` takes gzip (the
        gzipped form has a tag of its own), 304 when its ``If-None-Match`` names that form."""
        zipped = self.zipped is not None and takes_gzip(request.headers.get("accept-encoding", ""))
        etag = self.etag[:-1] + '-gz"' if zipped else self.etag
        out = {**(headers or {}), "etag": etag, "cache-control": cache_control,
               "vary": "accept-encoding"}
        asked = request.headers.get("if-none-match", "")
        if asked and (asked.strip() == "*" or etag in
                      (tag.strip().removeprefix("W/") for tag in asked.split(","))):
            return Response(status_code=304, headers=out)
        if zipped and self.zipped is not None:
            return Response(self.zipped, media_type=self.media_type,
                            headers={**out, "content-encoding": "gzip"})
        return Response(self.raw, media_type=self.media_type, headers=out)


def takes_gzip(accept_encoding: str) -> bool:
    """Whether an ``Accept-Encoding`` header takes gzip (not refused with ``q=0``)."""
    for item in accept_encoding.lower().split(","):
        name, _, params = item.partition(";")
        if name.strip() in ("gzip", "*"):
            weight = params.strip()
            if not weight.startswith("q="):
                return True
            try:
                return float(weight[2:]) > 0
            except ValueError:
                return False
    return False


# A module's imports of the page's other modules: ``from "./dom.js"``.
IMPORT = re.compile(r'(\bfrom\s*")(\./[\w.-]+\.js)(")')


class StaticFiles:
    """The page's files, versioned by the release (one hash of them all), each built once."""

    def __init__(self, folder: Path = STATIC) -> None:
        self.folder = folder
        files = {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}
        digest = hashlib.sha256()
        for name, data in files.items():
            digest.update(name.encode() + b"\0" + data + b"\0")
        self.release = digest.hexdigest()[:16]
        self.bodies: dict[str, Body] = {}
        for name, data in files.items():
            if name.endswith(".js"):
                data = IMPORT.sub(rf"\1\2?v={self.release}\3", data.decode()).encode()
            kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
            self.bodies[name] = Body.of(data, "text/javascript" if name.endswith(".js") else kind)
        page = files["index.html"].decode()
        for name in files:
            page = page.replace(f'"/static/{name}"', f'"/static/{name}?v={self.release}"')
        self.page = Body.of(page.encode(), "text/html")

    async def serve(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in self.bodies:
            return await not_found(request, LookupError(name))
        fresh = request.query_params.get("v") == self.release
        return self.bodies[name].send(request, LONG_CACHE if fresh else "no-cache")


def not_found_page() -> str:
    """The 404 page, in both languages, with a link home (the catalogs' web.not_found.*)."""
    from html import escape

    from fives.i18n import text

    parts = []
    for lang in ("en", "fr"):
        parts.append(
            f'<section lang="{lang}"><h1>{escape(text("web.not_found.title", lang))}</h1>'
            f'<p>{escape(text("web.not_found.text", lang))}</p>'
            f'<p><a class="button" href="/">{escape(text("web.not_found.home", lang))}</a></p>'
            "</section>")
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(text("web.not_found.title", "en"))} · Fives</title>'
            '<link rel="stylesheet" href="/static/style.css"></head>'
            f'<body><main class="not-found">{"".join(parts)}</main></body></html>')


def rules_page(preset: str, lang: str = "en") -> str | None:
    """A preset's rules page, in the reader's language (``lang``) then the other, from the
    texts ``fives rules`` shows (its title, its rules, the sniff where it takes one); None
    for an unknown preset."""
    from html import escape

    from fives.i18n import text
    from fives.rules import PRESETS

    if preset not in PRESETS:
        return None
    first = lang if lang in ("en", "fr") else "en"
    parts = []
    for lang in sorted(("en", "fr"), key=lambda other: other != first):
        name = text(f"preset.name.{preset}", lang)
        paragraphs = [text(f"preset.rules.{preset}", lang)]
        if preset in SNIFF_PRESETS:
            paragraphs += [text("web.rules.sniff_option", lang), text("rules.sniff.us", lang),
                           text("rules.sniff.british", lang)]
        body = "".join(f"<p>{escape(p)}</p>" for p in paragraphs)
        parts.append(f'<section lang="{lang}"><h1>{escape(name)}</h1>{body}'
                     f'<p><a class="button" href="/">{escape(text("web.not_found.home", lang))}'
                     "</a></p></section>")
    return (f'<!doctype html><html lang="{first}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(text(f"preset.name.{preset}", first))} · Fives</title>'
            '<link rel="stylesheet" href="/static/style.css"></head>'
            f'<body><main class="not-found rules-page">{"".join(parts)}</main></body></html>')


def reader_lang(request: Request) -> str:
    """The reader's language: the page's own (``?lang=``, sent by its links), else the
    browser's first choice among ours, else English."""
    asked = request.query_params.get("lang", "")
    if asked in ("en", "fr"):
        return asked
    for item in request.headers.get("accept-language", "").split(","):
        code = item.split(";")[0].strip().lower()[:2]
        if code in ("en", "fr"):
            return code
    return "en"


async def not_found(request: Request, exc: Exception) -> Response:
    """Any unknown address: the bilingual page (an API path: the same words as JSON)."""
    if request.url.path.startswith("/api/"):
        return JSONResponse({"key": "not_found", "message": both_langs("web.not_found.text")},
                            status_code=404)
    return Response(not_found_page(), status_code=404, media_type="text/html")


def preset_catalog() -> dict[str, Any]:
    """What the start page offers: each preset's defaults and rules card, in both languages."""
    from fives.bots import LEVELS
    from fives.bots.base import COUNTING

    out: dict[str, Any] = {"presets": [], "levels": list(LEVELS), "timers": list(TIMER_CHOICES),
                           "graces": list(GRACE_CHOICES), "countings": list(COUNTING),
                           "call_windows": list(CALL_WINDOW_CHOICES)}
    for preset in ("five-up", "all-fives", "multiples-of-five", "five-up-solitaire",
                   *HISTORICAL):
        by_players: dict[str, Any] = {}
        for players in (1, 2, 3, 4):
            try:
                rules = Ruleset.preset(preset, players=players)
            except FivesError:
                continue
            by_players[str(players)] = {
                "target": rules.target,
                "partnerships": rules.partnerships,
                # the default target alone and in partnerships (the page keeps no rule of it)
                "targets": {str(p).lower(): default_target(preset, players, p)
                            for p in ((False, True) if players == 4 else (False,))},
            }
        out["presets"].append(
            {
                "id": preset,
                "name": both_langs(f"preset.name.{preset}"),
                "card": both_langs(f"preset.card.{preset}"),
                "players": by_players,
                "unit": Ruleset.preset(preset).unit,
                "group": "historical" if preset in HISTORICAL else "main",
                "sniff": preset in SNIFF_PRESETS,  # RULES.md §9 O4 may be chosen
                # RULES.md §9 O1: muggins claims may be chosen (all but the solitaire), and
                # whether the preset plays them (muggins-1868)
                "claims": not Ruleset.preset(preset).is_solitaire,
                "claims_on": preset in CLAIMS_PRESETS,
            }
        )
    return out


# Catalog keys the page never says: the server's own 404 page.
SERVER_ONLY = ("web.not_found.",)


def web_catalog(lang: str) -> dict[str, dict[str, str]]:
    """One language's texts of the page (the ``web.`` keys it says), as ``{lang: {...}}``."""
    from fives.i18n import catalog

    return {lang: {key: value for key, value in catalog(lang).items()
                   if key.startswith("web.") and not key.startswith(SERVER_ONLY)}}


class Routes:
    """The HTTP handlers, bound to one server."""

    def __init__(self, hub: GameServer, budgets: Budgets, static: StaticFiles) -> None:
        self.hub = hub
        self.budgets = budgets
        self.static = static
        self.presets = Body.of(json.dumps(preset_catalog()).encode(), "application/json")
        self.messages = {lang: Body.of(json.dumps(web_catalog(lang)).encode(), "application/json")
                         for lang in ("en", "fr")}

    async def page(self, request: Request) -> Response:
        return self.static.page.send(request, "no-cache")

    async def rules(self, request: Request) -> Response:
        page = rules_page(request.path_params["preset"], reader_lang(request))
        if page is None:
            return await not_found(request, LookupError(request.path_params["preset"]))
        return Response(page, media_type="text/html", headers={"cache-control": "no-cache"})

    async def preset_list(self, request: Request) -> Response:
        return self.presets.send(request, "no-cache")

    async def message_list(self, request: Request) -> Response:
        """``?lang=``'s catalog (the page asks for its reader's); English when not ours."""
        lang = request.query_params.get("lang", "en")
        return self.messages.get(lang, self.messages["en"]).send(request, "no-cache")

    async def healthz(self, request: Request) -> Response:
        status = "stopping" if self.hub.stopping else "ok"
        return JSONResponse({"status": status, "tables": len(self.hub.tables)},
                            status_code=503 if self.hub.stopping else 200, headers=NO_STORE)

    async def metrics(self, request: Request) -> Response:
        if not metrics_allowed(request.client.host if request.client else None,
                               request.headers, self.hub.config):
            return self.refuse("metrics", 403, error_frame(
                "web.err.metrics", "metrics are for this host or a holder of the metrics token"))
        return Response(self.hub.metrics.render(), media_type=self.hub.metrics.content_type,
                        headers=NO_STORE)

    def refuse(self, kind: str, status: int, frame: dict[str, Any]) -> Response:
        self.hub.metrics.refuse(kind)
        return JSONResponse(frame, status_code=status, headers=NO_STORE)

    async def create_table(self, request: Request) -> Response:
        data = await self.json_request(request)
        if isinstance(data, Response):
            return data
        address = client_address(request.client.host if request.client else None,
                                 request.headers, self.hub.config)
        try:
            created = await self.hub.create(parse_table_request(data), address)
        except ProtocolError as exc:
            status = 429 if exc.key == "bot_tables" else 400
            return self.refuse(exc.key, status, error_frame(exc.key, str(exc), **exc.params))
        except FivesError as exc:
            return self.refuse("rules", 400, engine_error_frame(exc))
        return JSONResponse(created, status_code=201, headers=NO_STORE)

    async def json_request(self, request: Request, charge: bool = True) -> Any:
        """The JSON body of a request that may create a table (checked in the order of the
        module's doc), or the refusal to send; ``charge=False`` for a request that creates
        none (a lobby page asking how its room fills), which the table budget leaves alone."""
        config = self.hub.config
        limits = config.limits
        content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if content_type != "application/json":
            return self.refuse("content_type", 415, error_frame(
                "web.err.json_only", "expected Content-Type: application/json",
                value=shown_value(content_type)))
        peer = request.client.host if request.client else None
        scheme = request_scheme(request.url.scheme, peer, request.headers, config)
        if not origin_allowed(request.headers.get("origin"), request.headers.get("host"),
                              config, scheme):
            return self.refuse("origin", 403, error_frame(
                "web.err.origin", "tables are created from this site's page only"))
        address = client_address(request.client.host if request.client else None,
                                 request.headers, config)
        if charge and not self.budgets.new_table(address):
            return self.refuse("tables_per_address", 429, error_frame(
                "web.err.tables_rate", "too many new tables from your address: slow down",
                limit=f"{limits.tables_per_minute:g}"))
        try:
            body = await read_body(request, limits.max_message_bytes)
        except TooLarge as exc:
            return self.refuse("too_large", 413, error_frame(
                "too_large", "request too large", size=exc.size,
                limit=limits.max_message_bytes))
        except ClientDisconnect:
            return Response(status_code=400)
        try:
            return parse_json(body)
        except ProtocolError as exc:
            return self.refuse(exc.key, 400, error_frame(exc.key, str(exc), **exc.params))
