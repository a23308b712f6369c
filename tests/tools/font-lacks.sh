#!/usr/bin/env bash
# The characters of standard input (blanks aside) that a font has no
# glyph for, each once, one a line (none: the font draws them all):
#
#   tests/tools/font-lacks.sh FONT <TEXT
#
# FONT is a font file (TrueType, OpenType, WOFF); its glyphs are
# fc-query's charset (hex code point ranges). Exit 2 when fc-query cannot
# read the font.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: font-lacks.sh FONT <TEXT" >&2; exit 2; }
charset=$(fc-query --format='%{charset}' "$1" 2>/dev/null || true)
if [ -z "$charset" ]; then
    echo "font-lacks.sh: $1: not a font fc-query reads" >&2
    exit 2
fi
{ grep -o '[^[:space:]]' || true; } | sort -u | while IFS= read -r c; do
    printf '%s %d\n' "$c" "'$c"
done | awk -v charset="$charset" '
    function hex(h,   i, v) {
        v = 0; h = tolower(h)
        for (i = 1; i <= length(h); i++) v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
        return v
    }
    BEGIN {
        n = split(charset, ranges, " ")
        for (i = 1; i <= n; i++) { m = split(ranges[i], r, "-"); lo[i] = hex(r[1]); hi[i] = hex(r[m]) }
    }
    { for (i = 1; i <= n; i++) if ($2 >= lo[i] && $2 <= hi[i]) next; print $1 }'
