"""Network play holds no words of a language (issue 31): what the host sends is data, made
into words by each player's own process in its own language (``keythedral join --lang``)."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from keythedral import engine, lang
from keythedral.net import protocol
from keythedral.net.protocol import Act, ErrorMessage, ProtocolError
from keythedral.tui.remote import refusal
from tests.support.net import new_game, reference_game

PSEUDO_END = "~]"


def test_nothing_the_host_sends_is_looked_up_in_its_language(tmp_path: Path) -> None:
    lang.use(lang.PSEUDO)  # the host's process in another language: nothing of it goes out
    hosted = new_game(seed=7, seats=("human", "human", "human"), folder=tmp_path)
    config = hosted.config
    actions, _ = reference_game(config, limit=60)
    sent = [protocol.welcome(0, config.players, ("human",) * 3, config)]
    state = engine.new_game(config)
    for i, action in enumerate(actions):
        for seat in range(config.n):
            legal = [a for a in engine.legal_actions(state) if a.seat == seat]
            text, _log = protocol.state(i, engine.view(state, seat), legal, 0)
            sent.append(text)
        other = next((s for s in range(config.n) if s not in state.to_act), None)
        if other is not None:
            with pytest.raises(ProtocolError) as refused:
                hosted.check(other, Act(action))
            sent.append(protocol.refused(refused.value))
        hosted.play(action.seat, Act(action, i))
        state = engine.apply(state, action)
    assert [t[:300] for t in sent if PSEUDO_END in t] == []
    hosted.close()


def test_a_refusal_is_told_in_the_joining_players_language() -> None:
    error = ErrorMessage("not_your_turn", "It is not your turn: waiting for Bob.")
    assert refusal(error) == error.reason  # English: the host's words, which say more
    lang.use(lang.PSEUDO)
    assert refusal(error).startswith("[") and refusal(error).endswith(PSEUDO_END)
    unknown = ErrorMessage("too_many", "Too many messages.")
    assert refusal(unknown) == unknown.reason


def test_an_illegal_move_crosses_as_the_engines_refusal_read_in_the_joiners_language(
    tmp_path: Path,
) -> None:
    lang.use(lang.PSEUDO)  # the host's process in another language
    hosted = new_game(seed=7, seats=("human", "human", "human"), folder=tmp_path)
    seat = hosted.state.to_act[0]
    taken = hosted.state.fields[0].pos
    with pytest.raises(ProtocolError) as refused:
        hosted.check(seat, Act(engine.PlaceField(seat=seat, pos=taken)))
    sent = protocol.refused(refused.value)
    assert PSEUDO_END not in sent  # the host's English, and the refusal as data
    hosted.close()
    got = protocol.parse_server(sent)
    assert isinstance(got, ErrorMessage) and got.refusal is not None
    told = refusal(got)  # the joining player's own language: here the pseudo-language
    assert told.startswith("[") and told.endswith(PSEUDO_END) and "(" in told
    lang.use("en")
    assert refusal(got) == got.reason  # the same refusal, in English


def test_a_refusal_is_said_in_english_without_switching_the_process_language() -> None:
    """The host writes a refusal's English while another thread (a coach writing a hint) goes
    on in the process's language: only the refusal's own words are English."""
    lang.use("fr")
    refused = ProtocolError("game_over", lang.N_("The game is over."))
    meanwhile: list[tuple[str, str]] = []

    def english_while_another_thread_speaks() -> str:
        other = threading.Thread(
            target=lambda: meanwhile.append((lang.current(), lang._("The game is over.")))
        )
        other.start()
        other.join()
        return refused.reason

    said = lang.in_language("en", english_while_another_thread_speaks)
    assert said == "The game is over."
    assert meanwhile == [("fr", "La partie est finie.")]
    assert (lang.current(), refused.reason) == ("fr", "La partie est finie.")
    assert refused.english == "The game is over."
    assert json.loads(protocol.refused(refused))["reason"] == "The game is over."
    assert not hasattr(lang, "speaking")
