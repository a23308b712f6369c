#!/usr/bin/env bash
# Perft speed of partiar against Stockfish's "go perft", side by side.
#   tests/bench/perft.sh [PARTIAR_BINARY] [RUNS]
# For each position the two programs run alternately RUNS times. Each run's
# wall time has the program's own start-up time taken off (measured the same
# way at depth 1), so that Stockfish's network loading does not count
# against it. The ratio is Stockfish's time over partiar's: above 1.0 means
# partiar is faster. Both are single-threaded.
set -eu
bin=${1:-build/partiar}
runs=${2:-5}
stockfish=$(command -v stockfish || echo /usr/games/stockfish)
[ -x "$stockfish" ] || { echo "perft.sh: stockfish not found (make deps-bench)"; exit 2; }

now() { date +%s.%N; }
elapsed() { # command... -> seconds
    local t0 t1
    t0=$(now)
    "$@" >/dev/null
    t1=$(now)
    echo "$t1 - $t0" | bc -l
}
sf() { # fen depth
    printf 'position fen %s\ngo perft %s\nquit\n' "$1" "$2" | "$stockfish"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

bench() { # name fen depth
    local name=$1 fen=$2 depth=$3
    local pt_base sf_base
    pt_base=$(for _ in 1 2 3; do elapsed "$bin" perft --fen "$fen" --depth 1; done | median)
    sf_base=$(for _ in 1 2 3; do elapsed sf "$fen" 1; done | median)
    : >"$tmp/ratios"; : >"$tmp/pt"; : >"$tmp/sf"
    for _ in $(seq "$runs"); do
        local p s
        p=$(echo "$(elapsed "$bin" perft --fen "$fen" --depth "$depth") - $pt_base" | bc -l)
        s=$(echo "$(elapsed sf "$fen" "$depth") - $sf_base" | bc -l)
        echo "$p" >>"$tmp/pt"
        echo "$s" >>"$tmp/sf"
        echo "$s / $p" | bc -l >>"$tmp/ratios"
    done
    local nodes
    nodes=$("$bin" perft --fen "$fen" --depth "$depth" | sed -n 's/^nodes \([0-9]*\).*/\1/p')
    printf '%-10s depth %d  %11s nodes  partiar %.3f s  stockfish %.3f s  ratio %.2f (median of %d)\n' \
        "$name" "$depth" "$nodes" "$(median <"$tmp/pt")" "$(median <"$tmp/sf")" "$(median <"$tmp/ratios")" "$runs"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "perft: partiar $("$bin" --version | cut -d' ' -f2) vs $("$stockfish" </dev/null | head -n 1 | cut -d' ' -f1-2)"
bench start "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" 6
bench kiwipete "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 5
