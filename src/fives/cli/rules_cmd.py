"""`fives rules [PRESET]`: a preset's rules and options in plain words (English, French)."""

from __future__ import annotations

import argparse
import textwrap
from dataclasses import fields
from typing import Any

from fives.cli.common import add_lang, add_option, check_consistent, terminal_width
from fives.cli.random_game import parse_options
from fives.i18n import normalize_lang, text
from fives.rules import ALIASES, PRESETS, Ruleset


def register(sub: Any, lang: str) -> None:
    p = sub.add_parser("rules", help=text("cli.rules.help", lang),
                       description=text("cli.rules.description", lang))
    p.add_argument("preset", nargs="?", help=text("cli.rules.preset", lang))
    p.add_argument("--players", type=int, default=None, help=text("cli.arg_players", lang))
    add_option(p, lang, "cli.rules.option")
    add_lang(p, lang)
    p.set_defaults(func=run)


def describe_rules(rules: Ruleset, lang: str, width: int = 78) -> str:
    name = rules.name
    lines = [text("rules.title", lang, name=text(f"preset.name.{name}", lang), preset=name), ""]
    lines += textwrap.wrap(text(f"preset.rules.{name}", lang), width)
    if rules.sniff != "none":  # RULES.md §9 O4: the sniff in the form of the option
        lines += ["", *textwrap.wrap(text(f"rules.sniff.{rules.sniff}", lang), width)]
        if rules.sniff_orientation_choice:
            lines += textwrap.wrap(text("rules.sniff.choice", lang, form=rules.sniff), width)
    if rules.muggins_claims:  # RULES.md §9 O1: the claims, and what an over-claim costs
        lines += ["", *textwrap.wrap(text("rules.muggins.claims", lang), width)]
        lines += textwrap.wrap(text(f"rules.muggins.{rules.muggins_overclaim}", lang), width)
    aliases = [a for a, target in ALIASES.items() if target == name]
    if aliases:
        lines += ["", text("rules.aliases", lang, aliases=", ".join(aliases))]
    lines += ["", text("rules.options_head", lang)]
    for f in fields(rules):
        if f.name == "name":
            continue
        value = getattr(rules, f.name)
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        head = f"  {f.name:28s} {shown:20s} "
        desc = text(f"option.{f.name}", lang)
        if len(head) + 20 > width:  # a narrow terminal: the description on lines of its own
            lines.append(head.rstrip())
            lines += textwrap.wrap(desc, width, initial_indent="      ",
                                   subsequent_indent="      ")
        else:
            lines += textwrap.wrap(head + desc, width, subsequent_indent=" " * len(head),
                                   drop_whitespace=False) or [head]
    lines += ["", *textwrap.wrap(text("rules.option_hint", lang, preset=name), width)]
    return "\n".join(lines)


def list_presets(lang: str, width: int = 79) -> str:
    """The presets, one a line; a summary too long for the width wraps under itself."""
    lines = [text("rules.list_head", lang)]
    name_w = max(len(p) for p in PRESETS)
    indent = " " * (name_w + 3)
    for preset in PRESETS:
        head = f"  {preset:{name_w}s} "
        summary = text(f"preset.short.{preset}", lang)
        lines += textwrap.wrap(head + summary, width, subsequent_indent=indent) or [head]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    lang = normalize_lang(args.lang)
    width = min(terminal_width(), 100) - 1
    if args.preset is None:
        print(list_presets(lang, width))
        return 0
    options = parse_options(args.option)
    check_consistent(options, "players", args.players, "--players")
    if args.players is not None:
        options["players"] = str(args.players)
    print(describe_rules(Ruleset.preset(args.preset, **options), lang, width))
    return 0
