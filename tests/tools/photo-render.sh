#!/usr/bin/env bash
# photo-render.sh - a synthetic scan of a scoresheet photographed with a
# phone on a desk: the input of `partiar ocr` from a player who has no
# scanner.
#
#   tests/tools/photo-render.sh [--seed N] IN.png OUT.jpg
#
# IN.png is a page as tests/tools/sheet-render.sh draws it (best with
# --colour, so that a blue pen stays blue; a grey page is photographed
# grey). The photo (8-12 megapixels, JPEG quality 80-92):
#
#   - the page seen by a camera tilted up to about 22 degrees: its far
#     edge shorter than its near one (which edge is far is drawn: mostly
#     the top), every corner moved a little more on its own, the whole
#     turned up to +-6 degrees in the frame;
#   - on a desk: a blotchy brown, grey or green texture, a part of it in
#     the frame on every side of the page (the page covers 55-80% of the
#     frame's height);
#   - uneven light: a gradient across the frame (down to 70-90%) and a
#     soft shadow (a hand or the phone: down to 65-85%) over a part of it;
#   - slight blur (0.6-1.4 px) and sensor noise;
#   - one photo in three taken landscape: the frame turned a quarter, so
#     the page lies on its side.
#
# Beside OUT.jpg goes OUT.jpg.corners: the page's corners in the photo,
# in pixels, one a line, "tl|tr|br|bl X Y", the corners named as on the
# page (tl is the page's top left wherever the photo turned it): the
# ground truth for finding the page. The same --seed (1) gives the same
# photo. Drawn by one ImageMagick process (about 3-5 s a photo).
#
# ImageMagick 6 is called as /usr/bin/convert (/usr/local/bin/convert may
# be a stand-in).
set -euo pipefail

convert=/usr/bin/convert
seed=1

usage() {
    echo "usage: photo-render.sh [--seed N] IN.png OUT.jpg" >&2
    exit 2
}

while [ $# -gt 0 ]; do
    case $1 in
    --seed) seed=$2; shift 2 ;;
    -h | --help) usage ;;
    -*) echo "photo-render.sh: unknown option $1" >&2; usage ;;
    *) break ;;
    esac
done
[ $# -eq 2 ] || usage
in=$1
out=$2
case $seed in '' | *[!0-9]*) usage ;; esac
[ -r "$in" ] || { echo "photo-render.sh: $in: cannot read" >&2; exit 2; }
[ -x "$convert" ] || { echo "photo-render.sh: $convert is missing (ImageMagick 6)" >&2; exit 2; }

read -r iw ih < <("$convert" "$in" -format '%w %h\n' info:)

