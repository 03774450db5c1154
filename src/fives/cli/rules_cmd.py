"""`fives rules [PRESET]`: a preset's rules and options in plain words (English, French)."""

from __future__ import annotations

import argparse
import textwrap
from dataclasses import fields
from typing import Any

from fives.cli.random_game import parse_options
from fives.i18n import normalize_lang, text
from fives.rules import ALIASES, PRESETS, Ruleset


def register(sub: Any) -> None:
    p = sub.add_parser(
        "rules",
        help="explain a preset's rules and options in plain words",
        description="Explain the rules of a preset (or list the presets), in English or French.",
    )
    p.add_argument("preset", nargs="?", help="preset id or alias; omit to list the presets")
    p.add_argument("--players", type=int, default=None, help="number of players")
    p.add_argument("--option", "-o", action="append", metavar="KEY=VALUE",
                   help="show the rules with an option changed; repeatable")
    p.add_argument("--lang", choices=("en", "fr"), default=None,
                   help="language (default: from the locale)")
    p.set_defaults(func=run)


def describe_rules(rules: Ruleset, lang: str, width: int = 78) -> str:
    name = rules.name
    lines = [text("rules_title", lang, name=text(f"name_{name}", lang), preset=name), ""]
    lines += textwrap.wrap(text(f"rules_{name}", lang), width)
    aliases = [a for a, target in ALIASES.items() if target == name]
    if aliases:
        lines += ["", text("rules_aliases", lang, aliases=", ".join(aliases))]
    lines += ["", text("rules_options_head", lang)]
    for f in fields(rules):
        if f.name == "name":
            continue
        value = getattr(rules, f.name)
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        lines.append(f"  {f.name:28s} {shown:20s} {text(f'option_{f.name}', lang)}")
    lines += ["", text("rules_option_hint", lang, preset=name)]
    return "\n".join(lines)


def list_presets(lang: str) -> str:
    lines = [text("rules_list_head", lang)]
    for preset in PRESETS:
        lines.append(f"  {preset:20s} {text(f'short_{preset}', lang)}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    lang = normalize_lang(args.lang)
    if args.preset is None:
        print(list_presets(lang))
        return 0
    options = parse_options(args.option)
    if args.players is not None:
        options["players"] = str(args.players)
    print(describe_rules(Ruleset.preset(args.preset, **options), lang))
    return 0
