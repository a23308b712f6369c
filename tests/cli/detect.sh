# partiar ocr --layout detect and --write-layout: sourced by tests/cli/run.sh
# after ocr.sh, whose helpers, $bin, $tmp, $here and the typed games' truth
# ($tmp/truth1, $tmp/truth2) it uses. The layout found on the page itself,
# for the forms no layout file describes.

typed=samples/scans/typed

# The typed sheets with no layout at all: every move of both games.
for g in 1 2; do
    "$bin" ocr -j 1 -f json --layout detect "$typed/game$g.jpg" 2>/dev/null >"$tmp/detect$g.json"
    jq -r '[.game.detail[].uci] | join(" ")' "$tmp/detect$g.json" | cmp -s - "$tmp/truth$g" &&
        jq -e '.sheets[0].layout == "detected" and .sheets[0].numbers[0] * 2 >= .sheets[0].numbers[1]' "$tmp/detect$g.json" >/dev/null
    report "ocr-detect-typed-$g" $? "game$g.jpg read with --layout detect is not the game typed on it: $(head -c 300 "$tmp/detect$g.json")"
done

# The layout found, written: a layout file form and ocr read back, its
# blocks 1-20, 21-40 and 41-60.
"$bin" ocr -j 1 -q --layout detect --write-layout "$tmp/typed.layout" "$typed/game2.jpg" >/dev/null
[ "$(awk '$1 == "block" { print $2, $3 }' "$tmp/typed.layout" | xargs)" = "1 20 21 20 41 20" ] &&
    "$bin" form --layout "$tmp/typed.layout" --cells >/dev/null &&
    "$bin" ocr -j 1 -f json --layout "$tmp/typed.layout" "$typed/game2.jpg" 2>/dev/null |
    jq -r '[.game.detail[].uci] | join(" ")' | cmp -s - "$tmp/truth2"
report ocr-write-layout $? "the layout written from game2.jpg: $(cat "$tmp/typed.layout")"

# A form no shipped layout fits (four blocks of 15, two above two) is read
# with the layout found on it, without --layout; upside down too.
"$bin" form --layout "$here/data/four-15.layout" --dpi 150 -o "$tmp/four.png"
"$bin" ocr -j 1 -q -f json "$tmp/four.png" >"$tmp/four.json"
jq -e '.sheets[0].layout == "detected" and .sheets[0].numbers == [20, 20]' "$tmp/four.json" >/dev/null
report ocr-detect-fallback $? "a form of no shipped layout: $(head -c 300 "$tmp/four.json")"
if command -v /usr/bin/convert >/dev/null; then
    /usr/bin/convert "$tmp/four.png" -rotate 180 "$tmp/four180.png"
    "$bin" ocr -j 1 -q -f json --layout detect "$tmp/four180.png" >"$tmp/four180.json"
    jq -e '.sheets[0].layout == "detected" and .sheets[0].turned == 180 and .sheets[0].numbers == [20, 20]' \
        "$tmp/four180.json" >/dev/null
    report ocr-detect-upside-down $? "the form upside down: $(head -c 300 "$tmp/four180.json")"
fi

# A landscape form (four blocks of 20 across an A4 on its side) is read
# the way it lies, not as a portrait page turned; scanned on its side too;
# and with its layout file, whose page is landscape, at its own scale.
land=$here/../bench/forms/four-20-land.layout
"$bin" form --layout "$land" --dpi 150 -o "$tmp/land.png"
"$bin" ocr -j 1 -q -f json "$tmp/land.png" >"$tmp/land.json"
jq -e '.sheets[0].layout == "detected" and .sheets[0].turned == 0 and .sheets[0].numbers == [20, 20]' \
    "$tmp/land.json" >/dev/null
report ocr-detect-landscape $? "a landscape form: $(head -c 300 "$tmp/land.json")"
if command -v /usr/bin/convert >/dev/null; then
    /usr/bin/convert "$tmp/land.png" -rotate 90 "$tmp/land90.png"
    "$bin" ocr -j 1 -q -f json "$tmp/land90.png" >"$tmp/land90.json"
    jq -e '.sheets[0].layout == "detected" and .sheets[0].turned == 270 and .sheets[0].numbers == [20, 20]' \
        "$tmp/land90.json" >/dev/null
    report ocr-detect-landscape-turned $? "a landscape form scanned on its side: $(head -c 300 "$tmp/land90.json")"
fi
"$bin" ocr -j 1 -q -f json --layout "$land" "$tmp/land.png" >"$tmp/landf.json"
jq -e '.sheets[0].layout == "four-20-land" and .sheets[0].turned == 0 and .sheets[0].numbers[0] == .sheets[0].numbers[1]
       and .sheets[0].numbers[1] > 0' "$tmp/landf.json" >/dev/null
report ocr-landscape-layout $? "a landscape form with its layout file: $(head -c 300 "$tmp/landf.json")"

# A US Letter form, whose lines a shipped layout (two-30-clock) fits just
# well enough upside down but whose printed numbers do not read so, is
# read with the form found on it the right way up, not with that layout.
"$bin" form --layout "$here/../bench/forms/letter-50.layout" --dpi 300 -o "$tmp/letter.png"
"$bin" ocr -j 1 -q -f json "$tmp/letter.png" >"$tmp/letter.json"
jq -e '.sheets[0].layout == "detected" and .sheets[0].turned == 0 and .sheets[0].numbers == [10, 10]' \
    "$tmp/letter.json" >/dev/null
report ocr-detect-over-upside-down-fit $? "a US Letter form: $(head -c 300 "$tmp/letter.json")"

# --write-layout is of one sheet.
"$bin" ocr --write-layout "$tmp/x.layout" "$typed/game1.jpg" "$typed/game2.jpg" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'wants one image' "$tmp/err"
report ocr-write-layout-one-sheet $? "--write-layout with two images: $(cat "$tmp/err")"
