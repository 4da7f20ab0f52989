"""``keythedral serve --join URL``: a seat of a hosted game in a browser tab, at /join?token=T.

A real ``keythedral host`` and a real ``keythedral serve`` run in subprocesses; the page is
fetched over HTTP and its terminal's websocket opened as the page's script does.  A missing
or malformed token is refused before any game starts, a wrong one by the game itself (said in
the tab); the token is in no log, no second URL, and no command line.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import signal
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from keythedral.cli.serve_web import MAX_TICKETS, Tickets
from tests.support.net import host
from tests.support.serve import Server, app_output, games_of, running_server, wait_for_http

FAKE = "A" * 22  # the form of a token, no seat's


@pytest.fixture(scope="module")
def hosted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[str], Server]]:
    """A hosted game (Ann and Bob people, Cy greedy) and a serve that joins it: the game's
    URL, the seats' tokens and the web server."""
    tmp = tmp_path_factory.mktemp("join")
    proc, url, tokens = host(
        tmp / "host", "--players", "Ann", "Bob", "Cy", "--bots", "human,human,greedy", "--seed", "3"
    )
    try:
        with running_server(tmp, "--join", url) as server:
            yield url, tokens, server
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)


def fetch(url: str) -> tuple[int, dict[str, str], str]:
    try:
        with urllib.request.urlopen(url, timeout=20) as resp:
            return resp.status, dict(resp.headers), resp.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, dict(refused.headers), refused.read().decode()


def ticket_url(page: str) -> str:
    found = re.search(r'data-session-websocket-url="(ws://[^"]+)"', page)
    assert found, page
    return found.group(1)


async def tab_output(ws_url: str, until: bytes) -> bytes:
    """What the tab's game draws until ``until`` shows (or a bound passes, or it ends)."""
    base, path = ws_url.split("/ws/", 1)
    return await app_output(base.replace("ws:", "http:"), (until,), 30.0, "/ws/" + path)


def status_of(ws_url: str) -> int:
    import aiohttp

    async def go() -> int:
        async with aiohttp.ClientSession() as session:
            try:
                ws = await session.ws_connect(ws_url)
            except aiohttp.WSServerHandshakeError as refused:
                return refused.status
            await ws.close()
            return 101

    return asyncio.run(go())


def test_a_missing_or_malformed_token_is_refused_before_any_game_starts(
    hosted: tuple[str, list[str], Server],
) -> None:
    _, _, server = hosted
    before = games_of(server)
    for query in ("", "?token=", "?token=short", "?token=" + "x" * 65, "?token=a%20b" * 4):
        status, headers, page = fetch(server.url + "/join" + query)
        assert status == 403 and "needs that seat's token" in page
        assert headers["Cache-Control"] == "no-store"
    assert status_of(server.url.replace("http:", "ws:") + "/ws/join/made-up") == 403
    assert games_of(server) == before


def test_a_seat_opens_in_a_tab_and_its_token_is_nowhere_else(
    hosted: tuple[str, list[str], Server],
) -> None:
    _, tokens, server = hosted
    status, headers, page = fetch(server.url + "/join?token=" + tokens[0])
    assert status == 200
    assert headers["Cache-Control"] == "no-store" and headers["Referrer-Policy"] == "no-referrer"
    assert tokens[0] not in page  # the page names a one-use ticket, not the token
    ws_url = ticket_url(page)
    assert "/ws/join/" in ws_url
    seen: dict[str, bool] = {}

    async def watch() -> bytes:
        task = asyncio.create_task(tab_output(ws_url, b"Ann's screen (private)"))
        while not task.done():  # the tab's game, while it runs: token in env, not argv
            for pid in games_of(server):
                with contextlib.suppress(OSError):
                    argv = Path(f"/proc/{pid}/cmdline").read_bytes()
                    if b"join" in argv:
                        seen["argv"] = tokens[0].encode() not in argv
                        environ = Path(f"/proc/{pid}/environ").read_bytes()
                        seen["env"] = seen.get("env", False) or tokens[0].encode() in environ
            await asyncio.sleep(0.05)
        return await task

    out = asyncio.run(watch()).decode("utf-8", errors="replace")
    assert "Ann's screen (private)" in out, out[-2000:]
    assert "Bob's screen" not in out
    assert seen == {"argv": True, "env": True}
    assert status_of(ws_url) == 403  # a ticket is good once
    assert tokens[0] not in server.output() and "token=" not in server.output()


def test_a_wrong_token_is_refused_by_the_game_in_the_tab(
    hosted: tuple[str, list[str], Server],
) -> None:
    _, _, server = hosted
    status, _, page = fetch(server.url + "/join?token=" + FAKE)
    assert status == 200  # its form is right: the game itself refuses it
    out = asyncio.run(tab_output(ticket_url(page), b"No seat of this game has that token"))
    assert b"No seat of this game has that token" in out


def test_a_server_without_a_hosted_game_has_no_join_page(tmp_path: Path) -> None:
    with running_server(tmp_path) as server:
        status, _, page = fetch(server.url + "/join?token=" + FAKE)
        assert status == 404 and "keythedral serve --join" in page
        wait_for_http(server.url + "/")


def test_a_ticket_is_good_once_and_for_a_while() -> None:
    tickets = Tickets(life=60)
    one, two = tickets.issue("tok-1"), tickets.issue("tok-2")
    assert one is not None and two is not None
    assert one != two and "tok" not in one
    assert tickets.redeem(one) == "tok-1" and tickets.redeem(one) is None
    assert tickets.redeem("made-up") is None
    again = tickets.issue("tok-2")  # the page loaded again: its older ticket is void
    assert again is not None and tickets.redeem(two) is None and tickets.redeem(again) == "tok-2"
    stale = Tickets(life=-1)
    ticket = stale.issue("tok")
    assert ticket is not None and stale.redeem(ticket) is None


def test_strangers_cannot_push_out_a_players_ticket() -> None:
    """A ticket is kept per token: any number of join pages with made-up tokens do not void
    the one a player waits with (once MAX_TICKETS wait, the strangers' are refused)."""
    tickets = Tickets(life=60)
    mine = tickets.issue(FAKE)
    refused = 0
    for i in range(200):
        if tickets.issue(f"{i:022d}") is None:
            refused += 1
    assert refused == 200 - (MAX_TICKETS - 1)
    assert mine is not None and tickets.redeem(mine) == FAKE
    assert tickets.issue("B" * 22) is not None  # its place is free again
