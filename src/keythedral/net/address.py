"""Network addresses, for the servers of network play and of ``keythedral serve``: the address
to bind to, whether a host is this machine's loopback or every interface, the origin of a URL
as a browser sends it, the public URL a page connects back to and the origins and ``Host``
values a server trusts."""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from keythedral.lang import _

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def listen_host(host: str) -> str:
    """The address to bind to: ``[::1]`` (as written in URLs) is ``::1``."""
    host = host.strip()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    return host


def is_loopback(host: str) -> bool:
    """True for names and addresses that only this machine can reach."""
    host = listen_host(host)
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def is_any_address(host: str) -> bool:
    """True for 0.0.0.0 and ``::``: every interface, which no browser can connect to."""
    host = listen_host(host)
    try:
        return host == "" or ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False


def netloc(host: str, port: int, default: int | None = None) -> str:
    host = host.lower()
    if ":" in host:
        host = f"[{host}]"
    return host if port == default else f"{host}:{port}"


def _origin(scheme: str, host: str, port: int) -> str:
    return f"{scheme}://{netloc(host, port, DEFAULT_PORTS[scheme])}"


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of a URL as a browser sends it in ``Origin``; "" if it is none."""
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    try:
        port = parts.port
    except ValueError:
        return ""
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return ""
    return _origin(scheme, parts.hostname, port or DEFAULT_PORTS[scheme])


def public_url(host: str, port: int, given: str | None = None) -> str:
    """The address the page tells the browser to connect back to.

    A server bound to every interface (0.0.0.0 or ::) has no such address of its own, so
    there ``--public-url`` must name it (ValueError otherwise, with what to write).
    """
    if given:
        if not origin_of(given).startswith(("http://", "https://")):
            # I18N: {url} is what was given after --public-url
            wrong = _("--public-url {url} is not an http:// or https:// address")
            raise ValueError(wrong.format(url=repr(given)))
        return given.rstrip("/")
    if is_any_address(host):
        # I18N: {host} is an address ("0.0.0.0"), {suggestion} an address to give ("http://
        # 192.168.1.5:8080"); --host and --public-url are options of the command line
        unknown = _(
            "--host {host} listens on every interface, so the page cannot know which address "
            "browsers on other machines reach it at: say it with --public-url, e.g. "
            "--public-url {suggestion}"
        )
        raise ValueError(unknown.format(host=host, suggestion=f"http://{this_machine()}:{port}"))
    return _origin("http", listen_host(host), port)


def this_machine() -> str:
    """This machine's address on its network, as a suggestion (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # a documentation address: only picks a route
            address: str = s.getsockname()[0]
            return address
    except OSError:
        return "ADDRESS"


def trusted_addresses(host: str, port: int, url: str) -> tuple[set[str], set[str]]:
    """The origins whose pages may open games, and the ``Host`` values the server answers to.

    These are the public URL's, and, when the server listens on this machine's loopback, those
    of 127.0.0.1, localhost and [::1] at its port (a page only this server can have served).
    """
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    places = [(scheme, parts.hostname or "", parts.port or DEFAULT_PORTS[scheme])]
    if is_loopback(host) or is_any_address(host):
        places += [("http", name, port) for name in LOOPBACK_NAMES]
    origins = {_origin(*place) for place in places}
    hosts = {netloc(name, at, DEFAULT_PORTS[s]) for s, name, at in places}
    hosts |= {netloc(name, at) for _, name, at in places}  # with the default port written
    return origins, hosts
