#!/usr/bin/env bash
# The reference beside min2phase through the product: each in a process of
# its own, never at the same time, on the same facelet lines.
#
#   scripts/reference-vs-min2phase.sh [N] [SEED] [REPS]   (200 1 3)
#
# Writes the N random states of SEED (`cubetui scramble --random-state`,
# the states `bench --random-state --seed SEED` draws) to a file, then for
# each bound B in 21 and 20 and each of REPS repetitions (the order of the
# two alternated from one repetition to the next) runs
#
#   cubetui bench --preset reference --states FILE --jobs 1 \
#       --set max_len=B --set target=B --set max_nodes=1000000000000 \
#       --jsonl RUN.jsonl
#
# (max_nodes lifted: min2phase has no node limit, and the preset's 150 000
# would cut the search past the target, `past_target`, on the slowest cubes)
#   target/release/examples/reference_lines FILE B   (the direct call)
#   target/release/examples/min2phase_lines FILE B
#
# and prints per run the median and mean time per cube (cubetui: its
# `elapsed_ms`, what the bench's summary reports: building the solver, the
# search, the result; min2phase: the call and the parsing of its answer),
# cubetui's median `search_ms` (the search alone) and median `elapsed_ms -
# search_ms` (the runner's part), the mean lengths and the ratio of the
# medians; and the direct call's median (`solve_with` on each line, the
# searches built and run: examples/reference_lines.rs) with
# the product path's cost beside it, `overhead` = cubetui's median over the
# direct call's, in per cent. Prints the machine (CPU model, caches) and
# `uptime` first and last. The programs are built first when missing
# (CUBETUI names another binary). About a minute at load 0 on the 2-core VM.
# The lead's one command to re-time both solvers on a quiet machine:
#   scripts/reference-vs-min2phase.sh 200 1 3
set -euo pipefail
cd "$(dirname "$0")/.."

n=${1:-200}
seed=${2:-1}
reps=${3:-3}
nodes=1000000000000
cubetui=${CUBETUI:-target/release/cubetui}
theirs=target/release/examples/min2phase_lines
direct=target/release/examples/reference_lines
if [ ! -x "$cubetui" ] || [ ! -x "$theirs" ]; then
    nice -n 10 cargo build --release --locked --bin cubetui --example min2phase_lines
fi
if [ ! -x "$direct" ]; then
    nice -n 10 cargo build --release --locked --example reference_lines
fi

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cpus"
if command -v lscpu >/dev/null; then
    lscpu | grep -i 'cache' | sed 's/  */ /g' | paste -sd ';' -
fi
echo "start: $(uptime)"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
states=$dir/states.txt
"$cubetui" scramble --random-state --seed "$seed" --count "$n" >"$states"

# Median and mean of the numbers on stdin, one a line.
stats() {
    sort -g | awk '{ v[NR] = $1; s += $1 }
        END { if (NR == 0) { print "nan nan"; exit }
              m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
              printf "%.3f %.3f\n", m, s / NR }'
}

# The value of numeric field $1 of each JSON line on stdin.
field() {
    grep -o "\"$1\":[-0-9.e+]*" | cut -d: -f2
}

ours() {
    local b=$1 run=$dir/run.jsonl
    "$cubetui" bench --preset reference --states "$states" --jobs 1 \
        --set max_len="$b" --set target="$b" --set max_nodes="$nodes" \
        --jsonl "$run" >"$dir/bench.txt" 2>/dev/null ||
        { echo "cubetui bench failed (≤ $b):"; cat "$dir/bench.txt"; exit 1; }
    local solved elapsed search htm over
    solved=$(grep -c '"solved":true' "$run")
    read -r elapsed emean < <(field elapsed_ms <"$run" | stats)
    read -r search _ < <(field search_ms <"$run" | stats)
    read -r _ htm < <(field moves_htm <"$run" | stats)
    read -r over _ < <(paste -d' ' <(field elapsed_ms <"$run") <(field search_ms <"$run") |
        awk '{ print $1 - $2 }' | stats)
    echo "$elapsed $emean $search $over $htm $solved"
}

theirs() {
    "$theirs" "$states" "$1" | awk '{ print $4, $6, $12 }'
}

# The direct call's median and mean length.
direct() {
    "$direct" "$states" "$1" | awk '{ print $4, $12 }'
}

row() {
    printf '%-5s %-4s %-10s %8s %8s %8s %8s %7s %8s | %8s %7s %8s | %8s %8s %7s | %6s\n' "$@"
}
echo "times in ms per cube; cubetui: median and mean of elapsed_ms, median of search_ms and of"
echo "elapsed_ms - search_ms; direct: solve_with's median, the overhead: cubetui's median over it;"
echo "ratio: cubetui's median / min2phase's"
row "" "" "" "cubetui" "" "" "" "" "" "direct" "" "" "min2phase" "" "" ""
row bound rep first median mean search outside HTM solved median HTM overhead median mean HTM ratio
for b in 21 20; do
    for rep in $(seq 1 "$reps"); do
        if [ $((rep % 2)) -eq 1 ]; then
            first=cubetui
            read -r om oa os oo oh ok < <(ours "$b")
            read -r dm dh < <(direct "$b")
            read -r tm ta th < <(theirs "$b")
        else
            first=min2phase
            read -r tm ta th < <(theirs "$b")
            read -r dm dh < <(direct "$b")
            read -r om oa os oo oh ok < <(ours "$b")
        fi
        ratio=$(awk -v a="$om" -v b="$tm" 'BEGIN { printf "%.2f", a / b }')
        over=$(awk -v a="$om" -v b="$dm" 'BEGIN { printf "%+.1f%%", (a / b - 1) * 100 }')
        row "≤ $b" "$rep" "$first" "$om" "$oa" "$os" "$oo" "$oh" "$ok/$n" "$dm" "$dh" "$over" "$tm" "$ta" "$th" "$ratio"
    done
done
echo "end: $(uptime)"
