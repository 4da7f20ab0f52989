"""The protocol's messages: what a client may send is parsed strictly, and refused with a code
and a reason (never an exception of another kind); what the server sends reads back."""

from __future__ import annotations

import json

import pytest

from keythedral import engine
from keythedral.net import protocol
from keythedral.net.protocol import Act, Hello, ProtocolError, StateUpdate, Welcome


def refused(text: str | bytes) -> str:
    with pytest.raises(ProtocolError) as info:
        protocol.parse_client(text)
    assert info.value.code in protocol.ERROR_CODES
    assert info.value.reason and len(info.value.reason) < 400
    return info.value.code


def test_hello_and_act_read_back() -> None:
    assert protocol.parse_client(protocol.hello("abc")) == Hello("abc")
    assert protocol.parse_client(protocol.hello("abc", 12)) == Hello("abc", 12)
    action = engine.PlaceWorker(seat=1, number=2, field=(1, 0))
    assert protocol.parse_client(protocol.act(action)) == Act(action)
    assert protocol.parse_client(protocol.act(action, at=40)) == Act(action, 40)
    assert protocol.parse_client(protocol.act(action).encode()) == Act(action)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "malformed"),
        ("not json", "malformed"),
        ("[1, 2]", "malformed"),
        ('"hello"', "malformed"),
        ("null", "malformed"),
        ('{"type": "hello", "token": "x"}', "version"),
        ('{"v": 2, "type": "hello", "token": "x"}', "version"),
        ('{"v": true, "type": "hello", "token": "x"}', "version"),
        ('{"v": "1", "type": "hello", "token": "x"}', "version"),
        ('{"v": 1}', "malformed"),
        ('{"v": 1, "type": 5}', "malformed"),
        ('{"v": 1, "type": "shout"}', "malformed"),
        ('{"v": 1, "type": "hello"}', "malformed"),
        ('{"v": 1, "type": "hello", "token": "x", "seat": 0}', "malformed"),
        ('{"v": 1, "type": "hello", "token": 5}', "bad_token"),
        ('{"v": 1, "type": "hello", "token": ""}', "bad_token"),
        ('{"v": 1, "type": "hello", "token": "' + "x" * 65 + '"}', "bad_token"),
        ('{"v": 1, "type": "hello", "token": "x", "log_from": -1}', "malformed"),
        ('{"v": 1, "type": "hello", "token": "x", "log_from": true}', "malformed"),
        ('{"v": 1, "type": "act"}', "malformed"),
        ('{"v": 1, "type": "act", "action": "pass"}', "malformed"),
        ('{"v": 1, "type": "act", "action": [1]}', "malformed"),
        ('{"v": 1, "type": "act", "action": {}}', "malformed"),
        ('{"v": 1, "type": "act", "action": {"kind": "cheat", "seat": 0}}', "malformed"),
        ('{"v": 1, "type": "act", "action": {"kind": "pass"}}', "malformed"),
        ('{"v": 1, "type": "act", "action": {"kind": "pass", "seat": 0, "x": 1}}', "malformed"),
        ('{"v": 1, "type": "act", "action": {"kind": "pass", "seat": 0}, "at": 1.5}', "malformed"),
        (
            '{"v": 1, "type": "act", "action": {"kind": "pass", "seat": 0}, "at": 1e400}',
            "malformed",
        ),
        (
            '{"v": 1, "type": "act", "action": {"kind": "bid", "seat": 0, "amount": 1e999}}',
            "malformed",
        ),
        ('{"v": 1, "type": "state", "at": 0}', "malformed"),
    ],
)
def test_malformed_messages_are_refused_with_a_code(text: str, code: str) -> None:
    assert refused(text) == code


def test_oversized_deep_and_odd_messages_are_refused() -> None:
    assert refused("x" * (protocol.MAX_CLIENT_MESSAGE + 1)) == "too_big"
    padded = '{"v": 1, "type": "hello", "token": "x", "log_from": 1' + " " * 70_000 + "}"
    assert refused(padded) == "too_big"
    # multi-byte letters count as bytes
    assert refused("é" * (protocol.MAX_CLIENT_MESSAGE // 2 + 1)) == "too_big"
    assert refused("[" * 30_000 + "]" * 30_000) == "malformed"
    deep_action = '{"v": 1, "type": "act", "action": {"kind": "pass", "seat": 0, "x": '
    assert refused(deep_action + "[" * 20_000 + "]" * 20_000 + "}}") == "malformed"
    assert (
        refused(
            '{"v": 1, "type": "act", "action": {"kind": "bid", "seat": 0, "amount": 1'
            + "0" * 5000
            + "}}"
        )
        == "malformed"
    )
    assert refused(b"\xff\xfe") == "malformed"


def test_the_welcome_leaves_out_the_seed() -> None:
    config = engine.GameConfig(players=["Ann", "Bob", "Cy"], seed=123456, no_laws=True)
    text = protocol.welcome(1, config.players, ["human", "bot", "human"], config)
    assert "123456" not in text
    message = protocol.parse_server(text)
    assert isinstance(message, Welcome)
    assert message.seat == 1 and message.names == ("Ann", "Bob", "Cy")
    assert message.config.no_laws and message.config.seed == 0


def test_a_state_carries_the_events_from_the_cursor() -> None:
    state = engine.new_game(engine.GameConfig(players=["Ann", "Bob", "Cy"], seed=3))
    for _ in range(30):
        state = engine.apply(state, engine.legal_actions(state)[0])
    view = engine.view(state, 0)
    total = view.log_total
    text, cursor = protocol.state(30, view, [], total - 2)
    assert cursor == total
    message = protocol.parse_server(text)
    assert isinstance(message, StateUpdate)
    assert message.view == view and message.at == 30
    assert message.events == view.log[-2:] and message.log_from == total - 2
    # nothing new: no events; a cursor older than the view's log: what it still holds
    assert protocol.parse_server(protocol.state(30, view, [], total)[0]).events == ()  # type: ignore[union-attr]
    old = protocol.parse_server(protocol.state(30, view, [], 0)[0])
    assert isinstance(old, StateUpdate) and old.events == view.log
    assert old.log_from == total - len(view.log)


def test_errors_read_back_and_bad_server_messages_are_refused() -> None:
    message = protocol.parse_server(protocol.error("illegal", "You cannot afford it."))
    assert message == protocol.ErrorMessage("illegal", "You cannot afford it.")
    bad = json.dumps(
        {"v": 1, "type": "state", "at": 0, "view": {}, "legal": [], "log_from": 0, "events": []}
    )
    with pytest.raises(ProtocolError):
        protocol.parse_server(bad)
    with pytest.raises(ProtocolError):
        protocol.parse_server(
            json.dumps(
                {
                    "v": 1,
                    "type": "welcome",
                    "seat": 9,
                    "names": ["A"],
                    "seats": ["human"],
                    "config": {},
                }
            )
        )


def test_a_seats_view_is_the_public_part_and_its_own_hand() -> None:
    state = engine.new_game(engine.GameConfig(players=["Ann", "Bob", "Cy"], seed=5))
    for _ in range(120):
        state = engine.apply(state, engine.legal_actions(state)[0])
    public = protocol.public_part(engine.view(state, None))
    assert '"me"' not in public and '"seat":null' not in public[:12]
    for seat in (0, 1, 2, None):
        view = engine.view(state, seat)
        text = protocol.seat_view(public, view)
        assert engine.PlayerView.model_validate_json(text) == view
