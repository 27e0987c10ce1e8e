"""gunicorn as `make run` (and tests/served.py, so tests and `make bench` measure what phones
get) serves Companion: 2 gevent workers of 1,000 connections each, and a worker that keeps one
address from taking them all.

Each worker counts the connections open from each client address and answers one more than
CONNECTIONS_PER_ADDRESS at once with 429 (closed, nothing parsed), so one phone holding
streams or slow uploads cannot fill the pools every table shares. A request's headers must
arrive within gunicorn's keep-alive time (2 s, its default: the worker waits no longer for the
next request). Its body must keep coming: BODY_GRACE_SECONDS, and one more second for each
BODY_BYTES_PER_SECOND received; a body slower than that is cut with 408 and nothing of it is
saved. The limits are per worker (2 workers: an address may hold up to twice as many in all).

This file is loaded by gunicorn in its master process, before the workers fork and gevent
patches them: it must not import the app (companion), whose modules would then hold locks
made before the patching.
"""

from __future__ import annotations

import os
import time
from collections import Counter

import gevent
from gunicorn.workers.ggevent import GeventWorker

workers = 2
worker_connections = 1000
#: gunicorn's default, said here because the guard leans on it: a request's headers (the first
#: on a connection too) must arrive within this many seconds, or the connection is closed.
keepalive = 2

#: Open connections one address may hold in each worker. A phone's browser opens at most 6
#: to a server, and one more per live page; a proxy in front (BEHIND_TLS_PROXY) is one
#: address for every phone and should be given a higher limit (and limit each phone itself).
CONNECTIONS_PER_ADDRESS = int(os.environ.get("COMPANION_CONNECTIONS_PER_ADDRESS", 32))
#: A request body may take this long before it must arrive at BODY_BYTES_PER_SECOND.
BODY_GRACE_SECONDS = 10
BODY_BYTES_PER_SECOND = 16 * 1024  # a 5 MB photo may take 5 min, a round's form 10 s


def client_address(addr) -> str:
    """The address a connection comes from, one spelling per address (an IPv4 client of a
    dual-stack socket is '::ffff:a.b.c.d')."""
    host = addr[0] if isinstance(addr, tuple) else str(addr or "")
    return host.removeprefix("::ffff:")


def _answer(status: str, text: str, *headers: str) -> bytes:
    body = text.encode()
    head = [f"HTTP/1.1 {status}", "Content-Type: text/plain; charset=utf-8",
            f"Content-Length: {len(body)}", "Connection: close", *headers]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


TOO_MANY = _answer("429 Too Many Requests",
                   "This phone (or its network) has too many connections open to Companion. "
                   "Try again in a few seconds.\n", "Retry-After: 5")
TOO_SLOW = _answer("408 Request Timeout",
                   "The request took too long to arrive, so nothing of it was saved. "
                   "Check the connection and send it again.\n")


class BodyTooSlow(BaseException):
    """Raised inside the app where it reads the body: a BaseException, so that no handler of
    the app turns it into a page; its request is rolled back and the worker answers 408."""


class PacedBody:
    """The request body (wsgi.input) as the app reads it, cut when it comes slower than the
    server allows (see the module's docstring)."""

    def __init__(self, body):
        self.body = body
        self.started = time.monotonic()
        self.received = 0

    def _paced(self, read, *args):
        allowed = (self.started + BODY_GRACE_SECONDS + self.received / BODY_BYTES_PER_SECOND
                   - time.monotonic())
        # Past its time, what has arrived is still read: only a read that must wait is cut.
        with gevent.Timeout(max(allowed, 0.01), BodyTooSlow()):
            data = read(*args)
        self.received += sum(map(len, data)) if isinstance(data, list) else len(data)
        return data

    def read(self, *args):
        return self._paced(self.body.read, *args)

    def readline(self, *args):
        return self._paced(self.body.readline, *args)

    def readlines(self, *args):
        return self._paced(self.body.readlines, *args)

    def __iter__(self):
        while line := self.readline():
            yield line


class GuardedWorker(GeventWorker):
    """gunicorn's gevent worker, with a limit on each address's connections and a pace its
    request bodies must keep."""

    def init_process(self):
        self.open_from: Counter[str] = Counter()
        super().init_process()

    def load_wsgi(self):
        super().load_wsgi()
        app = self.wsgi

        def paced(environ, start_response):
            environ["wsgi.input"] = PacedBody(environ["wsgi.input"])
            return app(environ, start_response)

        self.wsgi = paced

    def handle(self, listener, client, addr):
        """Serve the connection unless its address already holds its share of this worker:
        then 429 at once, before anything is read, so the refusal costs next to nothing."""
        who = client_address(addr)
        if self.open_from[who] >= CONNECTIONS_PER_ADDRESS:
            try:
                client.setblocking(1)
                client.sendall(TOO_MANY)  # a few hundred bytes: the send buffer takes them
            except OSError:
                pass
            finally:
                client.close()
            return
        self.open_from[who] += 1
        try:
            super().handle(listener, client, addr)
        finally:
            self.open_from[who] -= 1
            if not self.open_from[who]:
                del self.open_from[who]

    def handle_request(self, listener_name, req, sock, addr):
        try:
            super().handle_request(listener_name, req, sock, addr)
        except BodyTooSlow:
            self.log.info("cut a request body too slow to arrive from %s", client_address(addr))
            try:
                sock.sendall(TOO_SLOW)
            except OSError:
                pass
            raise StopIteration() from None  # gunicorn closes the connection


worker_class = GuardedWorker


def when_ready(server):
    """Behind a proxy every phone comes from its address: say so when the limit is the one
    meant for a phone."""
    if (os.environ.get("BEHIND_TLS_PROXY") == "1"
            and "COMPANION_CONNECTIONS_PER_ADDRESS" not in os.environ):
        server.log.warning(
            "BEHIND_TLS_PROXY=1: all phones reach Companion from the proxy's address, which may "
            "hold %d connections in each of the %d workers. Set COMPANION_CONNECTIONS_PER_ADDRESS "
            "to what the proxy may hold, and limit each phone's connections in the proxy.",
            CONNECTIONS_PER_ADDRESS, workers)
