# SPDX-License-Identifier: MIT
"""What the documents' checks share: how a check ends."""


def verdict(title, failures):
    """Prints the failures under `title`; returns the exit status (0: none, 1: some)."""
    if not failures:
        return 0
    print("\n".join(["", title] + failures))
    return 1
