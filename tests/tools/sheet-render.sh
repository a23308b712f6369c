#!/usr/bin/env bash
# sheet-render.sh - one scoresheet record drawn by hand on a blank form and
# scanned: a synthetic scan with its ground truth, for measuring
# `partiar ocr`.
#
#   tests/tools/sheet-render.sh [--partiar PATH] [--layout NAME] [--font FILE]
#       [--dpi N] [--noise 0|1|2] [--seed N] [--colour] [--fallback-font FILE]
#       [--capitals] SHEET.pgn OUT.png
#
# SHEET.pgn is a scoresheet record as tests/tools/sheet-pairs writes it
# (PGN with '-' for a cell left blank, '?' for one that cannot be read,
# "(=)" after a move for a draw offer, "N..." for a Black cell that opens a
# line). The form is `partiar form --layout NAME` (two-30), drawn at 300 dpi
# with its cells' boxes from `partiar form --cells`.
#
# The writer: one pen per sheet (black, blue-black, dark or ballpoint blue,
# its colour fading a little from cell to cell), one habit per sheet (text
# left-aligned or centred, a slant, a size, a stroke weight) varied per
# cell: cap height 45-60% of the cell's height, baseline and left offset
# jittered, a small rotation, sometimes low enough or long enough to touch
# the ruled lines; text too long for the cell is written smaller. Each entry
# goes into the cell of its move number and column as the record has them:
# '-' is a dash drawn across the cell, '?' a scribble over letters or a
# loopy squiggle, "(=)" follows the move in its cell. --capitals: the
# writer prints every move in capitals (NF3, BXE5, E.P.), as some do. The form's numbers
# are printed, so a row the record numbers wrongly cannot be written over a
# row already used: such a row (a number not above the last row written) is
# written in the next free row; a number jumping ahead leaves rows empty.
# Entries past the form's last row are left out (a warning says how many).
# The header fields Event, Site, Date, Round, White, Black and Result are
# written from the PGN tags where the layout has them and the tag is known
# ("?" is left blank, "1909.??.??" written "1909"); signature fields get a
# scrawl.
#
# The scan (--noise): 0 clean, only resampled to --dpi (150-300; 300 by
# default); 1 mild: the page skewed up to +-2 degrees and shifted, uneven
# light (a gradient down to 86-94% on one side), slight blur (0.4-0.7 px at
# 300 dpi), dust specks; 2 rough: skew up to +-5 degrees, light down to
# 72-84%, blur 0.8-1.2 px, more dust and a hair or two, paper grain, faded
# ink, and JPEG artefacts (quality 22-45). The result is an 8-bit grey PNG
# (--colour keeps RGB). Everything is drawn by one ImageMagick process (two
# at noise 2; the font measured by one more) from awk's random numbers:
# the same --seed (1) gives the same file. About 2 s a sheet at 300 dpi,
# 1 s at 150.
#
# A character the font lacks: in a header value, the value is written in
# ASCII (iconv's transliteration, "Düsseldorf" as "Dusseldorf"); in a cell,
# the cell is written in --fallback-font (DejaVu Sans Oblique; Cyrillic
# piece letters of a Russian record), and a line on standard error says so.
#
# Beside OUT.png goes OUT.cells.tsv (OUT without .png): one line per cell
# written, "number<TAB>side<TAB>text", number and side being the form's
# row and column the text went into and text exactly what was written
# ("Nf3", "Nf3 (=)", "-", "?"): the ground truth for cell accuracy.
# KEEPTMP=1 keeps the work folder (the drawing arguments, one a line) and
# says where.
#
# ImageMagick 6 is called as /usr/bin/convert (/usr/local/bin/convert may
# be a stand-in). Use font files, not names (fc-list shows them).
set -euo pipefail

convert=/usr/bin/convert
partiar=build/dev/partiar
layout=two-30
font=/usr/share/fonts/truetype/breip/Breip.ttf
dpi=300
noise=1
seed=1
colour=0
capitals=0
fallback=/usr/share/fonts/truetype/dejavu/DejaVuSans-Oblique.ttf

