"""``python -m keythedral.cli``: the same as the ``keythedral`` command."""

import sys

from keythedral.cli import main

sys.exit(main())
