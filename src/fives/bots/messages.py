"""English and French texts of the bots and of ``fives tournament`` / ``fives match``.

The catalog has the shape of the ``fives.i18n`` catalogs; ``text`` looks here first and then
in the shared catalog, so these keys work whether or not ``fives.i18n`` merges this module.
"""

from __future__ import annotations

from typing import Any

MESSAGES: dict[str, dict[str, str]] = {
    "tournament_help": {
        "en": "play bot levels against each other (round robin, duplicate deals)",
        "fr": "faire jouer des niveaux de robots entre eux (tous contre tous, donnes dupliquées)",
    },
    "match_help": {
        "en": "play two bots against each other (duplicate deals)",
        "fr": "faire jouer deux robots l'un contre l'autre (donnes dupliquées)",
    },
    "progress": {"en": "Games", "fr": "Parties"},
    "title": {
        "en": "{preset}: {games} games per pairing, seed {seed}",
        "fr": "{preset} : {games} parties par rencontre, graine {seed}",
    },
    "col_bot": {"en": "Bot", "fr": "Robot"},
    "col_vs": {"en": "Against", "fr": "Contre"},
    "col_games": {"en": "Games", "fr": "Parties"},
    "col_wins": {"en": "Wins", "fr": "Victoires"},
    "col_rate": {"en": "Win rate", "fr": "Taux de victoire"},
    "col_ci": {"en": "95% interval", "fr": "Intervalle à 95 %"},
    "col_points": {"en": "Points/hand", "fr": "Points/manche"},
    "col_elo": {"en": "Elo", "fr": "Elo"},
    "col_median": {"en": "Median ms/decision", "fr": "Médiane ms/décision"},
    "col_worst": {"en": "Worst ms/decision", "fr": "Pire ms/décision"},
    "deck": {"en": "the deck", "fr": "le talon"},
    "no_result": {
        "en": "{count} game(s) without a result (stopped after too many actions)",
        "fr": "{count} partie(s) sans résultat (arrêtées après trop d'actions)",
    },
    "field_note": {
        "en": "{players} individual players: the first bot plays one seat against a field of "
        "the second (an even share is {share:.0%})",
        "fr": "{players} joueurs individuels : le premier robot occupe un siège contre un "
        "champ du second (part égale : {share:.0%})",
    },
    "ratings": {"en": "Ratings (Elo, mean 1500)", "fr": "Classement (Elo, moyenne 1500)"},
    "written": {"en": "Results written to {path}", "fr": "Résultats écrits dans {path}"},
    "plot_title": {
        "en": "{preset}: win rate with 95% interval",
        "fr": "{preset} : taux de victoire et intervalle à 95 %",
    },
    "bad_bot": {
        "en": "invalid bot {spec!r}: expected LEVEL or LEVEL:BUDGET, e.g. expert:250ms, "
        "search:200it, greedy ({why})",
        "fr": "robot invalide {spec!r} : attendu NIVEAU ou NIVEAU:BUDGET, par ex. "
        "expert:250ms, search:200it, greedy ({why})",
    },
    "need_two": {
        "en": "a tournament needs at least two bots, got {count}",
        "fr": "un tournoi demande au moins deux robots, reçu {count}",
    },
    "bad_count": {
        "en": "invalid {name} {value!r}: expected a positive whole number",
        "fr": "{name} invalide {value!r} : attendu un nombre entier positif",
    },
    "bad_seed": {
        "en": "invalid --seed {value!r}: expected a whole number",
        "fr": "--seed invalide {value!r} : attendu un nombre entier",
    },
    "bad_budget": {
        "en": "invalid budget {value!r}: expected e.g. 250ms, 1s or 200it",
        "fr": "budget invalide {value!r} : attendu par ex. 250ms, 1s ou 200it",
    },
    "bad_out": {
        "en": "cannot write results to {path!r}: {why}",
        "fr": "impossible d'écrire les résultats dans {path!r} : {why}",
    },
}


def text(key: str, lang: str = "en", /, **params: Any) -> str:
    entry = MESSAGES.get(key)
    if entry is None:
        from fives.i18n import text as shared_text

        return shared_text(key, lang, **params)
    template = entry.get(lang) or entry["en"]
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template