usage() {
    echo "usage: sheet-render.sh [--partiar PATH] [--layout NAME] [--font FILE] [--dpi N] [--noise 0|1|2] [--seed N] [--colour] [--fallback-font FILE] [--capitals] SHEET.pgn OUT.png" >&2
    exit 2
}

while [ $# -gt 0 ]; do
    case $1 in
    --partiar) partiar=$2; shift 2 ;;
    --layout) layout=$2; shift 2 ;;
    --font) font=$2; shift 2 ;;
    --dpi) dpi=$2; shift 2 ;;
    --noise) noise=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --colour | --color) colour=1; shift ;;
    --fallback-font) fallback=$2; shift 2 ;;
    --capitals) capitals=1; shift ;;
    -h | --help) usage ;;
    --) shift; break ;;
    -*) echo "sheet-render.sh: unknown option $1" >&2; usage ;;
    *) break ;;
    esac
done
[ $# -eq 2 ] || usage
sheet=$1
out=$2
case $dpi in '' | *[!0-9]*) usage ;; esac
case $noise in 0 | 1 | 2) ;; *) usage ;; esac
case $seed in '' | *[!0-9]*) usage ;; esac
{ [ "$dpi" -ge 150 ] && [ "$dpi" -le 300 ]; } || { echo "sheet-render.sh: --dpi must be 150-300" >&2; exit 2; }
[ -r "$sheet" ] || { echo "sheet-render.sh: $sheet: cannot read" >&2; exit 2; }
[ -r "$font" ] || { echo "sheet-render.sh: $font: no such font file" >&2; exit 2; }
[ -x "$partiar" ] || { echo "sheet-render.sh: $partiar: not an executable (--partiar)" >&2; exit 2; }
[ -x "$convert" ] || { echo "sheet-render.sh: $convert is missing (ImageMagick 6)" >&2; exit 2; }
tsv=${out%.png}.cells.tsv
# One thread each unless asked: the machine is shared, and a set is made
# sheet by sheet in parallel if at all.
export MAGICK_THREAD_LIMIT=${MAGICK_THREAD_LIMIT:-1}
# Characters, transliteration and sorting the same whatever the caller's
# locale.
export LC_ALL=C.UTF-8

tmp=$(mktemp -d)
if [ -n "${KEEPTMP:-}" ]; then echo "sheet-render.sh: work folder $tmp" >&2; else trap 'rm -rf "$tmp"' EXIT; fi

# The blank form and its boxes, at 300 dpi: everything is drawn at 300 and
# resampled at the end.
"$partiar" form --layout "$layout" --dpi 300 -o "$tmp/blank.png"
"$partiar" form --layout "$layout" --dpi 300 --cells >"$tmp/cells"

# The font's metrics at 100 points (1 point = 1 pixel here): each
# character's advance (label width less the padding a label adds, found
# from "H" and "HH") and the height of a capital H. (A comma is
# ImageMagick's, and a space makes no label.)
chars=(a b c d e f g h i j k l m n o p q r s t u v w x y z A B C D E F G H I J K L M N O P Q R S T U V W X Y Z
    0 1 2 3 4 5 6 7 8 9 + '#' '=' - '(' ')' '?' / . ':' "'")
labels=()
for c in "${chars[@]}"; do labels+=("label:$c"); done
"$convert" -font "$font" -pointsize 100 "${labels[@]}" label:HH -format '%w\n' info: >"$tmp/widths"
{ read -r cap; read -r xheight; } < <("$convert" -font "$font" -pointsize 100 label:H label:x -trim -format '%h\n' info:)
printf '%s\n' "${chars[@]}" | paste -d '\t' - <(head -n "${#chars[@]}" "$tmp/widths") >"$tmp/metrics"
printf 'HH\t%s\ncap\t%s\nxheight\t%s\n' "$(tail -n 1 "$tmp/widths")" "$cap" "$xheight" >>"$tmp/metrics"

