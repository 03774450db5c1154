"""French messages: the same keys as ``en.py``, in French.

French terms: spinner = « double pivot », boneyard = « talon » (its size: « talon : 9
dominos »; the verb is « piocher »), hand (deal) = « manche », game = « partie », the
solitaire's opponent and its score = « la pioche » (never « talon »). See :mod:`fives.i18n`
for how to add a message.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # -------- presets: name, one-line summary, full rules, terminal menu blurb, web card
    "preset.short.five-up": (
        "chaque double est un double pivot ; marquez le total des bouts / 5 ; 61 points"
    ),
    "preset.short.all-fives": (
        "le premier double est le double pivot ; marquez les multiples de 5 ; 150 points"
    ),
    "preset.short.five-up-solitaire": "un joueur contre la pioche, course à 61",
    "preset.short.multiples-of-five": (
        "une ligne à deux bouts, sans double pivot ; 250 points (200 à 3 ou 4)"
    ),
    "preset.short.draw": (
        "pas de points en jeu ; le gagnant prend les points des autres ; 100 points"
    ),
    "preset.short.block": "comme le jeu avec pioche, mais sans pioche ; 100 points",
    "preset.short.fives-and-threes": "marquez les multiples de 5 et de 3, sans pioche ; 61 points",
    "preset.rules.five-up": (
        "De deux à quatre joueurs (à quatre, deux équipes, partenaires face à face), 5 dominos "
        "chacun. Le premier à jouer est tiré au sort ; ensuite celui qui a fait domino commence, "
        "et après une manche bloquée on tire de nouveau au sort. Il peut poser n'importe quel "
        "domino. À votre tour vous devez poser si vous le pouvez ; sinon piochez un domino à la "
        "fois jusqu'à en trouver un jouable, et posez-le aussitôt ; vous ne passez que si la "
        "pioche est vide. Chaque double est un double pivot : une fois ses deux côtés en ligne "
        "occupés, on peut aussi jouer sur ses deux branches. Après chaque pose additionnez les "
        "bouts (un double en bout compte ses deux moitiés) ; un multiple de 5 rapporte son "
        "cinquième (15 -> 3). En fin de manche, chacun perd ses propres points restants arrondis "
        "au multiple de 5 le plus proche, divisés par 5 ; personne ne gagne de points. La partie "
        "est gagnée en fin de manche par le seul meilleur score d'au moins 61 ; en cas d'égalité, "
        "on joue une autre manche."
    ),
    "preset.rules.all-fives": (
        "De deux à quatre joueurs, 7 / 6 / 5 dominos chacun. À chaque manche, le détenteur du "
        "plus gros double le pose en premier (si personne n'a de double, le domino le plus lourd "
        "commence). Vous devez poser si vous le pouvez, sinon piocher jusqu'à trouver un domino "
        "jouable et le poser ; vous ne passez que si la pioche est vide. Seul le premier double "
        "posé est un double pivot, et ses branches s'ouvrent une fois ses deux côtés occupés. "
        "Après chaque pose, si les bouts font un multiple de 5, vous marquez ce total (5, 10, 15 "
        "... jusqu'à 35). Celui qui fait domino ramasse les points de chaque adversaire, chaque "
        "main arrondie au multiple de 5 le plus proche ; dans une manche bloquée, le moins de "
        "points (puis le moins de dominos) gagne et ramasse. Le premier à 150 gagne aussitôt."
    ),
    "preset.rules.five-up-solitaire": (
        "Un joueur contre la pioche. Au début de chaque manche la pioche reçoit un handicap (5 "
        "pour un débutant, 10 pour un joueur confirmé). Vous avez 5 dominos et jouez comme au "
        "Five Up : chaque double est un double pivot et un multiple de 5 aux bouts rapporte son "
        "cinquième. Si aucun domino ne va, vous piochez jusqu'à en trouver un : ces pioches sont "
        "gratuites. Vous pouvez aussi piocher alors qu'un domino va (une surpioche, pour chercher "
        "mieux) : chaque domino surpioché donne 3 points à la pioche. Vider votre main termine la "
        "manche ; si vous êtes bloqué, la pioche marque les points restant dans votre main. Celui "
        "qui a au moins 61 et mène en fin de manche gagne."
    ),
    "preset.rules.multiples-of-five": (
        "De deux à quatre joueurs (7 dominos chacun à deux, 5 à trois ou quatre) ; à quatre "
        "chacun joue pour soi sauf si l'on choisit les équipes. La ligne a toujours deux bouts : "
        "aucun double n'est un double pivot. La première manche, et chaque manche après une "
        "manche bloquée, commence par le plus gros double ; après un domino, celui qui a fini "
        "commence avec le domino de son choix. Vous devez poser si vous le pouvez, sinon piocher "
        "jusqu'à trouver un domino jouable. Un multiple de 5 aux bouts rapporte ce total. Faire "
        "domino rapporte les mains adverses, chacune arrondie au multiple de 5 le plus proche (la "
        "main d'un partenaire ne compte pas). Dans une manche bloquée, le camp qui a le moins de "
        "points marque les totaux arrondis des autres moins le sien ; une égalité pour le plus "
        "petit total ne rapporte rien. Objectif 250 à deux joueurs ou deux équipes, 200 à trois "
        "ou quatre, atteint aussitôt même en pleine manche."
    ),
    "preset.rules.draw": (
        "Comme All Fives pour la donne et l'ouverture, sur une ligne à deux bouts sans double "
        "pivot, avec pioche. Les poses ne rapportent rien. Celui qui fait domino, ou qui a le "
        "moins de points (puis le moins de dominos) quand le jeu est bloqué, marque tous les "
        "points restant dans les mains adverses. 100 points."
    ),
    "preset.rules.block": (
        "Le jeu avec pioche, mais sans pioche : qui ne peut pas poser passe. Celui qui fait "
        "domino, ou qui a le moins de points quand le jeu est bloqué, marque les points restant "
        "dans les mains adverses. 100 points."
    ),
    "preset.rules.fives-and-threes": (
        "De deux à quatre joueurs (7 dominos chacun à deux, 5 à trois ou quatre), une ligne à "
        "deux bouts, sans pioche : qui ne peut pas poser frappe (passe). Après chaque pose, les "
        "bouts rapportent le cinquième d'un multiple de 5 plus le tiers d'un multiple de 3 (15 "
        "rapporte 5 + 3 = 8). Le premier à jouer est tiré au sort, puis l'ouverture passe à "
        "gauche. Rien n'est compté en fin de manche. 61 points, aussitôt."
    ),
    "preset.name.five-up": "Five Up (cinq en haut)",
    "preset.name.all-fives": "All Fives (tous les cinq)",
    "preset.name.five-up-solitaire": "Five Up en solitaire",
    "preset.name.multiples-of-five": "Multiples de cinq (Muggins)",
    "preset.name.draw": "Jeu de pioche",
    "preset.name.block": "Jeu bloqué",
    "preset.name.fives-and-threes": "Cinq et trois",
    "preset.blurb.five-up": (
        "chaque double est un double pivot ; 1 point par 5 aux bouts ; premier à 61"
    ),
    "preset.blurb.all-fives": (
        "le premier double est le double pivot ; on marque le total des bouts ; premier à 150"
    ),
    "preset.blurb.five-up-solitaire": (
        "seul contre la pioche, qui reçoit un handicap à chaque manche et 3 par surpioche ; 61 "
        "pour gagner"
    ),
    "preset.blurb.multiples-of-five": (
        "une ligne à deux bouts, sans double pivot ; premier à 250 (200 à 3-4 joueurs)"
    ),
    "preset.blurb.fives-and-threes": (
        "on marque les multiples de 5 et de 3 ; sans pioche ; premier à 61"
    ),
    "preset.blurb.draw": (
        "pas de points en jeu ; le gagnant de la manche prend les points des autres ; à 100"
    ),
    "preset.blurb.block": (
        "comme le jeu de pioche, mais sans piocher : qui est bloqué passe ; à 100"
    ),
    "preset.card.five-up": (
        "Chaque double est un double pivot. On marque quand les bouts ouverts font un multiple de "
        "5 (15 = 3 points). En fin de manche chacun perd ses propres points restants, arrondis au "
        "cinquième. Le premier à 61, seul en tête, gagne."
    ),
    "preset.card.all-fives": (
        "Seul le premier double est un double pivot. On marque le total des bouts quand c'est un "
        "multiple de 5 (points bruts). Qui pose son dernier domino encaisse les mains des autres, "
        "arrondies à 5. Le premier à 150 gagne aussitôt."
    ),
    "preset.card.multiples-of-five": (
        "Une ligne à deux bouts, sans double pivot. On marque les bouts quand ils font un "
        "multiple de 5. Domino : on encaisse les mains adverses arrondies ; bloqué : le camp le "
        "plus bas marque la différence. 250 à deux camps, 200 à trois ou quatre."
    ),
    "preset.card.five-up-solitaire": (
        "Vous contre la pioche. Décompte du Five Up. Piocher quand vous ne pouvez pas jouer est "
        "gratuit ; piocher alors que vous pourriez jouer (une surpioche) donne 3 points à la "
        "pioche. Une manche bloquée lui donne vos points restants. La pioche reçoit un handicap "
        "de 5 au début de chaque manche. Le premier à 61, seul en tête, gagne."
    ),
    # -------- rules options (``fives rules``)
    "option.players": "nombre de joueurs",
    "option.partnerships": "deux équipes {{0,2}} contre {{1,3}} (4 joueurs)",
    "option.hand_size": "dominos par joueur",
    "option.spinners": "doubles pivots (none, first_double, every_double)",
    "option.spinner_branches_immediate": "les branches d'un double pivot s'ouvrent tout de suite",
    "option.scoring": "points en jeu (fifths, raw, fives_and_threes, none)",
    "option.drawing": "qui ne peut pas poser pioche",
    "option.boneyard_reserve": "dominos qui restent dans la pioche (0-2)",
    "option.opener": "qui ouvre chaque manche",
    "option.settlement": "décompte de fin de manche",
    "option.blocked_tie": "égalité du plus petit total si bloqué (none, split)",
    "option.target": "score qui gagne la partie",
    "option.target_check": "quand l'objectif est vérifié (immediate, end_of_hand_unique)",
    "option.target_exact": "l'objectif doit être atteint exactement",
    "option.handicap": "handicap de la pioche (solitaire)",
    "option.handicap_each_hand": (
        "le handicap est donné à chaque manche (false : une fois par partie)"
    ),
    "option.block_penalty": "ce que marque la pioche si vous êtes bloqué (pips, rounded_fifths)",
    "option.empty_hand": "main vide : finir la manche, ou continuer à piocher",
    "option.draw_cost": "points de la pioche par domino pioché payant",
    "option.blocked_tiebreak_tiles": (
        "à égalité de points quand c'est bloqué, le moins de dominos l'emporte"
    ),
    "option.draw_cost_on": (
        "quelles pioches paient la pioche (overdraw : les surpioches ; every_draw : toutes)"
    ),
    # -------- ``fives rules``
    "rules.title": "{name} ({preset})",
    "rules.options_head": "Paramètres et options",
    "rules.aliases": "Alias : {aliases}",
    "rules.option_hint": (
        "Changez une option avec -o CLÉ=VALEUR (par ex. fives play --preset {preset} -o "
        "target=100)."
    ),
    "rules.list_head": "Variantes (fives rules VARIANTE pour le détail) :",
    # -------- ``fives replay``
    "replay.play": (
        "manche {hand} | joueur {seat} pose {move} | total des bouts {total} | {points} | scores "
        "{scores}"
    ),
    "replay.draw": "manche {hand} | joueur {seat} pioche {tile} | scores {scores}",
    "replay.pass": "manche {hand} | joueur {seat} passe",
    "replay.hand_end": "fin de la manche {hand} : {result}, gagnant {winner}",
    "replay.table_head": "joueur points dominos restants",
    "replay.deltas": "décompte {deltas} -> scores {scores}",
    "replay.game_end": "fin de la partie : le camp {winner} gagne, scores {scores}",
    "replay.result.out": "domino (main vidée)",
    "replay.result.blocked": "bloquée",
    "replay.result.target": "objectif atteint",
    # -------- errors: ``error.<key>`` renders a ``FivesError`` whose ``key`` is ``<key>``
    "error.illegal_move": "{move} n'est pas permis ici : {reason}. Coups permis : {legal}.",
    "error.invalid_move": "Coup illisible {text!r} : écrivez-le comme 6-3, 6-3@2, draw ou pass.",
    "error.invalid_form": ("Coup illisible {text!r} : le suffixe :us ou :british ne se met que "
                           "sur le sniff (le premier double), dans une partie où celui qui le "
                           "pose choisit sa forme."),
    "error.invalid_port": "Ce côté n'existe pas sur ce domino.",
    "error.invalid_tile": "Domino illisible {text!r} : écrivez-le comme 6-3.",
    "error.unknown_preset": "Jeu inconnu {name!r} : choisissez parmi {presets}.",
    "error.record_json": "La partie enregistrée n'est pas du JSON valide.",
    "error.record_field": "Le champ {field} de la partie enregistrée est incorrect.",
    "error.record_action": "Le coup {field} de la partie enregistrée ne peut pas être joué.",
    "error.invalid_deal": "Cette donne n'est pas valide.",
    "error.invalid_leader": "Cette place ne peut pas ouvrir cette manche.",
    "error.invalid_scores": "Ces scores de départ ne sont pas valides.",
    "error.invalid_seat": "Il n'y a pas de place {seat}.",
    "error.no_next_hand": "La manche suivante ne peut pas être distribuée maintenant.",
    "error.nothing_to_undo": "Il n'y a rien à reprendre.",
    "error.cannot_read": "Impossible de lire le fichier {path!r}.",
    "error.cannot_write": "Impossible d'écrire le fichier.",
    "error.invalid_option_syntax": "Écrivez les options sous la forme CLÉ=VALEUR, pas {text!r}.",
    "error.invalid_argument": "Argument invalide.",
    "error.error": "Cette demande est incorrecte.",
    "error.unknown_option": "Option inconnue {option!r}.",
    "error.invalid_option": "Valeur {value!r} invalide pour {option}.",
    "error.too_large": "Message trop long ({size} octets) : {limit} au plus.",
    "error.bad_json": "Le message n'est pas un objet JSON.",
    "error.unknown_type": "Type de message inconnu « {value} » : attendu l'un de {expected}.",
    "error.unknown_field": "Champ inconnu « {field} » dans « {type} » : attendu {expected}.",
    "error.missing_field": "Champ « {field} » manquant dans « {type} ».",
    "error.bad_field": (
        "Le champ « {field} » de « {type} » n'a pas le bon type : attendu {expected}."
    ),
    "error.bad_move_text": "« {value} » n'est pas un coup : attendu par ex. « 6-4@1 » ou « draw ».",
    "error.rate_limited": "Trop de messages : {limit} par seconde au plus.",
    "error.join_first": "Rejoignez d'abord la table avec votre lien.",
    "error.already_joined": "Cette connexion a déjà une place.",
    "error.bad_token": "Ce lien n'est le lien d'aucune place ni d'aucune table.",
    "error.hand_is_over": "Coup « {move} » refusé : la manche est finie.",
    "error.not_your_turn": "Coup « {move} » refusé : c'est à la place {turn} de jouer.",
    "error.spectator": "Les spectateurs ne jouent pas.",
    "error.bot_seat": "Cette place est jouée par un robot.",
    "error.not_hand_over": "Pas de manche suivante : la manche n'est pas finie.",
    "error.not_game_over": "La revanche commence une fois la partie finie.",
    "error.record_not_ready": "La partie se télécharge une fois terminée.",
    "error.bad_game_no": "Partie {value} de cette table : attendu de 1 à {count}.",
    "error.server_error": "Le serveur n'a pas pu enregistrer cette action : réessayez.",
    "error.bad_preset": "Variante inconnue « {value} » : attendu l'une de {expected}.",
    "error.bad_players": "Joueurs « {value} » : attendu de 1 à 4.",
    "error.bad_partnerships": "Équipes « {value} » : attendu oui ou non.",
    "error.bad_target": "Objectif « {value} » : attendu un nombre entier.",
    "error.bad_timer": "Temps « {value} » : attendu sans, 15, 30 ou 60 s.",
    "error.bad_seats": "Attendu {count} places, une par joueur.",
    "error.bad_seat": "Place {seat} : {value} : attendu moi, un ami ou un robot (avec un niveau).",
    "error.bad_level": "Place {seat} : niveau « {value} » : attendu l'un de {expected}.",
    # --- the server's limits and faults: bad input, bounds on tables, floods, storage down
    "error.bad_text": "{field} : texte invalide (un demi-caractère isolé ou un caractère NUL).",
    "error.too_deep": "Le JSON est imbriqué sur plus de {limit} niveaux.",
    "error.bad_target_range": "Objectif {value} : attendu de {low} à {high} pour cette variante.",
    "error.bot_tables": (
        "Trop de tables sans personne depuis votre adresse : au plus {limit} à la fois."
    ),
    "error.try_again": (
        "Le serveur ne peut pas enregistrer pour l'instant : réessayez dans quelques secondes."
    ),
    "error.joins_rate": "Trop d'arrivées et de départs : attendez quelques secondes.",
    # --- la table ensemble : noms, manche suivante, revanche, remplaçants, conseil, annulation
    "error.bad_name_type": "Nom {value} : attendu du texte.",
    "error.bad_name_length": "Un nom de {count} caractères : attendu au plus {limit}.",
    "error.bad_name_char": (
        "Le nom contient le caractère {code} : attendu des lettres, chiffres, signes, "
        "ponctuations, symboles ou espaces."
    ),
    "error.bad_grace": "Délai « {value} » : attendu 10, 20, 30, 60 ou 120 s.",
    "error.not_away": "Place {seat} : attendu la place d'un joueur parti.",
    "error.undo_with_people": (
        "L'annulation n'existe qu'à une table où toutes les autres places sont des robots."
    ),
    "error.hint_with_people": (
        "Les conseils n'existent qu'à une table où toutes les autres places sont des robots."
    ),
    "error.undo_hand_over": "Pas d'annulation une fois la manche finie : ses dominos sont montrés.",
    "error.undo_nothing": "Rien à annuler dans cette manche.",
    "error.hint_not_your_turn": "Un conseil se demande à son tour.",
    "error.hint_busy": "Un conseil est en route.",
    "error.hint_rate": "Trop de conseils : attendez un peu avant le suivant.",
    "error.undo_rate": "Trop d'annulations : attendez un peu avant la suivante.",
    "error.hint_unavailable": "Pas de conseil pour l'instant : réessayez.",
    "error.usage": "Cet appel ou cette commande est mal employé.",
    "error.invalid_determinisation": (
        "Déterminisation invalide : attendu les mêmes dominos en main et dans la pioche, "
        "distribués autrement."
    ),
    "error.unknown_bot_level": "Niveau de robot inconnu {level} : attendu {expected}.",
    "error.invalid_seed": "Graine invalide {value} : attendu un nombre entier.",
    "error.invalid_jobs": "Nombre de processus invalide {value} : attendu un entier positif.",
    "error.invalid_budget": "Budget de réflexion invalide {value} : attendu une quantité positive.",
    "error.invalid_top": "Nombre de coups invalide {value} : attendu un entier positif.",
    "error.no_legal_move": "La place {seat} n'a aucun coup à choisir : c'est à la place {turn}.",
    "error.endgame_view": (
        "Le solveur de fin de manche demande la vue d'un ou deux joueurs, pioche vide."
    ),
    "error.spectator_view": (
        "Un spectateur n'a pas de main dont raisonner : attendu la vue d'une place."
    ),
    "error.unknown_policy": (
        "Politique inconnue {path!r} : attendu un modèle enregistré par MaskablePPO (.zip)."
    ),
    "error.policy_needs_rl": "La politique {path!r} demande l'extra rl : {module} manque.",
    "error.cannot_load_policy": "Impossible de charger la politique {path!r} : {why}.",
    "error.episode_over": "L'épisode est terminé : réinitialisez l'environnement.",
    "error.invalid_action": "Action invalide {action} : attendu un indice d'action.",
    "error.illegal_action": "L'action {action} n'est pas permise ici.",
    "error.reason.game_over": "la partie est finie",
    "error.reason.hand_over": "la manche est finie",
    "error.reason.already_led": "la manche est déjà ouverte",
    "error.reason.not_held": "la place {seat} n'a pas le {tile}",
    "error.reason.must_lead": "il faut ouvrir avec le {tile}",
    "error.reason.can_place": "un domino peut être posé",
    "error.reason.cannot_draw": "on ne peut pas piocher",
    "error.reason.can_move": "on peut poser ou piocher",
    "error.reason.not_placement": "cette pose n'est pas permise",
    "error.reason.no_match": "aucune pose permise ne correspond",
    "error.reason.not_led": "il faut d'abord ouvrir la manche",
    "error.reason.port_closed": "on ne peut pas poser un {touching} à cette extrémité",
    "error.reason.no_form": ("seule la pose du sniff nomme sa forme, quand celui qui le pose la "
                             "choisit"),
    "error.os.ENOENT": "fichier ou dossier introuvable",
    "error.os.EACCES": "permission refusée",
    "error.os.EPERM": "opération non permise",
    "error.os.EISDIR": "c'est un dossier",
    "error.os.ENOTDIR": "ce n'est pas un dossier",
    "error.os.ENOSPC": "plus de place sur le disque",
    "error.os.EROFS": "système de fichiers en lecture seule",
    "error.os.EEXIST": "le fichier existe déjà",
    "error.os.ENAMETOOLONG": "nom de fichier trop long",
    "error.os.bad_name": "nom de fichier invalide",
    "error.os.other": "erreur du système ({code})",
    "error.cli_contradiction": "-o {option}={given} contredit {flag} ({value}) : n'en donnez qu'un",
    # -------- every command: error prefix, --help, --lang, -o
    "cli.error_prefix": "fives : erreur : ",
    "cli.bad_lang": "valeur invalide {value!r} : attendu l'un de {langs}",
    "cli.see_help": "{message} (voir `{command} --help`)",
    "cli.arg_lang": "langue : en ou fr (par défaut : celle de l'environnement)",
    "cli.arg_option": (
        "une option des règles (RULES.md section 9), par ex. -o target=100 ; répétable"
    ),
    "cli.description": (
        "Jouer et étudier la famille des jeux de dominos « Fives » (Five Up, All Fives, Muggins / "
        "Multiples de cinq, réussite Five Up)."
    ),
    "cli.exit_statuses": (
        "codes de sortie :\n  0    réussite\n  1    une faute du programme (signalée avec sa pile "
        "d'appels)\n  2    arguments ou entrée invalides (une ligne d'erreur, rien n'est fait)"
        "\n  130  interrompu (Ctrl-C) ; une partie en cours est d'abord enregistrée\n  "
        "141  la sortie a été fermée tôt (par ex. `| head -1`) ; plus rien n'est écrit\n  74   "
        "la sortie n'a pas pu être écrite (disque plein) : une ligne d'erreur"
    ),
    "cli.err_write": "impossible d'écrire la sortie : {reason}",
    "cli.argparse.usage": "utilisation : ",
    "cli.argparse.options": "options",
    "cli.argparse.positional": "arguments",
    "cli.argparse.help": "afficher cette aide et quitter",
    "cli.argparse.version": "afficher la version du programme et quitter",
    "cli.argparse.unrecognized": "arguments non reconnus : %s",
    "cli.argparse.required": "arguments obligatoires manquants : %s",
    "cli.argparse.invalid_choice": "choix invalide : %(value)r (choisissez parmi %(choices)s)",
    "cli.argparse.expected_one": "un argument est attendu",
    "cli.argparse.argument": "argument %(argument_name)s : %(message)s",
    "cli.argparse.invalid_value": "valeur %(type)s invalide : %(value)r",
    "cli.argparse.ambiguous": "option ambiguë : %(option)s peut désigner %(matches)s",
    "cli.columns_dropped": (
        "Non affichées, faute de place : {columns} (un terminal plus large ou --out les garde)"
    ),
    "cli.verify.ok": "partie {game} manche {hand} : donne vérifiée",
    "cli.verify.no_seed": "partie {game} manche {hand} : non vérifiée (pas de graine révélée)",
    "cli.verify.no_table": (
        "partie {game} manche {hand} : non vérifiée (l'enregistrement ne nomme pas sa table)"
    ),
    "cli.verify.bad_commitment": (
        "partie {game} manche {hand} : ÉCHEC : la graine ne correspond pas à l'engagement "
        "publié avant la manche"
    ),
    "cli.verify.bad_deal": (
        "partie {game} manche {hand} : ÉCHEC : la graine donne une autre donne que celle de "
        "l'enregistrement"
    ),
    "cli.verify.all_ok": "Les {count} donnes sont vérifiées.",
    "cli.verify.failed": "Toutes les donnes n'ont pas pu être vérifiées.",
    "cli.verify.no_hands": "L'enregistrement n'a aucune manche à vérifier.",
    # -------- every command's --help (``fives play``'s are under tui.arg_*)
    "cli.serve.help": "jouer dans le navigateur : servir le jeu sur http://HOST:PORT",
    "cli.serve.description": (
        "Servir le jeu du navigateur. Les tables, les liens et chaque action acceptée sont "
        "gardés dans un fichier SQLite : un serveur redémarré reprend où il en était."
    ),
    "cli.serve.default": "{text} (par défaut {default})",
    "cli.serve.host": "adresse d'écoute (par défaut 127.0.0.1)",
    "cli.serve.port": "port (par défaut 8000 ; 0 en prend un libre)",
    "cli.serve.db": "fichier de la base SQLite (par défaut {path})",
    "cli.serve.bot_delay": (
        "secondes d'attente d'un robot avant son coup, pour qu'on puisse suivre (par défaut 0.6)"
    ),
    "cli.serve.bot_workers": "processus de calcul des robots (par défaut 2)",
    "cli.serve.retention_days": (
        "effacer les tables finies inactives depuis ce nombre de jours, avec leurs liens et "
        "leurs enregistrements (par défaut 0 : les garder toujours)"
    ),
    "cli.serve.table_rate": (
        "nouvelles tables qu'une adresse peut créer par minute, après une rafale de "
        "--tables-burst (par défaut {default})"
    ),
    "cli.serve.limit.message_rate": "messages qu'une connexion peut envoyer par seconde",
    "cli.serve.limit.message_burst": "rafale de messages qu'une connexion peut envoyer",
    "cli.serve.limit.flood_seconds": (
        "secondes pendant lesquelles une connexion peut dépasser son débit de messages avant "
        "d'être fermée"
    ),
    "cli.serve.limit.tables_burst": "nouvelles tables qu'une adresse peut créer d'un coup",
    "cli.serve.limit.sockets_per_address": "connexions websocket ouvertes par adresse cliente",
    "cli.serve.limit.bot_tables_per_address": (
        "tables non finies de robots seuls (personne d'assis) qu'une adresse peut avoir"
    ),
    "cli.serve.limit.joins_per_minute": "arrivées à une table qu'une adresse cliente peut faire",
    "cli.serve.limit.joins_burst": "rafale d'arrivées qu'une adresse cliente peut faire",
    "cli.serve.limit.table_joins_per_minute": (
        "arrivées qu'une table peut recevoir, toutes adresses confondues"
    ),
    "cli.serve.limit.table_joins_burst": "rafale d'arrivées qu'une table peut recevoir",
    "cli.serve.limit.connections_per_address": (
        "connexions TCP ouvertes par adresse de pair (mandataires de confiance exceptés)"
    ),
    "cli.serve.limit.failed_links_per_minute": (
        "liens de place erronés qu'une adresse peut essayer par minute, reconnexions comprises"
    ),
    "cli.serve.limit.max_message_bytes": (
        "plus grand message websocket ou corps de requête, en octets"
    ),
    "cli.serve.limit.queue_frames": (
        "images en attente d'un lecteur lent avant la fermeture de sa connexion"
    ),
    "cli.serve.limit.send_buffer_bytes": (
        "tampon d'envoi du noyau de chaque connexion (avec --queue-frames, ce qu'un lecteur lent "
        "peut retenir)"
    ),
    "cli.serve.limit.join_timeout": "secondes qu'a une nouvelle connexion pour rejoindre une table",
    "cli.serve.limit.ping_interval": (
        "secondes entre deux pings websocket ; un pair muet aussi longtemps est coupé"
    ),
    "cli.serve.limit.header_timeout": (
        "secondes qu'a un client pour envoyer tout l'en-tête d'une requête (chacune, aussi sur "
        "une connexion maintenue)"
    ),
    "cli.serve.limit.body_timeout": (
        "secondes qu'a un client pour envoyer le corps d'une requête une fois l'en-tête reçu"
    ),
    "cli.serve.limit.table_idle": (
        "secondes avant qu'une table inactive que personne ne regarde quitte la mémoire (les "
        "tables finies la quittent aussitôt)"
    ),
    "cli.serve.limit.shutdown_grace": (
        "secondes qu'un serveur qui s'arrête laisse aux écritures en cours"
    ),
    "cli.serve.limit.lobby_seats_per_address": (
        "places de « Jouer maintenant » qu'une adresse peut tenir en attente (une famille, un NAT)"
    ),
    "cli.serve.limit.lobby_rooms_per_address": (
        "salles d'attente de « Jouer maintenant » où une adresse peut tenir des places"
    ),
    "cli.serve.limit.hints_per_minute": (
        "conseils qu'une adresse, et une table, peuvent demander par minute (chacun prend une "
        "demi-seconde au processus des conseils)"
    ),
    "cli.serve.limit.lobby_reads_per_second": (
        "listes du salon et demandes des pages en attente qu'une adresse peut faire par seconde "
        "(une page en attente demande une fois par seconde), par rafales de 6 fois autant"
    ),
    "cli.serve.limit.undos_per_minute": (
        "annulations qu'une adresse, et une table, peuvent demander par minute (chacune est "
        "une entrée du journal)"
    ),
    "cli.serve.trusted_proxy": (
        "un mandataire inverse dont l'en-tête X-Forwarded-For désigne le client (à répéter "
        "pour plusieurs ; '*' fait confiance à tout pair : seulement derrière un mandataire qui "
        "pose l'en-tête). Par défaut : aucun, le pair TCP est le client"
    ),
    "cli.serve.allowed_host": (
        "un nom d'hôte auquel le serveur répond, dans Host et Origin (à répéter pour plusieurs). "
        "Par défaut : sur un --host local, localhost, 127.0.0.1 et [::1] seulement (pas de "
        "détournement DNS) ; sur un autre --host, tout Host, et Origin doit correspondre à Host"
    ),
    "cli.serve.max_connections": (
        "connexions ouvertes en tout (par défaut 2000) ; les websockets peuvent en prendre "
        "toutes sauf un dixième, et près de la limite les connexions HTTP inactives ou lentes "
        "sont fermées pour faire place aux nouveaux venus"
    ),
    "cli.serve.metrics_token": (
        "/metrics répond aux clients locaux, et aux autres qui envoient 'Authorization: Bearer "
        "TOKEN' (par défaut ${env} ; sans elle : clients locaux seulement)"
    ),
    "cli.serve.loop": (
        "la boucle d'événements : uvloop (sockets et minuteries plus rapides), asyncio (celle de "
        "Python), ou auto (uvloop s'il est installé ; par défaut)"
    ),
    "cli.serve.no_gc_tuning": (
        "laisser le ramasse-miettes réglé comme Python le règle (par défaut il est réglé pour "
        "des pauses courtes, voir docs/DEPLOY.md)"
    ),
    "cli.serve.gc_full_every": (
        "avec le ramasse-miettes réglé, une collecte complète de tout à cet intervalle (une "
        "longue pause à chaque fois ; par défaut 0 : jamais)"
    ),
    "cli.serve.shared_title": "mode partagé",
    "cli.serve.shared_description": (
        "plusieurs processus serveurs sur une base PostgreSQL et un Redis (voir "
        "docs/DEPLOY.md) ; demande `pip install 'fives[scale]'`"
    ),
    "cli.serve.database": (
        "base PostgreSQL, postgresql://USER@HOST:PORT/NAME (par défaut ${env})"
    ),
    "cli.serve.redis": "serveur Redis, redis://HOST:PORT/DB (par défaut ${env})",
    "cli.serve.workers": "processus serveurs sur ce port (par défaut 1)",
    "cli.serve.redis_prefix": "préfixe de chaque clé et canal Redis (par défaut 'fives:')",
    "cli.serve.lease": (
        "secondes pendant lesquelles une table reste à un processus qui ne répond plus avant "
        "qu'un autre la reprenne (par défaut 3)"
    ),
    "cli.serve.err_port_number": "port invalide {value!r} : un nombre entier de 0 à 65535 attendu",
    "cli.serve.err_port_range": "port invalide {value!r} : de 0 à 65535 attendu",
    "cli.serve.err_no_web": (
        "le module web n'est pas installé ({name!r} manque) : faites "
        "`pip install 'fives[web]'`"
    ),
    "cli.serve.err_bot_delay": "--bot-delay invalide {value!r} : de 0 à 60 secondes attendu",
    "cli.serve.err_bot_workers": "--bot-workers invalide {value!r} : de 1 à 64 attendu",
    "cli.serve.err_gc_full_every": (
        "--gc-full-every invalide {value!r} : 0 (jamais) ou un nombre de secondes attendu"
    ),
    "cli.serve.err_retention_days": (
        "--retention-days invalide {value!r} : de 0 (désactivé) à 36500 jours attendu"
    ),
    "cli.serve.err_max_connections": (
        "--max-connections invalide {value!r} : au moins 1 attendu"
    ),
    "cli.serve.err_limit": "{option} invalide {value!r} : un nombre au-dessus de 0 attendu",
    "cli.serve.err_database": "impossible d'ouvrir la base {path!r} : {reason}",
    "cli.serve.err_no_uvloop": (
        "--loop uvloop : uvloop n'est pas installé (pip install uvloop ; il ne fonctionne pas "
        "sous Windows) ; --loop asyncio n'a besoin de rien d'autre"
    ),
    "cli.serve.err_listen": "impossible d'écouter sur {host}:{port} : {reason}",
    "cli.serve.err_shared_missing": (
        "le mode partagé demande une base et un Redis : il manque {option} (ou ${env} ; plusieurs "
        "processus ne partagent pas un fichier SQLite)"
    ),
    "cli.serve.err_workers": "--workers invalide {value!r} : de 1 à 256 attendu",
    "cli.serve.err_lease": "--lease invalide {value!r} : de 0.5 à 300 secondes attendu",
    "cli.serve.err_no_scale": (
        "le module scale n'est pas installé ({name!r} manque) : faites "
        "`pip install 'fives[scale]'`"
    ),
    "cli.serve.err_shared_database": "impossible d'utiliser la base {url!r} : {reason}",
    "cli.rules.help": "expliquer en mots simples les règles et les options d'un jeu",
    "cli.rules.description": (
        "Expliquer les règles d'un jeu (ou lister les jeux), en anglais ou en français."
    ),
    "cli.rules.preset": "identifiant ou alias du jeu ; sans lui, la liste des jeux",
    "cli.rules.option": (
        "montrer les règles avec une option changée, par ex. -o target=100 ; répétable"
    ),
    "cli.arg_players": "nombre de joueurs",
    "cli.replay.help": "rejouer un enregistrement de partie et écrire chaque action et décompte",
    "cli.replay.description": (
        "Rejouer un enregistrement de partie (RULES.md §12.3) dans le moteur. Code de sortie 2 "
        "et une ligne d'erreur pour un enregistrement mal formé ou une action illégale."
    ),
    "cli.arg_record": "le fichier d'enregistrement (JSON), ou - pour l'entrée standard",
    "cli.replay.format": (
        "jsonl : un objet JSON par ligne (§12.4) ; text : lisible (par défaut)"
    ),
    "cli.random_game.help": (
        "écrire l'enregistrement d'une partie à graine jouée avec des coups légaux au hasard"
    ),
    "cli.random_game.description": (
        "Jouer une partie entière avec des coups légaux tirés uniformément au hasard depuis une "
        "graine et écrire son enregistrement (RULES.md §12.3) ; `fives replay` la rejoue à "
        "l'identique."
    ),
    "cli.random_game.preset": (
        "identifiant ou alias du jeu (par défaut five-up ; l'un de {presets})"
    ),
    "cli.random_game.seed": "graine du hasard (par défaut 0)",
    "cli.random_game.max_hands": (
        "s'arrêter après ce nombre de manches même si personne n'a gagné (par défaut 500)"
    ),
    "cli.random_game.out": "fichier de sortie (par défaut : la sortie standard)",
    "cli.verify.help": (
        "vérifier que chaque donne d'un enregistrement téléchargé est celle annoncée"
    ),
    "cli.verify.description": (
        "Recalculer chaque donne d'un enregistrement depuis les graines révélées par le "
        "serveur, et comparer chacune à l'engagement publié avant la manche."
    ),
    "cli.analyse.help": (
        "analyser un enregistrement : chaque décision évaluée d'après ce que son joueur savait"
    ),
    "cli.analyse.description": (
        "Analyser un enregistrement de partie (RULES.md §12.3) : pour chaque décision des "
        "places choisies (un tour avec plus d'un domino jouable), l'expert évalue chaque coup "
        "légal d'après ce que cette place pouvait savoir à ce moment, et donne le coup joué, le "
        "meilleur coup, la perte et une classe (meilleur, bon, imprécision, erreur, gaffe), puis "
        "un bilan par place. Les places sont comptées à partir de 0, comme dans les "
        "enregistrements. Code de sortie 2 et une ligne d'erreur pour un fichier qui n'est pas "
        "un enregistrement ou une place qui n'existe pas."
    ),
    "cli.analyse.not_a_record": (
        "{path!r} n'est pas un enregistrement de partie rejouable : {reason}"
    ),
    "cli.analyse.screen": (
        "parcourir la partie en plein écran : la table à chaque action, le meilleur coup"
    ),
    "cli.analyse.seat": (
        "analyser cette place (à partir de 0 ; peut être répété ; par défaut : chaque place que "
        "les métadonnées de l'enregistrement ne disent pas tenue par un robot, sinon toutes)"
    ),
    "cli.analyse.budget": (
        "itérations de l'expert par décision (200 par défaut ; la même analyse sur toute machine)"
    ),
    "cli.analyse.jobs": (
        "évaluer les décisions dans autant de processus (1 par défaut ; la même analyse)"
    ),
    "cli.analyse.seed": "la graine de l'analyse (0 par défaut)",
    "cli.analyse.format": (
        "text : des tableaux (par défaut) ; json : l'analyse comme docs/BOTS.md la décrit"
    ),
    # -------- the game review (``fives analyse``, the terminal's and the web's review)
    "review.computing": (
        "Analyse de la partie : chaque décision évaluée par l'expert (quelques secondes)..."
    ),
    "review.progress": "Analyse",
    "review.title": (
        "Analyse de {record} ({preset}), l'expert à {budget} itérations par décision"
    ),
    "review.class.best": "meilleur",
    "review.class.good": "bon",
    "review.class.inaccuracy": "imprécision",
    "review.class.mistake": "erreur",
    "review.class.blunder": "gaffe",
    "review.unit.raw": "pts",
    "review.unit.displayed": "cinqs",
    "review.col_hand": "Manche",
    "review.col_action": "Coup",
    "review.col_seat": "Place",
    "review.col_played": "Joué",
    "review.col_best": "Meilleur",
    "review.col_loss": "Perte ({unit})",
    "review.col_class": "Classe",
    "review.col_win": "Chance de gain",
    "review.col_decisions": "Décisions",
    "review.col_mean_loss": "Perte moyenne ({unit})",
    "review.col_accuracy": "Précision",
    "review.tui_where": "Manche {hand}, action {index} (scores {scores}).",
    "review.tui_end": "La fin de l'enregistrement.",
    "review.tui_action": "La place {seat} joue {move}.",
    "review.tui_judged": "{klass}, perte {loss}.",
    "review.tui_better": "Mieux : {move} (b le montre).",
    "review.tui_better_shown": "Sur la table : le meilleur coup {move}, en surbrillance.",
    "review.key_back": "reculer",
    "review.key_forward": "avancer",
    "review.key_previous": "décision précédente",
    "review.key_next": "décision suivante",
    "review.key_better": "meilleur coup",
    "review.key_close": "fermer",
    "review.seat_classes": "Place {seat} : {counts}.",
    "review.summary": "Bilan par place",
    "review.no_decisions": "Rien à analyser : chaque coup de ces places était forcé.",
    "review.accuracy_note": (
        "Précision : la part moyenne de l'écart entre le pire et le meilleur coup légal que le "
        "coup joué a comblée (100 : toujours le meilleur coup)."
    ),
    # -------- the terminal game (``fives play``)
    "tui.layout_empty": "(aucun domino sur la table)",
    "tui.port_N": "nord",
    "tui.port_S": "sud",
    "tui.port_L": "gauche",
    "tui.port_R": "droite",
    "tui.port_W": "ouest",
    "tui.port_E": "est",
    "tui.port_out": "bout",
    "tui.open_ends": "Bouts libres :",
    "tui.count_is": "Compte : {sum} = {total}",
    "tui.screen_title": "{game} · manche {hand} · objectif {target}",
    "tui.col_side": "Camp",
    "tui.col_score": "Score",
    "tui.col_tally": "Marque sur papier",
    "tui.col_player": "Joueur",
    "tui.col_tiles_left": "Dominos restants",
    "tui.col_pips": "Points",
    "tui.col_rounded": "Arrondi",
    "tui.col_before": "Avant",
    "tui.col_change": "Variation",
    "tui.col_after": "Après",
    "tui.col_hand": "Manche",
    "tui.col_result": "Fin",
    "tui.your_hand": "Votre main :",
    "tui.pips_in_hand": "({pips} points)",
    "tui.your_moves": "Vos coups :",
    "tui.last_actions": "Dernières actions :",
    "tui.waiting_for": "À {who} de jouer.",
    "tui.holds_tiles": "{who} : {count} dominos",
    "tui.holds_tile": "{who} : 1 domino",
    "tui.boneyard_one": "talon : 1 domino",
    "tui.boneyard_size": "talon : {count} dominos",
    "tui.move_draw": "piocher un domino",
    "tui.move_pass": "passer",
    "tui.move_lead": "ouvrir avec",
    "tui.move_on": "sur #{node} ({port})",
    "tui.you": "Vous",
    "tui.compass_S": "Sud",
    "tui.compass_W": "Ouest",
    "tui.compass_N": "Nord",
    "tui.compass_E": "Est",
    "tui.bot_name": "{place} ({level})",
    "tui.partners": "{a} et {b}",
    "tui.the_deck": "La pioche",
    "tui.level_random": "hasard",
    "tui.level_greedy": "glouton",
    "tui.level_heuristic": "heuristique",
    "tui.level_search": "recherche",
    "tui.level_expert": "expert",
    "tui.level_blurb_random": "joue n'importe quel coup légal",
    "tui.level_blurb_greedy": "prend le plus de points tout de suite",
    "tui.level_blurb_heuristic": "surveille aussi ce qu'il vous laisse (un bon premier adversaire)",
    "tui.level_blurb_search": "anticipe sur les dominos cachés",
    "tui.level_blurb_expert": "le plus fort, réfléchit plus longtemps",
    "tui.hand_starts": "Manche {hand} : {who} ouvre.",
    "tui.hand_starts_you": "Manche {hand} : vous ouvrez.",
    "tui.ev_lead": "{who} ouvre avec {tile}",
    "tui.ev_lead_you": "Vous ouvrez avec {tile}",
    "tui.ev_place": "{who} pose {tile} sur {parent}",
    "tui.ev_place_you": "Vous posez {tile} sur {parent}",
    "tui.ev_draw": "{who} ne peut pas jouer et pioche un domino.",
    "tui.ev_draw_n": "{who} ne peut pas jouer et pioche {count} dominos.",
    "tui.ev_draw_you": "Vous ne pouvez pas jouer : vous piochez {tiles}.",
    "tui.ev_pass": "{who} passe : aucun domino ne va et plus rien à piocher.",
    "tui.ev_pass_you": "Vous passez : aucun domino ne va et plus rien à piocher.",
    "tui.action_sep": " : ",
    "tui.deck_gains": "(+{points} pour la pioche)",
    "tui.count_scores": "bouts {sum} = {total} -> +{points}",
    "tui.count_no_score_fifths": "bouts {sum} = {total}, pas un multiple de 5 : rien",
    "tui.count_no_score_raw": "bouts {sum} = {total}, pas un multiple de 5 : rien",
    "tui.count_no_score_fives_and_threes": "bouts {sum} = {total}, ni multiple de 5 ni de 3 : rien",
    "tui.hand_out": "{who} a posé son dernier domino : la manche {hand} est finie.",
    "tui.hand_out_you": "Vous avez posé votre dernier domino : la manche {hand} est finie.",
    "tui.hand_blocked": "La manche {hand} est bloquée : personne ne peut jouer.",
    "tui.hand_target": "{who} atteint {target}.",
    "tui.result_out": "domino",
    "tui.result_blocked": "bloquée",
    "tui.result_target": "objectif",
    "tui.reveal_title": "Manche {hand} : toutes les mains révélées",
    "tui.settlement_title": "Décompte",
    "tui.settle_rule_debit_own": (
        "Chaque joueur perd ses points arrondis au multiple de 5 le plus proche, divisés par 5 (3 "
        "points -> 1, 13 -> 3) ; personne n'est crédité."
    ),
    "tui.settle_rule_winner_collects": (
        "Le gagnant ramasse les points de chaque adversaire, chacun arrondi au multiple de 5 le "
        "plus proche (13 -> 15, 12 -> 10)."
    ),
    "tui.settle_rule_side_difference": (
        "Domino : le gagnant ramasse les points des autres arrondis à 5. Bloquée : le camp le "
        "plus bas marque les points arrondis des autres moins les siens ; une égalité ne rapporte "
        "rien."
    ),
    "tui.settle_rule_self_debit": "Chaque camp perd ses propres points arrondis au multiple de 5.",
    "tui.settle_rule_raw_pips": (
        "Le gagnant de la manche marque tous les points des autres, sans arrondi."
    ),
    "tui.settle_rule_deck": (
        "Une manche bloquée donne à la pioche les points restant dans votre main ; poser tous ses "
        "dominos ne coûte rien."
    ),
    "tui.settle_target": (
        "L'objectif est atteint pendant la manche : la partie s'arrête aussitôt, sans décompte."
    ),
    "tui.settle_rule_none": "Pas de décompte dans ce jeu.",
    "tui.summary_title": "Scores après chaque manche",
    "tui.game_won": "{who} gagne la partie !",
    "tui.game_won_you": "Vous gagnez la partie ! ({who})",
    "tui.prompt": "{who}, votre coup (numéro, notation ou aide) > ",
    "tui.handover": "Passez le clavier à {who}, puis appuyez sur Entrée > ",
    "tui.press_enter_results": "Appuyez sur Entrée pour les résultats > ",
    "tui.press_enter_next_hand": "Appuyez sur Entrée pour la manche suivante > ",
    "tui.options_in_play": "Options en jeu : {options}",
    "tui.help_text": (
        "Tapez le numéro d'un coup. Vous pouvez aussi taper un domino : 6-3 le pose là où il "
        "va (6-3@2 pose son 6 contre le deuxième domino posé), draw (piocher), pass (passer).\n"
        "Commandes : indice (les meilleurs coups du meilleur robot), annuler (revenir à votre "
        "tour précédent dans cette manche, contre des robots), marque (les scores, avec la "
        "marque sur papier du Five Up), sauver FICHIER, regles, coups (réafficher la table), "
        "aide, quitter.\n"
        "Avec les annonces de muggins, vous comptez : 3=15 joue le coup 3 en annonçant 15 "
        "points (ou tapez le coup et dites combien de points) ; muggins relève le compte trop "
        "court d'un adversaire.\n"
        "Ctrl-C ou Ctrl-D quitte à tout moment ; la partie est sauvegardée."
    ),
    "tui.bad_number": "Pas de coup numéro {value} : choisissez entre 1 et {count}.",
    "tui.not_legal": "{value!r} ne fait pas partie de vos coups : tapez son numéro dans la liste.",
    "tui.bad_input": "{value!r} n'est ni un coup ni une commande : tapez aide.",
    "tui.hint_title": "Indice du robot le plus fort (le meilleur d'abord) :",
    # --- les annonces de muggins dans le terminal (RULES.md §9 O1)
    "tui.claim_ask": "Combien de points ? ",
    "tui.claim_bad": (
        "Écrivez les points en nombre entier (0 si le domino ne rapporte "
        "rien), pas {value!r}."
    ),
    "tui.claim_not_here": (
        "{value} : seul un domino que vous posez porte une annonce (avec les "
        "annonces de muggins)."
    ),
    "tui.claims": "annonce {claim}",
    "tui.claims_you": "vous annoncez {claim}",
    "tui.claims_over": "annonce {claim} : plus que ne rapporte le domino, donc rien",
    "tui.claims_over_you": "vous annoncez {claim} : plus que ne rapporte le domino, donc rien",
    "tui.muggins_offer": "{who} a annoncé {claim}. Crier muggins ? [o/n] ",
    "tui.muggins_not_now": (
        "Pas de muggins à crier maintenant : on crie juste après le domino "
        "d'un adversaire."
    ),
    "tui.ev_muggins": "{who} crie muggins et prend {points}",
    "tui.ev_muggins_you": "Vous criez muggins et prenez {points}",
    "tui.ev_muggins_mistaken": "{who} crie muggins, mais le compte était juste : rien de pris",
    "tui.ev_muggins_mistaken_you": "Vous criez muggins, mais le compte était juste : rien de pris",
    "tui.ev_penalty": "{who} reçoit l'annonce trop forte en pénalité : +{points}",
    "tui.ev_penalty_you": "Vous recevez l'annonce trop forte en pénalité : +{points}",
    "tui.hint_next": "ensuite",
    "tui.hint_best": "le meilleur",
    "tui.hint_behind": (
        "{value} points par rapport au meilleur (estimation du robot pour la manche)"
    ),
    "tui.hint_unavailable": "Pas d'indice disponible.",
    "tui.undo_hot_seat": "Annuler n'existe que contre des robots.",
    "tui.undo_nothing": "Rien à annuler : vous n'avez pas encore joué.",
    "tui.undone": "Retour à votre tour précédent.",
    "tui.save_needs_file": "sauver demande un nom de fichier : sauver FICHIER",
    "tui.saved": "Partie sauvegardée dans {path}",
    "tui.saved_on_exit": "Partie sauvegardée dans {path}",
    "tui.save_failed": "Impossible de sauvegarder dans {path} : {reason}",
    "tui.resume_hint": "Pour la reprendre : {command} --resume {path}",
    "tui.resume_seats": (
        "Places : {seats} (une partie sauvegardée ne dit pas qui était un robot ; choisissez avec "
        "--seats)."
    ),
    "tui.quit_save_ask": "Sauvegarder la partie avant de partir ? [O/n] > ",
    "tui.yes_or_no": "{value!r} : répondez o (oui) ou n (non).",
    "tui.not_saved": "La partie n'a pas été sauvegardée.",
    "tui.quit_file_ask": "Nom du fichier [{path}] > ",
    "tui.end_save_ask": "Enregistrer la partie ? [o/N] > ",
    "tui.welcome": "Bienvenue dans fives : des jeux de dominos où les bouts comptent.",
    "tui.ask_preset": "Quel jeu ?",
    "tui.ask_players": "Combien de joueurs ({low}-{high}) ?",
    "tui.bad_players_number": "{value!r} n'est pas un nombre de {low} à {high}.",
    "tui.ask_teams": "Jouer en équipes (les partenaires face à face) ?",
    "tui.teams_yes": "oui, deux équipes de deux",
    "tui.teams_no": "non, chacun pour soi",
    "tui.ask_opponents": "Adversaires ?",
    "tui.opp_friends": "des amis à ce clavier",
    "tui.ask_solo": "Qui joue ?",
    "tui.opp_me": "moi",
    "tui.opp_bot_solo": "un robot {level} (le regarder jouer)",
    "tui.menu_prompt": "Votre choix [{default}] > ",
    "tui.bad_choice": "{value!r} n'est pas dans la liste : tapez 1 à {count}, ou Entrée.",
    "tui.arg_help": "jouer une partie dans le terminal contre des robots ou des amis",
    "tui.arg_description": (
        "Jouer au Five Up, à All Fives, aux Multiples de cinq et aux autres jeux dans le "
        "terminal. Sans option, il demande à quoi jouer."
    ),
    "tui.arg_preset": (
        "jeu : five-up, all-fives, multiples-of-five, five-up-solitaire, fives-and-threes, draw, "
        "block (ou un alias)"
    ),
    "tui.arg_players": "nombre de joueurs (1 pour le solitaire, sinon 2 à 4)",
    "tui.arg_partnerships": "quatre joueurs en deux équipes, partenaires face à face",
    "tui.arg_option": "une option de règle (RULES.md section 9), par ex. target=100 ; répétable",
    "tui.arg_seats": (
        "qui est assis où, place 0 d'abord, séparés par des virgules : human ou un niveau de "
        "robot (random, greedy, heuristic, search, expert), par ex. human,greedy"
    ),
    "tui.arg_level": "niveau des robots aux places non données (par défaut {level})",
    "tui.arg_lang": "langue : en ou fr (par défaut : celle de l'environnement)",
    "tui.arg_seed": "graine du mélange et des robots, pour une partie reproductible",
    "tui.arg_resume": "reprendre une partie sauvegardée (un fichier de partie)",
    "tui.arg_save": "écrire la partie dans FILE à la fin ou à l'interruption",
    "tui.arg_no_color": "sans couleurs",
    "tui.arg_no_tally": "cacher la marque sur papier du Five Up",
    "tui.arg_delay": "secondes de pause après chaque coup de robot (par défaut 0.6)",
    "tui.arg_counting": (
        "avec les annonces de muggins, comment comptent les robots : human (les plus faibles "
        "comptent parfois trop peu ou laissent passer votre erreur ; par défaut) ou exact"
    ),
    "tui.arg_think": "secondes de réflexion des robots forts par coup (par défaut 1.0)",
    "tui.err_not_int": "{what} invalide {value!r} : nombre entier attendu",
    "tui.err_too_small": "{what} invalide {value!r} : {low} ou plus attendu",
    "tui.err_not_seconds": "{what} invalide {value!r} : secondes de 0 à 60 attendues",
    "tui.err_option": "--option invalide {value!r} : KEY=VALUE attendu, par ex. target=100",
    "tui.err_seat": (
        "place invalide {value!r} : human ou un niveau de robot attendu (random, greedy, "
        "heuristic, search, expert, ou 1-5)"
    ),
    "tui.err_seat_count": (
        "--seats invalide {value!r} : {count} places données, {players} attendues (une par "
        "joueur)"
    ),
    "tui.err_lang": "--lang invalide {value!r} : attendu l'un de {langs}",
    "tui.err_save_exists": (
        "{path!r} existe déjà : donnez à --save un nouveau fichier (une partie "
        "sauvegardée se reprend avec --resume {path})"
    ),
    "tui.err_read": "impossible de lire {path!r} : {reason}",
    "tui.err_not_record": "partie invalide {path!r} : fichier JSON UTF-8 attendu",
    "tui.err_no_rich": (
        "le jeu dans le terminal a besoin de la bibliothèque rich : pip install 'fives[tui]'"
    ),
    "tui.err_resume_rules": (
        "--resume prend les règles dans la partie sauvegardée : retirez --preset, --players, "
        "--partnerships et --option"
    ),
    "tui.number_prompt": "{question} [{default}] > ",
    "tui.undo_reveal": (
        "Impossible d'annuler au-delà de la fin d'une manche : ses dominos ont été montrés."
    ),
    "tui.not_understood": (
        "{value!r} n'est ni un coup ni une commande : tapez le numéro d'un coup (1 à {count}), ou "
        "aide."
    ),
    "tui.not_held": "Vous n'avez pas {tile} : tapez le numéro d'un coup (1 à {count}).",
    "tui.cannot_go": "{tile} ne peut pas être posé là : tapez le numéro d'un coup (1 à {count}).",
    "tui.not_now": (
        "Vous ne pouvez pas {what} maintenant : tapez le numéro d'un coup (1 à {count})."
    ),
    "tui.which": (
        "{tile} peut aller à plusieurs endroits : tapez le numéro de l'un d'eux ({numbers})."
    ),
    "tui.on": "sur {tile}",
    "tui.more_lines": "… {count} lignes de plus : agrandissez le terminal pour tout lire",
    "tui.arg_plain": (
        "des lignes simples au lieu du plein écran (pour les tubes et les lecteurs d'écran)"
    ),
    # -------- the terminal game on the full screen, saving (``fives play``)
    "tui.app.thinking": "{who} réfléchit…",
    "tui.app.overwrite_ask": "{path} existe déjà : le remplacer ? [o/N] > ",
    "tui.app.not_overwritten": "{path} est resté tel quel ; sauver FICHIER avec un autre nom.",
    "tui.key.help": "aide",
    "tui.key.whole_table": "toute la table",
    "tui.key.sheet": "marque",
    "tui.key.interrupt": "quitter",
    "tui.key.close": "retour",
    "tui.key.next": "continuer",
    "tui.key.review": "revoir",
    "tui.app.keys_help": (
        "Touches : F1 cette aide ; F2 toute la table (les flèches et Page préc./suiv. la font "
        "défiler, Échap ou F2 pour revenir) ; F3 les scores et la feuille de marque ; Haut et "
        "Bas à l'invite rappellent ce que vous avez tapé ; Échap ferme ce qui est affiché sur "
        "la table ; Ctrl-Z suspend (fg pour revenir). La souris : cliquez un coup pour le "
        "jouer, ou un domino de votre main puis le domino de la table où il va."
    ),
    # -------- the browser game (the page fetches the ``web.`` keys from /api/messages)
    "web.title": "Fives : dominos dans le navigateur",
    "web.review.class.best": "meilleur",
    "web.review.class.good": "bon",
    "web.review.class.inaccuracy": "imprécision",
    "web.review.class.mistake": "erreur",
    "web.review.class.blunder": "gaffe",
    "web.review.unit.raw": "pts",
    "web.review.unit.displayed": "cinqs",
    "web.review.col_seat": "Place",
    "web.review.col_decisions": "Décisions",
    "web.review.col_mean_loss": "Perte moyenne ({unit})",
    "web.review.col_accuracy": "Précision",
    "web.review.summary": "Bilan par place",
    "web.review.accuracy_note": (
        "Précision : la part moyenne de l'écart entre le pire et le meilleur coup légal que le "
        "coup joué a comblée (100 : toujours le meilleur coup)."
    ),
    "web.review.title": "Analyse de la partie",
    "web.review.open": "Analyser la partie",
    "web.review.replay": "La partie, coup par coup",
    "web.review.keys": "Les flèches du clavier reculent et avancent aussi.",
    "web.review.graph": "Chances de gagner",
    "web.review.decisions": "Décisions",
    "web.review.back": "Reculer",
    "web.review.forward": "Avancer",
    "web.review.no_link": (
        "Cette page demande le lien d'une place ou des spectateurs d'une table, avec #t= ou #w=."
    ),
    "web.review.queued": "Votre analyse attend son tour ({ahead} avant elle).",
    "web.review.running": "Analyse : {done} décisions évaluées sur {total}.",
    "web.review.busy": (
        "Une analyse que vous avez demandée est encore en calcul : attendez qu'elle soit prête."
    ),
    "web.review.full": (
        "Le serveur analyse autant de parties qu'il peut : réessayez dans une minute."
    ),
    "web.review.not_over": "Une partie peut être analysée une fois terminée.",
    "web.review.bad_request": "Attendu un objet JSON avec le jeton du lien et la partie.",
    "web.review.you": "Vous",
    "web.review.seat": "Place {seat}",
    "web.review.where": "Manche {hand}, action {index} ({n} sur {count})",
    "web.review.scores": "Marque : {scores}.",
    "web.review.end": "La fin de la partie.",
    "web.review.plays": "{seat} : {move}.",
    "web.review.loss": "(perte {loss} {unit}).",
    "web.review.better": "Mieux : {move}, dessiné sur la table.",
    "web.review.board": "La table, {tiles} dominos.",
    "web.review.better_drawn": "Le meilleur coup est dessiné en pâle.",
    "web.review.no_model": "Aucun modèle de chances de gain ne couvre ces règles.",
    "web.review.graph_desc": (
        "La chance que {side} gagne, après chaque action ; les erreurs et les gaffes sont "
        "marquées."
    ),
    "web.review.percent": "{n} %",
    "web.review.side0": "le premier camp",
    "web.review.your_side": "votre camp",
    "web.review.item": (
        "Manche {hand}, action {index}, {seat} : {played} (meilleur {best}, perte {loss})"
    ),
    "web.tagline": "Sans inscription. Partagez un lien et commencez à jouer.",
    "web.new_table": "Nouvelle table",
    "web.variant": "Variante",
    "web.players": "Joueurs",
    "web.partnerships": "En équipes (places 1 et 3 contre 2 et 4)",
    "web.target": "Objectif",
    "web.timer": "Temps par coup",
    "web.timer_off": "sans",
    "web.seconds": "{n} s",
    "web.seats": "Qui est assis où",
    "web.seat_n": "Place {n}",
    "web.kind_me": "moi",
    "web.kind_friend": "un ami (par lien)",
    "web.kind_bot": "robot : {level}",
    "web.create": "Créer la table",
    "web.language": "Langue",
    "web.level.random": "au hasard",
    "web.level.greedy": "glouton",
    "web.level.heuristic": "heuristique",
    "web.level.search": "recherche",
    "web.level.expert": "expert",
    "web.links": "Liens",
    "web.links_help": (
        "Chaque place a son propre lien secret : ne l'envoyez qu'à la personne qui s'y assied."
    ),
    "web.copy": "Copier",
    "web.copied": "Copié",
    "web.watch_link": "Spectateurs",
    "web.you": "Vous",
    "web.seat_label": "Place {n}",
    "web.bot_label": "Robot {n}",
    "web.friend_label": "Joueur {n}",
    "web.deck": "La pioche",
    "web.offline": "absent",
    "web.side": "Camp {n}",
    "web.team": "{a} et {b}",
    "web.tiles_left": "dominos : {n}",
    "web.partner": "partenaire",
    "web.boneyard": "Pioche : {n}",
    "web.hand_no": "Manche {n}",
    "web.your_turn": "À vous de jouer",
    "web.turn_of": "À {name} de jouer",
    "web.turn_of_you": "À vous de jouer",
    "web.pick_tile": "Choisissez un domino en surbrillance, puis un bout vert.",
    "web.pick_end": "Choisissez maintenant un bout vert.",
    "web.lead_any": "Posez un domino pour ouvrir.",
    "web.draw": "Piocher",
    "web.pass": "Passer",
    "web.must_draw": "Aucun domino ne va : piochez.",
    "web.must_pass": "Aucun domino ne va et la pioche est vide : passez.",
    "web.next_hand": "Manche suivante",
    "web.rematch": "Revanche",
    "web.download": "Télécharger la partie",
    "web.new_game_link": "Nouvelle table",
    "web.time_left": "{n} s restantes",
    "web.spectating": "Vous regardez la partie.",
    "web.layout_desc": "Bouts ouverts {ends} ; total compté {total}.",
    "web.empty_layout": "La table est vide.",
    "web.scores": "Scores",
    "web.target_is": "objectif {n}",
    "web.log": "Ce qui s'est passé",
    "web.ev.lead": "{name} a ouvert avec {tile}.",
    "web.ev.lead_scored": "{name} a ouvert avec {tile} : {sum} = {total}, +{points}.",
    "web.ev.lead_you": "Vous avez ouvert avec {tile}.",
    "web.ev.lead_scored_you": "Vous avez ouvert avec {tile} : {sum} = {total}, +{points}.",
    "web.ev.place": "{name} a posé {tile} sur le bout {end}.",
    "web.ev.place_scored": "{name} a posé {tile} sur le bout {end} : {sum} = {total}, +{points}.",
    "web.ev.place_you": "Vous avez posé {tile} sur le bout {end}.",
    "web.ev.place_scored_you": (
        "Vous avez posé {tile} sur le bout {end} : {sum} = {total}, +{points}."
    ),
    "web.pips": "{n} points",
    "web.pips_round5": "{n} points, arrondis à {r}",
    "web.pips_fifths": "{n} points = {r} (arrondis au cinquième)",
    "web.no_tiles": "plus aucun domino",
    "web.ends_sum": "Bouts ouverts : {sum} = {total}.",
    "web.ends_uncounted": "Branches du double pivot pas encore comptées : {ends}.",
    "web.end_plain": "le bout {value}, {dir}",
    "web.end_spinner": "le bout {value} du double pivot, {dir}",
    "web.dir.north": "nord",
    "web.dir.south": "sud",
    "web.dir.east": "est",
    "web.dir.west": "ouest",
    "web.play_on": "Poser {tile} sur {end}",
    "web.not_playable": "(injouable pour l'instant)",
    "web.your_hand": "Votre main",
    "web.board": "La table",
    "web.scores_now": "Scores : {scores}.",
    "web.sound_on": "Son : activé",
    "web.sound_off": "Son : coupé",
    "web.ev.draw_you": "Vous avez pioché.",
    "web.ev.draw_charged_you": "Vous avez pioché (+{cost} pour la pioche).",
    "web.ev.pass_you": "Vous avez passé.",
    "web.ev.hand_out_you": "Fin de la manche {hand} : vous avez posé votre dernier domino.",
    "web.ev.game_end_you": "Partie terminée : vous gagnez, {scores}.",
    "web.ev.draw": "{name} a pioché.",
    "web.ev.draw_charged": "{name} a pioché (+{cost} pour la pioche).",
    "web.ev.pass": "{name} a passé.",
    "web.ev.timer": "(temps écoulé : le serveur a joué)",
    "web.ev.away": "(absent : un robot a joué à sa place)",
    "web.ev.hand_start": "Manche {hand} : {leader} commence.",
    "web.ev.hand_start_you": "Manche {hand} : vous commencez.",
    "web.ev.hand_out": "Fin de la manche {hand} : {name} a posé son dernier domino.",
    "web.ev.hand_blocked": "Fin de la manche {hand} : bloquée.",
    "web.ev.hand_target": "Manche {hand} arrêtée : l'objectif est atteint.",
    "web.ev.settle": "Décompte : {deltas}.",
    "web.ev.game_end": "Partie terminée : {name} gagne, {scores}.",
    "web.ev.game_end_team": "Partie terminée : {name} gagnent, {scores}.",
    "web.reveal": "Mains en fin de manche",
    "web.quick.title": "Jouer aux dominos",
    "web.quick.variant": "{name}, {n} joueurs",
    "web.quick.rules": "Les règles",
    "web.quick.bot": "Jouer contre l'ordinateur",
    "web.quick.bot_go": "Jouer",
    "web.quick.friend": "Jouer avec un ami",
    "web.quick.friend_help": "Un lien à envoyer : votre ami prend l'autre place.",
    "web.quick.friend_go": "Obtenir le lien",
    "web.quick.now": "Jouer maintenant",
    "web.quick.now_help": "Avec ceux qui attendent ; des robots prennent les places libres.",
    "web.quick.more": "Plus d'options : variante, joueurs, objectif, minuterie",
    "web.invite.title": "Invitez votre ami : envoyez-lui ce lien",
    "web.invite.share": "Partager",
    "web.hand_over": "Manche {n} terminée",
    "web.sniff_short_us": "en travers",
    "web.sniff_short_british": "en long",
    "web.not_found.title": "Page introuvable",
    "web.not_found.text": (
        "Il n'y a rien à cette adresse. Le lien d'une table porte son secret après le "
        "signe # : copiez-le en entier."
    ),
    "web.not_found.home": "Retour à la page d'accueil",
    "web.err.network": (
        "Impossible de joindre le serveur : vérifiez votre connexion, puis "
        "réessayez."
    ),
    "web.err.not_json": (
        "Le serveur a répondu par une erreur ({status}) : réessayez dans un "
        "instant."
    ),
    "web.retry": "Réessayer",
    "web.rules.sniff_option": (
        "Ce jeu peut se jouer avec un sniff (une option à la création de la table) :"
    ),
    "web.rules.link": "Les règles de ce jeu",
    "web.winner_one": "{name} gagne la partie",
    "web.winner_two": "{a} et {b} gagnent la partie",
    "web.winner_you_two": "{b} et vous gagnez la partie",
    "web.winner_you": "Vous gagnez !",
    "web.winner": "{name} gagne.",
    "web.connecting": "Connexion…",
    "web.reconnecting": "Connexion perdue, reconnexion…",
    # --- why the server closed the table's connection (protocol.CLOSE_*)
    "web.closed.too_slow": "La connexion a pris du retard (messages non lus).",
    "web.closed.forbidden": "Le serveur n'accepte pas l'adresse de cette page.",
    "web.closed.timeout": "La connexion n'a pas rejoint sa table à temps.",
    "web.closed.too_many": "Trop de connexions ou de mauvais liens depuis votre adresse.",
    "web.closed.flood": "Cette page a envoyé trop de messages trop longtemps.",
    "web.no_link": "Ce lien n'est le lien d'aucune place ni d'aucune table.",
    "web.tally": "pointage au crayon",
    "web.zoom_in": "Zoomer",
    "web.zoom_out": "Dézoomer",
    "web.zoom_fit": "Ajuster",
    # le jargon expliqué là où un débutant le rencontre (terms.js) : le mot tel que les textes
    # l'écrivent (en minuscules), et une ou deux phrases
    "web.term.ask": "Que veut dire « {term} » ?",
    "web.term.spinner.word": "double pivot",
    "web.term.spinner": (
        "Un double sur lequel on pose des quatre côtés : d'abord ses deux bouts, puis, une fois "
        "les deux couverts, ses deux flancs."
    ),
    "web.term.sniff.word": "sniff",
    "web.term.sniff": (
        "Le premier double de la manche, le seul double pivot. Américain : en travers de la "
        "ligne, ses bouts libres comptent toujours. Britannique : dans le sens de la ligne, avec "
        "la place d'un domino de chaque côté."
    ),
    "web.term.overdraw.word": "surpioche",
    "web.term.overdraw": (
        "Piocher un domino alors que vous pouviez en poser un. Permis seulement en solitaire : "
        "chaque surpioche donne 3 points à la pioche."
    ),
    "web.term.handicap.word": "handicap",
    "web.term.handicap": (
        "Les points que la pioche reçoit au début de chaque manche du solitaire (5 pour un "
        "débutant, 10 pour un joueur expérimenté), pour compenser le peu qu'elle marque en jeu."
    ),
    "web.term.boneyard.word": "pioche",
    "web.term.boneyard": (
        "Les dominos faces cachées qui restent après la donne, ceux où l'on pioche."
    ),
    "web.spinner": "double pivot",
    # --- jouer avec d'autres (together.js, yours.js)
    "web.together.name": "Votre nom",
    "web.together.name_help": "Facultatif, 20 caractères au plus : montré à la table.",
    "web.together.your_games": "Vos parties",
    "web.together.your_game": "{preset}, {players} joueurs, manche {hand}",
    "web.together.go_back": "Y retourner",
    "web.together.grace": "Un robot joue pour un joueur parti après",
    "web.together.match": "Rencontre : {score}",
    "web.together.waiting_for": "En attente de {names} pour la manche suivante.",
    "web.together.others_ready": "{names} attend la manche suivante.",
    "web.together.ready": "Prêt : en attente des autres",
    "web.together.offer": "{names} propose une revanche.",
    "web.together.offered": "Revanche proposée : en attente de {names}.",
    "web.together.rematch_offered": "Revanche proposée",
    "web.together.rematch_accept": "Accepter la revanche",
    "web.together.away_in": "{name} est parti : un robot joue à sa place dans {n} s.",
    "web.together.away_bot": "{name} est parti : un robot joue à sa place jusqu'à son retour.",
    "web.together.bot_now": "Laisser un robot jouer maintenant",
    "web.together.hint": "Conseil",
    "web.together.undo": "Annuler",
    "web.together.best": "le meilleur",
    "web.together.behind": "{value} {unit} de moins",
    "web.together.unit_points": "pts",
    "web.together.unit_marks": "marques",
    "web.together.sheet": "Feuille de marque",
    "web.together.sheet_hand": "Manche",
    "web.together.sheet_result": "Fin",
    "web.together.result_out": "sortie",
    "web.together.result_blocked": "bloquée",
    "web.together.result_target": "objectif atteint",
    "web.lobby.cancel": "Annuler",
    "web.lobby.cancelled": "Place rendue.",
    # --- the lobby (Play now) ---
    "web.lobby.title": "Jouer maintenant",
    "web.lobby.intro": (
        "Asseyez-vous à la plus ancienne table publique ouverte de cette variante, ou "
        "ouvrez-en une. Des robots prennent les places encore vides après l'attente."
    ),
    "web.lobby.wait": "Robots après",
    "web.lobby.level": "Niveau des robots",
    "web.lobby.play": "Jouer maintenant",
    "web.lobby.waiting": "Place {seat} sur {players} : {taken} assis ; robots dans {n} s.",
    "web.lobby.starting": "La table démarre…",
    "web.lobby.open_tables": "En attente de joueurs",
    "web.lobby.playing_tables": "Parties à regarder",
    "web.lobby.none": "Aucune pour l'instant.",
    "web.lobby.row_waiting": "{preset}, {taken} sur {players} assis, robots dans {n} s",
    "web.lobby.row_playing": "{preset}, {players} joueurs",
    "web.lobby.watch": "Regarder",
    "web.err.lobby_players": (
        "Joueurs « {value} » : attendu 2, 3 ou 4 (le salon réunit des joueurs)."
    ),
    "web.err.lobby_wait": "Attente « {value} » : attendu l'une de {expected} secondes.",
    "web.err.lobby_level": "Niveau de robot « {value} » : attendu l'un de {expected}.",
    "web.err.lobby_seat": (
        "Place de salon inconnue : attendu la salle et le jeton donnés par Jouer "
        "maintenant."
    ),
    "web.err.lobby_rate": "Trop de demandes au salon depuis votre adresse : ralentissez.",
    "web.err.lobby_seats": (
        "Votre adresse tient déjà {limit} places du salon : annulez-en une ou attendez sa partie."
    ),
    "web.err.lobby_rooms": (
        "Votre adresse attend déjà dans {limit} salles : annulez-en une ou attendez sa partie."
    ),
    "web.err.lobby_closed": "Cette salle a été fermée : appuyez de nouveau sur Jouer maintenant.",
    "web.err.lobby_started": "La partie a commencé : votre place vous est gardée.",
    "web.err.illegal_move": "Le coup « {move} » n'est pas permis ici ; coups permis : {legal}.",
    "web.err.move_draw": "piocher",
    "web.err.move_pass": "passer",
    "web.err.move_none": "aucun",
    "web.err.json_only": "Type de contenu « {value} » : attendu application/json.",
    "web.err.metrics": "Les métriques sont pour cet hôte, ou pour qui a le jeton des métriques.",
    "web.err.origin": "Les tables se créent depuis la page de ce site seulement.",
    "web.deal_committed": (
        "Donne équitable : scellée avant de distribuer, vérifiée ici après la manche."
    ),
    "web.deal_verified": "Donne équitable : vérifiée. C'est bien la donne scellée avant.",
    "web.deal_failed": (
        "Vérification de la donne ÉCHOUÉE : la graine révélée ne donne pas cette donne."
    ),
    "web.deal_unchecked": "Donne non vérifiée ici (la page a besoin de https pour calculer).",
    "web.deal_short_committed": "Donne équitable : scellée avant",
    "web.deal_short_verified": "Donne équitable : vérifiée ✓",
    "web.deal_short_failed": "Vérification ÉCHOUÉE",
    "web.deal_short_unchecked": "Donne non vérifiée (https requis)",
    "web.game_over": "Partie terminée",
    "web.err.tables_rate": (
        "Trop de nouvelles tables depuis votre adresse : {limit} par minute au plus."
    ),
    # -------- ``fives tournament`` / ``fives match``
    "bots.tournament_help": (
        "faire jouer des niveaux de robots entre eux (tous contre tous, donnes dupliquées)"
    ),
    "bots.match_help": "faire jouer deux robots l'un contre l'autre (donnes dupliquées)",
    "bots.tournament_description": (
        "Tous contre tous entre niveaux de robots, sur des donnes dupliquées. Un robot s'écrit "
        "NIVEAU ou NIVEAU:BUDGET (random, greedy, heuristic, search, expert ou 1 à 5 ; un budget "
        "comme 250ms, 1s ou 200it), par ex. `fives tournament greedy heuristic expert:100ms "
        "--games 40`."
    ),
    "bots.match_description": (
        "Deux robots sur des donnes dupliquées, par ex. `fives match expert greedy --games 100 "
        "--jobs 2 --out results/ --preset all-fives`."
    ),
    "bots.arg_bots": "les robots à faire jouer, NIVEAU[:BUDGET]",
    "bots.arg_first": "premier robot, NIVEAU[:BUDGET]",
    "bots.arg_second": "second robot, NIVEAU[:BUDGET]",
    "bots.arg_preset": (
        "five-up, all-fives, five-up-solitaire, multiples-of-five, draw, block, "
        "fives-and-threes ou un alias (par défaut all-fives)"
    ),
    "bots.arg_players": "nombre de joueurs (1 pour le solitaire, sinon 2 à 4)",
    "bots.arg_partnerships": "quatre joueurs en deux équipes",
    "bots.arg_games": (
        "parties par rencontre (une paire dupliquée compte pour deux ; par défaut 20)"
    ),
    "bots.arg_budget": (
        "budget de réflexion des robots donnés sans budget, par ex. 250ms, 1s, 200it (par "
        "défaut : celui de chaque niveau)"
    ),
    "bots.arg_seed": "graine des donnes et des robots (par défaut 1)",
    "bots.arg_counting": (
        "avec les annonces de muggins : les robots comptent exactement (par défaut), ou comme "
        "des personnes (les niveaux faibles comptent parfois trop peu ou laissent passer une "
        "erreur)"
    ),
    "bots.arg_jobs": "processus de calcul en parallèle (par défaut 1)",
    "bots.arg_no_duplicate": "ne pas rejouer chaque donne avec les places échangées",
    "bots.arg_out": "écrire results.json et winrates.svg dans DIR",
    "bots.arg_quiet": "sans barre de progression",
    "bots.progress": "Parties",
    "bots.title": "{preset} : {games} parties par rencontre, graine {seed}",
    "bots.col_bot": "Robot",
    "bots.col_vs": "Contre",
    "bots.col_games": "Parties",
    "bots.col_wins": "Victoires",
    "bots.col_rate": "Taux de victoire",
    "bots.col_ci": "Intervalle à 95 %",
    "bots.col_points": "Points/manche",
    "bots.col_elo": "Elo",
    "bots.col_median": "Médiane ms/décision",
    "bots.col_worst": "Pire ms/décision",
    "bots.deck": "la pioche",
    "bots.no_result": "{count} partie(s) sans résultat (arrêtées après trop d'actions)",
    "bots.field_note": (
        "{players} joueurs individuels : le premier robot occupe un siège contre un champ du "
        "second (part égale : {share:.0%})"
    ),
    "bots.ratings": "Classement (Elo, moyenne 1500)",
    "bots.written": "Résultats écrits dans {path}",
    "bots.plot_title": "{preset} : taux de victoire et intervalle à 95 %",
    "bots.bad_bot": (
        "robot invalide {spec!r} : attendu NIVEAU ou NIVEAU:BUDGET, par ex. expert:250ms, "
        "search:200it, greedy ({why})"
    ),
    "bots.need_two": "un tournoi demande au moins deux robots, reçu {count}",
    "bots.bad_count": "{name} invalide {value!r} : attendu un nombre entier positif",
    "bots.bad_seed": "--seed invalide {value!r} : attendu un nombre entier",
    "bots.bad_budget": "budget invalide {value!r} : attendu par ex. 250ms, 1s ou 200it",
    "bots.bad_out": "impossible d'écrire les résultats dans {path!r} : {reason}",
    # --- les variantes historiques (RULES.md §9 O14) et le sniff (O4)
    "preset.name.cribbage-dominoes-1863": "Dominos cribbage (1863)",
    "preset.name.muggins-1864": "Muggins (1864)",
    "preset.short.cribbage-dominoes-1863": (
        "historique : le Muggins en cinquièmes (15 -> 3) ; 31 points"
    ),
    "preset.short.muggins-1864": "historique : le Muggins à 200 (150 à 3 ou 4)",
    "preset.blurb.cribbage-dominoes-1863": (
        "historique : le Muggins compté en cinquièmes (15 = 3) ; à 31"
    ),
    "preset.blurb.muggins-1864": "historique : le Muggins à 200 (150 à 3 ou 4 joueurs)",
    "preset.rules.cribbage-dominoes-1863": (
        "La forme de 1863 du Muggins, comme les Multiples de cinq : une ligne à deux bouts, sans "
        "double pivot, 7 dominos chacun à deux (5 à trois ou quatre). Qui a le plus fort double "
        "l'ouvre ; après un domino, celui qui a fini ouvre avec le domino de son choix. Quand les "
        "deux bouts font un multiple de 5, vous marquez son cinquième (15 -> 3). Domino : vous "
        "encaissez la main de chaque adversaire arrondie à 5, divisée par 5 ; bloqué : le camp "
        "au plus petit total marque les totaux arrondis des autres moins le sien, en "
        "cinquièmes. Le premier à 31 gagne aussitôt."
    ),
    "preset.rules.muggins-1864": (
        "La forme de 1864 du Muggins, comme les Multiples de cinq : une ligne à deux bouts, sans "
        "double pivot, 7 dominos chacun à deux (5 à trois ou quatre). Qui a le plus fort double "
        "l'ouvre ; après un domino, celui qui a fini ouvre avec le domino de son choix. Quand les "
        "deux bouts font un multiple de 5, vous marquez ce total. Domino : vous encaissez la main "
        "de chaque adversaire arrondie à 5 ; bloqué : le camp au plus petit total marque les "
        "totaux arrondis des autres moins le sien. Le premier à 200 gagne aussitôt (150 à trois "
        "ou quatre). Pas d'annonces de muggins."
    ),
    "preset.card.cribbage-dominoes-1863": (
        "Les Multiples de cinq comme en 1863, comptés en cinquièmes : une ligne à deux bouts ; "
        "un multiple de 5 aux bouts rapporte son cinquième (15 = 3). Domino ou blocage comme au "
        "Muggins, en cinquièmes. Le premier à 31 gagne aussitôt."
    ),
    "preset.card.muggins-1864": (
        "Le Muggins comme en 1864 : une ligne à deux bouts ; un multiple de 5 aux bouts rapporte "
        "sa valeur. Domino ou blocage comme aux Multiples de cinq. Le premier à 200 (150 à trois "
        "ou quatre) gagne aussitôt."
    ),
    "web.historical": "Historiques",
    "option.sniff": (
        "le premier double est le sniff (none ; us : en travers, ses bouts comptent toujours ; "
        "british : en long, un domino de chaque côté)"
    ),
    "rules.sniff.us": (
        "Sniff (forme américaine) : le premier double posé est le sniff, posé en travers, et "
        "c'est le seul double pivot ; les autres doubles sont de simples doubles en travers, "
        "sans branches. Les deux premiers dominos sur le sniff vont contre ses deux côtés dans "
        "la ligne ; ensuite ses deux bouts s'ouvrent. Tant qu'un côté dans la ligne est libre, "
        "il compte ses deux moitiés ; ensuite chacun de ses bouts encore libre compte sa valeur."
    ),
    "rules.sniff.british": (
        "Sniff (forme britannique) : le premier double posé est le sniff, posé en long dans la "
        "ligne ; il compte ses bouts libres comme tout domino (ses deux moitiés quand il ouvre "
        "et que rien n'y est posé). Chacun de ses deux flancs reçoit un seul domino, tout de "
        "suite ; ce domino compte son bout extérieur jusqu'à la fin de la manche mais ne se "
        "prolonge jamais. Les autres doubles sont de simples doubles en travers, sans branches."
    ),
    "rules.sniff.choice": (
        "Qui pose le sniff choisit sa forme pour la manche : 4-4:us (en travers) ou "
        "4-4:british (en long), 4-4@2:british pour un sniff posé sur le domino n° 2. Sans "
        "suffixe, le sniff prend la forme {form}."
    ),
    "option.sniff_orientation_choice": (
        "qui pose le sniff choisit sa forme (4-4:us ou 4-4:british ; sans suffixe : sniff)"
    ),
    # --- les annonces de muggins (RULES.md §9 O1, §8 X-6) et la variante muggins-1868
    "preset.name.muggins-1868": "Muggins (1868)",
    "preset.short.muggins-1868": "historique : le Muggins à 200 où l'on compte ses points",
    "preset.blurb.muggins-1868": (
        "historique : chacun compte ses points ; l'adversaire crie muggins"
    ),
    "preset.rules.muggins-1868": (
        "La forme de 1868 du Muggins : le jeu de 1864 (une ligne à deux bouts, sans double "
        "pivot, 7 dominos chacun à deux, 5 à trois ou quatre ; le plus fort double ouvre ; un "
        "multiple de 5 aux bouts rapporte ce total ; le premier à 200, 150 à trois ou quatre, "
        "gagne aussitôt) où chacun compte ses propres points."
    ),
    "preset.card.muggins-1868": (
        "Le Muggins comme à partir de 1868 : comme en 1864, mais vous annoncez ce que rapporte "
        "chacun de vos dominos ; comptez trop peu et un adversaire peut crier muggins et prendre "
        "la différence. Le premier à 200 (150 à trois ou quatre) gagne aussitôt."
    ),
    "option.muggins_claims": (
        "vous annoncez ce que rapporte chaque domino ; un adversaire peut crier muggins sur un "
        "compte trop court"
    ),
    "option.muggins_overclaim": (
        "une annonce trop forte ne rapporte rien (void), ou donne en plus l'annonce à "
        "l'adversaire suivant (foster_penalty)"
    ),
    "rules.muggins.claims": (
        "Annonces de muggins : à chaque domino posé, vous annoncez ce qu'il rapporte "
        "(6-3@2=15, ou 5-5=10 pour l'ouverture) ; personne ne compte pour vous. Annoncez le bon "
        "nombre et vous le marquez. Annoncez moins et vous marquez votre annonce ; jusqu'à "
        "l'action suivante de quiconque (un domino, une pioche, un passe), tout adversaire peut "
        "crier muggins (muggins:1 pour la place 1) et prendre les points oubliés. Seul le "
        "premier cri compte. Un cri sur un compte qui n'était pas trop court est une erreur : il "
        "ne rapporte rien et ne coûte rien. Un domino qui finit la manche ou la partie ne laisse "
        "pas le temps de crier. Un cri ne change pas le tour."
    ),
    "rules.muggins.void": "Annoncez plus que ne rapporte le domino et il ne vous rapporte rien.",
    "rules.muggins.foster_penalty": (
        "Annoncez plus que ne rapporte le domino et il ne vous rapporte rien, et l'adversaire "
        "suivant marque ce que vous avez annoncé (la pénalité de Foster)."
    ),
    "replay.muggins": "manche {hand} | joueur {seat} crie muggins | +{points} | scores {scores}",
    "replay.penalty": (
        "manche {hand} | joueur {seat} reçoit l'annonce trop forte en pénalité | +{points} | "
        "scores {scores}"
    ),
    "error.missing_claim": (
        "Il manque l'annonce du coup {text!r} : écrivez ce qu'il rapporte, comme 6-3@2=15 ou "
        "5-5=10."
    ),
    "error.invalid_claim": (
        "Annonce illisible dans {text!r} : écrivez un nombre entier, comme =15."
    ),
    "error.no_claims": (
        "{text!r} : les annonces (=15) et les cris de muggins n'existent qu'avec l'option "
        "muggins_claims."
    ),
    "error.invalid_counting": "Compte invalide {value} : attendu exact ou human.",
    "error.reason.muggins_closed": (
        "aucun cri de muggins n'est ouvert : on crie juste après une pose, avant l'action "
        "suivante"
    ),
    "error.reason.muggins_called": "la place {caller} a déjà crié muggins sur ce domino",
    "error.reason.muggins_own_side": (
        "la place {seat} est du camp de la place {placer}, qui a posé"
    ),
    "error.reason.muggins_no_seat": "il n'y a pas de place {seat}",
    "error.reason.no_claims": (
        "les annonces et les cris de muggins demandent l'option muggins_claims"
    ),
    "web.lead_tile": "Ouvrir avec {tile}",
    "web.sniff_as_us": "en sniff américain (en travers)",
    "web.sniff_as_british": "en sniff britannique (en long, un domino de chaque côté)",
    "web.sniff": "Sniff (le premier double)",
    "web.sniff_none": "aucun",
    "web.sniff_us": "américain : en travers, ses bouts comptent toujours",
    "web.sniff_british": "britannique : en long, un domino de chaque côté",
    "web.sniff_choice": "Qui pose le sniff choisit sa forme",
    "error.bad_sniff": "Sniff « {value} » : attendu none, us ou british.",
    "error.bad_sniff_choice": "Choix du sniff « {value} » : attendu true ou false.",
    # Annonces de muggins à une table web (RULES.md §9 O1 ; fives.web.claims_window)
    "error.claim_without_claims": "Annonce {value} : cette table se joue sans annonces de muggins.",
    "error.claim_in_move": (
        "Coup « {move} » : donnez l'annonce à part (le champ des points), pas dans le coup."
    ),
    "error.muggins_by_play": "Coup « {move} » : criez muggins avec son propre bouton.",
    "error.claim_not_placement": (
        "Annonce {value} avec « {move} » : seul un domino posé porte une annonce."
    ),
    "error.claim_missing": (
        "Le coup « {move} » n'a pas d'annonce : dites combien de points il rapporte."
    ),
    "error.bad_claim": "Annonce {value} : attendu un nombre entier de 0 à {limit}.",
    "error.muggins_no_claims": "Pas de muggins à cette table : elle se joue sans annonces.",
    "error.muggins_hand_over": "Pas de muggins maintenant : la manche est finie.",
    "error.muggins_called": (
        "Le siège {seat} a déjà crié muggins : seul le premier cri compte."
    ),
    "error.muggins_closed": (
        "Pas de muggins à crier maintenant : on crie juste après le domino d'un adversaire, "
        "avant l'action suivante."
    ),
    "error.muggins_own_side": (
        "Le siège {seat} ne peut pas crier sur le domino du siège {placer} : seul un autre camp "
        "crie muggins."
    ),
    "error.undo_claims": "Pas d'annulation quand vous comptez vos points (annonces de muggins).",
    "error.hint_claims": "Pas de conseil quand vous comptez vos points (annonces de muggins).",
    "error.claims_only": "{field} : seulement à une table avec annonces de muggins.",
    "error.bad_counting": "Compte des robots « {value} » : attendu exact ou human.",
    "error.bad_call_window": "Délai pour crier « {value} » : attendu de 0 à 30 secondes.",
    "error.bad_muggins_claims": "Annonces de muggins « {value} » : attendu true ou false.",
    "error.bad_overclaim": "Annonce trop forte « {value} » : attendu void ou foster_penalty.",
    "web.claims": "Comptez vos points vous-même (annonces de muggins)",
    "web.claims_desc": (
        "Vous annoncez ce que rapporte chaque domino ; annoncez trop peu et un adversaire peut "
        "crier muggins et prendre la différence."
    ),
    "web.overclaim": "Une annonce au-dessus du score",
    "web.overclaim_void": "ne rapporte rien",
    "web.overclaim_foster_penalty": "ne rapporte rien, et l'adversaire suivant la marque (Foster)",
    "web.counting": "Les robots comptent",
    "web.call_window": "Temps pour crier muggins avant qu'un robot ou le minuteur joue",
    "web.call_window_off": "aucun",
    "web.counting_human": "comme des gens : les plus faibles se trompent parfois",
    "web.counting_exact": "exactement : toute annonce trop basse est criée",
    "web.claim.label": "Points que vous annoncez pour {tile}",
    "web.claim.play": "Jouer {tile}",
    "web.claim.cancel": "Annuler",
    "web.claim.more": "Plus de points",
    "web.claim.less": "Moins de points",
    "web.claim.needed": "Dites combien de points rapporte le domino (un nombre entier).",
    "web.claim.count": (
        "Vous comptez vos points : annoncez trop peu et un adversaire peut crier muggins."
    ),
    "web.muggins": "Muggins !",
    "web.muggins_left": "Muggins ! (encore {n} s)",
    "web.muggins_offer": "{name} a annoncé {claim} : criez muggins si le compte était trop bas.",
    "web.ends_only": "Bouts ouverts : {ends}.",
    "web.ev.lead_claim": "{name} a ouvert avec {tile} et annoncé {claim}.",
    "web.ev.lead_claim_you": "Vous avez ouvert avec {tile} et annoncé {claim}.",
    "web.ev.place_claim": "{name} a posé {tile} sur le bout {end} et annoncé {claim}.",
    "web.ev.place_claim_you": "Vous avez posé {tile} sur le bout {end} et annoncé {claim}.",
    "web.ev.claim_over": "Plus que ne rapporte le domino : il ne rapporte rien.",
    "web.ev.muggins": "{name} a crié muggins et pris {points}.",
    "web.ev.muggins_you": "Vous avez crié muggins et pris {points}.",
    "web.ev.muggins_mistaken": "{name} a crié muggins, mais le compte était juste : rien de pris.",
    "web.ev.muggins_mistaken_you": (
        "Vous avez crié muggins, mais le compte était juste : rien de pris."
    ),
    "web.ev.penalty": "{name} reçoit l'annonce trop forte en pénalité : +{points}.",
    "web.ev.penalty_you": "Vous recevez l'annonce trop forte en pénalité : +{points}.",
    "web.overdraw": "Piocher quand même : +{cost} pour la pioche",
    "web.overdraw_confirm": "Cliquez encore pour piocher : +{cost} pour la pioche",
    "web.deck_from": "handicap {handicap} · surpioches {draws} · blocage {block}",
    "tui.sniff_us": "en sniff américain (en travers, ses bouts comptent toujours)",
    "tui.sniff_british": "en sniff britannique (en long, un domino de chaque côté)",
    "tui.overdraw_ask": "Un domino se pose : piocher quand même, +{cost} pour la pioche ? [o/N] > ",
    "tui.overdraw_not": "Pas de pioche : posez un domino (ou tapez le numéro de la surpioche).",
    "tui.menu_historical": "Historiques :",
    "tui.move_overdraw": "piocher quand même : +{cost} pour la pioche",
    "tui.deck_from": "handicap {handicap} + surpioches {draws} + blocage {block}",
    "tui.hint_expect": "espéré : vous {points}, la pioche {against}",
    "tui.hint_fish": "le domino pioché marque aussitôt dans {odds} % des donnes",
}
