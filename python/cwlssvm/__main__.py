"""``python -m cwlssvm``: the command line (see cwlssvm.cli)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
