"""Messages of the engine-level commands (rules, replay) and the rules in plain words."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- replay
    "replay_play": {
        "en": "hand {hand} | seat {seat} plays {move} | ends total {total} | {points} | "
              "scores {scores}",
        "fr": "manche {hand} | place {seat} pose {move} | total des bouts {total} | {points} | "
              "scores {scores}",
    },
    "replay_draw": {
        "en": "hand {hand} | seat {seat} draws {tile} | scores {scores}",
        "fr": "manche {hand} | place {seat} pioche {tile} | scores {scores}",
    },
    "replay_pass": {
        "en": "hand {hand} | seat {seat} passes",
        "fr": "manche {hand} | place {seat} passe",
    },
    "replay_hand_end": {
        "en": "end of hand {hand}: {result}, winner {winner}",
        "fr": "fin de la manche {hand} : {result}, gagnant {winner}",
    },
    "replay_table_head": {"en": "seat  pips  tiles left", "fr": "place points dominos restants"},
    "replay_deltas": {
        "en": "settlement {deltas} -> scores {scores}",
        "fr": "décompte {deltas} -> scores {scores}",
    },
    "replay_game_end": {
        "en": "game over: side {winner} wins with scores {scores}",
        "fr": "fin de la partie : le camp {winner} gagne, scores {scores}",
    },
    "result_out": {"en": "out", "fr": "domino (main vidée)"},
    "result_blocked": {"en": "blocked", "fr": "bloquée"},
    "result_target": {"en": "target reached", "fr": "objectif atteint"},
    # ---------------------------------------------------------------- rules command
    "rules_title": {"en": "{name} ({preset})", "fr": "{name} ({preset})"},
    "rules_options_head": {"en": "Parameters and options", "fr": "Paramètres et options"},
    "rules_aliases": {"en": "Aliases: {aliases}", "fr": "Alias : {aliases}"},
    "rules_option_hint": {
        "en": "Change an option with -o KEY=VALUE (e.g. fives play --preset {preset} -o "
              "target=100).",
        "fr": "Changez une option avec -o CLÉ=VALEUR (par ex. fives play --preset {preset} -o "
              "target=100).",
    },
    "rules_list_head": {
        "en": "Presets (fives rules PRESET for the details):",
        "fr": "Variantes (fives rules VARIANTE pour le détail) :",
    },
    "name_five-up": {"en": "Five Up", "fr": "Five Up (Cinq en haut)"},
    "name_all-fives": {"en": "All Fives", "fr": "All Fives (Tous les cinq)"},
    "name_five-up-solitaire": {"en": "Five-Up solitaire", "fr": "Five-Up en solitaire"},
    "name_multiples-of-five": {"en": "Multiples of five (Muggins)",
                               "fr": "Multiples de cinq (Muggins)"},
    "name_draw": {"en": "Draw game", "fr": "Jeu avec pioche"},
    "name_block": {"en": "Block game", "fr": "Jeu bloqué"},
    "name_fives-and-threes": {"en": "Fives and threes", "fr": "Cinq et trois"},
    "short_five-up": {
        "en": "every double is a spinner; score the ends' total / 5; first to 61",
        "fr": "chaque double est un double pivot ; marquez le total des bouts / 5 ; 61 points",
    },
    "short_all-fives": {
        "en": "the first double is the spinner; score multiples of 5; first to 150",
        "fr": "le premier double est le double pivot ; marquez les multiples de 5 ; 150 points",
    },
    "short_five-up-solitaire": {
        "en": "one player against the deck, race to 61",
        "fr": "un joueur contre la pioche, course à 61",
    },
    "short_multiples-of-five": {
        "en": "a line with two ends, no spinner; first to 250 (200 with 3-4 players)",
        "fr": "une ligne à deux bouts, sans double pivot ; 250 points (200 à 3 ou 4)",
    },
    "short_draw": {
        "en": "no play scoring; the winner takes the others' pips; first to 100",
        "fr": "pas de points en jeu ; le gagnant prend les points des autres ; 100 points",
    },
    "short_block": {
        "en": "like the draw game, but nobody draws; first to 100",
        "fr": "comme le jeu avec pioche, mais sans pioche ; 100 points",
    },
    "short_fives-and-threes": {
        "en": "score multiples of 5 and of 3, no drawing; first to 61",
        "fr": "marquez les multiples de 5 et de 3, sans pioche ; 61 points",
    },
    "rules_five-up": {
        "en": "Two to four players (four play as two partnerships, partners opposite), 5 "
              "tiles each. The first leader is chosen by lot; afterwards whoever went out "
              "leads, and after a blocked hand the lot decides again. The leader may lead any "
              "tile. On your turn you must place a tile if you can; otherwise draw one tile at "
              "a time until one fits, and place it at once; pass only when the boneyard is "
              "empty. Every double is a spinner: once both of its in-line sides are covered, "
              "tiles may also go on its two branches. After each placement add the open ends "
              "(a double at an end counts both halves); a multiple of 5 scores a fifth of it "
              "(15 -> 3). When a hand ends, every player loses their own remaining pips "
              "rounded to the nearest 5, divided by 5; nobody gains. The game is won at the "
              "end of a hand by the single highest score of 61 or more; on a tie, another "
              "hand is played.",
        "fr": "De deux à quatre joueurs (à quatre, deux équipes, partenaires face à face), 5 "
              "dominos chacun. Le premier à jouer est tiré au sort ; ensuite celui qui a fait "
              "domino commence, et après une manche bloquée on tire de nouveau au sort. Il "
              "peut poser n'importe quel domino. À votre tour vous devez poser si vous le "
              "pouvez ; sinon piochez un domino à la fois jusqu'à en trouver un jouable, et "
              "posez-le aussitôt ; vous ne passez que si la pioche est vide. Chaque double "
              "est un double pivot : une fois ses deux côtés en ligne occupés, on peut aussi "
              "jouer sur ses deux branches. Après chaque pose additionnez les bouts (un double "
              "en bout compte ses deux moitiés) ; un multiple de 5 rapporte son cinquième "
              "(15 -> 3). En fin de manche, chacun perd ses propres points restants arrondis "
              "au multiple de 5 le plus proche, divisés par 5 ; personne ne gagne de points. "
              "La partie est gagnée en fin de manche par le seul meilleur score d'au moins "
              "61 ; en cas d'égalité, on joue une autre manche.",
    },
    "rules_all-fives": {
        "en": "Two to four players, 7 / 6 / 5 tiles each. In every hand the holder of the "
              "highest double leads it (if nobody holds a double, the heaviest tile leads). "
              "You must place if you can, else draw until a tile fits and place it; pass "
              "only when the boneyard is empty. Only the first double placed is a spinner, "
              "and its branches open once both of its sides are covered. After each "
              "placement, if the open ends add up to a multiple of 5 you score that total "
              "(5, 10, 15 ... up to 35). Whoever goes out collects each opponent's pips, "
              "each hand rounded to the nearest 5; in a blocked hand the fewest pips (then "
              "the fewest tiles) wins and collects. The first to reach 150 wins at once.",
        "fr": "De deux à quatre joueurs, 7 / 6 / 5 dominos chacun. À chaque manche, le "
              "détenteur du plus gros double le pose en premier (si personne n'a de double, "
              "le domino le plus lourd commence). Vous devez poser si vous le pouvez, sinon "
              "piocher jusqu'à trouver un domino jouable et le poser ; vous ne passez que si "
              "la pioche est vide. Seul le premier double posé est un double pivot, et ses "
              "branches s'ouvrent une fois ses deux côtés occupés. Après chaque pose, si les "
              "bouts font un multiple de 5, vous marquez ce total (5, 10, 15 ... jusqu'à 35). "
              "Celui qui fait domino ramasse les points de chaque adversaire, chaque main "
              "arrondie au multiple de 5 le plus proche ; dans une manche bloquée, le moins "
              "de points (puis le moins de dominos) gagne et ramasse. Le premier à 150 gagne "
              "aussitôt.",
    },
    "rules_five-up-solitaire": {
        "en": "One player against the deck. At the start of every hand the deck receives a "
              "handicap (5 for a beginner, 10 for an experienced player). You hold 5 tiles "
              "and play as in Five Up: every double is a spinner and a multiple of 5 on the "
              "ends scores a fifth of it. When no tile fits you draw until one does: these "
              "draws are free. You may also draw while a tile fits (an overdraw, to fish for "
              "a better tile): each overdrawn tile gives the deck 3 points. Emptying your "
              "hand ends the hand; if you are blocked, the deck scores the pips left in your "
              "hand. Whoever has 61 or more and is ahead at the end of a hand wins.",
        "fr": "Un joueur contre la pioche. Au début de chaque manche la pioche reçoit un "
              "handicap (5 pour un débutant, 10 pour un joueur confirmé). Vous avez 5 "
              "dominos et jouez comme au Five Up : chaque double est un double pivot et un "
              "multiple de 5 aux bouts rapporte son cinquième. Si aucun domino ne va, vous "
              "piochez jusqu'à en trouver un : ces pioches sont gratuites. Vous pouvez aussi "
              "piocher alors qu'un domino va (une surpioche, pour chercher mieux) : chaque "
              "domino surpioché donne 3 points à la pioche. Vider votre main termine la "
              "manche ; si vous êtes bloqué, la pioche marque les points restant dans votre "
              "main. Celui qui a au moins 61 et mène en fin de manche gagne.",
    },
    "rules_multiples-of-five": {
        "en": "Two to four players (7 tiles each for two, 5 for three or four); four play "
              "individually unless partnerships are chosen. The line always has two ends: no "
              "double is a spinner. The first hand, and every hand after a blocked one, is "
              "led by the highest double; after an out hand the player who went out leads any "
              "tile. You must place if you can, else draw until a tile fits. A multiple of 5 "
              "on the ends scores that total. Going out collects the opponents' hands, each "
              "rounded to the nearest 5 (a partner's hand does not count). In a blocked hand "
              "the side with the fewest pips scores the others' rounded totals minus its own; "
              "a tie for the fewest scores nothing. Target 250 for two players or two teams, "
              "200 for three or four players, reached at once even in mid-hand.",
        "fr": "De deux à quatre joueurs (7 dominos chacun à deux, 5 à trois ou quatre) ; à "
              "quatre chacun joue pour soi sauf si l'on choisit les équipes. La ligne a "
              "toujours deux bouts : aucun double n'est un double pivot. La première manche, "
              "et chaque manche après une manche bloquée, commence par le plus gros double ; "
              "après un domino, celui qui a fini commence avec le domino de son choix. Vous "
              "devez poser si vous le pouvez, sinon piocher jusqu'à trouver un domino "
              "jouable. Un multiple de 5 aux bouts rapporte ce total. Faire domino rapporte "
              "les mains adverses, chacune arrondie au multiple de 5 le plus proche (la main "
              "d'un partenaire ne compte pas). Dans une manche bloquée, le camp qui a le moins "
              "de points marque les totaux arrondis des autres moins le sien ; une égalité "
              "pour le plus petit total ne rapporte rien. Objectif 250 à deux joueurs ou deux "
              "équipes, 200 à trois ou quatre, atteint aussitôt même en pleine manche.",
    },
    "rules_draw": {
        "en": "As All Fives for the deal and the lead, on a line with two ends and no "
              "spinner, with drawing. Placements score nothing. Whoever goes out, or has the "
              "fewest pips (then the fewest tiles) when the game is blocked, scores all the "
              "pips left in the opponents' hands. First to 100.",
        "fr": "Comme All Fives pour la donne et l'ouverture, sur une ligne à deux bouts sans "
              "double pivot, avec pioche. Les poses ne rapportent rien. Celui qui fait domino, "
              "ou qui a le moins de points (puis le moins de dominos) quand le jeu est bloqué, "
              "marque tous les points restant dans les mains adverses. 100 points.",
    },
    "rules_block": {
        "en": "The draw game without drawing: a player who cannot place passes. Whoever goes "
              "out, or has the fewest pips when the game is blocked, scores the pips left in "
              "the opponents' hands. First to 100.",
        "fr": "Le jeu avec pioche, mais sans pioche : qui ne peut pas poser passe. Celui qui "
              "fait domino, ou qui a le moins de points quand le jeu est bloqué, marque les "
              "points restant dans les mains adverses. 100 points.",
    },
    "rules_fives-and-threes": {
        "en": "Two to four players (7 tiles each for two, 5 for three or four), a line with "
              "two ends, no drawing: a player who cannot place knocks (passes). After each "
              "placement the ends score a fifth of a multiple of 5 plus a third of a multiple "
              "of 3 (15 scores 5 + 3 = 8). The first leader is chosen by lot, then the lead "
              "passes to the left. No points are counted at the end of a hand. First to 61, "
              "at once.",
        "fr": "De deux à quatre joueurs (7 dominos chacun à deux, 5 à trois ou quatre), une "
              "ligne à deux bouts, sans pioche : qui ne peut pas poser frappe (passe). Après "
              "chaque pose, les bouts rapportent le cinquième d'un multiple de 5 plus le tiers "
              "d'un multiple de 3 (15 rapporte 5 + 3 = 8). Le premier à jouer est tiré au "
              "sort, puis l'ouverture passe à gauche. Rien n'est compté en fin de manche. 61 "
              "points, aussitôt.",
    },
    # ---------------------------------------------------------------- options
    "option_players": {"en": "number of players", "fr": "nombre de joueurs"},
    "option_partnerships": {"en": "two partnerships {{0,2}} vs {{1,3}} (4 players)",
                            "fr": "deux équipes {{0,2}} contre {{1,3}} (4 joueurs)"},
    "option_hand_size": {"en": "tiles dealt to each player", "fr": "dominos par joueur"},
    "option_spinners": {"en": "which doubles are spinners (none, first_double, every_double)",
                        "fr": "doubles pivots (none, first_double, every_double)"},
    "option_spinner_branches_immediate": {
        "en": "a spinner's branches are open at once (no need to cover its sides first)",
        "fr": "les branches d'un double pivot s'ouvrent tout de suite",
    },
    "option_scoring": {"en": "play scoring (fifths, raw, fives_and_threes, none)",
                       "fr": "points en jeu (fifths, raw, fives_and_threes, none)"},
    "option_drawing": {"en": "a player who cannot place draws from the boneyard",
                       "fr": "qui ne peut pas poser pioche"},
    "option_boneyard_reserve": {"en": "tiles that must stay in the boneyard (0-2)",
                                "fr": "dominos qui restent dans la pioche (0-2)"},
    "option_opener": {"en": "who leads each hand", "fr": "qui ouvre chaque manche"},
    "option_settlement": {"en": "how a hand is settled", "fr": "décompte de fin de manche"},
    "option_blocked_tie": {"en": "a tie for the fewest pips when blocked (none, split)",
                           "fr": "égalité du plus petit total si bloqué (none, split)"},
    "option_blocked_tiebreak_tiles": {
        "en": "a tie for the fewest pips when blocked goes to the fewest tiles",
        "fr": "à égalité de points quand c'est bloqué, le moins de dominos l'emporte",
    },
    "option_target": {"en": "score that wins the game", "fr": "score qui gagne la partie"},
    "option_target_check": {"en": "when the target is checked (immediate, end_of_hand_unique)",
                            "fr": "quand l'objectif est vérifié (immediate, end_of_hand_unique)"},
    "option_target_exact": {"en": "the target must be reached exactly",
                            "fr": "l'objectif doit être atteint exactement"},
    "option_handicap": {"en": "the deck's handicap (solitaire)",
                        "fr": "handicap de la pioche (solitaire)"},
    "option_handicap_each_hand": {"en": "the handicap is given at every hand (false: once "
                                        "per game)",
                                  "fr": "le handicap est donné à chaque manche (false : une "
                                        "fois par partie)"},
    "option_block_penalty": {"en": "what the deck scores when you are blocked (pips, "
                                   "rounded_fifths)",
                             "fr": "ce que marque la pioche si vous êtes bloqué (pips, "
                                   "rounded_fifths)"},
    "option_empty_hand": {"en": "with an empty hand: end the hand, or draw on",
                          "fr": "main vide : finir la manche, ou continuer à piocher"},
    "option_draw_cost": {"en": "points the deck gets for each charged draw",
                         "fr": "points de la pioche par domino pioché payant"},
    "option_draw_cost_on": {"en": "which draws the deck is paid for (overdraw, every_draw)",
                            "fr": "quelles pioches paient la pioche (overdraw : les "
                                  "surpioches ; every_draw : toutes)"},
    # ---------------------------------------------------------------- errors
    "illegal_move": {"en": "{move} is not legal here: {why}. Legal: {legal}.",
                     "fr": "{move} n'est pas permis ici. Coups permis : {legal}."},
    "invalid_move": {"en": "Cannot read the move {text!r}: write it like 6-3, 6-3@2, draw or "
                           "pass.",
                     "fr": "Coup illisible {text!r} : écrivez-le comme 6-3, 6-3@2, draw ou "
                           "pass."},
    "invalid_port": {"en": "That side does not exist on that tile.",
                     "fr": "Ce côté n'existe pas sur ce domino."},
    "invalid_tile": {"en": "Cannot read the tile {text!r}: write it like 6-3.",
                     "fr": "Domino illisible {text!r} : écrivez-le comme 6-3."},
    "unknown_preset": {"en": "Unknown game {name!r}.", "fr": "Jeu inconnu {name!r}."},
    "record_json": {"en": "The record is not valid JSON.",
                    "fr": "La partie enregistrée n'est pas du JSON valide."},
    "record_field": {"en": "The record's field {field} is wrong.",
                     "fr": "Le champ {field} de la partie enregistrée est incorrect."},
    "record_action": {"en": "The record's move {field} cannot be played.",
                      "fr": "Le coup {field} de la partie enregistrée ne peut pas être joué."},
    "invalid_deal": {"en": "This deal is not valid.", "fr": "Cette donne n'est pas valide."},
    "invalid_leader": {"en": "This seat cannot lead this hand.",
                       "fr": "Cette place ne peut pas ouvrir cette manche."},
    "invalid_scores": {"en": "These start scores are not valid.",
                       "fr": "Ces scores de départ ne sont pas valides."},
    "invalid_seat": {"en": "There is no seat {seat}.", "fr": "Il n'y a pas de place {seat}."},
    "no_next_hand": {"en": "The next hand cannot be dealt now.",
                     "fr": "La manche suivante ne peut pas être distribuée maintenant."},
    "nothing_to_undo": {"en": "There is nothing to take back.",
                        "fr": "Il n'y a rien à reprendre."},
    "cannot_read": {"en": "Cannot read the file {path!r}.",
                    "fr": "Impossible de lire le fichier {path!r}."},
    "cannot_write": {"en": "Cannot write the file.", "fr": "Impossible d'écrire le fichier."},
    "invalid_option_syntax": {"en": "Write options as KEY=VALUE, not {text!r}.",
                              "fr": "Écrivez les options sous la forme CLÉ=VALEUR, pas {text!r}."},
    "invalid_argument": {"en": "Invalid argument.", "fr": "Argument invalide."},
    "error": {"en": "Something is wrong with that request.",
              "fr": "Cette demande est incorrecte."},
    "unknown_option": {"en": "Unknown option {option!r}.", "fr": "Option inconnue {option!r}."},
    "invalid_option": {"en": "Invalid value {value!r} for {option}.",
                       "fr": "Valeur {value!r} invalide pour {option}."},
}
