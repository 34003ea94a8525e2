# SPDX-License-Identifier: MIT
"""`python3 -m glnoise_port ...`, or `python3 src/port/glnoise_port ...` (the folder)."""
import os
import sys

if not __package__:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from glnoise_port.cli import main  # noqa: E402

sys.exit(main(sys.argv[1:]))
