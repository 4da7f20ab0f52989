"""The decisions that play themselves (keythedral.tui.autoplay): the same rules for a hot-seat
game and a joined seat, without Textual."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from keythedral.tui.autoplay import lone_choice, own_step


@dataclass
class Game:
    """What the rules read of a session, set by hand."""

    kinds: tuple[str, ...]
    laws: bool = False  # the seat holds a law card (public)
    own: bool = True  # the last action was the seat's own
    window: tuple[int, ...] = ()
    bots: frozenset[int] = frozenset()

    def legal_for(self, seat: int) -> list[Any]:
        return [SimpleNamespace(kind=k, seat=seat) for k in self.kinds]

    def holds_laws(self, seat: int) -> bool:
        return self.laws

    def follows_own(self, seat: int) -> bool:
        return self.own

    def window_seats(self) -> tuple[int, ...]:
        return self.window

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots


def kind(action: Any) -> str | None:
    return None if action is None else str(action.kind)


def test_a_lone_choice_plays_itself_only_for_a_seat_holding_no_law_card() -> None:
    assert kind(lone_choice(Game(("place_worker",)), 0, on=True)) == "place_worker"  # type: ignore[arg-type]
    assert lone_choice(Game(("place_worker",), laws=True), 0, on=True) is None  # type: ignore[arg-type]
    assert lone_choice(Game(("place_worker",)), 0, on=False) is None  # type: ignore[arg-type]
    # law cards aside, one choice (the cards themselves are not listed on the shared screen)
    with_law = Game(("place_worker", "play_law"))
    assert kind(lone_choice(with_law, 0, on=True)) == "place_worker"  # type: ignore[arg-type]
    assert lone_choice(Game(("pay", "pay")), 0, on=True) is None  # type: ignore[arg-type]


def test_a_forced_step_plays_itself_only_right_after_the_seats_own_action_its_hand_up() -> None:
    pay = Game(("pay",))
    assert kind(own_step(pay, 1, 1, on=True)) == "pay"  # type: ignore[arg-type]
    assert own_step(pay, 1, 0, on=True) is None  # type: ignore[arg-type]  (another hand is up)
    assert own_step(pay, 1, 1, on=False) is None  # type: ignore[arg-type]
    assert own_step(Game(("pay",), own=False), 1, 1, on=True) is None  # type: ignore[arg-type]
    assert own_step(Game(("decline",), window=(1,)), 1, 1, on=True) is None  # type: ignore[arg-type]
    assert own_step(Game(("pay",), bots=frozenset({1})), 1, 1, on=True) is None  # type: ignore[arg-type]
    assert own_step(Game(("pay", "play_law")), 1, 1, on=True) is None  # type: ignore[arg-type]
