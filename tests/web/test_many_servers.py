"""Several app servers on one PostgreSQL database, as a table of phones meets them behind one
address: two gunicorn servers (each as `make run` serves it: 2 gevent workers) on one database
of the run's throwaway PostgreSQL server (tests/postgres.py), migrated once before either starts.

A phone watching through one server hears of what the scorekeeper does through the other (the
event stream is fed from the database, companion/live.py), and rounds saved at once through
both servers are all kept. Real processes over loopback HTTP; behaviour only, no timings (the
10 s bounds are there so a broken stream fails instead of hanging, not to time anything).
"""

from __future__ import annotations

import http.client
import json
import queue
import re
import secrets
import socket
import threading
import urllib.parse
from collections import Counter

import pytest

from tests.helpers import round_form, totals
from tests.served import Phone, Server, served, upgrade

HEARD_WITHIN = 10  # seconds: generous; the stream's poller asks the database 4 times a second


@pytest.fixture(scope="module")
def servers(postgres):
    """Servers A and B on one migrated database of the run's PostgreSQL server, sharing one
    SECRET_KEY (so a session or a form from one is good on the other, as behind a load
    balancer); the database is dropped after."""
    postgres.execute("CREATE DATABASE tables")
    url = postgres.url("tables")
    upgrade(url)  # once, before either server starts: neither migrates
    env = {"SECRET_KEY": secrets.token_hex(16)}
    with served(env=env, database_url=url, migrate=False) as a, \
            served(env=env, database_url=url, migrate=False) as b:
        yield a, b
    postgres.execute("DROP DATABASE tables WITH (FORCE)")


