"""Tests of keythedral.net: the protocol, the server, clients, and a host under abuse and
faults."""
