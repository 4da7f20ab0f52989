"""What the tests share: builders of games and situations, policies, invariants, drivers of the
app, the network and a terminal.  Test modules import from here, never from one another
(tests/test_suite_layout.py holds that)."""

from pathlib import Path

#: The folder that holds the ``tests`` package (the repository): a process a test starts puts it
#: on its path to import from here.
ROOT = Path(__file__).resolve().parents[2]
#: Saves written by older versions, which this one must still read.
SAVES = ROOT / "tests" / "data" / "saves"
