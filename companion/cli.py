"""Command-line helpers: `flask --app companion address`."""

from __future__ import annotations

import os
import socket

import click
import segno


def lan_address() -> str:
    """This machine's address on the local network, as other phones see it."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            # Connecting a UDP socket only picks the outgoing interface: nothing is sent.
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


@click.command("address")
@click.option("--port", default=lambda: os.environ.get("PORT", "5000"), show_default="$PORT or 5000")
def address(port: str) -> None:
    """Print the address phones on the same Wi-Fi should open, with a QR code."""
    url = f"http://{lan_address()}:{port}/"
    click.echo(f"\nCompanion is at {url}  (phones on the same Wi-Fi: scan this)\n")
    segno.make(url, error="l").terminal(compact=True)
    click.echo()
