"""What the walkthrough says of each phase, and which rules section explains each phase and
each kind of action (headings of docs/rules_en.md): the walkthrough's text, kept apart from the
code that picks it (keythedral.words.walkthrough).  The texts are marked for the catalogues and
looked up where they are shown; the rules sections are headings of the English rules, by which
the rules are looked up (data, not words)."""

from __future__ import annotations

from keythedral.lang import N_

#: The rules section (a heading of docs/rules_en.md) behind each phase.
PHASE_RULES = {
    "layout": "Laying fields and cottages",
    "place_workers": "Phase 1: placing workers",
    "harvest": "Phase 2: harvest",
    "spend": "Phase 3: spending",
    "retrieve": "Phase 4: retrieving",
    "bidding": "Phase 5: choosing the start player",
    "game_over": "End of the game and scoring",
}

#: What each phase is about (marked: looked up where shown).
PHASE_TEXT = {
    # I18N: what a part of the game is about, in the walkthrough beside the board
    "layout": N_(
        "The players build the landscape around the Keythedral tile in the centre. In turn "
        "each lays the top field tile of the stack next to the board, then one of their five "
        "cottages in a corner between fields. A cottage's workers may only go into the fields "
        "it touches, so corners touching several different kinds of field are worth the most."
    ),
    "place_workers": N_(
        "The five cottage numbers are called one by one. The holder of the next work-order "
        "marker picks a number; everyone with a cottage of that number sends its worker (a "
        "house sends two) into a free field it touches, the picker first, then clockwise. "
        "Only one worker fits in a field, so whoever places first gets the choice."
    ),
    "harvest": N_(
        "Every worker brings one cube of its field's colour from the store, start player "
        "first. When the store runs out of a colour, later players get none of it."
    ),
    "spend": N_(
        "In turn, each player takes exactly one of seven actions, round and round the table. "
        "The phase ends when every player who has not procured a law has passed, one after "
        "the other. Building tiles are what win: each is a seat in the Keythedral."
    ),
    "retrieve": N_(
        "Workers come home, the work-order markers come off, and empty new-law spaces get "
        "a new card."
    ),
    "bidding": N_(
        "The start player hands the marker to the left (player B). The others bid cubes for "
        "the right to name the next start player, once each, each bid higher; B speaks last "
        "and can only match. Nobody bids: B names the start player for free."
    ),
    "game_over": N_(
        "The last building tile was bought, so the game is over. The seats in the "
        "Keythedral are counted; leftover cubes break ties (or score, in the second edition)."
    ),
}

#: The layout with two players (rules: Variants, Two players): no Keythedral tile.
LAYOUT_TWO_PLAYERS = N_(
    "With two players there is no Keythedral tile: the landscape grows from a woods and a "
    "quarry in the centre, and the stack holds only the ten number-2 fields, five for each "
    "of you. In turn each lays the top field tile of the stack next to a field (or beside a "
    "cottage), then one of their five cottages in a corner between fields. A cottage's "
    "workers may only go into the fields it touches, so corners touching several different "
    "kinds of field are worth the most."
)

#: The rules section for each action kind.
KIND_RULES = {
    "place_field": "Laying fields and cottages",
    "place_cottage": "Laying fields and cottages",
    "choose_work_order": "Phase 1: placing workers",
    "place_worker": "Phase 1: placing workers",
    "buy_building": "Buy a building",
    "convert_cottage": "Convert a cottage into a house",
    "build_fence": "Build or remove a fence",
    "remove_fence": "Build or remove a fence",
    "buy_craft": "Buy from a craftsman",
    "trade": "Trade with the trader",
    "procure_law": "Procure a law",
    "pass": "Pass",
    "play_law": "Law cards",
    "decline": "When laws can be played",
    "relocate_cottage": "Relocating a fenced-off cottage",
    "bid": "Phase 5: choosing the start player",
    "pass_bid": "Phase 5: choosing the start player",
    "choose_start_player": "Phase 5: choosing the start player",
    "pay": "Phase 3: spending",
    "choose_cube": "Law cards",
}
