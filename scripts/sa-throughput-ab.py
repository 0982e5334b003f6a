#!/usr/bin/env python3
"""sa_throughput A/B: criterion bench binaries of `benches/sa_throughput.rs`
(say, one built at an older commit and one at today's) run in rotation,
one at a time, each pinned to one core, and each run read by its fastest
sample: on a VM whose slow spells last a whole run, criterion's own
median swings by a third between runs of one binary.

    scripts/sa-throughput-ab.py ROUNDS BIN [BIN ...]

A binary is what `cargo bench --bench sa_throughput --no-run` prints as
its executable. Prints each round's figures (M proposals/s) with the load
average, then per binary its best run, its median run and the median of
its ratios to the first binary's run in the same round. `SA_GEN` picks
the generator, as for the bench. Needs `taskset`;
`nice -n -15` needs root (it is skipped otherwise).
"""
import json
import os
import statistics as st
import subprocess
import sys
import tempfile

# The generator the bench runs (`SA_GEN`, as the bench reads it).
GEN = os.environ.get("SA_GEN", "pll-conj")
SAMPLE = os.path.join("target", "criterion", "sa_throughput", GEN, "new", "sample.json")


def run(binary, cwd):
    nice = ["nice", "-n", "-15"] if os.geteuid() == 0 else []
    cmd = nice + ["taskset", "-c", "1", binary, "--bench", "--noplot", "--measurement-time", "4"]
    subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)
    with open(os.path.join(cwd, SAMPLE)) as f:
        d = json.load(f)
    # ns per iteration of 1 M proposals -> M proposals per second
    return 1e9 / min(t / i for t, i in zip(d["times"], d["iters"]))


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        sys.exit(__doc__)
    rounds, bins = int(sys.argv[1]), sys.argv[2:]
    for b in bins:
        if not os.access(b, os.X_OK):
            sys.exit(f"not an executable: {b}")
    runs = {b: [] for b in bins}
    with tempfile.TemporaryDirectory() as cwd:
        for r in range(rounds):
            order = bins[r % len(bins):] + bins[: r % len(bins)]
            if r % 2:
                order.reverse()
            for b in order:
                runs[b].append(run(b, cwd))
            load = open("/proc/loadavg").read().split()[0]
            cells = "  ".join(f"{os.path.basename(b)} {runs[b][-1]:.2f}" for b in bins)
            print(f"round {r + 1}: {cells}  load {load}", flush=True)
    first = runs[bins[0]]
    for b in bins:
        xs = runs[b]
        print(
            f"{os.path.basename(b)}: best {max(xs):.2f} ({max(xs) / max(first):.3f}), "
            f"median {st.median(xs):.2f} ({st.median(xs) / st.median(first):.3f}), "
            f"median ratio in a round {st.median(y / x for x, y in zip(first, xs)):.3f}"
        )


if __name__ == "__main__":
    main()
