"""The rules as this game plays them (docs/rules_en.md), for the terminal and the app.

The Markdown ships inside the installed package (``keythedral/data/rules_en.md``, put there by
the wheel build); in a source checkout it is read from ``docs/`` directly.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from keythedral.safetext import printable

SOURCE = Path(__file__).resolve().parents[3] / "docs" / "rules_en.md"


def rules_markdown() -> str:
    """The full rules text (Markdown)."""
    packaged = resources.files("keythedral.data").joinpath("rules_en.md")
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    return SOURCE.read_text(encoding="utf-8")


def sections() -> list[tuple[int, str]]:
    """The table of contents: (level, title) of every ``##``/``###`` heading."""
    return [
        (len(m.group(1)), m.group(2).strip())
        for m in re.finditer(r"^(#{2,3}) (.+)$", rules_markdown(), flags=re.M)
    ]


def section(title: str) -> str:
    """The Markdown of one section (its heading down to the next heading of the same level)."""
    text = rules_markdown()
    m = re.search(rf"^(#{{2,3}}) {re.escape(title)}\s*$", text, flags=re.M)
    if m is None:
        raise KeyError(title)
    level = len(m.group(1))
    end = re.compile(rf"^#{{2,{level}}} ", flags=re.M).search(text, m.end())
    return text[m.start() : end.start() if end else len(text)].strip()


def law_section(card_id: str) -> str:
    """The rules section of one law card, by its catalogue id."""
    from keythedral.engine.catalogue import laws  # engine: loaded on use only

    card = laws()[card_id]
    return section(f"{card.number}. {card.name}")


def print_rules(pager: bool = False) -> None:
    """Print the rules with rich (through the terminal's pager if asked)."""
    from rich.console import Console
    from rich.markdown import Markdown

    console = Console()
    md = Markdown(printable(rules_markdown()))
    if pager:
        with console.pager(styles=True):
            console.print(md)
    else:
        console.print(md)
