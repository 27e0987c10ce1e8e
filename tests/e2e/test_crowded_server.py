"""A phone whose live stream the server refuses, because its address already holds its share
of streams (companion/live.py), still follows the game: its page asks every few seconds
instead of listening."""

import re
import socket
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from companion.live import STREAMS_PER_ADDRESS

from .phone import save_jazzy

pytestmark = pytest.mark.e2e

#: What Chromium says of a stream answered 429 (the test's own doing).
REFUSED = re.compile(r"the server responded with a status of 429 ")


def hold_streams(live_server: str, path: str, stack: list) -> None:
    """Streams to the game from this address (the phones' too) until one is refused."""
    server = urlsplit(live_server)
    for _ in range(STREAMS_PER_ADDRESS + 1):
        sock = socket.create_connection((server.hostname, server.port), timeout=10)
        sock.sendall(f"GET {path}/events HTTP/1.1\r\nHost: companion\r\n\r\n".encode())
        status = sock.recv(12)
        if status.startswith(b"HTTP/1.1 429"):
            sock.close()
            return
        assert status.startswith(b"HTTP/1.1 200"), status
        stack.append(sock)
    raise AssertionError(f"{STREAMS_PER_ADDRESS + 1} streams from one address, none refused")


def test_a_watcher_refused_a_stream_still_sees_the_round_saved(page, table, new_phone,
                                                                live_server, console_allows):
    console_allows.append(REFUSED)
    url = table.new_game("foot", ["Ann", "Ben", "Cat"])
    held: list[socket.socket] = []
    try:
        hold_streams(live_server, urlsplit(url).path, held)
        other = new_phone("refused")
        with other.expect_response(lambda r: "/events" in r.url) as stream:
            other.goto(url)
        assert stream.value.status == 429
        expect(other.locator(".totals .total")).to_have_text(["0", "0", "0"])
        save_jazzy(table)
        # no stream: the page asks again every 3 s (static/companion.js)
        expect(other.locator(".totals .total")).to_have_text(["81", "26", "9"], timeout=10_000)
    finally:
        for sock in held:
            sock.close()
