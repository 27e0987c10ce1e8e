"""One phone cannot stall the server for every table: gunicorn as `make run` serves it
(tests/served.py, gunicorn.conf.py), with a greedy phone on another loopback address
(127.0.0.2, 127.0.0.3) than the table's phones (127.0.0.1).

An address that holds more than its share of event streams or connections is refused with
429 while the others are answered; a request body that does not arrive is cut (408); a stream
whose phone hung up is let go within seconds. Behaviour only, no timings: the deadlines below
are there so that a broken guard fails instead of hanging (`make bench` measures how fast the
other phones are answered meanwhile).
"""

from __future__ import annotations

import importlib.util
import re
import socket
import time
import urllib.parse
from contextlib import ExitStack
from pathlib import Path

from companion.live import STREAMS_PER_ADDRESS
from tests.helpers import round_form
from tests.served import Phone, served

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("gunicorn_conf", ROOT / "gunicorn.conf.py")
gunicorn_conf = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gunicorn_conf)
WORKERS = gunicorn_conf.workers
ANSWERED_WITHIN = 60  # seconds a raw request waits for its answer before the test fails


def connect(server, source: str) -> socket.socket:
    """A connection to the server from the loopback address `source`."""
    parts = urllib.parse.urlsplit(server.url)
    sock = socket.create_connection((parts.hostname, parts.port), timeout=ANSWERED_WITHIN,
                                    source_address=(source, 0))
    return sock


def status_of(sock: socket.socket) -> int:
    """The status of the answer on the connection (read up to its first line's end)."""
    line = b""
    while not line.endswith(b"\r\n"):
        chunk = sock.recv(1)
        if not chunk:
            raise AssertionError(f"the connection closed without an answer (read {line!r})")
        line += chunk
    return int(line.split()[1])


def open_stream(server, game: str, source: str) -> tuple[socket.socket, int]:
    """A phone at `source` following the game: its connection and the answer's status."""
    sock = connect(server, source)
    sock.sendall(f"GET {game}/events?since=0 HTTP/1.1\r\nHost: companion\r\n\r\n".encode())
    return sock, status_of(sock)


def save_round(phone: Phone, game: str, out: int):
    nonce = re.search(r'name="nonce" value="([^"]+)"', phone.get(game).text).group(1)
    return phone.post(f"{game}/rounds", round_form("JAZZY", "QUOTA", "HOUSE", out=out, nonce=nonce))


def fill_streams(server, game: str, source: str, stack: ExitStack) -> list[socket.socket]:
    """Streams from `source` until it holds its share in every worker: the held ones."""
    held = []
    for _ in range(100 * WORKERS * STREAMS_PER_ADDRESS):
        sock, status = open_stream(server, game, source)
        if status == 200:
            held.append(stack.enter_context(sock))
            if len(held) == WORKERS * STREAMS_PER_ADDRESS:
                return held
        else:
            assert status == 429, status
            sock.close()
    raise AssertionError(f"{source} got only {len(held)} streams")


def test_an_address_holding_its_share_of_streams_is_refused_and_others_are_answered():
    with served() as server, ExitStack() as stack:
        keeper = Phone(server)
        game = keeper.new_game()
        held, refused = 0, 0
        for _ in range(3 * WORKERS * STREAMS_PER_ADDRESS):
            sock, status = open_stream(server, game, "127.0.0.2")
            stack.enter_context(sock)
            held += status == 200
            refused += status == 429
        assert held <= WORKERS * STREAMS_PER_ADDRESS and refused == 3 * WORKERS * STREAMS_PER_ADDRESS - held
        # the table's phones: pages, a save, and a stream of their own
        assert keeper.get(game).status == 200
        assert save_round(keeper, game, out=0).status == 303
        assert Phone(server).get(game).status == 200
        sock, status = open_stream(server, game, "127.0.0.1")
        stack.enter_context(sock)
        assert status == 200


def test_streams_whose_phones_hung_up_are_let_go_within_seconds():
    with served() as server, ExitStack() as stack:
        game = Phone(server).new_game()
        held = fill_streams(server, game, "127.0.0.2", stack)
        sock, status = open_stream(server, game, "127.0.0.2")
        sock.close()
        assert status == 429  # its share is taken
        for sock in held:  # the phones go away (the page closed, the phone locked)
            sock.close()
        # Each stream's phone is checked for every second; with no check, a stream that lost its
        # phone lasts until its second keep-alive write fails (about 30 s).
        deadline = time.monotonic() + 10
        while True:
            with ExitStack() as again:
                try:
                    fill_streams(server, game, "127.0.0.2", again)
                    break
                except AssertionError:
                    if time.monotonic() > deadline:
                        raise AssertionError("the dropped streams still hold their places after 10 s")


def test_a_body_that_never_arrives_is_cut_and_the_tables_saves_are_answered_meanwhile():
    per_worker = gunicorn_conf.CONNECTIONS_PER_ADDRESS
    with served() as server, ExitStack() as stack:
        keeper = Phone(server)
        game = keeper.new_game()
        keeper.get("/games/new?game=foot")
        slow = []
        for _ in range(WORKERS * per_worker + 20):  # more than its share of connections
            sock = stack.enter_context(connect(server, "127.0.0.3"))
            form = urllib.parse.urlencode({"csrf_token": keeper.csrf, "ruleset": "foot",
                                           "name-0": "Ann", "name-1": "Bo"}).encode()
            sock.sendall(b"POST /games/new HTTP/1.1\r\nHost: companion\r\n"
                         b"Content-Type: application/x-www-form-urlencoded\r\n"
                         + f"Content-Length: {len(form) + 1000}\r\n\r\n".encode() + form)
            slow.append(sock)  # and the rest of the body never comes
        # the table meanwhile: its pages and its saves
        assert keeper.get(game).status == 200
        assert save_round(keeper, game, out=1).status == 303
        assert Phone(server).get(game).status == 200
        answers = [status_of(sock) for sock in slow]
        assert set(answers) == {408, 429}, answers  # cut, or refused at once: none taken
        assert answers.count(408) <= WORKERS * per_worker
