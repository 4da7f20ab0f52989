"""The app's Textual bindings, made from the one list of keys (``tui/keys.py``): each class
with BINDINGS takes them from :func:`bindings`, by the name of its place, the name that
``keythedral keys`` and keys.toml give it.  Which class each place is: ``tui.app.binding_owners``."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from keythedral.tui import keys


def bindings(place: str) -> list[BindingType]:
    """The ``BINDINGS`` of the class whose keys work in ``place`` (see keys.PLACES)."""
    return [
        Binding(k.keys, k.action, k.label, show=k.show, priority=k.priority, id=k.id)
        for k in keys.keys_in(place)
    ]