lacks() { # the characters of stdin beyond ASCII the font has no glyph for, one a line
    local odd
    odd=$(grep -o '[^ -~]' || true)
    [ -z "$odd" ] || printf '%s\n' "$odd" | "$(dirname "$0")/font-lacks.sh" "$font"
}
: >"$tmp/record"
while IFS= read -r line || [ -n "$line" ]; do
    case $line in
    \[*) if [ -n "$(printf '%s\n' "$line" | lacks)" ]; then
            line=$(printf '%s\n' "$line" | iconv -f UTF-8 -t ASCII//TRANSLIT 2>/dev/null || printf '%s\n' "$line" | LC_ALL=C tr -cd '\11\40-\176')
        fi ;;
    esac
    printf '%s\n' "$line" >>"$tmp/record"
done <"$sheet"
grep -v '^\[' "$tmp/record" | lacks >"$tmp/missing"
if [ -s "$tmp/missing" ]; then
    [ -r "$fallback" ] || { echo "sheet-render.sh: $font lacks $(tr -d '\n' <"$tmp/missing") and the fallback font $fallback is missing" >&2; exit 2; }
    echo "sheet-render.sh: $(basename "$font") lacks $(tr -d '\n' <"$tmp/missing"): those cells in $(basename "$fallback")" >&2
fi

# awk writes ImageMagick's drawing arguments, one a line, and the truth.
# shellcheck disable=SC2016 # the program is awk's, not the shell's
prog='
function U(a, b) { return a + (b - a) * rand() }
function N(s,   u, v) { # normal, sd s, cut at 2.5 sd
    u = rand(); if (u < 1e-9) u = 1e-9; v = rand()
    u = sqrt(-2 * log(u)) * cos(6.283185307 * v)
    if (u > 2.5) u = 2.5; if (u < -2.5) u = -2.5
    return s * u
}
function clamp(x, a, b) { return x < a ? a : x > b ? b : x }
function arg(s) { print s > argsfile }
function hex2(v) { v = int(v + 0.5); if (v < 0) v = 0; if (v > 255) v = 255; return sprintf("%02x", v) }
# The pen colour faded towards the paper by f (0..1).
function ink(f) { return "#" hex2(pr + (255 - pr) * f) hex2(pg + (255 - pg) * f) hex2(pb + (255 - pb) * f) }
# The width of s at 100 points: measured (the texts of the sheet, by a
# first pass), else estimated as the sum of its letters.
function advance(s,   i, c, w, n) {
    if (s in measured) return measured[s]
    w = 0; n = length(s)
    for (i = 1; i <= n; i++) {
        c = substr(s, i, 1)
        if (c in width) w += width[c]
        else if (c < "\200" || c >= "\300") w += avgw # a character or the first byte of one
    }
    return w
}
# annotate escapes: percent escapes and backslashes, a leading @ (a file).
function esc(s) {
    gsub(/\\/, "\\\\", s); gsub(/%/, "%%", s); sub(/^@/, "", s)
    return s
}
# Text written by hand in the box x,y,w,h: cap height capf of h (the box
# height that the writing uses, bh, from by), within the width.
function write(s, x, y, w, h, capf, by, bh,   ps, adv, avail, tw, left, base, rot, sl, sw, slack, f, r, k, j, a, geo) {
    ps = capf * bh / capr
    # A font whose small letters are tiny is written larger, as a hand
    # would: x-height at least 22% of the band, capitals at most 66%.
    if (ps * xr < 0.22 * bh) ps = 0.22 * bh / xr
    if (ps * capr > 0.66 * bh) ps = 0.66 * bh / capr
    sl = slant + N(2.5)
    adv = advance(s)
    avail = w * (rand() < touch / 2 ? 1.0 : 0.9) # now and then up to the line
    # the width, and what the slant adds at the top
    tw = adv * ps / 100 + ps * capr * sin(sl * 0.0174533) * (sl > 0 ? 1 : -1)
    if (tw > avail) { ps *= avail / tw; tw = avail }
    slack = w - tw
    if (align == "centre") left = clamp(slack / 2 + N(0.06 * slack), 0.03 * w, slack)
    else left = clamp(lead * w + N(0.02 * w), 0.025 * w, slack)
    # Baseline: the capitals centred in the band, moved up or down a
    # little; now and then low enough for the letters to sit on the line
    # below, or high enough for the capitals to touch the line above.
    base = by + bh / 2 + ps * capr / 2 + N(0.05 * bh) + drop
    r = rand()
    if (r < touch) base = by + bh * U(0.9, 0.99)
    else if (r < 1.5 * touch) base = by + ps * capr + U(-0.04, 0.01) * bh
    rot = clamp(N(1.2), -3.5, 3.5)
    f = clamp(fade + N(0.05), 0, 0.3)
    # The stroke weight: the text drawn again, shifted around a circle of
    # the weight (an ImageMagick stroke costs ten times as much).
    sw = clamp((weight + N(0.3)) * ps / 55, 0, 2.5) # a pen that writes small writes thin
    k = sw < 0.35 ? 1 : 1 + int(sw / 0.6 + 0.5)
    if (k > 5) k = 5
    a = rand() * 6.283185307
    arg("-fill"); arg(ink(f)); arg("-pointsize"); arg(sprintf("%.1f", ps))
    for (j = 0; j < k; j++) {
        geo = sprintf("%.2fx%.2f%+.2f%+.2f", rot, rot + sl, x + left + (k > 1) * sw / 2 * cos(a + j * 6.283185307 / k),
                      base + (k > 1) * sw / 2 * sin(a + j * 6.283185307 / k))
        arg("-annotate"); arg(geo); arg(esc(s))
    }
}
# A line drawn by pen, as a path. (+affine: -annotate leaves its shear
# behind for -draw.)
function stroke_path(p, sw) {
    arg("+affine"); arg("-fill"); arg("none"); arg("-stroke"); arg(ink(clamp(fade + N(0.05), 0, 0.3)))
    arg("-strokewidth"); arg(sprintf("%.2f", sw)); arg("-draw"); arg("path \047" p "\047")
}
function dash(x, y, w, h,   x1, x2, ym, y1, y2) {
    x1 = x + U(0.12, 0.32) * w; x2 = x + U(0.66, 0.88) * w
    ym = y + h * U(0.42, 0.6); y1 = ym + N(0.04 * h); y2 = ym + N(0.04 * h)
    stroke_path(sprintf("M %.1f,%.1f Q %.1f,%.1f %.1f,%.1f", x1, y1, (x1 + x2) / 2, ym + N(0.06 * h), x2, y2),
                clamp(weight + 2 + N(0.4), 1.5, 5))
}
# A cell that cannot be read: letters scribbled over, or a loopy squiggle.
function illegible(x, y, w, h,   s, i, n, p, xs, xe, yc, a, step, cx) {
    if (rand() < 0.5) {
        n = 3 + int(rand() * 3); s = ""
        for (i = 0; i < n; i++) s = s substr(junk, 1 + int(rand() * length(junk)), 1)
        write(s, x, y, w, h, U(0.45, 0.58), y, h)
        xs = x + U(0.06, 0.2) * w; xe = xs + U(0.45, 0.7) * w
        if (xe > x + w * 0.95) xe = x + w * 0.95
        n = 5 + int(rand() * 6); step = (xe - xs) / n; p = sprintf("M %.1f,%.1f", xs, y + h * 0.5)
        for (i = 1; i <= n; i++)
            p = p sprintf(" L %.1f,%.1f", xs + i * step + N(step * 0.2), y + h * (i % 2 ? U(0.2, 0.35) : U(0.62, 0.8)))
        stroke_path(p, clamp(weight + 1.2 + N(0.3), 1, 4))
    } else {
        xs = x + U(0.06, 0.2) * w; xe = xs + U(0.4, 0.65) * w
        if (xe > x + w * 0.95) xe = x + w * 0.95
        yc = y + h * U(0.5, 0.6); a = h * U(0.15, 0.25)
        n = 4 + int(rand() * 4); step = (xe - xs) / n; p = sprintf("M %.1f,%.1f", xs, yc)
        for (i = 1; i <= n; i++) {
            cx = xs + (i - 0.5) * step
            # a loop: out ahead and up, back and down
            p = p sprintf(" C %.1f,%.1f %.1f,%.1f %.1f,%.1f", cx + step * U(0.3, 0.9), yc - a * U(1, 1.8),
                          cx - step * U(0.6, 1.2), yc - a * U(0.8, 1.6), xs + i * step, yc + N(a * 0.3))
        }
        stroke_path(p, clamp(weight + 1 + N(0.3), 0.8, 3.5))
    }
}
# A signature: a capital stroke, a run of loops of varying height (the
# letters of a name, written fast), and a flourish under it.
function signature(x, y, w, h,   xs, xe, n, i, p, step, yb, a, px, hi) {
    xs = x + U(0.08, 0.25) * w; xe = xs + U(0.35, 0.6) * w; yb = y + h * U(0.8, 0.88); a = h * 0.45
    p = sprintf("M %.1f,%.1f C %.1f,%.1f %.1f,%.1f %.1f,%.1f", xs, yb, xs + 0.02 * w, yb - a * 1.3, xs - 0.03 * w, yb - a * 1.2,
                xs + 0.03 * w, yb - a * 0.2)
    n = 6 + int(rand() * 6); step = (xe - xs) / n; px = xs + 0.03 * w
    for (i = 1; i <= n; i++) {
        hi = rand() < 0.3 ? U(0.8, 1.2) : U(0.3, 0.55)
        p = p sprintf(" C %.1f,%.1f %.1f,%.1f %.1f,%.1f", px + step * U(0.8, 1.3), yb - a * hi,
                      px + step * U(-0.1, 0.3), yb - a * hi, px + step, yb - a * U(0, 0.08))
        px += step
    }
    p = p sprintf(" M %.1f,%.1f Q %.1f,%.1f %.1f,%.1f", xs - 0.02 * w, yb + h * 0.04, (xs + xe) / 2, yb + h * U(0.06, 0.14), xe + 0.05 * w,
                  yb - h * U(0, 0.08))
    stroke_path(p, clamp(weight + 1 + N(0.3), 0.8, 3))
}
function unquote(v) { sub(/^"/, "", v); sub(/"$/, "", v); gsub(/\\"/, "\"", v); gsub(/\\\\/, "\\", v); return v }
function field_value(tag, v) {
    if (v == "" || v == "?" || v == "-" || v == "*" || v == "????.??.??") return ""
    if (tag == "Date") { sub(/(\.\?\?)+$/, "", v); if (v ~ /^\?/) return "" }
    return v
}
# A cell of the record: text at the written number and column.
function put_cell(num, col, text) {
    ncells++; cnum[ncells] = num; ccol[ncells] = col; ctext[ncells] = capitals ? toupper(text) : text
}
BEGIN {
    srand(seed)
    # The writer.
    pens[1] = "11 11 20"; pens[2] = "25 32 62"; pens[3] = "20 42 110"; pens[4] = "30 60 150"; pens[5] = "40 40 48"
    split(pens[1 + int(rand() * 5)], pc, " "); pr = pc[1]; pg = pc[2]; pb = pc[3]
    capbase = U(0.48, 0.56)
    slant = U(-4, 12)
    weight = U(0.2, 1.8)
    fade = U(0, 0.12)
    align = rand() < 0.35 ? "centre" : "left"
    lead = U(0.05, 0.16)
    drop = 0
    touch = U(0.02, 0.06)
    junk = "aceimnorsuvwxzbdhklf"
}
FILENAME == metricsfile {
    split($0, kv, "\t")
    if (kv[1] == "HH") hh = kv[2]
    else if (kv[1] == "cap") capr = kv[2] / 100 # cap height per point
    else if (kv[1] == "xheight") xr = kv[2] / 100
    else width[kv[1]] = kv[2]
    next
}
FILENAME == missingfile { if ($0 != "") lack[$0] = 1; next }
FILENAME == measuredfile { split($0, kv, "\t"); measured[kv[1]] = kv[2]; next }
FILENAME == cellsfile {
    if ($1 == "page") { pagew = $2; pageh = $3 }
    else if ($1 == "move") {
        box[$2, $3] = $4 " " $5 " " $6 " " $7
        if ($2 > rows) rows = $2
    } else if ($1 == "field") field[$2] = $3 " " $4 " " $5 " " $6
    next
}
{ # the record
    if (!metrics_done) {
        pad = 2 * width["H"] - hh
        tot = 0; cnt = 0
        for (c in width) { width[c] -= pad; if (width[c] < 1) width[c] = 1; tot += width[c]; cnt++ }
        avgw = tot / cnt
        width[" "] = 0.6 * width["n"] # a label of a space is no image
        metrics_done = 1
    }
    line = $0
    sub(/\r$/, "", line)
    if (line ~ /^\[/) {
        t = line; sub(/^\[[ \t]*/, "", t); name = t; sub(/[ \t].*/, "", name)
        v = t; sub(/^[^ \t]*[ \t]+/, "", v); sub(/[ \t]*\][ \t]*$/, "", v)
        tags[name] = unquote(v)
        next
    }
    # Comments, and semicolon comments, are not written on a sheet.
    gsub(/\{[^}]*\}/, " ", line); sub(/;.*/, "", line)
    n = split(line, tok, /[ \t]+/)
    for (i = 1; i <= n; i++) {
        t = tok[i]
        if (t == "") continue
        if (t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*") continue
        if (t == "(=)") { if (ncells) ctext[ncells] = ctext[ncells] " (=)"; continue }
        if (t ~ /^[0-9]+\.+/) {
            num = t; sub(/\..*/, "", num); num += 0
            dots = t; sub(/^[0-9]+/, "", dots); rest = dots; sub(/^\.+/, "", rest); sub(/[^.].*$/, "", dots)
            col = length(dots) >= 3 ? 1 : 0
            havenum = 1
            if (rest == "") continue
            t = rest
        }
        if (!havenum) { num = 1; col = 0; havenum = 1 }
        put_cell(num, col, t)
        col++
        if (col == 2) { col = 0; num++ }
    }
}
END {
    if (texts) { # the first pass: the texts to measure
        for (tag in tags) print tags[tag] > textsfile
        for (i = 1; i <= ncells; i++) print ctext[i] > textsfile
        exit
    }
    # Header fields.
    nf = split("Event Site Date Round White Black Result", ftags, " ")
    for (k = 1; k <= nf; k++) {
        tag = ftags[k]
        if (!(tag in field) || !(tag in tags)) continue
        v = field_value(tag, tags[tag])
        if (v == "") continue
        split(field[tag], b, " ")
        # below the label (top 35% of the box)
        write(v, b[1], b[2], b[3], b[4], U(0.62, 0.78), b[2] + 0.35 * b[4], 0.65 * b[4])
    }
    for (tag in field)
        if (tag ~ /Signature$/) { split(field[tag], b, " "); signature(b[1], b[2], b[3], b[4]) }

    # The record rows onto the form rows: a new record row goes to its
    # number unless that row is used already, then to the next free one.
    last = 0; lost = 0
    for (i = 1; i <= ncells; i++) {
        # A black cell after its white one (same number) is in its row;
        # any other cell opens a row.
        if (!(ccol[i] == 1 && i > 1 && ccol[i - 1] == 0 && cnum[i - 1] == cnum[i])) {
            row = cnum[i] > last ? cnum[i] : last + 1
            last = row
        }
        formrow[i] = row
    }
    for (i = 1; i <= ncells; i++) {
        side = ccol[i] ? "black" : "white"
        if (!((formrow[i], side) in box)) { lost++; continue }
        split(box[formrow[i], side], b, " ")
        text = ctext[i]
        if (text == "-") dash(b[1], b[2], b[3], b[4])
        else if (text == "?") illegible(b[1], b[2], b[3], b[4])
        else {
            other = 0
            for (c in lack) if (index(text, c)) other = 1
            if (other) { arg("-font"); arg(fallback) }
            write(text, b[1], b[2], b[3], b[4], clamp(capbase + N(0.03), 0.45, 0.60), b[2], b[4])
            if (other) { arg("-font"); arg(font) }
        }
        printf "%d\t%s\t%s\n", formrow[i], side, text > tsvfile
    }
    if (lost) printf "sheet-render.sh: %d cells past the form'"'"'s last row (%d) left out\n", lost, rows > "/dev/stderr"
    # Dust on the glass and specks on the paper, for a scan with noise.
    if (noise >= 1) {
        n = noise == 1 ? int(U(60, 160)) : int(U(250, 600)); p = ""
        for (i = 1; i <= n; i++) {
            x = U(0, pagew); y = U(0, pageh); r = rand() < 0.85 ? U(0.5, 1.3) : U(1.3, 2.6)
            p = p sprintf(" fill gray(%d%%) circle %.1f,%.1f %.1f,%.1f", U(10, 60), x, y, x + r, y)
        }
        if (noise == 2) # a hair or two, and a smudge
            for (i = 1; i <= 2; i++) {
                x = U(0, pagew); y = U(0, pageh)
                p = p sprintf(" fill none stroke gray(45%%) stroke-width 1.2 bezier %.1f,%.1f %.1f,%.1f %.1f,%.1f stroke none",
                              x, y, x + U(-60, 60), y + U(-60, 60), x + U(-120, 120), y + U(-120, 120))
            }
        arg("+affine"); arg("-stroke"); arg("none"); arg("-draw"); arg(p)
    }
    # The page size, for the noise.
    printf "%d %d\n", pagew, pageh > sizefile
}'

: >"$tmp/args"
: >"$tsv"
vars=(-v seed="$seed" -v noise="$noise" -v capitals="$capitals" -v argsfile="$tmp/args" -v tsvfile="$tsv" -v sizefile="$tmp/size"
    -v metricsfile="$tmp/metrics" -v cellsfile="$tmp/cells" -v missingfile="$tmp/missing" -v font="$font"
    -v fallback="$fallback" -v measuredfile="$tmp/measured" -v textsfile="$tmp/texts")
# Pass 1: the texts; their widths measured by one ImageMagick call (label
# widths, overhangs and spaces included; a per-character sum is far off
# for italic hands); pass 2: the drawing.
: >"$tmp/texts"
: >"$tmp/measured"
awk "${vars[@]}" -v texts=1 "$prog" "$tmp/metrics" "$tmp/cells" "$tmp/missing" "$tmp/measured" "$tmp/record"
sort -u "$tmp/texts" | grep -v '^$' | grep -v '^[-?]$' >"$tmp/texts.u" || true
if [ -s "$tmp/texts.u" ]; then
    mapfile -t texts <"$tmp/texts.u"
    labels=()
    for t in "${texts[@]}"; do
        t=${t//\\/\\\\}
        t=${t//%/%%}
        labels+=("label:${t#@}")
    done
    "$convert" -font "$font" -pointsize 100 "${labels[@]}" -format '%w\n' info: | paste -d '\t' "$tmp/texts.u" - >"$tmp/measured"
fi
awk "${vars[@]}" "$prog" "$tmp/metrics" "$tmp/cells" "$tmp/missing" "$tmp/measured" "$tmp/record"
mapfile -t draw <"$tmp/args"
read -r pw ph <"$tmp/size"

# The scan, from the same seed (a second stream, so that the writing does
# not change with the noise). All of it in pixels of the output.
# shellcheck disable=SC2016
read -r angle dx dy g0 g1 g2 blur grain fadeblack jpeg < <(awk -v seed="$seed" -v noise="$noise" -v dpi="$dpi" '
    function U(a, b) { return a + (b - a) * rand() }
    BEGIN {
        srand(seed * 7919 + 17)
        maxskew = noise == 2 ? 5 : noise == 1 ? 2 : 0
        angle = U(-maxskew, maxskew)
        dx = U(-8, 8) * dpi / 100; dy = U(-8, 8) * dpi / 100
        lo = noise == 2 ? U(72, 84) : U(86, 94)
        # three corners of the light, dimmer on one side
        g0 = U(lo, 100); g1 = U(lo, 100); g2 = U(lo, 100)
        blur = noise == 2 ? U(0.8, 1.2) : U(0.4, 0.7)
        blur *= dpi / 300; if (blur < 0.35) blur = 0.35
        grain = U(0.15, 0.35)
        fadeblack = U(6, 16)
        jpeg = int(U(22, 45))
        printf "%.3f %.1f %.1f %.1f %.1f %.1f %.2f %.2f %.1f %d\n", angle, dx, dy, g0, g1, g2, blur, grain, fadeblack, jpeg
    }')

# The output's size.
ow=$(((pw * dpi + 150) / 300))
oh=$(((ph * dpi + 150) / 300))
scan=()
# Grey from here on, unless asked: a third of the work.
[ "$colour" -eq 1 ] || scan+=(-colorspace Gray)
[ "$dpi" -ne 300 ] && scan+=(-filter Triangle -resize "${ow}x${oh}!")
if [ "$noise" -ge 1 ]; then
    # The page skewed and shifted on the glass (bilinear: a tenth of what
    # an EWA distort costs), the optics' blur, and the light uneven across
    # it (a gradient made small and stretched).
    scan+=(-background white -virtual-pixel background -interpolate bilinear -filter point
        -distort SRT "$((ow / 2)),$((oh / 2)) 1 $angle $(awk -v a="$ow" -v b="$dx" 'BEGIN { print a / 2 + b }'),$(awk -v a="$oh" -v b="$dy" 'BEGIN { print a / 2 + b }')"
        -morphology Convolve "Blur:0x$blur"
        '(' -size 16x22 xc: -colorspace Gray -sparse-color Barycentric "0,0 gray($g0%) 15,0 gray($g1%) 0,21 gray($g2%)" -resize "${ow}x${oh}!" ')'
        -compose Multiply -composite)
    if [ "$noise" -eq 2 ]; then
        # Paper grain (noise made at a third and stretched into blotches)
        # and faded ink.
        scan+=('(' -size "$((ow / 3))x$((oh / 3))" xc:gray99 -colorspace Gray -seed "$seed" -attenuate "$grain" +noise Gaussian
            -resize "${ow}x${oh}!" ')' -compose Multiply -composite +level "${fadeblack}%,100%")
    fi
fi
scan+=(-units PixelsPerInch -density "$dpi")
# Telling the PNG coder the type spares it a second of looking; no dates,
# so that a seed gives the same file.
png=(-depth 8 -define png:bit-depth=8 -define 'png:exclude-chunk=date,time')
[ "$colour" -eq 1 ] || png+=(-define png:color-type=0)

if [ "$noise" -eq 2 ]; then
    "$convert" "$tmp/blank.png" -font "$font" "${draw[@]}" "${scan[@]}" -quality "$jpeg" "$tmp/scan.jpg"
    "$convert" "$tmp/scan.jpg" "${png[@]}" "$out"
else
    "$convert" "$tmp/blank.png" -font "$font" "${draw[@]}" "${scan[@]}" "${png[@]}" "$out"
fi
