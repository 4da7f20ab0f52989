"""keythedral.records.faults: the guard around engine.apply, a bot's fallback move, the record
for a bug report.  (The app and the host with it: tests/tui/test_engine_faults.py,
tests/net/test_net_faults.py.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from keythedral import __version__, engine
from keythedral.records import faults
from tests.support.helpers import failing_on

CONFIG = engine.GameConfig(players=["Ann", "Bob", "Cy"], seed=42)


def test_a_fault_is_an_engine_fault_and_an_illegal_action_stays_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = engine.new_game(CONFIG)
    first, second = engine.legal_actions(state)[:2]
    failing_on(monkeypatch, first)
    with pytest.raises(faults.EngineFault) as caught:
        faults.apply(state, first)
    fault = caught.value
    assert fault.action == first and fault.kind == "RuntimeError"
    assert isinstance(fault.error, RuntimeError) and "Traceback" in fault.trace
    assert faults.apply(state, second) == engine.apply(state, second)
    with pytest.raises(engine.IllegalAction):
        faults.apply(state, engine.Pass(seat=0))  # not the layout's: refused, not a fault


@pytest.mark.parametrize("stop", [KeyboardInterrupt, SystemExit])
def test_an_interrupt_is_no_fault(monkeypatch: pytest.MonkeyPatch, stop: Any) -> None:
    state = engine.new_game(CONFIG)
    first = engine.legal_actions(state)[0]
    failing_on(monkeypatch, first, raising=stop)
    with pytest.raises(stop):
        faults.apply(state, first)


def test_the_fallback_is_the_first_move_that_applies_a_quiet_one_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = engine.new_game(CONFIG)
    legal = engine.legal_actions(state)
    a, b, c = legal[:3]
    failing_on(monkeypatch, b)
    assert faults.fallback(state, legal, {a}) == (c, engine.apply(state, c))
    assert faults.fallback(state, [a, b], {a}) is None
    # A "let it go by" or a pass comes first, in the engine's order otherwise.
    applied = {"state": state}
    monkeypatch.setattr(engine, "apply", lambda s, act: applied["state"])
    kinds = [engine.Bid(seat=0, amount=1), engine.PassBid(seat=0), engine.Decline(seat=0)]
    assert faults.fallback(state, kinds)[0] == engine.PassBid(seat=0)  # type: ignore[index]


def test_the_record_for_a_bug_report_holds_the_game_and_the_fault(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEYTHEDRAL_DATA_DIR", str(tmp_path))
    state = engine.new_game(CONFIG)
    played = engine.legal_actions(state)[0]
    state = engine.apply(state, played)
    bad = engine.legal_actions(state)[0]
    failing_on(monkeypatch, bad)
    with pytest.raises(faults.EngineFault) as caught:
        faults.apply(state, bad)
    record = faults.report_record(caught.value, CONFIG, [played], ("human", "greedy"), "here")
    first, again = faults.write_report(record), faults.write_report(record)
    assert first.parent == again.parent == tmp_path / "bug-reports"
    assert first.name.endswith("-42.json") and first != again  # never written over
    record = json.loads(first.read_text(encoding="utf-8"))
    assert record["format"] == "keythedral-bug-report" and record["game"] == __version__
    assert record["where"] == "here" and record["seats"] == ["human", "greedy"]
    assert engine.GameConfig(**record["config"]) == CONFIG
    assert [engine.parse_action(a) for a in record["actions"]] == [played]
    assert engine.parse_action(record["action"]) == bad
    error = record["error"]
    assert error["type"] == "RuntimeError" and error["message"] == "a bug in the rules engine"
    assert error["traceback"].startswith("Traceback") and "RuntimeError" in error["traceback"]
    assert faults.kept_words(first) == f"A record for a bug report is in {first}."
    assert faults.kept_words(None, "disk full").endswith("could be written (disk full).")
