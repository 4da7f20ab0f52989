"""Board geometry: the truncated square tiling.

Fields (octagons) sit on integer lattice points ``(x, y)``.  Corners (the square slots that
hold cottages, houses or the Keythedral tile) sit between four fields: corner ``(x, y)`` touches
fields ``(x, y)``, ``(x+1, y)``, ``(x, y+1)`` and ``(x+1, y+1)``.  A fence lies on the edge
between one corner and one field it touches.
"""

from __future__ import annotations

from operator import is_
from typing import Any

from keythedral.vocab import FieldType

# re-exported: the engine takes the pieces from here, beside the geometry
from .pieces import Cottage as Cottage
from .pieces import Fence as Fence
from .pieces import Field as Field
from .pieces import Pos as Pos
from .pieces import Worker as Worker


def as_pos(p: tuple[int, ...] | list[int]) -> Pos:
    """A place as the engine keeps it: a pair (an action parsed from JSON may hold a list)."""
    return (p[0], p[1])


#: Field tiles by the number on their back (RULINGS.md, Components).
FIELD_TILES: dict[FieldType, tuple[int, ...]] = {
    "quarry": (1, 1, 2, 2, 4, 5),
    "woods": (1, 1, 2, 2, 3, 3, 4, 5),
    "lake": (2, 2, 3, 4, 5),
    "farm": (2, 2, 3, 4, 5),
    "vineyard": (2, 2, 3, 4, 5),
}

KEYTHEDRAL_CORNER: Pos = (0, 0)


def corner_fields(corner: Pos) -> tuple[Pos, Pos, Pos, Pos]:
    x, y = corner
    return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))


def field_corners(field: Pos) -> tuple[Pos, Pos, Pos, Pos]:
    x, y = field
    return ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y))


def field_neighbours(field: Pos) -> tuple[Pos, Pos, Pos, Pos]:
    x, y = field
    return ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))


def start_fields(players: int) -> tuple[Field, ...]:
    """The fields laid before the layout begins."""
    if players == 2:
        return (Field((0, 0), "woods"), Field((1, 0), "quarry"))
    return (
        Field((0, 0), "quarry"),
        Field((1, 1), "quarry"),
        Field((1, 0), "woods"),
        Field((0, 1), "woods"),
    )


def stack_tiles(players: int) -> list[FieldType]:
    """The field tiles shuffled into the layout stack (before shuffling)."""
    top = 2 if players == 2 else players
    tiles: list[FieldType] = []
    for ftype, numbers in FIELD_TILES.items():
        tiles.extend(ftype for n in numbers if 2 <= n <= top)
    return tiles


class BoardIndex:
    """Lookups derived from the laid fields; built once per distinct fields tuple."""

    __slots__ = ("_touching", "corner_set", "corners", "types")

    def __init__(self, fields: tuple[Field, ...]) -> None:
        self.types: dict[Pos, FieldType] = {f.pos: f.type for f in fields}
        corners: set[Pos] = set()
        for f in fields:
            corners.update(field_corners(f.pos))
        self.corner_set: frozenset[Pos] = frozenset(corners)
        #: every corner that touches at least one field, in a stable order
        self.corners: tuple[Pos, ...] = tuple(sorted(corners))
        self._touching: dict[Pos, tuple[Pos, ...]] = {}  # bench_caches: "fields_of"

    def grown(self, field: Field) -> BoardIndex:
        """The index of these fields and one more (what ``BoardIndex`` of them would build)."""
        new = BoardIndex(())
        new.types = {**self.types, field.pos: field.type}
        added = [c for c in field_corners(field.pos) if c not in self.corner_set]
        new.corner_set = self.corner_set.union(added)
        new.corners = tuple(sorted((*self.corners, *added))) if added else self.corners
        return new

    def fields_of(self, corner: Pos) -> tuple[Pos, ...]:
        """The laid fields a corner touches (memoised: the board is fixed after the layout)."""
        hit = self._touching.get(corner)
        if hit is None:
            types = self.types
            hit = self._touching[corner] = tuple(p for p in corner_fields(corner) if p in types)
        return hit


#: The fields tuple indexed last and its index: during the layout each new fields tuple is the
#: last one with a field more, and its index is grown from the last one's.  bench_caches:
#: "_LAST_INDEX" (and "board index (both)").
_LAST_INDEX: list[tuple[tuple[Field, ...], BoardIndex]] = [((), BoardIndex(()))]


def extends(longer: tuple[object, ...], shorter: tuple[object, ...]) -> bool:
    """Is ``longer`` the very objects of ``shorter`` followed by exactly one more?"""
    return len(longer) == len(shorter) + 1 and all(map(is_, shorter, longer))


def index(fields: tuple[Field, ...]) -> BoardIndex:
    """The BoardIndex of ``fields``, kept for the last fields tuple asked about (states share
    it: after the layout, one tuple serves a whole game)."""
    last = _LAST_INDEX[0]
    if last[0] is fields:  # after the layout, always
        return last[1]
    last_fields, kept = last
    built = kept.grown(fields[-1]) if extends(fields, last_fields) else BoardIndex(fields)
    _LAST_INDEX[0] = (fields, built)
    return built


class MomentMemo:
    """Results for the moment at hand: a table kept while the tuples it depends on stay the same.

    ``table3(a, b, c)`` (or ``table4``) returns the dict of results worked out from those
    objects (a state's immutable tuples), or a fresh empty one when any of them is not the very object it was
    (identity, not equality: results may hold objects callers compare with ``is``, such as a
    home taken from the cottages tuple).  Several calls on one moment (``settle``,
    ``legal_actions``, ``apply``) share the answers; one moment's table is dropped whole when
    the next begins, so nothing piles up.  Results must be immutable.  The objects and their
    table are swapped as one pair, so threads sharing the memo (a bot thinking beside the app)
    never read a table under another moment's objects.
    """

    __slots__ = ("_entry", "_previous")

    def __init__(self) -> None:
        self._entry: tuple[tuple[object, ...], dict[Any, Any]] = ((), {})
        self._previous: tuple[tuple[object, ...], dict[Any, Any]] = self._entry

    # The objects compared one by one (the engine's hot path).
    def table3(self, a: object, b: object, c: object) -> dict[Any, Any]:
        entry = self._entry
        kept = entry[0]
        if len(kept) == 3 and kept[0] is a and kept[1] is b and kept[2] is c:
            return entry[1]
        return self._begin((a, b, c), entry)

    def table4(self, a: object, b: object, c: object, d: object) -> dict[Any, Any]:
        entry = self._entry
        kept = entry[0]
        if len(kept) == 4 and kept[0] is a and kept[1] is b and kept[2] is c and kept[3] is d:
            return entry[1]
        return self._begin((a, b, c, d), entry)

    def _begin(
        self, objs: tuple[object, ...], entry: tuple[tuple[object, ...], dict[Any, Any]]
    ) -> dict[Any, Any]:
        table: dict[Any, Any] = {}
        self._previous = entry
        self._entry = (objs, table)
        return table

    def previous(self) -> tuple[tuple[object, ...], dict[Any, Any]]:
        """The moment before the one at hand and its table, to work a new answer out from the
        last one when the moment changed a little (the caller checks how, by identity)."""
        return self._previous
