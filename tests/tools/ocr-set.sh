#!/usr/bin/env bash
# ocr-set.sh - a set of synthetic scanned scoresheet pairs with their
# ground truth, for measuring `partiar ocr`.
#
#   tests/tools/ocr-set.sh [--partiar PATH] [--sheet-pairs PATH] [-n PAIRS]
#       [-s SEED] [--fonts LIST] [--layouts LIST] [--dpi N] [--noise LIST]
#       [-j JOBS] [--clean] [--photo] [--capitals] GAMES.pgn OUTDIR
#
# PAIRS (10) pairs of scoresheets are made from real games of GAMES.pgn by
# tests/tools/sheet-pairs (seed SEED, 1; --clean: no slips), each player's
# copy with his own slips, and each copy drawn by hand and scanned by
# tests/tools/sheet-render.sh: both on one form (a layout of LIST drawn at
# random among those with rows enough for the game), each in its own font
# of LIST. OUTDIR receives, for pair NAME (g0001...):
#
#   NAME-white.png, NAME-black.png    the scans (8-bit grey PNG)
#   NAME-white.cells.tsv, -black...   each written cell: "number side text"
#   NAME.truth                        the moves played, UCI, one line
#   NAME.pgn                          the game played, with its real tags
#   records/                          what sheet-pairs wrote (the records
#                                     as written, NAME.slips, its manifest)
#   manifest.tsv                      a line per sheet: name, side, font,
#                                     layout, dpi, noise (tab separated,
#                                     under a header line); written last,
#                                     so that a folder with one holds the
#                                     whole set (what train.sh --resume
#                                     and ocr.sh's KEEP take as drawn)
#
# so that OUTDIR is a round for `partiar ocr OUTDIR`.
#
# --photo: each sheet is drawn in colour (the pen's blue stays blue) and
# photographed on a desk by tests/tools/photo-render.sh (perspective,
# uneven light, a quarter turn for one in three; seeded by the sheet):
# the scans are NAME-white.jpg and NAME-black.jpg instead, each with its
# NAME-SIDE.jpg.corners (where the page's corners are in the photo), and
# the manifest has a seventh column, photo, 1 on every line (a set without
# --photo keeps its six). The tags Event, Site,
# Date, Round, White and Black of each record are the real game's (found
# in GAMES.pgn by its moves); Result is the writer's.
#
# --capitals: every writer prints his moves in capitals (sheet-render.sh
# --capitals), and the cells' truth is what he wrote, "NF3": a set to
# train on.
#
# --fonts LIST: "tuning" (the default), "held-out", "held-out-2",
# "capitals", "all"
# (tuning and held-out), or font files,
# comma-separated. The sheets of pair k (from 0) are White's in font
# k mod F and Black's in another font of LIST drawn at random; the noise
# level is LIST's (k div F) mod N-th (--noise, "1"; levels 0 clean, 1
# mild, 2 rough), so that -n F*N*m gives each font m White sheets at each
# level. --layouts LIST: shipped layouts, comma-separated (all eight by
# default). --dpi N (300) is the scan's resolution, 150-300. The games go
# through `partiar convert` first (clean SAN); those longer than the
# largest form of --layouts are left out. -j JOBS (1) sheets are drawn at
# once.
#
# The same arguments give the same set.
set -euo pipefail

