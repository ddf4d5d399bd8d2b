"""The board's CPU in figures: board milliseconds from the Cortex-M4 instructions the M4 VM
counts (tools/box/m4vm.py), at the SAMD51's 120 MHz, CPI cycles an instruction and the
collector's share on the board's heap in play (docs/LAB.md, "Board time", says where each
figure comes from). board_time.py and app_time.py give their figures so."""

MHZ = 120  # the SAMD51's clock
CPI = 1.6  # cycles an instruction, the working figure (docs/BOARD.md)
CPIS = (1.0, 1.6, 2.5)  # its range
COLLECTOR = 1.15  # the collector's share on the board's heap in play


def board_ms(instructions, cpi=CPI):
    """Board milliseconds of a count of instructions: at cpi, 120 MHz, the collector's 1.15x."""
    return instructions * cpi * COLLECTOR / (MHZ * 1000.0)


def instructions_for(ms, cpi=CPI):
    """The instructions that take ms on the board (board_ms's inverse)."""
    return ms * MHZ * 1000.0 / (cpi * COLLECTOR)


def source_option(ap, what):
    """The M4 VM's tools' --source: what runs there, as the release ships it for 10.x (its
    bytecode, the default) or as .py, compiled on import."""
    ap.add_argument(
        "--source",
        choices=("mpy", "py"),
        default="mpy",
        help="%s: the release's bytecode for 10.x (mpy) or the .py sources (py)" % what,
    )
