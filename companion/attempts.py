"""Tries counted per address, in the database: codes that matched no game, wrong admin
secrets. Every worker and every server on the same database reads and adds to the same count,
so running more of them gives a guesser no more tries.

An address is counted by the network a person holds: an IPv4 address, or the /64 of an IPv6
one (a phone's own block: any address in it is the same phone to the count). Tries are kept
in periods of PERIOD seconds; the limit holds over the current period and the one before, and
older periods are deleted as new tries come in.
"""

from __future__ import annotations

import ipaddress
import time

from sqlalchemy import delete, func, select
from sqlalchemy.dialects import postgresql, sqlite

from .extensions import db
from .models import Attempt
from .web import retried

PERIOD = 300  # seconds: a limit holds over 5 to 10 minutes


def ip_of(address: str | None) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """A peer's address as one address, whatever way the server wrote it (an IPv4 phone on a
    dual-stack socket is ::ffff:a.b.c.d, a link-local one carries a %zone); None if none.

    >>> ip_of("::ffff:192.0.2.7"), ip_of("fe80::1%eth0"), ip_of("unix:sock")
    (IPv4Address('192.0.2.7'), IPv6Address('fe80::1'), None)
    """
    try:
        parsed = ipaddress.ip_address((address or "").split("%")[0])
    except ValueError:
        return None
    return parsed.ipv4_mapped if parsed.version == 6 and parsed.ipv4_mapped else parsed


def counted_as(address: str | None) -> str:
    """The part of a phone's address that the count is kept by.

    >>> counted_as("192.0.2.7"), counted_as("2001:db8:1:2:3:4:5:6"), counted_as("::ffff:192.0.2.7")
    ('192.0.2.7', '2001:db8:1:2::/64', '192.0.2.7')
    """
    parsed = ip_of(address)
    if parsed is None:
        return (address or "")[:64]
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def _period() -> int:
    return int(time.time() // PERIOD)


def tries(kind: str, address: str | None) -> int:
    """How many tries of `kind` this address made in this period and the one before."""
    return db.session.scalar(select(func.coalesce(func.sum(Attempt.count), 0)).where(
        Attempt.kind == kind, Attempt.address == counted_as(address),
        Attempt.period >= _period() - 1))


def blocked(kind: str, address: str | None, limit: int) -> bool:
    return tries(kind, address) >= limit


def _upsert():
    dialect = {"sqlite": sqlite, "postgresql": postgresql}[db.engine.dialect.name]
    statement = dialect.insert(Attempt)
    return statement.on_conflict_do_update(
        index_elements=[Attempt.kind, Attempt.address, Attempt.period],
        set_={"count": Attempt.count + 1})


def add(kind: str, address: str | None) -> None:
    """Count one try (and forget the periods no limit reads any more), committed."""
    period = _period()

    def work() -> None:
        db.session.execute(_upsert(), {"kind": kind, "address": counted_as(address),
                                       "period": period, "count": 1})
        db.session.execute(delete(Attempt).where(Attempt.period < period - 1))
        db.session.commit()

    retried(work)
