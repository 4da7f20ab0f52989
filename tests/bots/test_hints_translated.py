"""The hint's and the coach's reasons and the levels' descriptions are said in the reader's
language: under the pseudo-language every one comes out bracketed, its game words too (colours,
field types, tiles, costs), none escaping translation, those kept as module constants included.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from keythedral import engine, lang
from keythedral.bots.base import own_actions
from keythedral.bots.coach import AHEAD
from keythedral.bots.hints import LAW_REASONS, explain
from keythedral.bots.levels import LEVELS
from tests.support.helpers import new
from tests.support.translated import escaped


def _reasons(seed: int, steps: int = 400) -> Iterator[str]:
    """The reasons for every own action of the seat to play, along a random game."""
    rng = random.Random(seed)
    state = new(3, seed=seed)
    for _ in range(steps):
        acts = engine.legal_actions(state)
        if not acts:
            return
        view = engine.view(state, acts[0].seat)
        mine = own_actions(view, acts)
        for action in mine[:8]:
            yield explain(view, action, mine)
        yield explain(view, mine[0], mine[:1])
        state = engine.apply(state, rng.choice(acts))


def test_every_reason_along_a_game_is_bracketed(pseudo):
    said = set()
    for seed in (1, 2):
        said.update(_reasons(seed))
    assert len(said) > 40
    escapes = {r: escaped(r) for r in said if not r.startswith("[") or escaped(r)}
    assert escapes == {}


def test_the_game_words_inside_a_reason_are_bracketed_too(pseudo):
    nested = [r for seed in (1, 2) for r in _reasons(seed) if r.count("[") > 1]
    assert nested, "no reason with a colour, a tile or a cost in it"


def test_the_constants_are_looked_up_when_shown(pseudo):
    for reason in LAW_REASONS.values():
        assert lang._(reason).startswith("[")
    assert lang._(AHEAD).startswith("[")
    for level in LEVELS.values():
        assert level.described().startswith("["), level
    lang.use("en")
    assert [level.described() for level in LEVELS.values()] == [
        level.description for level in LEVELS.values()
    ]
    assert LEVELS["hard"].described() == (
        "the strongest: thinks up to a second a move; beats normal most games"
    )


def test_the_reasons_read_in_english_as_they_did():
    reasons = set()
    for seed in (1, 2):
        reasons.update(_reasons(seed))
    assert reasons and all("[" not in r for r in reasons)
    assert any(re.match(r"buy whenever you can: a seat worth \d+, for \d", r) for r in reasons)


#: The French names of the cube colours, as a pattern.
_FRENCH_COLOURS = r"(bois|pierre|nourriture|eau|vin|ferronnerie|vitrail|or)\b"


def test_the_french_reasons_give_a_colour_its_article():
    """A colour after « il vous faut », « il vous manque », « plus » takes the article French
    wants there (« du bois », « de l'eau », « plus de vin »), never the bare name, and no
    reason names a tile by its id."""
    lang.use("fr")
    said = {r for seed in (1, 2, 3) for r in _reasons(seed)}
    lang.use("en")
    bare = re.compile(r"\b(faut|faudra|manque|demandent|plus|c'est|cube) " + _FRENCH_COLOURS)
    assert [r for r in said if bare.search(r)] == []
    assert [r for r in said if re.search(r"\bs\d-\d\d\b", r)] == []
    partitive = re.compile(r"\b(il vous (faut|faudra|manque)) (du |de la |de l')" + _FRENCH_COLOURS)
    assert any(partitive.search(r) for r in said)
    assert any(re.search(r"\bplus (de |d')" + _FRENCH_COLOURS, r) for r in said)
    assert any(re.search(r"gardez vos cubes : pour la tuile de l'étape \d \(", r) for r in said)


def test_a_reason_names_a_tile_as_the_mat_shows_it():
    said = {r for seed in (1, 2, 3) for r in _reasons(seed)}
    keep = [r for r in said if r.startswith("keep your cubes: ")]
    assert keep and all(re.match(r"keep your cubes: the stage \d tile \(\d", r) for r in keep)
    assert [r for r in said if re.search(r"\bs\d-\d\d\b", r)] == []
