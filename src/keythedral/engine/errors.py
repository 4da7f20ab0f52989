"""The engine's error hierarchy: every message is meant to be read by a player."""


class KeythedralError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(KeythedralError):
    """An action that the rules do not allow now; the state it was tried on is untouched."""


class ConfigError(KeythedralError, ValueError):
    """A GameConfig that cannot start a game."""


class CatalogueError(KeythedralError):
    """The bundled building-tile or law-card data is malformed."""
