"""python -m tools.strength.learn.run: self-play, the fit, its errors, and (--write) the module."""

import argparse
import json
import os
import sys
import time

from tools.strength.learn import fit, selfplay


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=9000001, help="the first round's seed")
    ap.add_argument("--rounds", type=int, default=600, help="first rounds a number of players")
    ap.add_argument("--players", default="2,3,4", help="the numbers of players learned")
    ap.add_argument(
        "--use", default="2,3,4", help="the players whose END numbers are written (none: no one's)"
    )
    ap.add_argument(
        "--read", default="", help="the players whose READ margins are written (none: no one's)"
    )
    ap.add_argument("--target", default="round", choices=("round", "hand"))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--data", metavar="FILE", help="keep the positions here, or read them again")
    ap.add_argument("--write", metavar="FILE", help="the module of constants to write")
    args = ap.parse_args(argv)
    players = [int(x) for x in args.players.split(",")]
    use = [int(x) for x in args.use.split(",") if x and x != "none"]
    t0 = time.time()
    if args.data and os.path.exists(args.data):
        with open(args.data) as f:
            kept = json.load(f)
        if kept["seed"] != args.seed or kept["rounds"] != args.rounds:
            sys.exit(
                "%s holds other positions: --seed %d --rounds %d"
                % (args.data, kept["seed"], kept["rounds"])
            )
        data = [tuple(x) for x in kept["rows"]]
        gaps = [tuple(x) for x in kept.get("gaps", ())]
    else:
        data, gaps = selfplay.record(players, args.rounds, args.seed, args.jobs)
        if args.data:
            with open(args.data, "w") as f:
                kept = {"seed": args.seed, "rounds": args.rounds, "rows": data, "gaps": gaps}
                json.dump(kept, f)
    sys.stderr.write("%d positions in %.0f s\n" % (len(data), time.time() - t0))
    result = fit.fit(data, selfplay.FIELDS, players, args.target)
    print("the rest of the %s's net weight (centipoints), held-out rms error:" % args.target)
    for n in players:
        r = result[n]
        print(
            "  %d players: learned %.1f, hand-made %.1f (%.1f with its best constant), "
            "the mean %.1f (%d positions fitted, %d held out)"
            % (
                n,
                r["rms_learned"],
                r["rms_made"],
                r["rms_made_offset"],
                r["rms_mean"],
                r["train"],
                r["test"],
            )
        )
        print("    numbers (64ths: %s, a constant) %s" % (", ".join(fit.FEATURES), r["numbers"]))
    read = {}
    for n in players:
        if n != 3 and gaps:
            read[n] = fit.margins(gaps, n)
            shares = fit.gap_shares(gaps, n)
            print(
                "  %d players' plays at medium's best: %s; margins %s"
                % (
                    n,
                    ", ".join("%s %.0f%% of %d" % (k, 100 * v[1], v[0]) for k, v in shares.items()),
                    read[n],
                )
            )
    reads = [int(x) for x in args.read.split(",") if x and x != "none"]
    if args.write:
        command = "python -m tools.strength.learn.run --seed %d --rounds %d --use %s --read %s%s"
        command %= (
            args.seed,
            args.rounds,
            ",".join(map(str, use)) or "none",
            ",".join(map(str, reads)) or "none",
            "" if args.target == "round" else " --target " + args.target,
        )
        text = fit.module_text(
            {n: result[n] for n in use},
            command,
            args.seed,
            args.rounds,
            {n: read[n] for n in reads},
        )
        with open(args.write, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
