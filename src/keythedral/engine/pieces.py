"""The pieces on the board, as the state and the view hold them: places, fields, cottages (and
houses), fences and workers.

Apart from the geometry (board.py) because pydantic reads these types in the records' fields:
a module mypyc compiles loses them (pyproject.toml: the compiled modules), so this one stays
interpreted.
"""

from __future__ import annotations

from typing import NamedTuple

from keythedral.vocab import FieldType

Pos = tuple[int, int]


class Field(NamedTuple):
    pos: Pos
    type: FieldType


class Cottage(NamedTuple):
    corner: Pos
    seat: int
    number: int
    house: bool


class Fence(NamedTuple):
    corner: Pos
    field: Pos
    seat: int


class Worker(NamedTuple):
    field: Pos
    seat: int
    number: int
