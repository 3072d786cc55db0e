"""Where HTTP tools may connect: public addresses only, unless the catalogue sets `allow_private_networks: true`.

    >>> address_refusal(ipaddress.ip_address("169.254.169.254"), allow_private=True)
    'a cloud metadata address'

Checked twice. At load, on the endpoint's host as written (`host_refusal`: literal addresses, legacy
numeric forms like `2130706433`, and local names like `localhost`). Then on every new connection,
by `GuardedBackend`, the httpcore network backend of the shared HTTP client: it resolves the host,
checks every address it resolves to, and connects to a checked address itself, so a DNS answer that
changes between the check and the connection (rebinding) cannot get round it. TLS still uses the
host name (SNI and certificate), and the Host header is the URL's.

Always refused: cloud metadata addresses, the unspecified address (`0.0.0.0`, `::`) and multicast.
Refused unless allowed: loopback (127/8, ::1), private (10/8, 172.16/12, 192.168/16, fc00::/7),
shared (100.64/10), link-local (169.254/16, fe80::/10) and every other non-global range. IPv4
addresses carried in IPv6 (`::ffff:10.0.0.1`, NAT64 `64:ff9b::a00:1`) are judged as IPv4.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Iterable
from typing import Any

import anyio
import httpcore
import httpx

from .l10n import N_

__all__ = ["LOAD_HINT", "SOLUTION", "WHICH", "EgressRefused", "GuardedBackend", "address_refusal", "guarded_transport", "host_refusal",
           "literal_address", "resolve"]

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

METADATA_ADDRESSES = frozenset(ipaddress.ip_address(a) for a in (
    "169.254.169.254",  # AWS, GCP, Azure, OpenStack, DigitalOcean, ...
    "169.254.170.2",  # AWS ECS task credentials
    "100.100.100.200",  # Alibaba Cloud
    "fd00:ec2::254",  # AWS over IPv6
))
METADATA_NAMES = frozenset({"metadata", "metadata.google.internal", "instance-data", "instance-data.ec2.internal"})
LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"})
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_SHARED = ipaddress.ip_network("100.64.0.0/10")
_LEGACY_IPV4 = re.compile(r"^(0x[0-9a-f]*|[0-9]+)(\.(0x[0-9a-f]*|[0-9]+)){0,3}$")
WHICH = N_("loopback and private addresses need `allow_private_networks: true` in atdf-mcp.yaml; cloud metadata, "
           "unspecified and multicast addresses are never allowed")
SOLUTION = f"Use another tool; the server's operator must point this tool at a public address ({WHICH})."
LOAD_HINT = f"Point it at a public address ({WHICH})."


class EgressRefused(Exception):
    """A tool's request would reach an address the egress policy refuses; nothing was sent."""

    def __init__(self, host: str, address: str, reason: str) -> None:
        super().__init__(f"{host} resolves to {address}, {reason}")
        self.host = host
        self.address = address
        self.reason = reason


def address_refusal(address: IPAddress, *, allow_private: bool) -> str | None:
    """Why a tool may not connect to `address` (e.g. "a loopback address"), or None when it may."""
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        elif address in _NAT64:
            address = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if address in METADATA_ADDRESSES:
        return "a cloud metadata address"
    if address.is_unspecified:
        return "the unspecified address"
    if address.is_multicast:
        return "a multicast address"
    if allow_private:
        return None
    if address.is_loopback:
        return "a loopback address"
    if address.is_link_local:
        return "a link-local address"
    if address.is_private or address in _SHARED or not address.is_global:
        return "a private or reserved address"
    return None


def host_refusal(host: str, *, allow_private: bool) -> str | None:
    """Why a URL host, as written, is refused before any lookup (literal addresses and local names), or None."""
    name = host.strip("[]").split("%", 1)[0].rstrip(".").lower()
    address = literal_address(name)
    if address is not None:
        refusal = address_refusal(address, allow_private=allow_private)
        return f"{address} is {refusal}" if refusal else None
    if name in METADATA_NAMES:
        return f"{name!r} names a cloud metadata service"
    if not allow_private and (name in LOOPBACK_NAMES or name.endswith(".localhost")):
        return f"{name!r} names this machine (a loopback address)"
    return None


def literal_address(name: str) -> IPAddress | None:
    """The address a host written as an IP literal stands for (`10.0.0.1`, `::1`, and `0x7f.1`, `2130706433`)."""
    try:
        return ipaddress.ip_address(name)
    except ValueError:
        pass
    if _LEGACY_IPV4.match(name):
        try:
            return ipaddress.IPv4Address(socket.inet_aton(name))
        except OSError:
            return None
    return None


async def resolve(host: str, port: int, timeout: float | None = None) -> list[IPAddress]:
    """Every address `host` resolves to (once each, in the resolver's order); httpcore errors when it does not."""
    try:
        with anyio.fail_after(timeout):
            infos = await anyio.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except TimeoutError as exc:
        raise httpcore.ConnectTimeout(f"resolving {host} timed out") from exc
    except OSError as exc:  # socket.gaierror: the name does not resolve
        raise httpcore.ConnectError(str(exc)) from exc
    found = [ipaddress.ip_address(str(info[4][0]).split("%", 1)[0]) for info in infos]
    return list(dict.fromkeys(found))


class GuardedBackend(httpcore.AsyncNetworkBackend):
    """An httpcore network backend that resolves, checks every address, then connects to a checked one."""

    def __init__(self, *, allow_private: bool) -> None:
        self.allow_private = allow_private
        self._inner = httpcore.AnyIOBackend()

    async def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address: str | None = None,
                          socket_options: Iterable[Any] | None = None) -> httpcore.AsyncNetworkStream:
        """A stream to `host:port`, or EgressRefused when any address the host resolves to is refused."""
        addresses = await resolve(host, port, timeout)
        for address in addresses:
            refusal = address_refusal(address, allow_private=self.allow_private)
            if refusal is not None:
                raise EgressRefused(host, str(address), refusal)
        last: Exception | None = None
        for address in addresses:
            try:
                return await self._inner.connect_tcp(str(address), port, timeout=timeout, local_address=local_address,
                                                     socket_options=socket_options)
            except httpcore.ConnectError as exc:  # try the next address, as the system's connect would
                last = exc
        raise last or httpcore.ConnectError(f"{host} has no address")

    async def connect_unix_socket(self, path: str, timeout: float | None = None,
                                  socket_options: Iterable[Any] | None = None) -> httpcore.AsyncNetworkStream:
        """Unix sockets are never used by HTTP tools."""
        raise EgressRefused(path, path, "a Unix socket")

    async def sleep(self, seconds: float) -> None:
        """Sleep as the inner backend does."""
        await self._inner.sleep(seconds)


def guarded_transport(*, allow_private: bool, limits: httpx.Limits) -> httpx.AsyncHTTPTransport:
    """An httpx transport whose connections go through a GuardedBackend (environment proxies are not used)."""
    transport = httpx.AsyncHTTPTransport(limits=limits, http2=False)
    # httpx 0.28 has no network_backend argument: its connection pool is rebuilt with the same settings plus ours.
    transport._pool = httpcore.AsyncConnectionPool(
        ssl_context=httpx.create_ssl_context(),  # as httpx builds it: certifi, SSL_CERT_FILE / SSL_CERT_DIR honoured
        max_connections=limits.max_connections,
        max_keepalive_connections=limits.max_keepalive_connections,
        keepalive_expiry=limits.keepalive_expiry,
        http1=True,
        http2=False,
        network_backend=GuardedBackend(allow_private=allow_private),
    )
    return transport
