"""The simulator's CPU at rest: starts `tools.sim.run` (make sim) as a child, lets it reach
the title screen, then reads the child's CPU time (utime + stime in /proc/PID/stat, Linux) over
a stretch of seconds and prints it as a share of one core.

    python -m tools.sim.idle_cpu [--seconds 25] [--settle 5]

Under the window's own display (DISPLAY or WAYLAND_DISPLAY set), or SDL's dummy video driver
where there is none (SDL_VIDEODRIVER=dummy: everything drawn, nothing shown); under a virtual X
server: `xvfb-run -a python -m tools.sim.idle_cpu`. The budget: under 5% of a core.
"""

import argparse
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUDGET = 5.0  # % of one core, on the title screen


def cpu_ticks(pid):
    # the process's user + system time in clock ticks (fields 14 and 15 of /proc/PID/stat,
    # counted after the command's name, which is in parentheses and may hold spaces)
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def share(ticks, seconds, hz=None):
    """ticks of CPU time over seconds of wall time, as % of one core."""
    hz = hz or os.sysconf("SC_CLK_TCK")
    return 100.0 * ticks / hz / seconds


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=25.0, help="how long to measure")
    ap.add_argument("--settle", type=float, default=5.0, help="seconds to reach the title")
    args = ap.parse_args(argv)
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "lib"))
    shown = bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
    if not shown:
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    child = subprocess.Popen(
        [sys.executable, "-m", "tools.sim.run"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
    )
    try:
        time.sleep(args.settle)
        if child.poll() is not None:
            sys.exit("the simulator stopped before it was measured (exit %d)" % child.returncode)
        t0, c0 = time.monotonic(), cpu_ticks(child.pid)
        time.sleep(args.seconds)
        t1, c1 = time.monotonic(), cpu_ticks(child.pid)
    finally:
        child.terminate()
        child.wait()
    pct = share(c1 - c0, t1 - t0)
    where = (
        "on the display %s" % (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
        if shown
        else "under SDL's %s video driver" % env["SDL_VIDEODRIVER"]
    )
    print(
        "the simulator on its title screen, %s: %.1f%% of a core over %.0f s (%d ticks of %d a"
        " second); budget under %.0f%%: %s"
        % (
            where,
            pct,
            t1 - t0,
            c1 - c0,
            os.sysconf("SC_CLK_TCK"),
            BUDGET,
            "within" if pct < BUDGET else "OVER",
        )
    )
    return 0 if pct < BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
