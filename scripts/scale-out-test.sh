#!/usr/bin/env bash
# A sharded bench on a real HyperQueue cluster, as docs/scale-out.md runs it.
#
# Installs the pip package `hyperqueue` in a virtual environment, starts a
# LocalCluster (a HyperQueue server and two workers of one CPU each) from
# Python, submits the task line of docs/scale-out.md's `hq submit --array`
# as one task per shard (with --cubes $CUBES), kills the cubetui of task 0
# with SIGKILL once it has written a line, submits the array again (task 0
# resumes its file, the others find theirs finished), merges, and compares
# the merge with one machine's run of the same bench.
#
#   scripts/scale-out-test.sh             the test (CUBES=40 by default)
#   scripts/scale-out-test.sh --measure   the doc's 1,000-cube bench, timed
#                                         on 1 and on 2 workers
#
# Without python3, or when pip cannot install hyperqueue (no network), it
# says so and exits 0 (skipped). CUBETUI names the binary (default:
# target/release/cubetui, built when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

mode=test
[ "${1:-}" = "--measure" ] && mode=measure
cubes=${CUBES:-40}
[ "$mode" = measure ] && cubes=${CUBES:-1000}

if ! command -v python3 >/dev/null; then
    echo "scale-out-test: skipped: no python3"
    exit 0
fi
bin=${CUBETUI:-$root/target/release/cubetui}
if [ ! -x "$bin" ]; then
    cargo build --release --locked --bin cubetui
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")

work=$(mktemp -d "${TMPDIR:-/tmp}/cubetui-scale-out.XXXXXX")
cleanup() { rm -rf "$work"; }
trap cleanup EXIT

# A folder where the binary is called `cubetui`, as the job lines call it.
mkdir -p "$work/bin"
ln -s "$bin" "$work/bin/cubetui"
export PATH="$work/bin:$PATH"

if ! python3 -m venv "$work/venv" >"$work/venv.log" 2>&1; then
    echo "scale-out-test: skipped: python3 cannot make a virtual environment:"
    tail -3 "$work/venv.log"
    exit 0
fi
if ! "$work/venv/bin/pip" install --quiet --disable-pip-version-check hyperqueue \
    >"$work/pip.log" 2>&1; then
    echo "scale-out-test: skipped: pip could not install hyperqueue (no network to the package index?):"
    tail -3 "$work/pip.log"
    exit 0
fi

cd "$work"
status=0
"$work/venv/bin/python" - "$root/docs/scale-out.md" "$mode" "$cubes" <<'PY' || status=$?
"""Drives the cluster: see the shell script's head."""
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time

os.environ.setdefault("TQDM_DISABLE", "1")  # no progress bars in the log
from hyperqueue import Job, LocalCluster
from hyperqueue.cluster import WorkerConfig

doc, mode, cubes = sys.argv[1], sys.argv[2], int(sys.argv[3])


def fail(why):
    print(f"scale-out-test: FAILED: {why}", flush=True)
    sys.exit(1)


# The doc's `hq submit --array A-B ... -- bash -c '<task>'` line.
text = open(doc, encoding="utf-8").read()
m = re.search(r"^hq submit --array (\d+)-(\d+) .*?-- bash -c '([^']*)'$", text, re.M)
if not m:
    fail(f"no `hq submit --array A-B ... -- bash -c '...'` line in {doc}")
first, last, task = int(m[1]), int(m[2]), m[3]
shards = last - first + 1
if first != 0:
    fail("the doc's array must count from 0 (the Python API numbers tasks from 0)")
if f"--shard auto/{shards} " not in task or " --resume " not in task:
    fail(f"the doc's task does not run --shard auto/{shards} --resume: {task}")
