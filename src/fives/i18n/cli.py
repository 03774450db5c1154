"""Messages of the terminal game (``fives play``), in English and French.

French terms: spinner = « double pivot », boneyard = « talon », hand (deal) = « manche »,
game = « partie », the solitaire's imaginary opponent = « la pioche ».
"""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- layout drawing
    "layout_empty": {"en": "(no tile on the table yet)", "fr": "(aucun domino sur la table)"},
    "port_N": {"en": "north", "fr": "nord"},
    "port_S": {"en": "south", "fr": "sud"},
    "port_L": {"en": "left", "fr": "gauche"},
    "port_R": {"en": "right", "fr": "droite"},
    "port_W": {"en": "west", "fr": "ouest"},
    "port_E": {"en": "east", "fr": "est"},
    "port_out": {"en": "end", "fr": "bout"},
    "branch_open": {"en": "open ({value})", "fr": "libre ({value})"},
    "branches_locked": {
        "en": "spinner: its branches open once both its sides are covered",
        "fr": "double pivot : ses branches s'ouvrent quand ses deux côtés sont couverts",
    },
    "branch_locked": {
        "en": "closed until both sides of the spinner are covered",
        "fr": "fermé tant que les deux côtés du double pivot ne sont pas couverts",
    },
    "open_ends": {"en": "Open ends:", "fr": "Bouts libres :"},
    "count_is": {"en": "Count: {sum} = {total}", "fr": "Compte : {sum} = {total}"},
    # ---------------------------------------------------------------- screen
    "screen_title": {
        "en": "{game} · hand {hand} · target {target}",
        "fr": "{game} · manche {hand} · objectif {target}",
    },
    "col_side": {"en": "Side", "fr": "Camp"},
    "col_score": {"en": "Score", "fr": "Score"},
    "col_tally": {"en": "Paper tally", "fr": "Marque sur papier"},
    "col_player": {"en": "Player", "fr": "Joueur"},
    "col_tiles_left": {"en": "Tiles left", "fr": "Dominos restants"},
    "col_pips": {"en": "Pips", "fr": "Points"},
    "col_rounded": {"en": "Rounded", "fr": "Arrondi"},
    "col_before": {"en": "Before", "fr": "Avant"},
    "col_change": {"en": "Change", "fr": "Variation"},
    "col_after": {"en": "After", "fr": "Après"},
    "col_hand": {"en": "Hand", "fr": "Manche"},
    "col_result": {"en": "Ended", "fr": "Fin"},
    "your_hand": {"en": "Your hand:", "fr": "Votre main :"},
    "pips_in_hand": {"en": "({pips} pips)", "fr": "({pips} points)"},
    "your_moves": {"en": "Your moves:", "fr": "Vos coups :"},
    "last_actions": {"en": "Last actions:", "fr": "Dernières actions :"},
    "waiting_for": {"en": "{who} to play.", "fr": "À {who} de jouer."},
    "holds_tiles": {"en": "{who}: {count} tiles", "fr": "{who} : {count} dominos"},
    "holds_tile": {"en": "{who}: 1 tile", "fr": "{who} : 1 domino"},
    "boneyard_one": {"en": "boneyard: 1 tile", "fr": "talon : 1 domino"},
    "boneyard_size": {"en": "boneyard: {count} tiles", "fr": "talon : {count} dominos"},
    "move_draw": {"en": "draw a tile", "fr": "piocher un domino"},
    "move_pass": {"en": "pass", "fr": "passer"},
    "move_lead": {"en": "lead", "fr": "ouvrir avec"},
    "move_on": {"en": "on #{node} ({port})", "fr": "sur #{node} ({port})"},
    "after_count": {"en": "count {total}", "fr": "compte {total}"},
    "after_scores": {"en": "count {total}: +{points}", "fr": "compte {total} : +{points}"},
    "you": {"en": "You", "fr": "Vous"},
    "compass_S": {"en": "South", "fr": "Sud"},
    "compass_W": {"en": "West", "fr": "Ouest"},
    "compass_N": {"en": "North", "fr": "Nord"},
    "compass_E": {"en": "East", "fr": "Est"},
    "bot_name": {"en": "{place} ({level})", "fr": "{place} ({level})"},
    "partners": {"en": "{a} & {b}", "fr": "{a} et {b}"},
    "the_deck": {"en": "The deck", "fr": "La pioche"},
    "level_random": {"en": "random", "fr": "hasard"},
    "level_greedy": {"en": "greedy", "fr": "glouton"},
    "level_heuristic": {"en": "heuristic", "fr": "heuristique"},
    "level_search": {"en": "search", "fr": "recherche"},
    "level_expert": {"en": "expert", "fr": "expert"},
    "level_blurb_random": {"en": "plays any legal tile", "fr": "joue n'importe quel coup légal"},
    "level_blurb_greedy": {
        "en": "takes the most points now", "fr": "prend le plus de points tout de suite",
    },
    "level_blurb_heuristic": {
        "en": "also watches what it leaves you (a good first opponent)",
        "fr": "surveille aussi ce qu'il vous laisse (un bon premier adversaire)",
    },
    "level_blurb_search": {
        "en": "looks ahead over the hidden tiles", "fr": "anticipe sur les dominos cachés",
    },
    "level_blurb_expert": {"en": "the strongest, thinks longer",
                           "fr": "le plus fort, réfléchit plus longtemps"},
    # ---------------------------------------------------------------- presets
    "preset_five-up": {"en": "Five Up", "fr": "Five Up (cinq en haut)"},
    "preset_all-fives": {"en": "All Fives", "fr": "All Fives (tous les cinq)"},
    "preset_five-up-solitaire": {"en": "Five-Up solitaire", "fr": "Five Up en solitaire"},
    "preset_multiples-of-five": {"en": "Multiples of five (Muggins)",
                                 "fr": "Multiples de cinq (Muggins)"},
    "preset_draw": {"en": "Draw game", "fr": "Jeu de pioche"},
    "preset_block": {"en": "Block game", "fr": "Jeu bloqué"},
    "preset_fives-and-threes": {"en": "Fives and threes", "fr": "Cinq et trois"},
    "blurb_five-up": {
        "en": "every double is a spinner; 1 point per 5 on the ends; first to 61",
        "fr": "chaque double est un double pivot ; 1 point par 5 aux bouts ; premier à 61",
    },
    "blurb_all-fives": {
        "en": "the first double is the spinner; score the ends' total; first to 150",
        "fr": "le premier double est le double pivot ; on marque le total des bouts ; "
              "premier à 150",
    },
    "blurb_five-up-solitaire": {
        "en": "alone against the deck, which gets a handicap each hand and 3 per overdraw; "
              "61 to win",
        "fr": "seul contre la pioche, qui reçoit un handicap à chaque manche et 3 par "
              "surpioche ; 61 pour gagner",
    },
    "blurb_multiples-of-five": {
        "en": "a line with two ends, no spinner; first to 250 (200 with 3-4 players)",
        "fr": "une ligne à deux bouts, sans double pivot ; premier à 250 (200 à 3-4 joueurs)",
    },
    "blurb_fives-and-threes": {
        "en": "score multiples of 5 and of 3; no drawing; first to 61",
        "fr": "on marque les multiples de 5 et de 3 ; sans pioche ; premier à 61",
    },
    "blurb_draw": {
        "en": "no scoring in play; the winner of a hand takes the others' pips; to 100",
        "fr": "pas de points en jeu ; le gagnant de la manche prend les points des autres ; "
              "à 100",
    },
    "blurb_block": {
        "en": "as the draw game, but nobody draws: stuck players pass; to 100",
        "fr": "comme le jeu de pioche, mais sans piocher : qui est bloqué passe ; à 100",
    },
    # ---------------------------------------------------------------- actions explained
    "hand_starts": {"en": "Hand {hand}: {who} leads.", "fr": "Manche {hand} : {who} ouvre."},
    "hand_starts_you": {"en": "Hand {hand}: you lead.", "fr": "Manche {hand} : vous ouvrez."},
    "ev_lead": {"en": "{who} leads {tile}", "fr": "{who} ouvre avec {tile}"},
    "ev_lead_you": {"en": "You lead {tile}", "fr": "Vous ouvrez avec {tile}"},
    "ev_place": {"en": "{who} plays {tile} on #{node} ({port})",
                 "fr": "{who} pose {tile} sur #{node} ({port})"},
    "ev_place_you": {"en": "You play {tile} on #{node} ({port})",
                     "fr": "Vous posez {tile} sur #{node} ({port})"},
    "ev_draw": {"en": "{who} cannot play and draws a tile.",
                "fr": "{who} ne peut pas jouer et pioche un domino."},
    "ev_draw_n": {"en": "{who} cannot play and draws {count} tiles.",
                  "fr": "{who} ne peut pas jouer et pioche {count} dominos."},
    "ev_draw_you": {"en": "You cannot play: you draw {tiles}.",
                    "fr": "Vous ne pouvez pas jouer : vous piochez {tiles}."},
    "ev_pass": {"en": "{who} passes: no tile fits and nothing to draw.",
                "fr": "{who} passe : aucun domino ne va et plus rien à piocher."},
    "ev_pass_you": {"en": "You pass: no tile fits and nothing to draw.",
                    "fr": "Vous passez : aucun domino ne va et plus rien à piocher."},
    "action_sep": {"en": ": ", "fr": " : "},
    "deck_gains": {"en": "(+{points} for the deck)", "fr": "(+{points} pour la pioche)"},
    "count_scores": {"en": "ends {sum} = {total} -> +{points}",
                     "fr": "bouts {sum} = {total} -> +{points}"},
    "count_no_score_fifths": {
        "en": "ends {sum} = {total}, not a multiple of 5: no score",
        "fr": "bouts {sum} = {total}, pas un multiple de 5 : rien",
    },
    "count_no_score_raw": {
        "en": "ends {sum} = {total}, not a multiple of 5: no score",
        "fr": "bouts {sum} = {total}, pas un multiple de 5 : rien",
    },
    "count_no_score_fives_and_threes": {
        "en": "ends {sum} = {total}, neither a multiple of 5 nor of 3: no score",
        "fr": "bouts {sum} = {total}, ni multiple de 5 ni de 3 : rien",
    },
    "hand_out": {"en": "{who} played their last tile: hand {hand} is over.",
                 "fr": "{who} a posé son dernier domino : la manche {hand} est finie."},
    "hand_out_you": {"en": "You played your last tile: hand {hand} is over.",
                     "fr": "Vous avez posé votre dernier domino : la manche {hand} est finie."},
    "hand_blocked": {"en": "Hand {hand} is blocked: nobody can play.",
                     "fr": "La manche {hand} est bloquée : personne ne peut jouer."},
    "hand_target": {"en": "{who} reached {target}.", "fr": "{who} atteint {target}."},
    "result_out": {"en": "out", "fr": "domino"},
    "result_blocked": {"en": "blocked", "fr": "bloquée"},
    "result_target": {"en": "target", "fr": "objectif"},
    "reveal_title": {"en": "Hand {hand}: every hand revealed",
                     "fr": "Manche {hand} : toutes les mains révélées"},
    "settlement_title": {"en": "Settlement", "fr": "Décompte"},
    "settle_rule_debit_own": {
        "en": "Each player loses their pips rounded to the nearest 5, in fifths "
              "(3 pips -> 1, 13 -> 3); nobody is credited.",
        "fr": "Chaque joueur perd ses points arrondis au multiple de 5 le plus proche, "
              "divisés par 5 (3 points -> 1, 13 -> 3) ; personne n'est crédité.",
    },
    "settle_rule_winner_collects": {
        "en": "The winner collects every opponent's pips, each rounded to the nearest 5 "
              "(13 -> 15, 12 -> 10).",
        "fr": "Le gagnant ramasse les points de chaque adversaire, chacun arrondi au "
              "multiple de 5 le plus proche (13 -> 15, 12 -> 10).",
    },
    "settle_rule_side_difference": {
        "en": "Out: the winner collects the others' pips rounded to 5. Blocked: the lowest "
              "side scores the others' rounded pips minus its own; a tie scores nothing.",
        "fr": "Domino : le gagnant ramasse les points des autres arrondis à 5. Bloquée : le "
              "camp le plus bas marque les points arrondis des autres moins les siens ; "
              "une égalité ne rapporte rien.",
    },
    "settle_rule_self_debit": {
        "en": "Every side loses its own pips rounded to the nearest 5.",
        "fr": "Chaque camp perd ses propres points arrondis au multiple de 5.",
    },
    "settle_rule_raw_pips": {
        "en": "The winner of the hand scores all the other players' pips, unrounded.",
        "fr": "Le gagnant de la manche marque tous les points des autres, sans arrondi.",
    },
    "settle_rule_deck": {
        "en": "A blocked hand gives the deck the pips left in your hand; going out costs "
              "nothing.",
        "fr": "Une manche bloquée donne à la pioche les points restant dans votre main ; "
              "poser tous ses dominos ne coûte rien.",
    },
    "settle_target": {"en": "The target was reached during the hand: the game ends at once, "
                            "with no settlement.",
                      "fr": "L'objectif est atteint pendant la manche : la partie s'arrête "
                            "aussitôt, sans décompte."},
    "settle_rule_none": {"en": "No settlement in this game.",
                         "fr": "Pas de décompte dans ce jeu."},
    "summary_title": {"en": "Scores after each hand", "fr": "Scores après chaque manche"},
    "game_won": {"en": "{who} wins the game!", "fr": "{who} gagne la partie !"},
    "game_won_you": {"en": "You win the game! ({who})", "fr": "Vous gagnez la partie ! ({who})"},
    # ---------------------------------------------------------------- prompts
    "prompt": {"en": "{who}, your move (number, notation, or help) > ",
               "fr": "{who}, votre coup (numéro, notation ou aide) > "},
    "handover": {"en": "Pass the keyboard to {who}, then press Enter > ",
                 "fr": "Passez le clavier à {who}, puis appuyez sur Entrée > "},
    "press_enter_results": {"en": "Press Enter for the results > ",
                            "fr": "Appuyez sur Entrée pour les résultats > "},
    "press_enter_next_hand": {"en": "Press Enter for the next hand > ",
                              "fr": "Appuyez sur Entrée pour la manche suivante > "},
    "options_in_play": {"en": "Options in play: {options}",
                        "fr": "Options en jeu : {options}"},
    "help_text": {
        "en": "Type the number of a move, or its notation: 6-3 to lead, 6-3@2 to put the 6 "
              "against tile #2 (6-3@2.L to name the side), draw, pass.\n"
              "Commands: hint (the best bot's top moves), undo (back to your previous turn, "
              "against bots), save FILE, rules, moves (show the table again), help, quit.\n"
              "Ctrl-C or Ctrl-D leaves at any time; the game is saved.",
        "fr": "Tapez le numéro d'un coup, ou sa notation : 6-3 pour ouvrir, 6-3@2 pour poser "
              "le 6 contre le domino #2 (6-3@2.L pour choisir le côté), draw (piocher), pass "
              "(passer).\nCommandes : indice (les meilleurs coups du meilleur robot), annuler "
              "(revenir à votre tour précédent, contre des robots), sauver FICHIER, regles, "
              "coups (réafficher la table), aide, quitter.\n"
              "Ctrl-C ou Ctrl-D quitte à tout moment ; la partie est sauvegardée.",
    },
    "bad_number": {"en": "No move number {value}: choose 1 to {count}.",
                   "fr": "Pas de coup numéro {value} : choisissez entre 1 et {count}."},
    "not_legal": {"en": "{value!r} is not one of your moves: type its number from the list.",
                  "fr": "{value!r} ne fait pas partie de vos coups : tapez son numéro dans "
                        "la liste."},
    "bad_input": {"en": "{value!r} is neither a move nor a command: type help.",
                  "fr": "{value!r} n'est ni un coup ni une commande : tapez aide."},
    "hint_title": {"en": "Hint from the strongest bot (best first):",
                   "fr": "Indice du robot le plus fort (le meilleur d'abord) :"},
    "hint_best": {"en": "best", "fr": "le meilleur"},
    "hint_behind": {"en": "{value} against the best (bot's estimate)",
                    "fr": "{value} par rapport au meilleur (estimation du robot)"},
    "hint_unavailable": {"en": "No hint available.", "fr": "Pas d'indice disponible."},
    "undo_hot_seat": {"en": "Undo is only for games against bots.",
                      "fr": "Annuler n'existe que contre des robots."},
    "undo_nothing": {"en": "Nothing to undo: you have not played yet.",
                     "fr": "Rien à annuler : vous n'avez pas encore joué."},
    "undone": {"en": "Back to your previous turn.", "fr": "Retour à votre tour précédent."},
    "save_needs_file": {"en": "save needs a file name: save FILE",
                        "fr": "sauver demande un nom de fichier : sauver FICHIER"},
    "saved": {"en": "Game saved to {path}", "fr": "Partie sauvegardée dans {path}"},
    "saved_on_exit": {"en": "Game saved to {path}", "fr": "Partie sauvegardée dans {path}"},
    "save_failed": {"en": "Cannot save to {path}: {reason}",
                    "fr": "Impossible de sauvegarder dans {path} : {reason}"},
    "resume_hint": {"en": "Continue it with: fives play --resume {path}",
                    "fr": "Pour la reprendre : fives play --resume {path}"},
    "resume_seats": {
        "en": "Seats: {seats} (a record does not keep who was a bot; choose with --seats).",
        "fr": "Places : {seats} (une partie sauvegardée ne dit pas qui était un robot ; "
              "choisissez avec --seats).",
    },
    "quit_save_ask": {"en": "Save the game before leaving? [Y/n] > ",
                      "fr": "Sauvegarder la partie avant de partir ? [O/n] > "},
    "yes_or_no": {"en": "{value!r}: answer y (yes) or n (no).",
                  "fr": "{value!r} : répondez o (oui) ou n (non)."},
    "not_saved": {"en": "The game was not saved.", "fr": "La partie n'a pas été sauvegardée."},
    "quit_file_ask": {"en": "File name [{path}] > ", "fr": "Nom du fichier [{path}] > "},
    "end_save_ask": {"en": "Type a file name to save the record, or press Enter > ",
                     "fr": "Tapez un nom de fichier pour sauvegarder la partie, ou Entrée > "},
    # ---------------------------------------------------------------- setup questions
    "welcome": {"en": "Welcome to fives: domino games where the ends count.",
                "fr": "Bienvenue dans fives : des jeux de dominos où les bouts comptent."},
    "ask_preset": {"en": "Which game?", "fr": "Quel jeu ?"},
    "ask_teams": {"en": "Play in partnerships (partners sit opposite)?",
                  "fr": "Jouer en équipes (les partenaires face à face) ?"},
    "teams_yes": {"en": "yes, two teams of two", "fr": "oui, deux équipes de deux"},
    "teams_no": {"en": "no, everyone for themselves", "fr": "non, chacun pour soi"},
    "ask_opponents": {"en": "Opponents?", "fr": "Adversaires ?"},
    "opp_friends": {"en": "friends at this keyboard", "fr": "des amis à ce clavier"},
    "ask_solo": {"en": "Who plays?", "fr": "Qui joue ?"},
    "opp_me": {"en": "me", "fr": "moi"},
    "opp_bot_solo": {"en": "a {level} bot (watch it play)",
                     "fr": "un robot {level} (le regarder jouer)"},
    "menu_prompt": {"en": "Your choice [{default}] > ", "fr": "Votre choix [{default}] > "},
    "bad_choice": {"en": "{value!r} is not in the list: type 1 to {count}, or Enter.",
                   "fr": "{value!r} n'est pas dans la liste : tapez 1 à {count}, ou Entrée."},
    # ---------------------------------------------------------------- command-line help
    "arg_help": {"en": "play a game in the terminal against bots or friends",
                 "fr": "jouer une partie dans le terminal contre des robots ou des amis"},
    "arg_description": {
        "en": "Play Five Up, All Fives, Multiples of five and the other presets in the "
              "terminal. Without options it asks what to play.",
        "fr": "Jouer au Five Up, à All Fives, aux Multiples de cinq et aux autres jeux dans "
              "le terminal. Sans option, il demande à quoi jouer.",
    },
    "arg_preset": {
        "en": "game to play: five-up, all-fives, multiples-of-five, five-up-solitaire, "
              "fives-and-threes, draw, block (or an alias)",
        "fr": "jeu : five-up, all-fives, multiples-of-five, five-up-solitaire, "
              "fives-and-threes, draw, block (ou un alias)",
    },
    "arg_players": {"en": "number of players (1 for the solitaire, else 2-4)",
                    "fr": "nombre de joueurs (1 pour le solitaire, sinon 2 à 4)"},
    "arg_partnerships": {"en": "four players as two teams, partners sitting opposite",
                         "fr": "quatre joueurs en deux équipes, partenaires face à face"},
    "arg_option": {"en": "a rules option (RULES.md section 9), e.g. target=100; repeatable",
                   "fr": "une option de règle (RULES.md section 9), par ex. target=100 ; "
                         "répétable"},
    "arg_seats": {
        "en": "who sits where, seat 0 first, comma-separated: human or a bot level (random, "
              "greedy, heuristic, search, expert), e.g. human,greedy",
        "fr": "qui est assis où, place 0 d'abord, séparés par des virgules : human ou un "
              "niveau de robot (random, greedy, heuristic, search, expert), par ex. "
              "human,greedy",
    },
    "arg_level": {"en": "bot level of the seats not given (default {level})",
                  "fr": "niveau des robots aux places non données (par défaut {level})"},
    "arg_lang": {"en": "language: en or fr (default: from the environment)",
                 "fr": "langue : en ou fr (par défaut : celle de l'environnement)"},
    "arg_seed": {"en": "seed of the shuffles and bots, for a game you can replay",
                 "fr": "graine du mélange et des robots, pour une partie reproductible"},
    "arg_resume": {"en": "continue a saved game (a record file)",
                   "fr": "reprendre une partie sauvegardée (un fichier de partie)"},
    "arg_save": {"en": "write the game's record to FILE when it ends or is interrupted",
                 "fr": "écrire la partie dans FILE à la fin ou à l'interruption"},
    "arg_no_color": {"en": "no colours", "fr": "sans couleurs"},
    "arg_no_tally": {"en": "hide the Five Up paper tally",
                     "fr": "cacher la marque sur papier du Five Up"},
    "arg_delay": {"en": "seconds to pause after each bot move when redrawing (default 0.6)",
                  "fr": "secondes de pause après chaque coup de robot (par défaut 0.6)"},
    "arg_think": {"en": "seconds the stronger bots may think per move (default 1.0)",
                  "fr": "secondes de réflexion des robots forts par coup (par défaut 1.0)"},
    # ---------------------------------------------------------------- command-line errors
    "err_not_int": {"en": "invalid {what} {value!r}: expected a whole number",
                    "fr": "{what} invalide {value!r} : nombre entier attendu"},
    "err_too_small": {"en": "invalid {what} {value!r}: expected {low} or more",
                      "fr": "{what} invalide {value!r} : {low} ou plus attendu"},
    "err_not_seconds": {"en": "invalid {what} {value!r}: expected seconds from 0 to 60",
                        "fr": "{what} invalide {value!r} : secondes de 0 à 60 attendues"},
    "err_option": {"en": "invalid --option {value!r}: expected KEY=VALUE, e.g. target=100",
                   "fr": "--option invalide {value!r} : KEY=VALUE attendu, par ex. target=100"},
    "err_seat": {
        "en": "invalid seat {value!r}: expected human or a bot level (random, greedy, "
              "heuristic, search, expert, or 1-5)",
        "fr": "place invalide {value!r} : human ou un niveau de robot attendu (random, "
              "greedy, heuristic, search, expert, ou 1-5)",
    },
    "err_seat_count": {
        "en": "invalid --seats {value!r}: {count} seats given, expected {players} "
              "(one per player)",
        "fr": "--seats invalide {value!r} : {count} places données, {players} attendues "
              "(une par joueur)",
    },
    "err_lang": {"en": "invalid --lang {value!r}: expected one of {langs}",
                 "fr": "--lang invalide {value!r} : attendu l'un de {langs}"},
    "err_read": {"en": "cannot read {path!r}: {reason}",
                 "fr": "impossible de lire {path!r} : {reason}"},
    "err_not_record": {"en": "invalid record {path!r}: expected a UTF-8 JSON game record",
                       "fr": "partie invalide {path!r} : fichier JSON UTF-8 attendu"},
    "err_no_rich": {
        "en": "the terminal game needs the rich library: pip install 'fives[tui]'",
        "fr": "le jeu dans le terminal a besoin de la bibliothèque rich : "
              "pip install 'fives[tui]'",
    },
    "err_resume_rules": {
        "en": "--resume takes the rules from the record: leave out --preset, --players, "
              "--partnerships and --option",
        "fr": "--resume prend les règles dans la partie sauvegardée : retirez --preset, "
              "--players, --partnerships et --option",
    },
    # ---------------------------------------------------------------- rules summaries
    "play_rules_five-up": {
        "en": "Five Up. 5 tiles each. Play a tile matching an open end; if you cannot, draw "
              "until you can. Every double is a spinner: once both its sides are covered, "
              "two more branches open. After each tile, add the open ends (a double at an "
              "end counts both halves): a multiple of 5 scores total/5. When a hand ends, "
              "everyone loses their pips rounded to 5, divided by 5. Highest score of 61 or "
              "more at the end of a hand wins (a tie plays another hand).",
        "fr": "Five Up. 5 dominos chacun. Posez un domino qui correspond à un bout libre ; "
              "sinon piochez jusqu'à pouvoir jouer. Chaque double est un double pivot : une "
              "fois ses deux côtés couverts, deux branches de plus s'ouvrent. Après chaque "
              "domino, additionnez les bouts (un double en bout compte ses deux moitiés) : un "
              "multiple de 5 rapporte total/5. En fin de manche, chacun perd ses points "
              "arrondis à 5, divisés par 5. Le plus haut score, 61 ou plus, en fin de manche "
              "gagne (une égalité fait jouer une manche de plus).",
    },
    "play_rules_all-fives": {
        "en": "All Fives. 7 tiles each at two players (6 at three, 5 at four). The highest "
              "double leads. The first double is the spinner. A multiple of 5 on the ends "
              "scores its value. The player who goes out (or has fewest pips when blocked) "
              "collects the others' pips rounded to 5. First to 150 wins at once.",
        "fr": "All Fives. 7 dominos chacun à deux (6 à trois, 5 à quatre). Le plus fort "
              "double ouvre. Le premier double est le double pivot. Un multiple de 5 aux bouts "
              "rapporte sa valeur. Qui pose tout (ou a le moins de points si c'est bloqué) "
              "ramasse les points des autres arrondis à 5. Premier à 150, victoire immédiate.",
    },
    "play_rules_five-up-solitaire": {
        "en": "Five-Up solitaire. You play Five Up alone against the deck, which receives a "
              "handicap at the start of every hand, 3 for every tile you overdraw (a draw while "
              "a tile fits; draws when nothing fits are free), and your pips when you are "
              "blocked. 61 and ahead at the end of a hand wins.",
        "fr": "Five Up en solitaire. Vous jouez seul contre la pioche, qui reçoit un "
              "handicap au début de chaque manche, 3 par domino surpioché (pioché alors qu'un "
              "domino allait ; piocher quand rien ne va est gratuit), et vos points si vous "
              "êtes bloqué. 61 et en tête en fin de manche pour gagner.",
    },
    "play_rules_multiples-of-five": {
        "en": "Multiples of five (Muggins). A plain line with two ends, no spinner. A multiple "
              "of 5 on the two ends scores its value. Out: collect the others' pips rounded "
              "to 5. Blocked: the lowest side scores the others' rounded pips minus its own. "
              "First to 250 (200 with three or four individual players) wins at once.",
        "fr": "Multiples de cinq (Muggins). Une ligne à deux bouts, sans double pivot. Un "
              "multiple de 5 aux deux bouts rapporte sa valeur. Domino : ramassez les points "
              "des autres arrondis à 5. Bloqué : le camp le plus bas marque les points "
              "arrondis des autres moins les siens. Premier à 250 (200 à trois ou quatre "
              "joueurs individuels), victoire immédiate.",
    },
    "play_rules_fives-and-threes": {
        "en": "Fives and threes. A line with two ends; no drawing: if you cannot play you "
              "pass. The ends' total scores 1 per 5 and 1 per 3 (15 scores 8). First to 61.",
        "fr": "Cinq et trois. Une ligne à deux bouts ; pas de pioche : qui ne peut pas jouer "
              "passe. Le total des bouts rapporte 1 par 5 et 1 par 3 (15 rapporte 8). "
              "Premier à 61.",
    },
    "play_rules_draw": {
        "en": "Draw game. No points during play. Draw when you cannot play. The player who "
              "goes out (or holds fewest pips when blocked) scores every other player's pips. "
              "First to 100.",
        "fr": "Jeu de pioche. Pas de points en jeu. Piochez quand vous ne pouvez pas jouer. "
              "Qui pose tout (ou a le moins de points si c'est bloqué) marque les points de "
              "tous les autres. Premier à 100.",
    },
    "play_rules_block": {
        "en": "Block game. As the draw game, but nobody draws: if you cannot play you pass. "
              "First to 100.",
        "fr": "Jeu bloqué. Comme le jeu de pioche, mais personne ne pioche : qui ne peut pas "
              "jouer passe. Premier à 100.",
    },
    # ---------------------------------------------------------------- every command (cli_*)
    "cli_error_prefix": {"en": "fives: error: ", "fr": "fives : erreur : "},
    "cli_bad_lang": {"en": "invalid value {value!r}: expected one of {langs}",
                     "fr": "valeur invalide {value!r} : attendu l'un de {langs}"},
    "cli_see_help": {"en": "{message} (see `{command} --help`)",
                     "fr": "{message} (voir `{command} --help`)"},
    "cli_arg_lang": {"en": "language: en or fr (default: from the environment)",
                     "fr": "langue : en ou fr (par défaut : celle de l'environnement)"},
    "cli_arg_option": {"en": "a rules option (RULES.md section 9), e.g. -o target=100; "
                             "repeatable",
                       "fr": "une option des règles (RULES.md section 9), par ex. "
                             "-o target=100 ; répétable"},
    "cli_contradiction": {
        "en": "-o {option}={given} contradicts {flag} ({value}): give one of them",
        "fr": "-o {option}={given} contredit {flag} ({value}) : n'en donnez qu'un",
    },
    "cli_description": {
        "en": "Play and study the Fives family of domino games "
              "(Five Up, All Fives, Muggins / Multiples of Five, Five-Up solitaire).",
        "fr": "Jouer et étudier la famille des jeux de dominos « Fives » "
              "(Five Up, All Fives, Muggins / Multiples de cinq, réussite Five Up).",
    },
    "cli_exit_statuses": {
        "en": "exit statuses:\n"
              "  0    success\n"
              "  1    a fault of the program (reported with a traceback)\n"
              "  2    bad arguments or bad input (one line on standard error, nothing done)\n"
              "  130  interrupted (Ctrl-C); a game in progress is saved first\n"
              "  141  the output was closed early (e.g. `| head -1`); nothing more is printed",
        "fr": "codes de sortie :\n"
              "  0    réussite\n"
              "  1    une faute du programme (signalée avec sa pile d'appels)\n"
              "  2    arguments ou entrée invalides (une ligne sur la sortie d'erreur, "
              "rien n'est fait)\n"
              "  130  interrompu (Ctrl-C) ; une partie en cours est d'abord enregistrée\n"
              "  141  la sortie a été fermée tôt (par ex. `| head -1`) ; plus rien n'est "
              "écrit",
    },
    "cli_columns_dropped": {
        "en": "Not shown, to fit the terminal: {columns} (a wider terminal or --out keeps them)",
        "fr": "Non affichées, faute de place : {columns} (un terminal plus large ou --out les "
              "garde)",
    },
    # ---------------------------------------------------------------- the terminal game (tui_*)
    "tui_ask_players": {"en": "How many players ({low}-{high})?",
                        "fr": "Combien de joueurs ({low}-{high}) ?"},
    "tui_number_prompt": {"en": "{question} [{default}] > ", "fr": "{question} [{default}] > "},
    "tui_bad_number": {"en": "{value!r} is not a number from {low} to {high}.",
                       "fr": "{value!r} n'est pas un nombre de {low} à {high}."},
    "tui_undo_reveal": {
        "en": "Undo cannot go back past the end of a hand: its tiles have been shown.",
        "fr": "Impossible d'annuler au-delà de la fin d'une manche : ses dominos ont été "
              "montrés.",
    },
    "tui_not_understood": {
        "en": "{value!r} is neither a move nor a command: type a move's number (1 to {count}), "
              "or help.",
        "fr": "{value!r} n'est ni un coup ni une commande : tapez le numéro d'un coup (1 à "
              "{count}), ou aide.",
    },
    "tui_not_held": {"en": "You do not hold {tile}: type a move's number (1 to {count}).",
                     "fr": "Vous n'avez pas {tile} : tapez le numéro d'un coup (1 à {count})."},
    "tui_cannot_go": {
        "en": "{tile} cannot be played there: type a move's number (1 to {count}).",
        "fr": "{tile} ne peut pas être posé là : tapez le numéro d'un coup (1 à {count}).",
    },
    "tui_not_now": {"en": "You cannot {what} now: type a move's number (1 to {count}).",
                    "fr": "Vous ne pouvez pas {what} maintenant : tapez le numéro d'un coup "
                          "(1 à {count})."},
    "tui_which": {"en": "{tile} fits in more than one place: type the number of one ({numbers}).",
                  "fr": "{tile} peut aller à plusieurs endroits : tapez le numéro de l'un "
                        "d'eux ({numbers})."},
}
