"""The ``keythedral`` command."""

from __future__ import annotations

import argparse
import random
import sys

from . import engine


def _play_text(args: argparse.Namespace) -> int:
    """A plain prompt-driven game: every legal action is listed and picked by number."""
    names = args.players or ["Ann", "Bob", "Cy"]
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    state = engine.new_game(engine.GameConfig(players=names, seed=seed))
    print(f"Keythedral, seed {seed}.")
    shown = 0
    while state.to_act:
        v = engine.view(state, state.to_act[0])
        new = v.log_total - shown
        for line in v.log[-new:] if new > 0 else ():
            print("  " + line)
        shown = v.log_total
        acts = engine.legal_actions(state)
        me = v.me
        assert me is not None
        print(
            f"\n{v.players[state.to_act[0]].name}: {v.decision.replace('_', ' ')}; cubes {me.cubes}"
        )
        for i, a in enumerate(acts):
            print(f"  {i:3}: {a.model_dump(exclude={'seat'})}")
        try:
            choice = input("> ").strip()
        except EOFError:
            return 0
        if choice in {"q", "quit"}:
            return 0
        try:
            state = engine.apply(state, acts[int(choice)])
        except (ValueError, IndexError):
            print("Type the number of an action, or q to quit.")
        except engine.IllegalAction as exc:
            print(exc)
    print(engine.summary(state)["scores"])
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="keythedral", description=__doc__)
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help="play a game (the default)")
    for p in (parser, play):
        p.add_argument("--players", nargs="+", help="player names, 2 to 5")
        p.add_argument("--seed", type=int, help="the game's seed (random by default)")
    args = parser.parse_args(argv)
    return _play_text(args)


if __name__ == "__main__":
    sys.exit(main())
