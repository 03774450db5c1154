"""`fives verify RECORD`: check the fair deals of a record downloaded from a table.

Each hand's ``meta.deal`` carries the commitment the server published before the hand and the
seed it revealed after it; the record's ``meta.table`` and ``meta.game`` name the table and the
game. A hand is verified when the seed gives back the commitment and the dealt tiles
(``fives.web.fairdeal``). Exit status 0 when every hand is verified; 2 (input the command cannot
use, as ``fives --help`` says) for a record that cannot be read, that has no hand to check, or
one of whose deals cannot be checked or is not the one committed to (1 stays for faults of the
program).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from fives.cli.common import add_lang, fail
from fives.errors import FivesError
from fives.i18n import normalize_lang, text

REASONS = {
    "ok": "cli.verify.ok",
    "no revealed seed": "cli.verify.no_seed",
    "no table id in the record's meta": "cli.verify.no_table",
    "the seed does not give the commitment": "cli.verify.bad_commitment",
    "the seed gives another deal than the record's": "cli.verify.bad_deal",
}


def register(sub: Any, lang: str) -> None:
    p = sub.add_parser("verify", help=text("cli.verify.help", lang),
                       description=text("cli.verify.description", lang))
    p.add_argument("record", help=text("cli.arg_record", lang))
    add_lang(p, lang)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from fives.cli.replay import read_input
    from fives.record import load_record
    from fives.web.fairdeal import verify_record

    lang = normalize_lang(args.lang)
    raw = read_input(args.record)
    load_record(raw)  # a malformed record: RecordError, one line, status 2
    data: dict[str, Any] = json.loads(raw)
    try:
        checks = verify_record(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise FivesError(f"record {args.record!r}: cannot check its deals ({exc})",
                         key="record_field", field="meta") from None
    if not checks:
        return fail(text("cli.verify.no_hands", lang), lang)
    for check in checks:
        print(text(REASONS[check.why], lang, game=check.game, hand=check.hand))
    if not all(c.ok for c in checks):
        return fail(text("cli.verify.failed", lang), lang)
    print(text("cli.verify.all_ok", lang, count=len(checks)))
    return 0