task = re.sub(r"--cubes \d+", f"--cubes {cubes}", task)
bench, _, rest = task.partition(" --jsonl ")
words = shlex.split(bench)
# One machine: the same bench without the shard and --resume.
one_args = [w for w in words if w not in ("--shard", f"auto/{shards}", "--resume")]
per_shard = -(-cubes // shards)
print(f"scale-out-test: task from {os.path.basename(doc)}: {task}", flush=True)


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def lines(path):
    try:
        with open(path, encoding="utf-8") as f:
            return sum(1 for line in f if line.endswith("\n"))
    except FileNotFoundError:
        return 0


def submit(client, wrap=""):
    job = Job(default_workdir=os.getcwd(), max_fails=None)
    for t in range(shards):
        job.program(
            ["bash", "-c", wrap + task],
            stdout=f"task-{t}.out",
            stderr=f"task-{t}.err",
        )
    return client.submit(job)


def cluster_run(workers, kill=False):
    """Runs the array on `workers` one-CPU workers; seconds it took."""
    with LocalCluster() as cluster:
        for _ in range(workers):
            cluster.start_worker(WorkerConfig(cores=1))
        client = cluster.client()
        t0 = time.monotonic()
        # Each task's shell says its pid, so that the test can kill the
        # cubetui it runs (the shell's child).
        job = submit(client, "echo $$ > pid-$HQ_TASK_ID; " if kill else "")
        if kill:
            killed = kill_mid_run(0)
        ok = client.wait_for_jobs([job], raise_on_error=False)
        took = time.monotonic() - t0
        if kill:
            if ok:
                fail("every task succeeded although task 0's cubetui was killed")
            failed = client.get_failed_tasks(job)
            if sorted(failed) != [0]:
                fail(f"failed tasks {sorted(failed)}, not only the killed task 0")
            print(f"scale-out-test: task 0 killed after {killed} of its {per_shard} cubes; "
                  f"HyperQueue marks it failed", flush=True)
            # The whole array again: task 0 resumes, the others run nothing.
            again = submit(client)
            if not client.wait_for_jobs([again], raise_on_error=False):
                fail("the array submitted again did not succeed: "
                     + open("task-0.err").read())
            said = [l for l in open("task-0.err") if "--resume" in l]
            print(f"scale-out-test: task 0 again: {said[-1].strip() if said else '?'}",
                  flush=True)
            if not said or f"{killed} of {per_shard} cubes already in" not in said[-1]:
                fail("task 0 did not keep the lines written before the kill")
        elif not ok:
            fail("a task failed: " + open("task-0.err").read())
        return took


def kill_mid_run(t):
    """Kills the cubetui of task `t` once its file has a line; the lines it had."""
    out = f"shard-{t}.jsonl"
    deadline = time.monotonic() + 300
    while lines(out) < 1:
        if time.monotonic() > deadline:
            fail(f"task {t} wrote no line in 300 s")
        time.sleep(0.01)
    pid = int(open(f"pid-{t}").read())
    children = open(f"/proc/{pid}/task/{pid}/children").read().split()
    if not children:
        fail(f"task {t}'s shell runs no cubetui")
    os.kill(int(children[0]), signal.SIGKILL)
    time.sleep(0.2)
    n = lines(out)
    if n >= per_shard:
        fail(f"task {t} had finished its {n} cubes before the kill: give more --cubes")
    return n


def untimed(summary):
    s = json.loads(summary)
    for row in s["rows"]:
        row.pop("time_ms")
        row.pop("steps_per_s")
    return s


def untimed_lines(paths):
    out = []
    for p in paths:
        for line in open(p, encoding="utf-8"):
            d = json.loads(line)
            out.append({k: v for k, v in d.items() if not k.endswith("_ms") and k != "shard"})
    return sorted(out, key=lambda d: d["index"])


def check_against_one_machine():
    files = [f"shard-{t}.jsonl" for t in range(shards)]
    merged = run(["cubetui", "merge", *files, "--json"])
    if merged.returncode not in (0, 4):
        fail(f"merge: {merged.stderr}")
    one = run([*one_args, "--jsonl", "whole.jsonl"])
    if one.returncode not in (0, 4):
        fail(f"one machine: {one.stderr}")
    whole = run(["cubetui", "merge", "whole.jsonl", "--json"])
    if untimed(merged.stdout) != untimed(whole.stdout):
        fail(f"the merge differs from one machine:\n{merged.stdout}\n{whole.stdout}")
    if merged.returncode != whole.returncode:
        fail(f"merge exits {merged.returncode}, one machine's {whole.returncode}")
    if untimed_lines(files) != untimed_lines(["whole.jsonl"]):
        fail("the shards' lines are not one machine's lines")
    print(run(["cubetui", "merge", *files]).stdout, end="")
    print(f"scale-out-test: the merge of {shards} shards equals one machine's "
          f"({cubes} cubes; times aside)", flush=True)


def clean():
    for f in os.listdir("."):
        if f.startswith(("shard-", "task-", "pid-")) or f == "whole.jsonl":
            os.remove(f)


if mode == "test":
    cluster_run(2, kill=True)
    check_against_one_machine()
    print("scale-out-test: 1 passed, 0 failed", flush=True)
else:
    load = open("/proc/loadavg").read().split()[:3]
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo")
                if l.startswith("model name")), "?")
    print(f"scale-out-test: {os.cpu_count()} CPUs ({cpu}), load {' '.join(load)} before", flush=True)
    times = {}
    for workers in (1, 2):
        clean()
        times[workers] = cluster_run(workers)
        print(f"scale-out-test: {workers} worker(s): {times[workers]:.1f} s "
              f"(load {' '.join(open('/proc/loadavg').read().split()[:3])})", flush=True)
    check_against_one_machine()
    print(f"scale-out-test: speed-up {times[1] / times[2]:.2f}x", flush=True)
PY
exit "$status"
