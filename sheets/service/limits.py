"""What the front allows a connection: the sizes of a request's head and the times it may
take (each limit is described in :mod:`sheets.service.front`), the scan that measures a head as
it arrives, and how a client is known for the per-client limits (its address, an IPv6 client by
its /64)."""

from __future__ import annotations

import ipaddress

LINE_LIMIT = 8190  # bytes in the request line, its line end aside
FIELD_LIMIT = 8190  # bytes in one header line (name, colon and value), its line end aside
FIELDS = 50
HEAD_LIMIT = 64 * 1024  # bytes in the whole head
IDLE_TIMEOUT = 5.0
HEAD_TIMEOUT = 10.0
SEND_TIMEOUT = 30.0
STOP_GRACE = 1.0
STOP_TIMEOUT = 4.5
LINGER = 2.0
MAX_CONNECTIONS = 4096


class Refused(Exception):
    """A request head the front answers itself, then closes the connection: a refusal of a
    ``kind`` in the words' ``refused-{kind}`` (the request's language where its start says it,
    else English)."""

    def __init__(self, status: int, kind: str, **values: object):
        super().__init__(kind)
        self.status = status
        self.kind = kind
        self.values = values


class HeadScan:
    """Finds the end of a request head in a growing buffer, line by line, and measures it."""

    __slots__ = ("start", "lines")

    def __init__(self) -> None:
        self.start = 0  # where the line not yet measured begins
        self.lines = 0  # lines measured: the request line, then header lines

    def end(self, buffer: bytearray) -> int:
        """The length of the head when it is complete, else 0. Raises :class:`Refused`."""
        if not self.lines:
            while buffer[:1] == b"\n" or buffer[:2] == b"\r\n":  # empty lines before a request
                del buffer[: 1 if buffer[:1] == b"\n" else 2]
        while True:
            newline = buffer.find(b"\n", self.start)
            if newline < 0:
                waiting = len(buffer) - self.start  # a line end may still come: one byte more
                if waiting > (FIELD_LIMIT if self.lines else LINE_LIMIT) + 1:
                    raise self._too_long()
                return 0
            length = newline - self.start
            if length and buffer[newline - 1] == 13:  # "\r"
                length -= 1
            if self.lines and not length:
                return newline + 1
            if (
                length > (FIELD_LIMIT if self.lines else LINE_LIMIT)
                or self.lines > FIELDS
                or newline >= HEAD_LIMIT
            ):
                raise self._too_long()
            self.lines += 1
            self.start = newline + 1

    def _too_long(self) -> Refused:
        if not self.lines:
            return Refused(414, kind="line", most=LINE_LIMIT)
        return Refused(431, kind="headers", lines=FIELDS, most=FIELD_LIMIT, all=HEAD_LIMIT)


def client_bucket(address: ipaddress.IPv4Address | ipaddress.IPv6Address | str) -> str:
    """The name the per-client limits use for an address: an IPv6 client's /64, as one host
    usually has all of one."""
    parsed = parse_address(address) if isinstance(address, str) else address
    if parsed is None:
        return str(address)
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def parse_address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """An address as written (an IPv4 address mapped into IPv6 as itself), or None."""
    try:
        parsed = ipaddress.ip_address(text)
    except ValueError:
        return None
    return getattr(parsed, "ipv4_mapped", None) or parsed


def within(address: str, networks: list) -> bool:
    """Is the address in one of the networks (a trusted proxy's)?"""
    parsed = parse_address(address)
    return parsed is not None and any(parsed in network for network in networks)


__all__ = [
    "FIELDS",
    "FIELD_LIMIT",
    "HEAD_LIMIT",
    "HEAD_TIMEOUT",
    "HeadScan",
    "IDLE_TIMEOUT",
    "LINE_LIMIT",
    "LINGER",
    "MAX_CONNECTIONS",
    "Refused",
    "SEND_TIMEOUT",
    "STOP_GRACE",
    "STOP_TIMEOUT",
    "client_bucket",
    "parse_address",
    "within",
]
