"""Every key of the app, said once: from this list come each screen's and widget's Textual
``BINDINGS`` (``tui/bindings.py``), so the key bar's entries too, the help screen's key table,
``keythedral keys`` and keys.toml's ids (``tui/keymap.py``), and the README's key table
(``python -m keythedral.tui.keys --readme README.md`` writes it there; a test holds them equal).

A plain module: it imports nothing of Textual, so the command line and the tests read it
without loading the app.

Adding a key: a :class:`Key` in :data:`KEYS`, in the order of its place (the key bar shows the
keys of a place in that order); if the help screen is to tell of it, its id in a :class:`Help`
line of :data:`HELP` (and then ``--readme``).  The id is what keys.toml rebinds: never change
an id players may have in their file.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

# --- where keys work ----------------------------------------------------------------------
# The names ``keythedral keys`` and keys.toml's messages give each place (tui/bindings.py says
# which class each one is), in the order ``keythedral keys`` lists them.
EVERYWHERE = "everywhere"
GAME = "game"
MAP = "map"
HANDOVER = "hand-over"
DRAWN = "drawn law card"
SCORES = "scores"
NEW_GAME = "new game"
TUTORIAL = "tutorial"
LESSON = "tutorial lesson"
RULES = "rules"
RULE_CARD = "rule card"
HELP_SCREEN = "keys and legend"
LAWS = "law cards"
SAVE = "save"
LOAD = "load"
REPLACE = "new game over an unfinished one"
REPLAY = "replay viewer"

PLACES: tuple[str, ...] = (
    EVERYWHERE,
    GAME,
    MAP,
    HANDOVER,
    DRAWN,
    SCORES,
    NEW_GAME,
    TUTORIAL,
    LESSON,
    RULES,
    RULE_CARD,
    HELP_SCREEN,
    LAWS,
    SAVE,
    LOAD,
    REPLACE,
    REPLAY,
)


@dataclass(frozen=True)
class Key:
    """One binding: what a key does in one place.

    ``keys`` are Textual's key names, comma-separated (the first is the one the key bar
    shows); ``label`` is the key bar's word for it and ``keythedral keys``' description;
    ``show`` puts it in the key bar; ``priority`` lets it work before the focused widget's own
    keys (Textual's ``priority``); ``lesson`` is the name the tutorial's texts give it
    (``{hint}``: :data:`LESSON_KEYS`).  One id may work in several places (Cancel in
    each dialog) with the same keys and action, its words fitting each place.
    """

    id: str
    keys: str
    action: str
    label: str
    place: str
    show: bool = True
    priority: bool = False
    lesson: str = ""


def _cursor(arrow: str, letters: str, dx: int, dy: int) -> Key:
    """A cursor key of the map: its arrow, then its letters (vi's hjkl, then wasd)."""
    keys = ",".join([arrow, *letters])
    return Key(f"map.{arrow}", keys, f"move({dx},{dy})", f"Cursor {arrow}", GAME, show=False)


KEYS: tuple[Key, ...] = (
    Key("help", "question_mark", "help", "Help", EVERYWHERE, show=False),
    # The game screen (and the tutorial, which is one).
    Key("help", "question_mark", "help", "Help", GAME, lesson="help"),
    Key("undo", "u", "undo", "Undo", GAME),
    Key("next-target", "n", "next_target", "Target", GAME),
    Key("back", "escape", "back", "Back", GAME, show=False),  # the choices say "Esc: back"
    Key("show-map", "m", "show('map')", "Map", GAME, lesson="map"),
    Key("show-mats", "t", "show('mats')", "Mats", GAME, lesson="mats"),
    Key("show-log", "g", "show('log')", "Log", GAME, lesson="log"),
    Key("laws", "r", "laws", "Laws", GAME, lesson="laws"),
    Key("hand", "r", "hand", "Hand", GAME),  # on the shared screen: the hand, first
    Key("hint", "i", "assist('hint')", "Hint", GAME, lesson="hint"),
    Key("walkthrough", "e", "assist('walkthrough')", "Explain", GAME, lesson="walkthrough"),
    Key("rules", "b", "assist('rules')", "Rules", GAME, show=False, lesson="rules"),
    Key("save", "ctrl+s", "app.save", "Save", GAME, show=False),
    Key("corners", "c", "corners", "Corners", GAME, show=False),
    Key("zoom-in", "plus,equals_sign", "zoom(1)", "Zoom in", GAME, show=False),
    Key("zoom-out", "minus", "zoom(-1)", "Zoom out", GAME, show=False),
    _cursor("up", "kw", 0, -1),
    _cursor("down", "js", 0, 1),
    _cursor("left", "ha", -1, 0),
    _cursor("right", "ld", 1, 0),
    *(
        Key(f"choice-{i}", str(i), f"key('{i}')", f"Choice {i}", GAME, show=False)
        for i in range(10)
    ),
    Key("choice-p", "p", "key('p')", "Pass (choice p)", GAME, show=False),
    Key("choice-done", "P", "key('P')", "Pass for the phase (choice P)", GAME, show=False),
    # The map (the cursor keys are the screen's, so that the info line changes in the same frame).
    Key("pick", "enter", "pick", "Pick", MAP, show=False, lesson="enter"),
    # The privacy screen.
    Key("ready", "enter,space", "ready", "I am ready", HANDOVER, priority=True),
    Key("undo", "u", "undo", "Take back last action", HANDOVER),
    Key("keep-action", "escape", "keep", "Keep it, take nothing back", HANDOVER),
    *(
        Key(f"claim-{n}", str(n), f"claim({n - 1})", f"Seat {n} plays a law", HANDOVER, show=False)
        for n in range(1, 10)
    ),
    Key("drawn.done", "enter,escape", "done", "Continue", DRAWN),
    Key("new-game", "n", "new_game", "New game", SCORES),
    Key("look-at-board", "escape,b", "board", "Look at the board", SCORES),
    Key("quit", "q", "app.quit", "Quit", SCORES),
    Key("setup.start", "ctrl+n", "start", "Start the game", NEW_GAME),
    Key("setup.resume", "ctrl+r", "resume", "Resume autosave", NEW_GAME),
    Key("setup.load", "ctrl+o", "load", "Load a game", NEW_GAME),
    Key("setup.tutorial", "ctrl+t", "tutorial", "Tutorial", NEW_GAME),
    Key("tutorial.go-on", "space", "go_on", "Go on", TUTORIAL, show=False),
    Key("coach-plays", "f", "forward", "Coach", TUTORIAL, lesson="forward"),
    Key("lesson.go-on", "enter,space", "screen.go_on", "Go on", LESSON, show=False),
    Key("rules.close", "escape,q", "close", "Close", RULES),
    Key("rules.law-cards", "l", "goto('Law-card glossary')", "Law cards", RULES),
    Key("rules.contents", "ctrl+t", "toggle_toc", "Contents", RULES),
    Key("rule-card.close", "escape,q,question_mark", "close", "Close", RULE_CARD),
    Key("rule-card.book", "b", "book", "Open in the rules", RULE_CARD),
    Key("rule-card.keys", "k", "keys", "Keys", RULE_CARD),
    Key("help.close", "escape,question_mark,q", "close", "Close", HELP_SCREEN),
    Key("laws.close", "escape,r,q", "close", "Close", LAWS),
    Key("laws.rule", "question_mark", "rule", "The card's rule", LAWS),
    Key("dialog.cancel", "escape", "cancel", "Cancel", SAVE),
    Key("dialog.cancel", "escape", "cancel", "Cancel", LOAD),
    Key("replace.new", "enter", "new", "Start the new game", REPLACE),
    Key("replace.resume", "r", "resume", "Resume the unfinished one", REPLACE),
    Key("dialog.cancel", "escape", "cancel", "Back", REPLACE),
    # The replay viewer: stepping works whatever has the focus.
    Key("replay.back", "left,h", "step(-1)", "Back", REPLAY, priority=True),
    Key("replay.next", "right,l,space", "step(1)", "Next", REPLAY, priority=True),
    Key("replay.round-back", "pageup,[", "round(-1)", "Round-", REPLAY, priority=True),
    Key("replay.round-on", "pagedown,]", "round(1)", "Round+", REPLAY, priority=True),
    Key("replay.start", "home", "jump('start')", "Start", REPLAY, priority=True),
    Key("replay.end", "end", "jump('end')", "End", REPLAY, priority=True),
    Key("replay.viewpoint", "v", "viewpoint", "View", REPLAY),
    Key("replay.map", "m", "show('map')", "Map", REPLAY, show=False),
    Key("replay.mats", "t", "show('mats')", "Mats", REPLAY, show=False),
    Key("replay.log", "g", "show('replay-log')", "Log", REPLAY, show=False),
    Key("replay.all", "a", "set_viewpoint('all')", "All hands", REPLAY, show=False),
    Key("replay.public", "0", "set_viewpoint('public')", "Public view", REPLAY, show=False),
    *(
        Key(
            f"replay.seat-{n}",
            str(n),
            f"set_viewpoint('{n - 1}')",
            f"Seat {n}'s view",
            REPLAY,
            show=False,
        )
        for n in range(1, 6)
    ),
    Key("replay.quit", "q", "app.quit", "Quit", REPLAY, show=False),
)


def keys_in(place: str) -> tuple[Key, ...]:
    """The keys that work in ``place``, in the order the key bar shows them."""
    if place not in PLACES:
        raise KeyError(f"no place {place!r} in keythedral.tui.keys.PLACES")
    return tuple(k for k in KEYS if k.place == place)


def rebindable() -> list[Key]:
    """Each id once, where it is first listed: the lines of ``keythedral keys`` and keys.toml."""
    seen: dict[str, Key] = {}
    for place in PLACES:
        for key in keys_in(place):
            seen.setdefault(key.id, key)
    return list(seen.values())


# --- how keys are written ------------------------------------------------------------------
#: Key names written as players read them (others as they are: ``u``, ``ctrl+s``).
SHOWN_AS = {
    "question_mark": "?",
    "escape": "Esc",
    "enter": "Enter",
    "minus": "-",
    "plus": "+",
    "equals_sign": "=",
    "space": "Space",
}


def shown(name: str) -> str:
    """One key name as the help and the lessons write it: ``question_mark`` is ``?``."""
    return SHOWN_AS.get(name, name)


def first_key(key: Key) -> str:
    """The key that stands for ``key`` in the help and the lessons: its first, as written."""
    return shown(key.keys.split(",")[0])


def by_id(binding_id: str) -> Key:
    """The key with that id, where it is first listed."""
    return next(k for k in rebindable() if k.id == binding_id)


def lesson_keys() -> dict[str, str]:
    """The keys the tutorial's texts name (``{hint}``), as written (``Key.lesson``)."""
    return {k.lesson: first_key(k) for k in KEYS if k.lesson}


#: The keys the tutorial's texts name, for :func:`keythedral.tutorial.fill`.
LESSON_KEYS = lesson_keys()


# --- the help screen's key table (and the README's) ----------------------------------------
@dataclass(frozen=True)
class Help:
    """One line of the key table: what the keys of ``ids`` do, in the words players read.
    The keys column is their first keys, written as players read them, " / " between them;
    ``written`` says it in other words where that would not read well (a whole row of
    letters), or names a key that is Textual's own or no key at all (``ids`` empty)."""

    text: str
    ids: tuple[str, ...] = ()
    written: str = ""

    @property
    def keys(self) -> str:
        if self.written:
            return self.written
        return " / ".join(dict.fromkeys(first_key(by_id(i)) for i in self.ids))


HELP: tuple[Help, ...] = (
    Help(
        "move the cursor on the map (arrows move in the list when it has focus)",
        ("map.up", "map.down", "map.left", "map.right"),
        written="arrows, hjkl, wasd",
    ),
    Help("switch between the map and the list of choices", written="Tab / shift+Tab"),
    Help("choose: the target under the cursor, or the highlighted line of the list", ("pick",)),
    Help(
        "choose the line of the list labelled with that key",
        (*(f"choice-{i}" for i in range(10)), "choice-p"),
        written="1-9, 0, p",
    ),
    Help(
        "phase 3: pass now and at every later turn of the phase, without being asked again",
        ("choice-done",),
    ),
    Help("choose a marked target on the map, or a line of the list", written="mouse click"),
    Help("jump the cursor to the next legal target", ("next-target",)),
    Help("walk the corners instead of the fields (and back)", ("corners",)),
    Help(
        "zoom the map out / in (it fits the window by itself, again at each resize)",
        ("zoom-out", "zoom-in"),
    ),
    Help("back out of a half-made choice", ("back",)),
    Help(
        "take back your own last action (while it revealed nothing new); on the next "
        "player's privacy screen it hands the keyboard back to you first (Enter there takes "
        "it back, Esc keeps it)",
        ("undo",),
    ),
    Help("read the law cards in your hand (? or Enter on one: its rule)", ("laws", "hand")),
    Help(
        "show the map / the Keythedral and Keytown mats / the game log",
        ("show-map", "show-mats", "show-log"),
    ),
    Help("commands: new game, save, load, rules, colours, help", written="ctrl+p"),  # Textual's
    Help("save the game under a name", ("save",)),
    Help("the rule of what is under the cursor or highlighted (k there: this key list)", ("help",)),
    Help(
        "a hint: the coach's suggestion for your decision, and why (not when the coach is off)",
        ("hint",),
    ),
    Help(
        "explain: the phase and every option, with why the closed ones are closed", ("walkthrough",)
    ),
    Help("the rulebook, open at the phase being played (l there: the law cards)", ("rules",)),
    Help(
        "quit (the game is saved after every action; resume with keythedral --resume)",
        written="ctrl+q",  # Textual's
    ),
)


def help_rows() -> list[tuple[str, str]]:
    """The help screen's key table: (the keys, what they do)."""
    return [(h.keys, h.text) for h in HELP]


def markdown() -> str:
    """The key table as the README has it, under "### Keys"."""
    lines = ["| key | what it does |", "| --- | --- |"]
    lines += [f"| `{keys}` | {text} |" for keys, text in help_rows()]
    return "\n".join(lines) + "\n"


README_HEADING = "### Keys\n"


def with_key_table(readme: str) -> str:
    """``readme`` with the table under its "### Keys" heading made :func:`markdown`'s."""
    head, found, rest = readme.partition(README_HEADING)
    if not found:
        raise ValueError(f"no {README_HEADING.strip()!r} heading")
    lines = rest.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if line.startswith("|")), None)
    if start is None:
        raise ValueError(f"no table under {README_HEADING.strip()!r}")
    end = start
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    return head + found + "".join(lines[:start]) + markdown() + "".join(lines[end:])


def main(argv: list[str] | None = None) -> int:
    """``python -m keythedral.tui.keys --markdown`` prints the README's key table;
    ``--readme README.md`` writes it into that file in place of the one there."""
    args = sys.argv[1:] if argv is None else argv
    if args == ["--markdown"]:
        sys.stdout.write(markdown())
        return 0
    if len(args) == 2 and args[0] == "--readme":
        path = Path(args[1])
        text = path.read_text(encoding="utf-8")
        fixed = with_key_table(text)
        if fixed != text:
            path.write_text(fixed, encoding="utf-8")
            print(f"{path}: key table written")
        else:
            print(f"{path}: key table already up to date")
        return 0
    print("usage: python -m keythedral.tui.keys --markdown | --readme README.md", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
