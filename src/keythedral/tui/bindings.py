"""Where the rebindable keys live: every class of the app with BINDINGS, by the name that
``keythedral keys`` and keys.toml give it (read by the app and the keys command)."""

from __future__ import annotations

from keythedral.tui.screens.game import GameScreen
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.widgets.board import FieldMap


def binding_owners() -> list[tuple[str, type]]:
    """Where the rebindable keys live, for ``keythedral keys`` and the keymap (every class
    with BINDINGS: a test finds any left out)."""
    from keythedral.tui.app import KeythedralApp  # circle: tui.app imports bindings

    # not before the first frame
    from keythedral.tui.screens.dialogs import LoadDialog, ReplaceDialog, SaveDialog
    from keythedral.tui.screens.drawn import DrawnLawScreen  # not before the first frame
    from keythedral.tui.screens.help import HelpScreen, LawsScreen  # not before the first frame
    from keythedral.tui.screens.new_game import NewGameScreen  # not before the first frame
    from keythedral.tui.screens.replay import ReplayScreen  # not before the first frame
    from keythedral.tui.screens.rules import RuleCard, RulesScreen  # not before the first frame
    from keythedral.tui.screens.scores import ScoresScreen  # not before the first frame

    # not before the first frame
    from keythedral.tui.screens.tutorial import TutorialPanel, TutorialScreen

    return [
        ("everywhere", KeythedralApp),
        ("game", GameScreen),
        ("map", FieldMap),
        ("hand-over", HandoverScreen),
        ("drawn law card", DrawnLawScreen),
        ("scores", ScoresScreen),
        ("new game", NewGameScreen),
        ("tutorial", TutorialScreen),
        ("tutorial lesson", TutorialPanel),
        ("rules", RulesScreen),
        ("rule card", RuleCard),
        ("keys and legend", HelpScreen),
        ("law cards", LawsScreen),
        ("save", SaveDialog),
        ("load", LoadDialog),
        ("new game over an unfinished one", ReplaceDialog),
        ("replay viewer", ReplayScreen),
    ]
