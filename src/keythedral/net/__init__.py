"""Network play: one process holds the game, each player plays from a terminal of their own.

- :mod:`.protocol`: the messages (JSON, versioned, bounded), parsed strictly; no I/O.
- :mod:`.server`: the game server (aiohttp websockets): the only authority over the game, it
  sends each seat only its own view and validates every action with ``engine.apply``.
- :mod:`.client`: a thin protocol client (tests, the bench, ``keythedral join``'s text mode).

docs/network.md describes the protocol and the security model.  The engine never imports
this package.
"""
