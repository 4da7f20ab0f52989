"""Why the state is the one record without slots: a copy of it, slotted and not, same run.

    python bench/bench_data.py [--repeat 5]

A transition copies the GameState (``replace``) about once.  With slots, a copy sets its 45-odd
fields one at a time; without, it is one C-level copy of the fields' dict.  This script builds a
slotted twin of GameState (the same fields, ``dataclass(frozen=True, slots=True)``) and times
``replace`` of two fields on each, on a state from the middle of a game, then one field read
on each (the reason for slots: reads are as fast either way on a class without a hook).
The same for PlayerState (6 fields, slotted in the engine) with an unslotted twin.
Times are the best of ``--repeat`` runs of 200,000 calls, in ns a call.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import timeit
from typing import Any

from keythedral import engine
from keythedral.engine.data import Data, frozen, frozen_unslotted, replace


def _twin(cls: type[Any], slotted: bool) -> type[Any]:
    """A record class with the same fields as ``cls``, slotted or not."""
    names = [f.name for f in dataclasses.fields(cls)]
    body: dict[str, Any] = {"__annotations__": dict.fromkeys(names, "Any")}
    made = type(f"{cls.__name__}Twin", (Data,), body)
    return frozen(made) if slotted else frozen_unslotted(made)


def _mid_game() -> engine.GameState:
    rng = random.Random(5)
    state = engine.new_game(engine.GameConfig(players=["Ann", "Bob", "Cy", "Dee"], seed=5))
    for _ in range(300):
        state = engine.apply(state, rng.choice(engine.legal_actions(state)))
    return state


def _ns(stmt: Any, repeat: int) -> float:
    return min(timeit.repeat(stmt, number=200_000, repeat=repeat)) / 200_000 * 1e9


def _read(obj: Any) -> float:
    """A field read, timed over 20 reads a call so that the call's own cost is spread."""
    text = "; ".join(["x = o.turn" if hasattr(obj, "turn") else "x = o.cubes"] * 20)
    return min(timeit.repeat(text, globals={"o": obj}, number=200_000, repeat=3)) / 4e6 * 1e9


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    state = _mid_game()
    player = state.players[0]
    for real, changes in ((state, {"turn": 1, "passes": 2}), (player, {"fences_built": 1})):
        cls = type(real)
        values = {f.name: getattr(real, f.name) for f in dataclasses.fields(cls)}
        slotted = _twin(cls, True)(**values)
        unslotted = _twin(cls, False)(**values)
        name = cls.__name__
        print(f"{name} ({len(values)} fields)")
        for label, obj in (("slotted", slotted), ("without slots", unslotted)):
            copy = _ns(lambda obj=obj, changes=changes: replace(obj, **changes), args.repeat)
            print(f"  {label:14}: replace {copy:6.0f} ns, a field read {_read(obj):5.1f} ns")


if __name__ == "__main__":
    main()
