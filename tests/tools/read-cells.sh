#!/usr/bin/env bash
# Measures src/ocr/read.c on cells rendered from real moves: the first N
# moves (SAN, as played) of PGN, each drawn as a 300x80 grey cell (a cell
# of about 25x7 mm scanned at 300 dpi) in DejaVu Sans and handwriting
# fonts, with the size, place, slant, ink and paper varied a little from
# cell to cell, a slight blur and noise (awk's srand(SEED) and convert's
# -seed, so the cells are the same every run). Prints, per font and for
# all fonts, the rate of candidate 0 being the move as written, of the move
# being among the top 3 and the top 10, and the milliseconds per cell.
#   tests/tools/read-cells.sh [BUILD [PGN [N]]]
# BUILD (build/dev) holds libpartiar.a; tools/read-cells is built there
# when missing. PGN is tests/corpora/pgn/real/lichess-100.pgn, N is 100.
# FONTS (font files, space-separated) overrides the fonts; SEED the seed;
# KEEP=dir keeps the cells and the per-cell results (read-cells -v) there.
# One reader, one thread; the reader keeps Tesseract's OpenMP to that
# thread unless OMP_THREAD_LIMIT is set (src/ocr/read.h).
set -eu
build=${1:-build/dev}
pgn=${2:-tests/corpora/pgn/real/lichess-100.pgn}
n=${3:-100}
seed=${SEED:-1}
convert=/usr/bin/convert # /usr/local/bin/convert may be a stand-in
fonts=${FONTS:-"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
/usr/share/fonts/truetype/breip/Breip.ttf
/usr/share/fonts/truetype/fifthhorseman/dkg.ttf
/usr/share/fonts/truetype/rufscript/Rufscript010.ttf"}

tool=$build/tools/read-cells
if [ ! -x "$tool" ] || [ "$tool" -ot src/ocr/read.c ] || [ "$tool" -ot tests/tools/read-cells.c ]; then
    mkdir -p "$build/tools"
    # shellcheck disable=SC2046
    cc -std=c11 -O2 -g -Isrc -D_POSIX_C_SOURCE=200809L $(pkg-config --cflags lept) tests/tools/read-cells.c \
        "$build/libpartiar.a" $(pkg-config --libs tesseract lept) -lz -lm -lpthread -o "$tool"
fi

if [ -n "${KEEP:-}" ]; then
    work=$KEEP
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi

# The moves: no tags, comments, variations, NAGs, numbers or results.
grep -v '^\[' "$pgn" | tr '\n' ' ' | sed -e 's/{[^}]*}//g' -e 's/([^()]*)//g' -e 's/\$[0-9]*//g' |
    tr ' ' '\n' | grep -Ev '^(1-0|0-1|1/2-1/2|\*)$' | sed -e 's/^[0-9][0-9]*\.\.*//' -e 's/[!?]*$//' |
    grep -v '^$' | head -n "$n" >"$work/moves"

all=$work/all.txt
: >"$all"
for font in $fonts; do
    name=$(basename "$font" | sed 's/\.[^.]*$//')
    mkdir -p "$work/$name"
    # One line per cell: move, point size, x and y offsets, slant, ink, paper.
    awk -v seed="$seed" 'BEGIN { srand(seed) } {
        printf "%s %d %d %d %.1f %d %d\n", $1, 40 + int(rand() * 13), int(rand() * 61) - 30,
            int(rand() * 9) - 4, rand() * 6 - 3, 16 + int(rand() * 48), 232 + int(rand() * 20)
    }' "$work/moves" >"$work/$name/params"
    i=0
    : >"$work/$name/list"
    while read -r move size dx dy slant ink paper; do
        i=$((i + 1))
        png=$work/$name/$(printf '%03d' $i).png
        "$convert" -size 300x80 "xc:rgb($paper,$paper,$paper)" -font "$font" -pointsize "$size" \
            -fill "rgb($ink,$ink,$ink)" -gravity center -annotate "${slant}x${slant}+${dx}+${dy}" "$move" \
            -blur 0x0.6 -seed $((seed * 1000 + i)) -attenuate 0.4 +noise Gaussian -colorspace Gray -depth 8 "$png"
        printf '%s\t%s\n' "$png" "$move" >>"$work/$name/list"
    done <"$work/$name/params"
    printf '%-16s ' "$name"
    "$tool" -v <"$work/$name/list" >"$work/$name/results"
    tail -n 1 "$work/$name/results"
    cat "$work/$name/list" >>"$all"
done
printf '%-16s ' all
"$tool" <"$all"
