"""What an app has said in notifications, read through Textual's public API.

:func:`notices` wraps the app's ``post_message`` and ``clear_notifications`` (public methods)
on the instance: it keeps each :class:`~textual.notifications.Notification` that ``notify``
posts to the app (as the app made it: plain, printable text) once the app has taken it in,
and forgets them all when the app clears its notifications, so that it holds what is on
show.  Unlike Textual's own
collection, a notice never times out here: what a test sees does not depend on how quick the
machine is.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any
from weakref import WeakKeyDictionary

from textual.app import App
from textual.events import Callback
from textual.message import Message
from textual.notifications import Notification, Notify

from tests.support import pseudo_screen, textshot

_recorded: WeakKeyDictionary[App[Any], list[Notification]] = WeakKeyDictionary()


def notices(app: App[Any]) -> list[Notification]:
    """The notifications ``app`` has on show (given and not cleared), oldest first: the live
    list.

    The first call, before the app runs, starts the recording (``make_app`` and
    ``tutorial_app`` in tests/support do it for the apps they make); a first call on a
    running app is an error, not an empty list."""
    shown = _recorded.get(app)
    if shown is not None:
        return shown
    if app.is_running:
        raise AssertionError("notices(app) must be called before the app runs")
    shown = _recorded[app] = []
    post, clear = app.post_message, app.clear_notifications

    def record(message: Message) -> bool:
        posted = post(message)
        if posted and isinstance(message, Notify):
            # Kept when the app takes it in (the message right after it in the queue), as
            # Textual does: a clear_notifications before then does not clear it.
            notice = _read(message.notification)
            post(Callback(callback=partial(shown.append, notice)))
        return posted

    def forget() -> None:
        shown.clear()
        clear()

    app.post_message = record  # type: ignore[method-assign]
    app.clear_notifications = forget  # type: ignore[method-assign]
    return shown


def _read(notice: Notification) -> Notification:
    """``notice`` as a test reads it: as made, or, in the pseudo-language (the pseudo run of
    the app's tests, tests/tui/conftest.py), its title and its message checked to be messages
    looked up (bracketed, player names and the names of the test's files aside: "Saved as
    ann-bob-seed-3") and read without the pseudo-language's marks."""
    if not pseudo_screen.checking():
        return notice
    for said in (notice.title, notice.message):
        area = (0, 0, max(map(len, said.split("\n"))), said.count("\n") + 1, True)
        # Said when the test is over (tests/tui/conftest.py): an assertion here would be
        # raised inside the app.
        found = pseudo_screen.problems(said, [area], textshot.file_names())
        pseudo_screen.FOUND.extend(found)
    plain = pseudo_screen.plain
    return replace(notice, title=plain(notice.title), message=plain(notice.message))
