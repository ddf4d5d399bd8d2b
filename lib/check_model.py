# The model's figures for the board check (check.py), carried with the release: what
# the M4 VM (the board's CPU on the desk, docs/BOARD.md) counts for the check's work, in
# thousands of Cortex-M4 instructions. Written by `python -m tools.check.model --write`;
# tools/check/report.py reads a board's report beside them.
# M4 VM at f6ac9bb ($BOARD_VM_DIR/m4/firmware.elf):
# the check's own positions counted, the engine as the release's bytecode.
MODEL = "M4 VM at f6ac9bb"
BOOT_K = 22217  # code.py's first line to the title, from the release's bytecode
TABLE_K = 31597  # a new 4-player game's first table (hard computers)
# (players, seed, easy, medium, hard): check.BENCH's positions
COUNTS = (
    (2, 1, 1130, 946, 52675),
    (3, 1, 934, 750, 56573),
    (4, 1, 576, 472, 39917),
    (2, 2, 276, 765, 53114),
    (3, 2, 341, 957, 57389),
    (4, 2, 340, 1229, 52707),
)
