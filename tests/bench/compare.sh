#!/usr/bin/env bash
# Paired timing of commands on one input: each round runs every command
# once, in turn, and the ratios are taken within a round, since the build
# machine's speed drifts by a quarter from minute to minute.
#   tests/bench/compare.sh ROUNDS INPUT "COMMAND A" "COMMAND B" ...
# Prints, for each command, its fastest and median wall time and its
# speed against the first command: the ratio of the fastest times, and
# the median of the ratios within a round. Each command gets INPUT as its
# last argument.
set -eu
rounds=$1 input=$2
shift 2
cmds=("$@")
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for _ in $(seq "$rounds"); do
    line=""
    for c in "${cmds[@]}"; do
        t0=$(date +%s%N)
        $c "$input" >/dev/null 2>&1 || true
        t1=$(date +%s%N)
        line="$line $(((t1 - t0) / 1000))"
    done
    echo "$line" >>"$tmp"
done
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
first_min=$(awk '{ print $1 }' "$tmp" | sort -n | head -n 1)
for i in $(seq ${#cmds[@]}); do
    min=$(awk -v i="$i" '{ print $i }' "$tmp" | sort -n | head -n 1)
    med=$(awk -v i="$i" '{ print $i }' "$tmp" | median)
    ratio=$(awk -v i="$i" '{ print $1 / $i }' "$tmp" | median)
    printf '%-56s fastest %8.1f ms  median %8.1f ms  speed against the first: %.3f (fastest), %.3f (median ratio)\n' \
        "${cmds[$((i - 1))]}" "$(echo "$min / 1000" | bc -l)" "$(echo "$med / 1000" | bc -l)" \
        "$(echo "$first_min / $min" | bc -l)" "$ratio"
done
