"""`python -m pygate ARGS` (and the `pygate` console script) run the bundled binary;
`pygate kernel ...` is the package's own Jupyter kernel."""

import os
import sys

from ._binary import find_binary


def main() -> None:
    if sys.argv[1:2] == ["kernel"]:
        # The Jupyter kernel is this package's, not the binary's: it is a
        # client of `pygate serve` like the rest of the package.
        from .kernel.__main__ import main as kernel_main

        sys.exit(kernel_main(sys.argv[2:]))
    binary = find_binary()
    os.execv(binary, [binary, *sys.argv[1:]])


if __name__ == "__main__":
    main()
