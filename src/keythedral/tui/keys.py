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

from keythedral.lang import N_, _

# --- where keys work ----------------------------------------------------------------------
# The names ``keythedral keys`` and keys.toml's messages give each place (tui/bindings.py says
# which class each one is), in the order ``keythedral keys`` lists them.  They are ids too (the
# message is looked up where it is shown: :func:`place_said`).
# I18N: the places of the app where keys work, as `keythedral keys` names them (lower case)
EVERYWHERE = N_("everywhere")
# I18N: a place where keys work: the game screen
GAME = N_("game")
# I18N: a place where keys work: the map of the board
MAP = N_("map")
# I18N: a place where keys work: the privacy screen between two players' turns
HANDOVER = N_("hand-over")
# I18N: a place where keys work
DRAWN = N_("drawn law card")
# I18N: a place where keys work: the final scores
SCORES = N_("scores")
# I18N: a place where keys work: the new-game screen
NEW_GAME = N_("new game")
# I18N: a place where keys work
TUTORIAL = N_("tutorial")
# I18N: a place where keys work
LESSON = N_("tutorial lesson")
# I18N: a place where keys work: the rulebook
RULES = N_("rules")
# I18N: a place where keys work
RULE_CARD = N_("rule card")
# I18N: a place where keys work: the help screen
HELP_SCREEN = N_("keys and legend")
# I18N: a place where keys work: the player's hand of law cards
LAWS = N_("law cards")
# I18N: a place where keys work: the dialog that saves a game
SAVE = N_("save")
# I18N: a place where keys work: the dialog that loads a game
LOAD = N_("load")
# I18N: a place where keys work: a dialog
REPLACE = N_("new game over an unfinished one")
# I18N: a place where keys work
REPLAY = N_("replay viewer")

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
    #: Where ``label`` is made from a message with a number in it (``{n}``): that message and
    #: the number, for :meth:`said`.
    message: str = ""
    n: int = 0

    def said(self) -> str:
        """``label`` in the language in use (``label`` itself is the English)."""
        return _(self.message).format(n=self.n) if self.message else _(self.label)


#: The map's cursor keys' labels, by arrow.
CURSOR_LABELS = {
    "up": N_("Cursor up"),
    "down": N_("Cursor down"),
    "left": N_("Cursor left"),
    "right": N_("Cursor right"),
}


def _numbered(
    id: str, keys: str, action: str, message: str, place: str, n: int, show: bool = False
) -> Key:
    """A key whose label has a number in it: ``message`` with ``{n}``."""
    return Key(id, keys, action, message.format(n=n), place, show=show, message=message, n=n)


def _cursor(arrow: str, letters: str, dx: int, dy: int) -> Key:
    """A cursor key of the map: its arrow, then its letters (vi's hjkl, then wasd)."""
    keys = ",".join([arrow, *letters])
    return Key(f"map.{arrow}", keys, f"move({dx},{dy})", CURSOR_LABELS[arrow], GAME, show=False)


