"""Game records: the one record format and its loader (``record``), saves (``persistence``),
the autosave and its journal (``autosave``, ``journal``), finished games (``replay``), the
printed log (``gamelog``) and bug reports of the rules engine (``faults``).

Nothing here imports the bots, the tutorial, network play, the terminal app or the command
line (the import-linter contracts in pyproject.toml hold this)."""
