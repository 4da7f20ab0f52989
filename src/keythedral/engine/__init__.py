"""The Keythedral rules engine: pure functions over an immutable GameState.

Public contract (see docs and ../shared/API.md)::

    cfg = GameConfig(players=["Ann", "Bob", "Cy"], seed=7)
    state = new_game(cfg)
    acts = legal_actions(state)
    state = apply(state, acts[0])
    view(state, seat) / view(state, None) / summary(state)
"""

from . import facts, playout_moves  # public modules, part of the contract
from .actions import (
    Action,
    Bid,
    BuildFence,
    BuyBuilding,
    BuyCraft,
    ChooseCube,
    ChooseStartPlayer,
    ChooseWorkOrder,
    ConvertCottage,
    Decline,
    Pass,
    PassBid,
    Pay,
    PlaceCottage,
    PlaceField,
    PlaceWorker,
    PlayLaw,
    ProcureLaw,
    RelocateCottage,
    RemoveFence,
    Trade,
    parse_action,
)
from .config import GameConfig
from .decisions import decision
from .determinize import sample_state
from .errors import CatalogueError, ConfigError, IllegalAction, KeythedralError
from .legal import legal_actions
from .reducer import apply
from .setup import new_game
from .state import GameState
from .summary import summary
from .view import PlayerView, view

__all__ = [
    "Action",
    "Bid",
    "BuildFence",
    "BuyBuilding",
    "BuyCraft",
    "CatalogueError",
    "ChooseCube",
    "ChooseStartPlayer",
    "ChooseWorkOrder",
    "ConfigError",
    "ConvertCottage",
    "Decline",
    "GameConfig",
    "GameState",
    "IllegalAction",
    "KeythedralError",
    "Pass",
    "PassBid",
    "Pay",
    "PlaceCottage",
    "PlaceField",
    "PlaceWorker",
    "PlayLaw",
    "PlayerView",
    "ProcureLaw",
    "RelocateCottage",
    "RemoveFence",
    "Trade",
    "apply",
    "decision",
    "facts",
    "legal_actions",
    "new_game",
    "parse_action",
    "playout_moves",
    "sample_state",
    "summary",
    "view",
]