KEYS: tuple[Key, ...] = (
    Key("help", "question_mark", "help", N_("Help"), EVERYWHERE, show=False),
    # The game screen (and the tutorial, which is one).
    Key("help", "question_mark", "help", N_("Help"), GAME, lesson="help"),
    Key("undo", "u", "undo", N_("Undo"), GAME),
    Key("next-target", "n", "next_target", N_("Target"), GAME),
    Key("back", "escape", "back", N_("Back"), GAME, show=False),  # the choices say "Esc: back"
    Key("show-map", "m", "show('map')", N_("Map"), GAME, lesson="map"),
    Key("show-mats", "t", "show('mats')", N_("Mats"), GAME, lesson="mats"),
    Key("show-log", "g", "show('log')", N_("Log"), GAME, lesson="log"),
    Key("laws", "r", "laws", N_("Laws"), GAME, lesson="laws"),
    Key("hand", "r", "hand", N_("Hand"), GAME),  # on the shared screen: the hand, first
    Key("hint", "i", "assist('hint')", N_("Hint"), GAME, lesson="hint"),
    Key("walkthrough", "e", "assist('walkthrough')", N_("Explain"), GAME, lesson="walkthrough"),
    Key("rules", "b", "assist('rules')", N_("Rules"), GAME, show=False, lesson="rules"),
    Key("save", "ctrl+s", "app.save", N_("Save"), GAME, show=False),
    Key("corners", "c", "corners", N_("Corners"), GAME, show=False),
    Key("zoom-in", "plus,equals_sign", "zoom(1)", N_("Zoom in"), GAME, show=False),
    Key("zoom-out", "minus", "zoom(-1)", N_("Zoom out"), GAME, show=False),
    _cursor("up", "kw", 0, -1),
    _cursor("down", "js", 0, 1),
    _cursor("left", "ha", -1, 0),
    _cursor("right", "ld", 1, 0),
    *(
        # I18N: a key that picks the line of the list labelled {n}
        _numbered(f"choice-{i}", str(i), f"key('{i}')", N_("Choice {n}"), GAME, i)
        for i in range(10)
    ),
    Key("choice-p", "p", "key('p')", N_("Pass (choice p)"), GAME, show=False),
    Key("choice-done", "P", "key('P')", N_("Pass for the phase (choice P)"), GAME, show=False),
    # The map (the cursor keys are the screen's, so that the info line changes in the same frame).
    Key("pick", "enter", "pick", N_("Pick"), MAP, show=False, lesson="enter"),
    # The privacy screen.
    Key("ready", "enter,space", "ready", N_("I am ready"), HANDOVER, priority=True),
    Key("undo", "u", "undo", N_("Take back last action"), HANDOVER),
    Key("keep-action", "escape", "keep", N_("Keep it, take nothing back"), HANDOVER),
    *(
        # I18N: {n}: a seat's number at the table
        _numbered(f"claim-{n}", str(n), f"claim({n - 1})", N_("Seat {n} plays a law"), HANDOVER, n)
        for n in range(1, 10)
    ),
    Key("drawn.done", "enter,escape", "done", N_("Continue"), DRAWN),
    Key("new-game", "n", "new_game", N_("New game"), SCORES),
    Key("look-at-board", "escape,b", "board", N_("Look at the board"), SCORES),
    Key("quit", "q", "app.quit", N_("Quit"), SCORES),
    Key("setup.start", "ctrl+n", "start", N_("Start the game"), NEW_GAME),
    Key("setup.resume", "ctrl+r", "resume", N_("Resume autosave"), NEW_GAME),
    Key("setup.load", "ctrl+o", "load", N_("Load a game"), NEW_GAME),
    Key("setup.tutorial", "ctrl+t", "tutorial", N_("Tutorial"), NEW_GAME),
    Key("tutorial.go-on", "space", "go_on", N_("Go on"), TUTORIAL, show=False),
    Key("coach-plays", "f", "forward", N_("Coach"), TUTORIAL, lesson="forward"),
    Key("lesson.go-on", "enter,space", "screen.go_on", N_("Go on"), LESSON, show=False),
    Key("rules.close", "escape,q", "close", N_("Close"), RULES),
    Key("rules.law-cards", "l", "goto('Law-card glossary')", N_("Law cards"), RULES),
    Key("rules.contents", "ctrl+t", "toggle_toc", N_("Contents"), RULES),
    Key("rule-card.close", "escape,q,question_mark", "close", N_("Close"), RULE_CARD),
    Key("rule-card.book", "b", "book", N_("Open in the rules"), RULE_CARD),
    Key("rule-card.keys", "k", "keys", N_("Keys"), RULE_CARD),
    Key("help.close", "escape,question_mark,q", "close", N_("Close"), HELP_SCREEN),
    Key("laws.close", "escape,r,q", "close", N_("Close"), LAWS),
    Key("laws.rule", "question_mark", "rule", N_("The card's rule"), LAWS),
    Key("dialog.cancel", "escape", "cancel", N_("Cancel"), SAVE),
    Key("dialog.cancel", "escape", "cancel", N_("Cancel"), LOAD),
    Key("replace.new", "enter", "new", N_("Start the new game"), REPLACE),
    Key("replace.resume", "r", "resume", N_("Resume the unfinished one"), REPLACE),
    Key("dialog.cancel", "escape", "cancel", N_("Back"), REPLACE),
    # The replay viewer: stepping works whatever has the focus.
    Key("replay.back", "left,h", "step(-1)", N_("Back"), REPLAY, priority=True),
    Key("replay.next", "right,l,space", "step(1)", N_("Next"), REPLAY, priority=True),
    Key("replay.round-back", "pageup,[", "round(-1)", N_("Round-"), REPLAY, priority=True),
    Key("replay.round-on", "pagedown,]", "round(1)", N_("Round+"), REPLAY, priority=True),
    Key("replay.start", "home", "jump('start')", N_("Start"), REPLAY, priority=True),
    Key("replay.end", "end", "jump('end')", N_("End"), REPLAY, priority=True),
    Key("replay.viewpoint", "v", "viewpoint", N_("View"), REPLAY),
    Key("replay.map", "m", "show('map')", N_("Map"), REPLAY, show=False),
    Key("replay.mats", "t", "show('mats')", N_("Mats"), REPLAY, show=False),
    Key("replay.log", "g", "show('replay-log')", N_("Log"), REPLAY, show=False),
    Key("replay.all", "a", "set_viewpoint('all')", N_("All hands"), REPLAY, show=False),
    Key("replay.public", "0", "set_viewpoint('public')", N_("Public view"), REPLAY, show=False),
    *(
        _numbered(
            f"replay.seat-{n}",
            str(n),
            f"set_viewpoint('{n - 1}')",
            # I18N: the replay seen as the player in seat {n} saw it
            N_("Seat {n}'s view"),
            REPLAY,
            n,
        )
        for n in range(1, 6)
    ),
    Key("replay.quit", "q", "app.quit", N_("Quit"), REPLAY, show=False),
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
        """The keys column, in English (the README's)."""
        if self.written:
            return self.written
        return " / ".join(dict.fromkeys(first_key(by_id(i)) for i in self.ids))

    def keys_said(self) -> str:
        """The keys column in the language in use (key names stay as they are)."""
        return _(self.written) if self.written else self.keys


HELP: tuple[Help, ...] = (
    Help(
        N_("move the cursor on the map (arrows move in the list when it has focus)"),
        ("map.up", "map.down", "map.left", "map.right"),
        written=N_("arrows, hjkl, wasd"),
    ),
    Help(N_("switch between the map and the list of choices"), written="Tab / shift+Tab"),
    Help(N_("choose: the target under the cursor, or the highlighted line of the list"), ("pick",)),
    Help(
        N_("choose the line of the list labelled with that key"),
        (*(f"choice-{i}" for i in range(10)), "choice-p"),
        written="1-9, 0, p",
    ),
    Help(
        N_("phase 3: pass now and at every later turn of the phase, without being asked again"),
        ("choice-done",),
    ),
    Help(N_("choose a marked target on the map, or a line of the list"), written=N_("mouse click")),
    Help(N_("jump the cursor to the next legal target"), ("next-target",)),
    Help(N_("walk the corners instead of the fields (and back)"), ("corners",)),
    Help(
        N_("zoom the map out / in (it fits the window by itself, again at each resize)"),
        ("zoom-out", "zoom-in"),
    ),
    Help(N_("back out of a half-made choice"), ("back",)),
    Help(
        N_(
            "take back your own last action (while it revealed nothing new); on the next "
            "player's privacy screen it hands the keyboard back to you first (Enter there takes "
            "it back, Esc keeps it)"
        ),
        ("undo",),
    ),
    Help(N_("read the law cards in your hand (? or Enter on one: its rule)"), ("laws", "hand")),
    Help(
        N_("show the map / the Keythedral and Keytown mats / the game log"),
        ("show-map", "show-mats", "show-log"),
    ),
    Help(N_("commands: new game, save, load, rules, colours, help"), written="ctrl+p"),  # Textual's
    Help(N_("save the game under a name"), ("save",)),
    Help(
        N_("the rule of what is under the cursor or highlighted (k there: this key list)"),
        ("help",),
    ),
    Help(
        N_("a hint: the coach's suggestion for your decision, and why (not when the coach is off)"),
        ("hint",),
    ),
    Help(
        N_("explain: the phase and every option, with why the closed ones are closed"),
        ("walkthrough",),
    ),
    Help(N_("the rulebook, open at the phase being played (l there: the law cards)"), ("rules",)),
    Help(
        N_("quit (the game is saved after every action; resume with keythedral --resume)"),
        written="ctrl+q",  # Textual's
    ),
)


def help_rows() -> list[tuple[str, str]]:
    """The help screen's key table: (the keys, what they do), in the language in use."""
    return [(h.keys_said(), _(h.text)) for h in HELP]


def place_said(place: str) -> str:
    """A place of :data:`PLACES` as players read it, in the language in use."""
    return _(place)


def markdown() -> str:
    """The key table as the README has it, under "### Keys" (in English, as the README is)."""
    lines = ["| key | what it does |", "| --- | --- |"]
    lines += [f"| `{h.keys}` | {h.text} |" for h in HELP]
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
