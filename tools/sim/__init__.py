"""The desktop simulator and the host's platform (a headless display or a pygame window, a
clock, a file for the flash)."""

import os

# Blinka on a desktop: no real board to look for (before any of this package imports displayio)
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
