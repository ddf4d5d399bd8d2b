"""The box's 20 runs: the set of whole-app runs the budgets are judged on.

    python -m tools.box.runs --vm cp10 [--jobs 2] [--heap 192k] [--only 1,5]

Each run is tools/box/run.py with --games 3 and --players 2,3,4 unless the
table below says otherwise. One run's figures move by a few KB with anything
that moves objects around (the collector scans the stack conservatively), so a
change is judged on all of them. Prints each run's last line, then for each
figure its largest value, and the budget's verdict for the VM (tools/box/run.py's
BUDGETS): "box_runs ok vm=V runs=N peak_app_bytes_max=N round_heap_max=N
pystack_max=N" or "box_runs OVER ..." (exit status 1).
"""

import argparse
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from tools.box import mp
from tools.box.run import BUDGETS, figures

# (seed, players, games): seeds 1-12 over 2, 3 and 4 players, and runs that
# stay on one player count, and a longer one
RUNS = [(s, "2,3,4", 3) for s in range(1, 13)] + [
    (7, "4", 3),
    (11, "4", 3),
    (23, "4", 3),
    (3, "2", 3),
    (21, "2", 3),
    (9, "3", 3),
    (22, "3", 3),
    (24, "2,3,4", 4),
]
FIGURES = ("peak_app_bytes", "round_heap_max", "pystack_max", "decision_ms_max")
HEAP = {"mp": "256k", "cp9": "192k", "cp10": "192k"}


def one(vm, heap, run):
    seed, players, games = run
    cmd = mp.cpython(
        "tools.box.run",
        ("--vm", vm, "--heap", heap, "--seed", seed, "--players", players, "--games", games),
    )
    done = subprocess.run(cmd, cwd=mp.ROOT, env=mp.cpython_env(), capture_output=True, text=True)
    lines = done.stdout.strip().splitlines()
    last = lines[-1] if lines else "boardbox FAILED no output: " + done.stderr.strip()[-300:]
    return run, done.returncode, last


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--vm", default="mp", choices=("mp", "cp9", "cp10"))
    ap.add_argument(
        "--heap", help="the largest heap or pool tried (default 256k on mp, 192k on the board VMs)"
    )
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--only", help="the seeds to run, e.g. 1,5 (all runs with those seeds)")
    ap.add_argument(
        "--record", action="store_true", help="write the runs' figures into docs/figures.json"
    )
    a = ap.parse_args(argv)
    runs = RUNS
    if a.only:
        keep = set(int(x) for x in a.only.split(","))
        runs = [r for r in RUNS if r[0] in keep]
    heap = a.heap or HEAP[a.vm]
    worst = dict((k, None) for k in FIGURES)
    failed = 0
    peaks = []  # (peak_app_bytes, the run)
    with ThreadPoolExecutor(max(1, a.jobs)) as pool:
        for (seed, players, games), rc, last in pool.map(lambda r: one(a.vm, heap, r), runs):
            print(
                "--seed %d --players %s --games %d: %s" % (seed, players, games, last), flush=True
            )
            if rc != 0 or not last.startswith("boardbox ok"):
                failed += 1
                continue
            f = figures(last)
            if "peak_app_bytes" in f:
                peaks.append(
                    (
                        f["peak_app_bytes"],
                        "--seed %d --players %s --games %d" % (seed, players, games),
                    )
                )
            for k in FIGURES:
                if k in f and (worst[k] is None or f[k] > worst[k]):
                    worst[k] = f[k]
    name, limit = BUDGETS[a.vm]
    over = failed or worst[name] is None or worst[name] > limit
    print(
        "%s %s vm=%s runs=%d failed=%d %s (budget %s at most %d)"
        % (
            "box_runs",
            "OVER" if over else "ok",
            a.vm,
            len(runs),
            failed,
            " ".join("%s_max=%s" % (k.replace("_max", ""), worst[k]) for k in FIGURES),
            name,
            limit,
        )
    )
    if a.record and not a.only and peaks:
        from tools.docs import record

        p = sorted(peaks)
        data = {
            "runs": len(runs),
            "failed": failed,
            "within": sum(1 for x, _ in p if x <= limit) if name == "peak_app_bytes" else None,
            "peak_min": p[0][0],
            "peak_max": p[-1][0],
            "peak_mean": sum(x for x, _ in p) // len(p),
            "tightest": p[-1][1],
            "round_max": worst["round_heap_max"],
            "pystack_max": worst["pystack_max"],
        }
        command = "python -m tools.box.runs --vm %s --jobs 2" % a.vm
        record.put("box_runs_%s" % a.vm, data, command, a.vm)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