# ---------------------------------------------------------------- fonts
# Handwriting fonts of Debian packages (fonts-breip, fonts-dkg-handwriting,
# fonts-rufscript, fonts-dancingscript, fonts-comic-neue; fonts-ecolier-
# court, fonts-sjfonts, fonts-klee; and fonts-humor-sans and fonts-bwht
# for the CAPITALS group below). Not used: fonts-femkeklaver draws hollow
# bubble letters no pen makes.
#
# The HELD-OUT fonts are for measuring only: NOTHING in partiar (its
# reading, its costs, its thresholds, its layouts) may be tuned or chosen
# by looking at results on the held-out fonts. Tune on the TUNING fonts;
# report both. A font moved from one list to the other spoils the held-out
# figures of every measurement made before.
#
# The HELD-OUT-2 fonts are a second held-out group, for the same use
# only: eleven handwriting fonts of Google Fonts (OFL; tests/corpora/
# fonts/held-out-2, from npm's @fontsource packages, see tests/corpora/
# README.md), not in Debian, chosen by their look before any result on
# them was seen, after the first group had been looked at too often to be
# quite unseen. Kimberly Geswein drew eight of them.
tuning_fonts=(
    /usr/share/fonts/truetype/breip/Breip.ttf
    /usr/share/fonts/truetype/fifthhorseman/dkg.ttf
    /usr/share/fonts/truetype/fifthhorseman/dkgIt.ttf
    /usr/share/fonts/truetype/rufscript/Rufscript010.ttf
    /usr/share/fonts/opentype/dancingscript/DancingScript-Regular.otf
    /usr/share/fonts/opentype/comic-neue/ComicNeue-Regular.otf
    /usr/share/fonts/opentype/comic-neue/ComicNeue-Italic.otf
)
heldout_fonts=(
    /usr/share/fonts/truetype/ecolier-court/Ecolier-court.ttf
    /usr/share/fonts/truetype/sjfonts/SteveHand.ttf
    /usr/share/fonts/truetype/sjfonts/Delphine.ttf
    /usr/share/fonts/truetype/klee/KleeOne-Regular.ttf
)
# The CAPITALS fonts, for measuring only, as the held-out ones: hands of
# Debian packages that print every letter as a capital (fonts-humor-sans,
# three of fonts-bwht's six), the files too (NF3, BB5), as a few players
# do. No model was trained on a file written so.
capitals_fonts=(
    /usr/share/fonts/truetype/humor-sans/Humor-Sans.ttf
    /usr/share/fonts/opentype/bwht/BecauseWeLearn-Regular.otf
    /usr/share/fonts/opentype/bwht/BecauseWeBuild-Regular.otf
    /usr/share/fonts/opentype/bwht/BecauseWeCreate-Regular.otf
)
# ----------------------------------------------------------------------

