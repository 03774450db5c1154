"""English and French messages for everything a player reads.

Catalogs are plain dicts ``{key: {"en": text, "fr": text}}`` in the modules of this package,
one per front end (``engine`` for engine errors and rules descriptions, ``cli``, ``web``), merged
here. ``text(key, lang, **params)`` formats one message with ``str.format``.
"""

from __future__ import annotations

import importlib
import locale
import os
from typing import Any

LANGS = ("en", "fr")
_CATALOG_MODULES = ("fives.i18n.engine", "fives.i18n.cli", "fives.i18n.web")
_catalog: dict[str, dict[str, str]] | None = None


def catalog() -> dict[str, dict[str, str]]:
    global _catalog
    if _catalog is None:
        merged: dict[str, dict[str, str]] = {}
        for name in _CATALOG_MODULES:
            try:
                module = importlib.import_module(name)
            except ModuleNotFoundError as exc:
                if exc.name == name:
                    continue
                raise
            merged.update(module.MESSAGES)
        _catalog = merged
    return _catalog


def text(key: str, lang: str = "en", /, **params: Any) -> str:
    """The message ``key`` in ``lang`` (falls back to English, then to the key itself)."""
    entry = catalog().get(key)
    if entry is None:
        return key
    template = entry.get(lang) or entry["en"]
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return template


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
    if not lang:
        return default_lang()
    lang = lang.lower()
    return "fr" if lang.startswith("fr") else "en"
