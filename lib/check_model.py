# The model's figures for the board check (check.py), carried with the release: what the
# M4 VM (the board's CPU on the desk, docs/BOARD.md) counts for the check's work, in thousands
# of Cortex-M4 instructions. Written by `python -m tools.check.model` (the M4 VM run at the
# release's code); tools/check/report.py reads a board's report beside them.
# These are NOT the VM's counts of the check's own positions: no M4 VM was built where this
# file was written (issue 67). They are docs/BOARD.md's M4 VM figures at f1ede4f: boot to the
# title and a new 4-player game's first table ("The app on the board's CPU"), and for each
# bench position the median of its level on its kind of table ("Board time": 2p, 3p, 4p), so
# the ratio a board reports is against those medians, not against these positions' own counts.
MODEL = "BOARD.md medians at f1ede4f"
BOOT_K = 21540  # code.py's first line to the title, from the release's bytecode
TABLE_K = 30020  # a new 4-player game's first table (hard computers)
# (players, seed, easy, medium, hard): check.BENCH's positions
COUNTS = (
    (2, 1, 310, 410, 32900),
    (3, 1, 310, 450, 33880),
    (4, 1, 320, 450, 38830),
    (2, 2, 310, 410, 32900),
    (3, 2, 310, 450, 33880),
    (4, 2, 320, 450, 38830),
)
