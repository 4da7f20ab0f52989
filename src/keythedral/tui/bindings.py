"""The app's Textual bindings, made from the one list of keys (``tui/keys.py``): each class
with BINDINGS takes them from :func:`bindings`, by the name of its place, the name that
``keythedral keys`` and keys.toml give it (read by the app and the keys command)."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from keythedral.tui import keys


def bindings(place: str) -> list[BindingType]:
    """The ``BINDINGS`` of the class whose keys work in ``place`` (see keys.PLACES)."""
    return [
        Binding(k.keys, k.action, k.label, show=k.show, priority=k.priority, id=k.id)
        for k in keys.keys_in(place)
    ]


def binding_owners() -> list[tuple[str, type]]:
    """Where the rebindable keys live, for ``keythedral keys`` and the keymap (every class
    with BINDINGS: a test finds any left out), in the order of keys.PLACES."""
    from keythedral.tui.app import KeythedralApp
    from keythedral.tui.screens.dialogs import LoadDialog, ReplaceDialog, SaveDialog
    from keythedral.tui.screens.drawn import DrawnLawScreen
    from keythedral.tui.screens.game import GameScreen
    from keythedral.tui.screens.handover import HandoverScreen
    from keythedral.tui.screens.help import HelpScreen, LawsScreen
    from keythedral.tui.screens.new_game import NewGameScreen
    from keythedral.tui.screens.replay import ReplayScreen
    from keythedral.tui.screens.rules import RuleCard, RulesScreen
    from keythedral.tui.screens.scores import ScoresScreen
    from keythedral.tui.screens.tutorial import TutorialPanel, TutorialScreen
    from keythedral.tui.widgets.board import FieldMap

    return [
        (keys.EVERYWHERE, KeythedralApp),
        (keys.GAME, GameScreen),
        (keys.MAP, FieldMap),
        (keys.HANDOVER, HandoverScreen),
        (keys.DRAWN, DrawnLawScreen),
        (keys.SCORES, ScoresScreen),
        (keys.NEW_GAME, NewGameScreen),
        (keys.TUTORIAL, TutorialScreen),
        (keys.LESSON, TutorialPanel),
        (keys.RULES, RulesScreen),
        (keys.RULE_CARD, RuleCard),
        (keys.HELP_SCREEN, HelpScreen),
        (keys.LAWS, LawsScreen),
        (keys.SAVE, SaveDialog),
        (keys.LOAD, LoadDialog),
        (keys.REPLACE, ReplaceDialog),
        (keys.REPLAY, ReplayScreen),
    ]
