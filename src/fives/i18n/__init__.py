"""English and French messages for everything a player reads.

There is one catalog per language, ``fives.i18n.en`` and ``fives.i18n.fr``: flat dicts
``{key: template}`` with the same keys, namespaced by the part of the project that shows them:

- ``preset.name.<id>``, ``preset.short.<id>``, ``preset.rules.<id>``, ``preset.blurb.<id>``,
  ``preset.card.<id>``: a preset's name (one translation for every front end) and descriptions;
- ``option.<name>``: a rules option; ``rules.*``: ``fives rules``; ``replay.*``: ``fives replay``;
- ``error.<key>``: a :class:`fives.errors.FivesError` whose ``key`` is ``<key>`` (see
  :func:`error_text`); ``error.reason.<reason>``: why a move is illegal;
- ``cli.*``: what every command shares (error prefix, ``--help``, ``--lang``, ``-o``);
- ``tui.*``: the terminal game; ``web.*``: the browser page; ``bots.*``: tournaments and matches;
  ``review.*``: the game review (``fives analyse``, the terminal's and the web's review).

``text(key, lang, **params)`` formats one message with ``str.format``.

How to add a message:

1. add ``"namespace.name": "English text with {param}"`` to ``en.py``, in its namespace's section;
2. add the same key to ``fr.py`` with the French text (and the same ``{param}`` fields);
3. call ``text("namespace.name", lang, param=value)``.

``tests/test_i18n.py`` fails on a key missing in either language, a key written twice, differing
``{param}`` fields, or common English words left in a French message (proper names and words a
player types, such as ``draw``, are allow-listed there).
"""

from __future__ import annotations

import errno
import locale
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from fives.i18n import en, fr

if TYPE_CHECKING:
    from fives.errors import FivesError

LANGS = ("en", "fr")
_CATALOGS: dict[str, Mapping[str, str]] = {"en": en.MESSAGES, "fr": fr.MESSAGES}


def catalog(lang: str) -> Mapping[str, str]:
    """Every message of ``lang`` (``en`` or ``fr``), by key."""
    return _CATALOGS[lang]


def has(key: str) -> bool:
    """Whether ``key`` is a message of the catalogs."""
    return key in en.MESSAGES


def text(key: str, lang: str = "en", /, **params: Any) -> str:
    """The message ``key`` in ``lang`` (falls back to English, then to the key itself)."""
    template = _CATALOGS.get(lang, en.MESSAGES).get(key) or en.MESSAGES.get(key)
    if template is None:
        return key
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def error_text(error: FivesError, lang: str) -> str:
    """An engine or front-end error in ``lang``.

    In English this is the error's own message (it names the offending value and what was
    expected); in another language it is the catalog's ``error.<key>`` message formatted with the
    error's parameters. A ``reason`` parameter is itself a key under ``error.reason.`` and is
    rendered in the same language. A key with a namespace (``bots.bad_seed``, as the commands
    raise them) names its message directly. An error without a catalog entry keeps its own
    message; ``tests/test_i18n.py`` checks that every key an error is raised with has one.
    """
    key = error.key if "." in error.key else f"error.{error.key}"
    if lang == "en" or not has(key):
        return str(error)
    params = dict(error.params)
    reason = params.get("reason")
    if isinstance(reason, str) and has(f"error.reason.{reason}"):
        params["reason"] = text(f"error.reason.{reason}", lang, **params)
    return text(key, lang, **params)


def os_error_text(error: OSError | ValueError, lang: str) -> str:
    """Why a file could not be read or written, in ``lang`` (the system's words in English).

    A ``ValueError`` is a file name the system refuses (such as one with a NUL character).
    """
    if lang == "en":
        return getattr(error, "strerror", None) or str(error)
    if not isinstance(error, OSError):
        return text("error.os.bad_name", lang)
    name = errno.errorcode.get(error.errno or 0, "")
    key = f"error.os.{name}"
    return text(key, lang) if has(key) else text("error.os.other", lang, code=name or error.errno)


def default_lang() -> str:
    """The user's language from the environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    return "fr" if loc.lower().startswith("fr") else "en"


def normalize_lang(lang: str | None) -> str:
    """``en`` or ``fr`` from a language tag such as ``fr_FR.UTF-8``; the environment's if none."""
    if not lang:
        return default_lang()
    lang = lang.lower()
    return "fr" if lang.startswith("fr") else "en"