# The draws, from awk's random numbers: the frame, the page's corners in
# it, the light, the desk. One line of shell words.
# shellcheck disable=SC2016
read -r fw fh landscape quality blur noise desk1 desk2 grad shadow corners tl tr br bl < <(awk -v seed="$seed" -v iw="$iw" -v ih="$ih" '
    function U(a, b) { return a + (b - a) * rand() }
    BEGIN {
        # Within 2^31: mawk, the awk of Debian, takes any larger seed as the
        # same one, and ocr-set.sh seeds a sheet with SEED * 100000 + k;
        # unbounded, every photo of a set was taken alike.
        srand((seed * 7919 + 17) % 2147483629)
        # The frame: 8-12 megapixels at 3:4, portrait as held.
        mp = U(8, 12) * 1e6; fw = int(sqrt(mp * 3 / 4)); fh = int(fw * 4 / 3)
        landscape = rand() < 1 / 3
        # The page upright in the frame, then seen tilted: the far edge
        # shrunk by up to 22% (a camera tilted about 22 degrees), the near
        # one left, every corner jittered, the whole turned a little.
        ph = U(0.55, 0.80) * fh; pw = ph * iw / ih
        far = rand(); tilt = U(0.04, 0.22)
        x[0] = -pw / 2; y[0] = -ph / 2; x[1] = pw / 2; y[1] = -ph / 2
        x[2] = pw / 2; y[2] = ph / 2; x[3] = -pw / 2; y[3] = ph / 2
        if (far < 0.6) { x[0] += tilt * pw / 2; x[1] -= tilt * pw / 2; y[0] += tilt * ph / 4; y[1] += tilt * ph / 4 }
        else if (far < 0.75) { x[3] += tilt * pw / 2; x[2] -= tilt * pw / 2; y[3] -= tilt * ph / 4; y[2] -= tilt * ph / 4 }
        else if (far < 0.9) { y[0] += tilt * ph / 2; y[3] -= tilt * ph / 2; x[0] += tilt * pw / 4; x[3] += tilt * pw / 4 }
        else { y[1] += tilt * ph / 2; y[2] -= tilt * ph / 2; x[1] -= tilt * pw / 4; x[2] -= tilt * pw / 4 }
        a = U(-6, 6) * 3.14159265 / 180
        minx = 1e9; maxx = -1e9; miny = 1e9; maxy = -1e9
        for (i = 0; i < 4; i++) {
            x[i] += U(-0.02, 0.02) * pw; y[i] += U(-0.02, 0.02) * ph
            rx = x[i] * cos(a) - y[i] * sin(a); ry = x[i] * sin(a) + y[i] * cos(a)
            x[i] = rx; y[i] = ry
            if (x[i] < minx) minx = x[i]; if (x[i] > maxx) maxx = x[i]
            if (y[i] < miny) miny = y[i]; if (y[i] > maxy) maxy = y[i]
        }
        # Desk on every side: at least 4% of the frame, the page shrunk
        # to fit, then placed at random in what is left.
        k = 1
        if (maxx - minx > 0.92 * fw) k = 0.92 * fw / (maxx - minx)
        if (k * (maxy - miny) > 0.92 * fh) k = 0.92 * fh / (maxy - miny)
        cx = U(0.04 * fw - k * minx, 0.96 * fw - k * maxx); cy = U(0.04 * fh - k * miny, 0.96 * fh - k * maxy)
        c = ""; for (i = 0; i < 4; i++) { X[i] = cx + k * x[i]; Y[i] = cy + k * y[i] }
        c = sprintf("0,0,%.1f,%.1f;%d,0,%.1f,%.1f;%d,%d,%.1f,%.1f;0,%d,%.1f,%.1f",
                    X[0], Y[0], iw, X[1], Y[1], iw, ih, X[2], Y[2], ih, X[3], Y[3])
        # The corners as the photo has them: turned a quarter clockwise
        # when landscape ((x, y) to (fh - 1 - y, x)).
        for (i = 0; i < 4; i++) {
            if (landscape) { t = X[i]; X[i] = fh - 1 - Y[i]; Y[i] = t }
            C[i] = sprintf("%.1f,%.1f", X[i], Y[i])
        }
        # The desk: two colours of one kind of wood, stone or baize.
        d = int(U(0, 4))
        if (d == 0) { d1 = "#8a5a34"; d2 = "#5e3b22" } else if (d == 1) { d1 = "#a07850"; d2 = "#6f4a2c" }
        else if (d == 2) { d1 = "#6b6b66"; d2 = "#48484a" } else { d1 = "#3f6a48"; d2 = "#284a32" }
        # The light: a gradient from full to lo between two points, and a
        # soft shadow, an ellipse over a part of the frame.
        # (Both at an eighth of the frame, where the light is made; the
        # gradient ends across the whole frame, so that it
        # is no darker than lo in it.)
        lo = U(70, 90); ga = U(0, 6.2832); gx = fw / 16; gy = fh / 16; gr = sqrt(gx * gx + gy * gy)
        g = sprintf("%.0f,%.0f,gray(100%%),%.0f,%.0f,gray(%.0f%%)", gx - gr * cos(ga), gy - gr * sin(ga),
                    gx + gr * cos(ga), gy + gr * sin(ga), lo)
        s = sprintf("%.0f,%.0f,%.0f,%.0f,%.0f", U(0, fw / 8), U(0, fh / 8), U(fw / 40, fw / 12), U(fh / 40, fh / 10), U(65, 85))
        printf "%d %d %d %d %.2f %.2f %s %s %s %s %s %s %s %s %s\n", fw, fh, landscape, int(U(80, 93)), U(0.6, 1.4),
            U(0.25, 0.5), d1, d2, g, s, c, C[0], C[1], C[2], C[3]
    }')

IFS=, read -r sx sy sa sb sdark <<<"$shadow"
sw=$((fw / 8))
shh=$((fh / 8))
args=(
    # The desk: grey plasma at an eighth, smoothed, in the desk's colours,
    # stretched to the frame.
    -seed "$seed" -size "${sw}x${shh}" plasma:gray50-gray50 -colorspace Gray -blur 0x2 -auto-level
    +level-colors "$desk2,$desk1" -resize "${fw}x${fh}!"
    # The page, seen in perspective.
    '(' "$in" -colorspace sRGB -alpha set -virtual-pixel transparent -define "distort:viewport=${fw}x${fh}+0+0"
    -distort Perspective "${corners//;/ }" ')' -compose over -composite
    # The light, made at an eighth and smoothed: a gradient times a shadow.
    '(' -size "${sw}x${shh}" xc: -sparse-color Barycentric "$grad"
    '(' -size "${sw}x${shh}" xc:white -fill "gray($sdark%)" -draw "ellipse $sx,$sy $sa,$sb 0,360" -blur 0x6 ')'
    -compose multiply -composite -resize "${fw}x${fh}!" ')' -compose multiply -composite
    -blur "0x$blur" -attenuate "$noise" +noise Gaussian
)
[ "$landscape" -eq 1 ] && args+=(-rotate 90)
"$convert" "${args[@]}" -quality "$quality" -sampling-factor 2x2 "$out"

tmpc=$(mktemp)
printf 'tl %s\ntr %s\nbr %s\nbl %s\n' "${tl/,/ }" "${tr/,/ }" "${br/,/ }" "${bl/,/ }" >"$tmpc"
mv "$tmpc" "$out.corners"
