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


def still_open(sock: socket.socket) -> bool:
    """Whether the server still holds this stream: what it sent so far is read, without
    waiting; an end of the connection means the server ended the stream."""
    sock.setblocking(False)
    try:
        while sock.recv(65536):
            pass
        return False
    except BlockingIOError:
        return True
    except ConnectionError:  # the server reset it: ended too
        return False
    finally:
        sock.settimeout(10)


def hold_streams(live_server: str, path: str, stack: list) -> None:
    """Streams to the game from this address (the phones' too) until one is refused, which
    must come while the address holds no more than its share open. Streams are opened until
    then (a bounded number): one the server ended meanwhile (a stalled machine past a
    stream's minute) frees its place, as it should."""
    server = urlsplit(live_server)
    for _ in range(3 * STREAMS_PER_ADDRESS):
        sock = socket.create_connection((server.hostname, server.port), timeout=10)
        sock.sendall(f"GET {path}/events HTTP/1.1\r\nHost: companion\r\n\r\n".encode())
        status = sock.recv(12)
        if status.startswith(b"HTTP/1.1 429"):
            sock.close()
            held = sum(still_open(s) for s in stack)
            assert held <= STREAMS_PER_ADDRESS, f"{held} streams open from one address"
            return
        assert status.startswith(b"HTTP/1.1 200"), status
        stack.append(sock)
    ended = sum(not still_open(s) for s in stack)
    raise AssertionError(f"{len(stack)} streams from one address, none refused "
                         f"({ended} of them ended by the server)")


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
