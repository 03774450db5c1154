"""Where a terminal game is saved, what its record's ``meta`` says, and how to resume it.

A save never replaces a file without the player's yes: :func:`write_new` creates the file or
refuses (``FileExistsError``), and the session asks before calling :func:`write_over`.
"""

from __future__ import annotations

import errno
import json
import os
import shlex
import shutil
import sys
import time
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HUMAN = "human"
SAVE_DIR_ENV = "FIVES_SAVE_DIR"


def default_save_dir() -> Path:
    base = os.environ.get(SAVE_DIR_ENV)
    return Path(base) if base else Path.home() / ".local" / "share" / "fives" / "saved"


def default_save_path(preset: str) -> Path:
    folder = default_save_dir()
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    path = folder / f"{preset}-{stamp}.json"
    number = 1
    while path.exists():  # never overwrite an earlier game saved in the same second
        number += 1
        path = folder / f"{preset}-{stamp}-{number}.json"
    return path


def record_text(record: Mapping[str, Any]) -> str:
    return json.dumps(record, indent=1) + "\n"


def write_new(path: Path, record: Mapping[str, Any]) -> None:
    """Create ``path`` with the record; ``FileExistsError`` when it is already there (OSError
    or ValueError when it cannot be written)."""
    if path.parent == default_save_dir():  # ours to create; a player's folder is not
        path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_dir():  # not a file that a yes could replace
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    with path.open("x", encoding="utf-8") as out:
        out.write(record_text(record))


def write_over(path: Path, record: Mapping[str, Any]) -> None:
    """Write the record to ``path``, replacing what is there (the player said yes, or the file
    is this game's own ``--save`` file)."""
    if path.parent == default_save_dir():
        path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(record_text(record), encoding="utf-8")


def command_name() -> str:
    """How to run this program again: ``fives`` when that is the one on PATH, else the path it
    was started by (``.venv/bin/fives``), or ``python -m fives``."""
    argv0 = sys.argv[0] if sys.argv and sys.argv[0] else "fives"
    if os.path.basename(argv0) == "fives":
        found = shutil.which("fives")
        if found and os.path.realpath(found) == os.path.realpath(argv0):
            return "fives"
        return shlex.quote(argv0)
    if argv0.endswith("__main__.py"):
        return f"{shlex.quote(sys.executable)} -m fives"
    return "fives"


def session_meta(seats: Sequence[str], think: float | None, lang: str,
                 seed: int | None, settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What a record's ``meta`` says of a terminal game: each seat (a person, or a bot's level
    and thinking time), the language, the day it was saved (UTC), the seed the bots were made
    from, and the ``settings`` that ``--resume`` restores (``counting``, ``delay``, ``save``:
    see :func:`settings_from_meta`)."""
    out: list[dict[str, Any]] = []
    for kind in seats:
        if kind == HUMAN:
            out.append({"player": HUMAN})
        else:
            out.append({"player": "bot", "level": kind, "seconds": think})
    meta: dict[str, Any] = {"client": "fives play", "seats": out, "lang": lang,
                            "date": time.strftime("%Y-%m-%d", time.gmtime())}
    if seed is not None:
        meta["seed"] = seed
    if settings:
        meta["settings"] = dict(settings)
    return meta


def settings_from_meta(meta: Mapping[str, Any]) -> dict[str, Any]:
    """The settings of a saved game that ``--resume`` restores where the command line does not
    say them: how the bots count (``counting``), the pause after a bot's move (``delay``), the
    file the game saves to (``save``). What is missing or unusable is left out."""
    settings = meta.get("settings")
    if not isinstance(settings, Mapping):
        return {}
    out: dict[str, Any] = {}
    if settings.get("counting") in ("exact", "human"):
        out["counting"] = settings["counting"]
    delay = settings.get("delay")
    if isinstance(delay, int | float) and not isinstance(delay, bool) and 0 <= delay <= 60:
        out["delay"] = float(delay)
    if isinstance(settings.get("save"), str) and settings["save"]:
        out["save"] = settings["save"]
    return out


def seats_from_meta(meta: dict[str, Any], players: int) -> tuple[list[str], float | None] | None:
    """The seats and the bots' thinking time a record's ``meta`` names, or ``None`` when it
    does not say (a record from elsewhere) or says something this program cannot use."""
    from fives.bots import level_name

    seats = meta.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        return None
    kinds: list[str] = []
    think: float | None = None
    for seat in seats:
        if not isinstance(seat, dict):
            return None
        if seat.get("player") == HUMAN:
            kinds.append(HUMAN)
            continue
        try:
            kinds.append(level_name(str(seat.get("level"))))
        except ValueError:
            return None
        seconds = seat.get("seconds")
        if isinstance(seconds, int | float) and not isinstance(seconds, bool) and \
                0 < seconds <= 60:
            think = float(seconds)
    return kinds, think
