"""new_game: the components laid out, shuffled from the seed, ready for the layout."""

from __future__ import annotations

import random

from keythedral.vocab import FieldType

from .board import KEYTHEDRAL_CORNER, stack_tiles, start_fields
from .catalogue import IN_PLAY, IN_PLAY_LONG, laws, tiles_of_stage
from .config import GameConfig
from .cubes import TOTAL
from .events import GameBegan, new
from .flow import advance
from .state import GameState, PlayerState


def new_game(config: GameConfig) -> GameState:
    rng = random.Random(config.seed)
    stack: list[FieldType] = stack_tiles(config.n)
    rng.shuffle(stack)
    in_play = IN_PLAY_LONG if config.long_game else IN_PLAY
    mat: list[tuple[str, ...]] = []
    unused: list[tuple[str, ...]] = []
    for stage in range(1, 6):
        tiles = list(tiles_of_stage(stage))
        rng.shuffle(tiles)
        mat.append(tuple(tiles[: in_play[stage - 1]]))
        unused.append(tuple(sorted(tiles[in_play[stage - 1] :])))
    deck: list[str] = [] if config.no_laws else sorted(laws())
    rng.shuffle(deck)
    spaces = tuple(deck[: config.law_spaces])
    resources = (*TOTAL[:5], 0, 0, 0)
    state = GameState(
        config=config,
        rng=rng.getrandbits(64),
        players=tuple(PlayerState(name=name) for name in config.players),
        store=resources,
        keythedral=None if config.two_player else KEYTHEDRAL_CORNER,
        fields=start_fields(config.n),
        field_stack=tuple(stack),
        mat=tuple(mat),
        unused=tuple(unused),
        law_deck=tuple(deck[config.law_spaces :]),
        law_spaces=spaces,
        log=(new(GameBegan, players=tuple(config.players)),),
        log_total=1,
    )
    return advance(state)
