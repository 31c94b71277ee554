"""``python -m boardcore.cli``: the ``boardcore`` command."""

import sys

from boardcore.cli import main

sys.exit(main())
