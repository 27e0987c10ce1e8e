"""A throwaway PostgreSQL server, for the tests and the benchmark: a cluster made by Debian's
`postgresql` package (the Makefile installs it) in a temporary folder, reached over a Unix
socket in that folder only (no TCP port, so it meets no other server), and removed when stopped.

Run as root, the cluster belongs to the `postgres` user, as PostgreSQL refuses to run as root.
"""

from __future__ import annotations

import os
import pwd
import re
import shutil
import subprocess
import tempfile
from glob import glob
from pathlib import Path

#: Databases are disposable here: nothing is flushed to disk, and the cluster is removed after.
SERVER_OPTIONS = ("-c listen_addresses='' -c fsync=off -c synchronous_commit=off "
                  "-c full_page_writes=off -c max_connections=400 -c shared_buffers=128MB")


def binaries() -> Path:
    """The newest PostgreSQL server installed from Debian's packages."""
    found = sorted(glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                   key=lambda p: [int(n) for n in re.findall(r"\d+", p)])
    if not found:
        raise RuntimeError("PostgreSQL is not installed: `make test` installs Debian's "
                           "postgresql package (apt-get install postgresql).")
    return Path(found[-1]).parent


class Throwaway:
    """`with Throwaway() as server:` a running cluster; `server.url(name)` a database's URL."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="companion-pg-"))
        self.data = self.folder / "data"
        self.bin = binaries()
        self.as_root = os.geteuid() == 0

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self.as_root else []
        result = subprocess.run([*prefix, *command], capture_output=True, text=True)
        if result.returncode:
            log = self.folder / "server.log"
            raise RuntimeError(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}"
                               + (log.read_text() if log.exists() else ""))

    def start(self) -> Throwaway:
        if self.as_root:
            user = pwd.getpwnam("postgres")
            os.chown(self.folder, user.pw_uid, user.pw_gid)
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "companion",
                  "-A", "trust", "-E", "UTF8", "--no-locale", "--no-sync")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l",
                  str(self.folder / "server.log"), "-w", "-t", "60", "start",
                  "-o", f"{SERVER_OPTIONS} -k {self.folder}")
        return self

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w",
                      "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://companion@/{database}?host={self.folder}"

    def execute(self, *statements: str) -> None:
        """Run statements outside a transaction (CREATE and DROP DATABASE need that)."""
        import psycopg

        with psycopg.connect(f"dbname=postgres user=companion host={self.folder}",
                             autocommit=True) as connection:
            for statement in statements:
                connection.execute(statement)

    def __enter__(self) -> Throwaway:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *_) -> None:
        self.stop()
