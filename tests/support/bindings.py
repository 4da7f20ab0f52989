"""The bindings the app's classes hold, read from their ``BINDINGS`` (the tests check them
against the list of keys, keythedral.tui.keys, which the app itself reads)."""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding

from keythedral.tui.keymap import BindingRow


def binding_rows(owners: Iterable[tuple[str, type]]) -> list[BindingRow]:
    """Every binding with an id in the ``BINDINGS`` of ``owners`` ((where, class) pairs)."""
    rows: list[BindingRow] = []
    seen: set[str] = set()
    for where, owner in owners:
        for b in getattr(owner, "BINDINGS", ()):
            if not isinstance(b, Binding) or not b.id or b.id in seen:
                continue
            seen.add(b.id)
            rows.append(BindingRow(b.id, b.key, b.description or b.action, where, b.action))
    return rows
