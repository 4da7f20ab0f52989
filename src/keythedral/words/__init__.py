"""The words players read, without Textual: sentences for the log's events (``narration``),
words for actions and views (``text``), the walkthrough of a decision and its texts
(``walkthrough``, ``walkthrough_text``) and the rules document (``rules``).

Above the engine and the leaves only: the bots, the tutorial, the app and the command line use
these words, and nothing here imports them (the import-linter contracts in pyproject.toml)."""