class Stream:
    """A watching phone's event stream (`<game>/events?since=<version>`), read in a thread:
    the data of each `change` event, in order, as it arrives."""

    def __init__(self, server: Server, game: str, since: int):
        parts = urllib.parse.urlsplit(server.url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        self.connection.request("GET", f"{game}/events?since={since}")
        self.socket = self.connection.sock
        self.response = self.connection.getresponse()  # once the stream has begun
        assert self.response.status == 200
        assert self.response.headers["Content-Type"].startswith("text/event-stream")
        self.changes: queue.Queue[int] = queue.Queue()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        event = None
        try:
            while line := self.response.readline():
                line = line.decode().rstrip("\r\n")
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "change":
                    self.changes.put(int(line[6:]))
                elif not line:
                    event = None
        except (OSError, ValueError):
            pass  # shut by the test

    def next_change(self) -> int:
        try:
            return self.changes.get(timeout=HEARD_WITHIN)
        except queue.Empty:
            raise AssertionError(f"no change heard within {HEARD_WITHIN} s") from None

    def close(self) -> None:
        self.socket.shutdown(socket.SHUT_RDWR)  # the reader sees the end, then stops
        self.thread.join(timeout=10)
        self.connection.close()


def live_region(server: Server, game: str, etag: str | None = None) -> http.client.HTTPResponse:
    """A watching phone's refresh of the game's live region (htmx), conditional on `etag`."""
    parts = urllib.parse.urlsplit(server.url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    headers = {"HX-Request": "true", **({"If-None-Match": etag} if etag else {})}
    connection.request("GET", game, headers=headers)
    response = connection.getresponse()
    response.text = response.read().decode()
    connection.close()
    return response


def version_of(html: str) -> int:
    return int(re.search(r'data-version="(\d+)"', html).group(1))


def save_round(phone: Phone, game: str, *words: str, out: int):
    page = phone.get(game)
    nonce = re.search(r'name="nonce" value="([^"]+)"', page.text).group(1)
    return phone.post(f"{game}/rounds", round_form(*words, out=out, nonce=nonce))


def heard_and_shown(stream, server, game, answer, known: int, etag: str):
    """A change made through the other server (`answer`, its 303) is heard on this server's
    stream, newer than `known`, and a refresh here with the old ETag shows it: the new
    version and the region."""
    assert answer.status == 303, answer.text[:300]
    version = stream.next_change()
    assert version > known
    region = live_region(server, game, etag)
    assert region.status == 200 and version_of(region.text) == version
    return version, region


def test_a_phone_watching_through_one_server_hears_the_other_servers_saves(servers):
    a, b = servers
    keeper = Phone(a, timeout=60)
    game = keeper.new_game(names=("Ann", "Bo", "Cy"))
    watcher = Phone(b, timeout=60)
    page = watcher.get(game)
    assert page.status == 200 and "You are watching" in page.text
    assert totals(page.text) == [0, 0, 0]
    since = version_of(page.text)
    first = live_region(b, game)
    assert first.status == 200
    stream = Stream(b, game, since)
    try:
        # A round saved through server A is heard on server B's stream, and B shows it.
        saved = save_round(keeper, game, "JAZZY", "QUOTA", "", out=0)
        heard, region = heard_and_shown(stream, b, game, saved, since, first.headers["ETag"])
        assert totals(region.text) == [81, 26, 0]
        assert json.loads(keeper.get(f"{game}.json").text)["totals"] == {"Ann": 81, "Bo": 26, "Cy": 0}
        assert live_region(b, game, region.headers["ETag"]).status == 304  # nothing new since

        # The undo made through A is heard on B too, and the scoreboard goes back.
        play = re.search(r'name="play" value="(\d+)"', keeper.get(game).text).group(1)
        undone = keeper.post(f"{game}/undo", {"play": play})
        _, region = heard_and_shown(stream, b, game, undone, heard, region.headers["ETag"])
        assert totals(region.text) == [0, 0, 0]
    finally:
        stream.close()


#: A writer's word for seat 0 and its save's word for seat 1: each round saved says which
#: writer sent it and which of its saves it was (no pair holds more of a letter than the deck).
WRITERS = ["APPLE", "BRAVE", "CHAIR", "DANCE", "EAGLE", "GRAPE", "HOUSE", "IVORY", "KNIFE", "LEMON",
           "MANGO", "NOBLE", "OCEAN", "PIANO", "RIVER", "STONE", "TIGER", "ULTRA", "WATER", "YEAST"]
SAVES = ["QUOTA", "JAZZY", "FJORD", "OXBOW", "XYLEM"]


def test_twenty_writers_through_two_servers_lose_no_round(servers):
    """The scorekeeper's phone in 20 tabs at once (its cookies in each), half of them through
    server A and half through B, each saving 5 rounds as fast as it is answered: every save
    is answered 303 (none refused, none a 5xx), and the game holds exactly the rounds saved,
    as either server tells it."""
    a, b = servers
    keeper = Phone(a, timeout=60)
    game = keeper.new_game(names=("Ann", "Bo", "Cy"))
    tabs = []
    for n in range(len(WRITERS)):
        tab = Phone((a, b)[n % 2], timeout=60)
        for cookie in keeper.cookies:  # the session and the game's edit token
            tab.cookies.set_cookie(cookie)
        assert 'name="nonce"' in tab.get(game).text  # the page as the scorekeeper sees it
        tabs.append(tab)
    start = threading.Barrier(len(tabs))
    answers: list[tuple[int, int, int, str]] = []
    failures: list[BaseException] = []

    def write(n: int, tab: Phone) -> None:
        try:
            start.wait(timeout=60)
            for k, word in enumerate(SAVES):
                form = round_form(WRITERS[n], word, "", out=0, nonce=secrets.token_urlsafe(12))
                answer = tab.post(f"{game}/rounds", form)
                answers.append((n, k, answer.status, answer.text[:300]))
        except BaseException as e:  # noqa: BLE001 - reported below
            failures.append(e)

    threads = [threading.Thread(target=write, args=(n, tab)) for n, tab in enumerate(tabs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert not failures and not any(t.is_alive() for t in threads), failures
    assert len(answers) == len(WRITERS) * len(SAVES)
    refused = [(n, k, status, text) for n, k, status, text in answers if status != 303]
    assert not refused, refused[:3]
    sent = Counter((WRITERS[n], SAVES[k]) for n, k, _, _ in answers)
    for server in (a, b):
        rows = json.loads(Phone(server).get(f"{game}.json").text)["rows"]
        kept = Counter((row["words"][0], row["words"][1]) for row in rows)
        assert kept == sent
        assert [row["number"] for row in rows] == list(range(1, len(answers) + 1))