here=$(cd "$(dirname "$0")" && pwd)
heldout2_fonts=("$here"/../corpora/fonts/held-out-2/*.woff)
partiar=build/dev/partiar
sheet_pairs=build/dev/tools/sheet-pairs
count=10
seed=1
fonts_arg=tuning
layouts_arg=two-30,partiar-60,two-30-middle,two-30-rows,two-30-clock,three-20,three-25,one-column
dpi=300
noise_arg=1
jobs=1
clean=()
photo=0
capitals=

usage() {
    echo "usage: ocr-set.sh [--partiar PATH] [--sheet-pairs PATH] [-n PAIRS] [-s SEED] [--fonts LIST] [--layouts LIST] [--dpi N] [--noise LIST] [-j JOBS] [--clean] [--photo] [--capitals] GAMES.pgn OUTDIR" >&2
    exit 2
}

while [ $# -gt 0 ]; do
    case $1 in
    --partiar) partiar=$2; shift 2 ;;
    --sheet-pairs) sheet_pairs=$2; shift 2 ;;
    -n) count=$2; shift 2 ;;
    -s) seed=$2; shift 2 ;;
    --fonts) fonts_arg=$2; shift 2 ;;
    --layouts) layouts_arg=$2; shift 2 ;;
    --dpi) dpi=$2; shift 2 ;;
    --noise) noise_arg=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    --clean) clean=(--clean); shift ;;
    --photo) photo=1; shift ;;
    --capitals) capitals=--capitals; shift ;;
    -h | --help) usage ;;
    -*) echo "ocr-set.sh: unknown option $1" >&2; usage ;;
    *) break ;;
    esac
done
[ $# -eq 2 ] || usage
games=$1
outdir=$2
for v in "$count" "$seed" "$dpi" "$jobs"; do
    case $v in '' | *[!0-9]*) usage ;; esac
done
[ -x "$partiar" ] || { echo "ocr-set.sh: $partiar: not an executable (--partiar)" >&2; exit 2; }
[ -x "$sheet_pairs" ] || { echo "ocr-set.sh: $sheet_pairs: not an executable (--sheet-pairs; make BUILD=... $sheet_pairs)" >&2; exit 2; }
[ -r "$games" ] || { echo "ocr-set.sh: $games: cannot read" >&2; exit 2; }

case $fonts_arg in
tuning) fonts=("${tuning_fonts[@]}") ;;
held-out | heldout) fonts=("${heldout_fonts[@]}") ;;
held-out-2) fonts=("${heldout2_fonts[@]}") ;;
capitals) fonts=("${capitals_fonts[@]}") ;;
all) fonts=("${tuning_fonts[@]}" "${heldout_fonts[@]}") ;;
*) IFS=, read -r -a fonts <<<"$fonts_arg" ;;
esac
for f in "${fonts[@]}"; do
    [ -r "$f" ] || { echo "ocr-set.sh: $f: no such font file" >&2; exit 2; }
done
[ "${#fonts[@]}" -ge 2 ] || { echo "ocr-set.sh: two fonts at least (one per player)" >&2; exit 2; }
IFS=, read -r -a layouts <<<"$layouts_arg"
IFS=, read -r -a noises <<<"$noise_arg"
for l in "${noises[@]}"; do
    case $l in 0 | 1 | 2) ;; *) echo "ocr-set.sh: noise levels are 0, 1 and 2" >&2; exit 2 ;; esac
done

mkdir -p "$outdir/records"
rm -f "$outdir/manifest.tsv" # a set drawn again is no set until it is whole
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Each layout's rows.
: >"$tmp/rows"
for l in "${layouts[@]}"; do
    r=$("$partiar" form --layout "$l" --dpi 100 --cells | awk '$1 == "move" && $2 > m { m = $2 } END { print m + 0 }')
    [ "$r" -gt 0 ] || { echo "ocr-set.sh: layout $l has no move cells" >&2; exit 2; }
    printf '%s\t%s\n' "$l" "$r" >>"$tmp/rows"
done
maxrows=$(awk -F '\t' '$2 > m { m = $2 } END { print m }' "$tmp/rows")

# The games as clean SAN and as UCI, in the same order; those that fit the
# largest form go to sheet-pairs. A game is its tags paragraph and its
# movetext paragraph.
"$partiar" convert --no-comments "$games" >"$tmp/san.pgn" 2>/dev/null || true
"$partiar" convert --no-comments -n uci "$games" >"$tmp/uci.pgn" 2>/dev/null || true
# shellcheck disable=SC2016
awk -v RS= -v maxrows="$maxrows" -v out="$tmp/games.pgn" -v keys="$tmp/keys" '
    FILENAME == ARGV[1] {
        if ($0 ~ /^\[/) { n++; next }
        s = $0; gsub(/[0-9]+\.+/, " ", s); gsub(/(1-0|0-1|1\/2-1\/2|\*)[ \t\n]*$/, " ", s)
        m = split(s, t, /[ \t\n]+/); line = ""; plies = 0
        for (i = 1; i <= m; i++) if (t[i] != "") { line = line (plies ? " " : "") t[i]; plies++ }
        uci[n] = line; len[n] = plies
        next
    }
    $0 ~ /^\[/ { g++; tags = $0; next }
    {
        if (!(g in len) || len[g] > 2 * maxrows) next
        printf "%s\n\n%s\n\n", tags, $0 > out
        printf "%s\t%d\n", uci[g], g > keys
    }' "$tmp/uci.pgn" "$tmp/san.pgn"
[ -s "$tmp/games.pgn" ] || { echo "ocr-set.sh: $games: no game of $maxrows moves or fewer" >&2; exit 2; }

"$sheet_pairs" -s "$seed" -n "$count" "${clean[@]}" "$tmp/games.pgn" "$outdir/records" >/dev/null

# Per pair: the real tags into both records, the true game as PGN, the
# layout and fonts drawn, and a render job per sheet.
: >"$tmp/jobs"
if [ "$photo" -eq 1 ]; then
    printf 'name\tside\tfont\tlayout\tdpi\tnoise\tphoto\n' >"$tmp/manifest.tsv"
else
    printf 'name\tside\tfont\tlayout\tdpi\tnoise\n' >"$tmp/manifest.tsv"
fi
k=0
declare -A seen=()
nf=${#fonts[@]}
nn=${#noises[@]}
while IFS=$'\t' read -r name _; do
    truth=$outdir/records/$name.truth
    cp "$truth" "$outdir/$name.truth"
    # The game played: its paragraph number in san.pgn. The same moves
    # twice in GAMES.pgn (a game entered twice, tags and all or not) are
    # taken in turn, as sheet-pairs takes them.
    sum=$(cksum <"$truth" | tr ' ' _)
    seen[$sum]=$((${seen[$sum]:-0} + 1))
    g=$(awk -F '\t' -v t="$(cat "$truth")" -v nth="${seen[$sum]}" '$1 == t { m[++n] = $2 } END { if (n) print m[(nth - 1) % n + 1] }' "$tmp/keys")
    # shellcheck disable=SC2016
    awk -v RS= -v g="${g:-0}" '$0 ~ /^\[/ { n++ } n == g { print; print "" }' "$tmp/san.pgn" >"$outdir/$name.pgn"
    # Rows the sheets need: the largest number written. (A row numbered
    # backwards can still push the last row off a form just big enough:
    # sheet-render.sh says so when it leaves cells out.)
    need=$(cat "$outdir/records/$name"-{white,black}.pgn | grep -v '^\[' | grep -oE '[0-9]+\.' | tr -d . | sort -n | tail -n 1)
    # The draws, from the seed and the pair: layout, Black's font.
    read -r layout bfont < <(awk -F '\t' -v seed="$seed" -v k="$k" -v need="${need:-0}" -v nf="$nf" -v wf="$((k % nf))" '
        { l[NR] = $1; r[NR] = $2; if (r[NR] > best) { best = r[NR]; big = $1 } }
        END {
            srand(seed * 1009 + k)
            for (i = 1; i <= NR; i++) if (r[i] >= need) fit[++n] = l[i]
            layout = n ? fit[1 + int(rand() * n)] : big
            b = (wf + 1 + int(rand() * (nf - 1))) % nf
            print layout, b
        }' "$tmp/rows")
    noise=${noises[$(((k / nf) % nn))]}
    for side in white black; do
        if [ "$side" = white ]; then font=${fonts[$((k % nf))]}; s=0; else font=${fonts[$bfont]}; s=1; fi
        rec=$outdir/records/$name-$side.pgn
        # The real tags (Result stays the writer's).
        awk -v RS= -v g="${g:-0}" '$0 ~ /^\[/ { n++; if (n == g) { print; exit } }' "$tmp/san.pgn" |
            grep -E '^\[(Event|Site|Date|Round|White|Black) ' >"$tmp/tags" || true
        if [ -s "$tmp/tags" ]; then
            { cat "$tmp/tags"; grep -vE '^\[(Event|Site|Date|Round|White|Black) ' "$rec"; } >"$tmp/rec"
            mv "$tmp/rec" "$rec"
        fi
        line=$(printf '%s\t%s\t%s\t%s\t%s\t%s' "$name" "$side" "$(basename "$font")" "$layout" "$dpi" "$noise")
        [ "$photo" -eq 0 ] || line+=$'\t1'
        printf '%s\n' "$line" >>"$tmp/manifest.tsv"
        printf '%s\0%s\0%s\0%s\0%s\0%s\0%s\0%s\0' "$layout" "$font" "$dpi" "$noise" "$((seed * 100000 + 2 * k + s))" "$rec" "$outdir/$name-$side.png" "$photo" >>"$tmp/jobs"
    done
    k=$((k + 1))
done <"$outdir/records/manifest.tsv"

# The sheets drawn, JOBS at once; a photo is taken of the sheet drawn in
# colour, which goes (its cells' truth stays).
export partiar here capitals
# shellcheck disable=SC2016 # the arguments are the inner shell's
xargs -0 -n 8 -P "$jobs" sh -c '
    if [ "$8" -eq 1 ]; then
        "$here/sheet-render.sh" --partiar "$partiar" --layout "$1" --font "$2" --dpi "$3" --noise "$4" --seed "$5" --colour $capitals "$6" "$7" &&
            "$here/photo-render.sh" --seed "$5" "$7" "${7%.png}.jpg" && rm -f "$7"
    else
        "$here/sheet-render.sh" --partiar "$partiar" --layout "$1" --font "$2" --dpi "$3" --noise "$4" --seed "$5" $capitals "$6" "$7"
    fi' sh <"$tmp/jobs"
# Every sheet drawn: only now the manifest (renamed into place whole).
cp "$tmp/manifest.tsv" "$outdir/manifest.tsv.part"
mv "$outdir/manifest.tsv.part" "$outdir/manifest.tsv"
echo "ocr-set.sh: $k pairs, $((2 * k)) sheets$([ "$photo" -eq 0 ] || echo ' (photos)') in $outdir" >&2
