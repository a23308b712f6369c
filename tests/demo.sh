#!/usr/bin/env bash
# make demo: partiar's main jobs on the bundled samples.
set -eu
bin=${1:-build}/partiar
run() {
    printf '\n$ partiar %s\n' "$*"
    "$bin" "$@"
}
out=${1:-build}/demo
mkdir -p "$out"
echo "partiar demo: both players' scanned scoresheets of a game read and reconciled (an"
echo "overlay of each written to $out/), a typed sheet read, the same pair's transcribed"
echo "sheets reconciled (a time-trouble gap on white's, German letters and a slip on"
echo "black's), an archive checked, then the rules core and the notation layer"
run ocr --pair --overlay "$out" samples/scans/kobalia-krivoborodov-2025-white.png \
    samples/scans/kobalia-krivoborodov-2025-black.png || true
run ocr -f text samples/scans/typed/game2.jpg || true
echo "overlays: $(ls "$out"/*.overlay.png | tr '\n' ' ')"
run reconcile samples/sheets/capablanca-marshall-1909-white.pgn samples/sheets/capablanca-marshall-1909-black.pgn || true
run check samples/pgn/laws-appendix-c.pgn samples/scans/typed/games.pgn || true
run convert samples/pgn/laws-appendix-c.pgn
run convert --out-lang fig --no-comments samples/pgn/laws-appendix-c.pgn
run convert --strict -o /dev/null samples/pgn/laws-appendix-c.pgn
run perft --depth 6
run perft --divide --depth 3 --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
run perft --epd samples/perft/chess960-sample.epd --depth 4 --verbose
while IFS= read -r line; do
    case "$line" in '#'*|'') continue ;; esac
    printf '\n# %s\n' "${line#*# }"
    run position --fen "${line%% #*}" | tail -n 5
done < samples/positions/laws-examples.fen
