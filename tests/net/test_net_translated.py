"""What a joined player reads (refusals, connection problems) is looked up when it is said:
under the pseudo-language it comes out bracketed."""

from __future__ import annotations

from pathlib import Path

import pytest

from keythedral import lang
from keythedral.net import address, hosted, protocol, server
from keythedral.net.protocol import ProtocolError
from tests.words.pseudo import assert_translated

#: Messages a client may send that the server refuses, each for its own reason.
REFUSED = [
    "x" * (protocol.MAX_CLIENT_MESSAGE + 1),
    "not json",
    "[1, 2]",
    '{"v": 2, "type": "hello", "token": "x"}',
    '{"v": 1}',
    '{"v": 1, "type": "shout"}',
    '{"v": 1, "type": "hello"}',
    '{"v": 1, "type": "hello", "token": "x", "seat": 0}',
    '{"v": 1, "type": "hello", "token": ""}',
    '{"v": 1, "type": "hello", "token": "x", "log_from": -1}',
    '{"v": 1, "type": "act", "action": "pass"}',
    '{"v": 1, "type": "act", "action": {"kind": "cheat", "seat": 0}}',
    "[" * 100_000 + "]" * 100_000,
]

#: Messages from a server that a client cannot read.
UNREADABLE = [
    '{"v": 1, "type": "shout"}',
    '{"v": 1, "type": "welcome", "seat": 5, "names": ["a"], "seats": ["human"], "config": {}}',
    '{"v": 1, "type": "state", "at": 0, "view": {}, "legal": 1, "log_from": 0, "events": []}',
    '{"v": 1, "type": "error", "code": 1, "reason": 2}',
    '{"v": 1, "type": "welcome", "seat": 0, "names": ["a"], "seats": ["human"], "config": 1}',
]


@pytest.mark.parametrize("text", REFUSED, ids=range(len(REFUSED)))
def test_a_refused_message_is_said_in_the_readers_language(pseudo: None, text: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        protocol.parse_client(text)
    assert_translated(caught.value.reason)


@pytest.mark.parametrize("text", UNREADABLE, ids=range(len(UNREADABLE)))
def test_an_unreadable_server_message_is_said_in_the_readers_language(
    pseudo: None, text: str
) -> None:
    with pytest.raises(ProtocolError) as caught:
        protocol.parse_server(text)
    assert_translated(caught.value.reason)


def test_the_servers_last_words_and_the_hosts_refusals(pseudo: None, tmp_path: Path) -> None:
    for last in (server.too_slow(), server.too_many()):
        reason = protocol.parse_server(last)
        assert isinstance(reason, protocol.ErrorMessage)
        assert_translated(reason.reason)
    assert_translated(lang._(server.BUSY))
    for saved in (False, True):
        for path in (None, tmp_path / "fault.json"):
            assert_translated(hosted._fault_words("KeyError", saved, path))
    for given, host in (("ftp://x", "localhost"), (None, "0.0.0.0")):
        with pytest.raises(ValueError) as caught:
            address.public_url(host, 8080, given)
        assert_translated(str(caught.value))


def test_english_stays_as_it_was() -> None:
    reason = protocol.parse_server(server.too_many())
    assert isinstance(reason, protocol.ErrorMessage)
    assert reason.reason.startswith("You sent more than ")
    assert hosted._fault_words("KeyError", True, None) == (
        "Something went wrong in the game's rules engine with that move (KeyError); the game "
        "stays as it was before it, saved on the host. Choose another move."
    )
