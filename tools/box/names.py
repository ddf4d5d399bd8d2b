"""The names the board keeps in flash, and the box's own: which qstrs a board VM builds in so
that the box's heap holds the names the board's heap holds, and no others.

    python3 -m tools.box.names extra --board FILE        # the names a board VM builds in
    python3 -m tools.box.names report --board FILE --vm-static FILE

Every identifier and string constant of the code the interpreter loads becomes a qstr; a qstr
the firmware was built with lives in flash (its static pool), any other in the heap's qstr
pools, which double in size as they fill (qstr_add, py/qstr.c). On the board the names of its
built-in modules (displayio's, keypad's: the stand-ins' names in the box) are static; the box
loads the stand-ins and its driver as Python, so their names sit in the heap, and the app's
names that the firmware has built in do too. A board VM built with `extra`'s names (docs/LAB.md,
"The board's interpreter on the desk") has in flash:
- the board firmware's static qstrs (FILE: one a line, the strings of the PyGamer firmware's
  qstrdefs.generated.h at that major, made by a maintainer from CircuitPython's sources);
- the box's own names (the stand-ins', the driver's, their files' names) that the app does not
  also use: the board has those nowhere, so in flash they cost the box's heap nothing, where
  the app's must stay in the heap unless the board has them in flash too.
`report` says how far the box then is from the board: the app's names the VM has in flash and
the board does not (the unix port's own built-in names; the box undercounts them) and those the
board has in flash and the VM does not.

The names of a module loaded as bytecode are the qstrs its .mpy carries itself (mpy-cross's
output: the module's file name first, then every identifier and short string constant not
among mpy's own static qstrs, py/makeqstrdata.py's static_qstr_list). A module the VM compiles
from source (the box's own, and code.py) interns more: every identifier its lexer meets, a
local's too, and each string constant shorter than MICROPY_ALLOC_PARSE_INTERN_STRING_LEN (10,
py/mpconfig.h; py/parse.c). The VM interns its command line and its path as well
(ports/unix/main.c: sys.argv and MICROPYPATH): the box's, named here.
"""

import argparse
import ast
import io
import os
import sys
import tempfile
import tokenize

from tools.box import mp
from tools.box.pystack import mpy_qstrs
from tools.box.run import CHILD_PATH
from tools.release import bundle
from tools.release.files import FOLDER

ROOT = mp.ROOT
# the box's own modules on the board VMs, as they are found from the drive's root
# (tools/box/run.py's CHILD_PATH): the driver, and the stand-ins for the built-in modules
DRIVER = "tools/box/run_mp.py"
STANDINS = "tools/box/standins"
INTERN_LEN = 10  # MICROPY_ALLOC_PARSE_INTERN_STRING_LEN (py/mpconfig.h)
# the box's command lines (tools/box/run.py, tools/box/runs.py): what its argv can hold
ARGV = ["run_mp", "../nvm.bin", FOLDER + "/", "1,12", "pygamer", "pybadge", "2,3,4"]
ARGV += [str(n) for n in range(25)]


def compiled_names(files):
    """{name} the .py files (repository paths, each compiled from source under that name)
    intern: the file's name, every identifier, each string constant shorter than INTERN_LEN."""
    out = set()
    for path in files:
        out.add(path)
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            tokens = list(tokenize.generate_tokens(io.StringIO(f.read()).readline))
        for t in tokens:
            if t.type == tokenize.NAME:
                out.add(t.string)
            elif t.type == tokenize.STRING:
                v = ast.literal_eval(t.string)
                if isinstance(v, str) and len(v.encode()) < INTERN_LEN:
                    out.add(v)
    return out


def box_names(driver=DRIVER):
    """The names the box's own code interns: its driver's (tools/box/run_mp.py, or the M4 VM's
    tools/bench/app_time_mp.py) and stand-ins', its command line's and its path's."""
    found = [
        STANDINS + "/" + n
        for n in sorted(os.listdir(os.path.join(ROOT, STANDINS)))
        if n.endswith(".py")
    ]
    return compiled_names([driver] + found) | set(ARGV) | set(CHILD_PATH)


def app_names():
    """The names the app's modules carry, as the release compiles them, and code.py's."""
    out = set()
    with tempfile.TemporaryDirectory() as tmp:
        bundle.lay_out(tmp, 10)
        for d, _, fs in os.walk(tmp):
            for f in fs:
                if f.endswith(".mpy"):
                    with open(os.path.join(d, f), "rb") as g:
                        out.update(mpy_qstrs(g.read()))
    out.update(compiled_names(["code.py"]))
    return out


def read(path):
    """The names of a file, one a line (a name that is a line's end written \\x0a)."""
    with open(path, encoding="utf-8") as f:
        return set(line.rstrip("\n").replace("\\x0a", "\n") for line in f if line.rstrip("\n"))


def extra(board, driver=DRIVER):
    """The names a board VM builds in: the board's static ones and the box's own."""
    return board | (box_names(driver) - app_names())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=("extra", "report"))
    ap.add_argument("--board", required=True, help="the board firmware's static qstrs, one a line")
    ap.add_argument("--vm-static", help="the board VM's own static qstrs, one a line (report)")
    ap.add_argument(
        "--driver",
        default=DRIVER,
        help="the box's driver (default %s; the M4 VM's: tools/bench/app_time_mp.py)" % DRIVER,
    )
    a = ap.parse_args(argv)
    board = read(a.board)
    if a.what == "extra":
        for name in sorted(extra(board, a.driver)):
            if "\n" not in name and name.strip() == name:  # one a line, as the build reads them
                print(name)
        return 0
    app, box = app_names(), box_names()
    vm = read(a.vm_static) | extra(board) if a.vm_static else extra(board)
    print("the app's names: %d; the board has %d of them in flash" % (len(app), len(app & board)))
    print("the box's own names: %d, %d of them the app's too" % (len(box), len(box & app)))
    under = sorted(app & (vm - board))
    print(
        "the app's names the VM has in flash and the board does not (the box undercounts "
        "them): %d %s" % (len(under), " ".join(under))
    )
    over = sorted(app & (board - vm))
    print(
        "the app's names the board has in flash and the VM does not: %d %s"
        % (len(over), " ".join(over))
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
