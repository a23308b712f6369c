# partiar ocr on phone photos: sourced by tests/cli/run.sh after ocr.sh,
# whose expect helpers, $bin, $build, $tmp and $profile it uses. The photo
# is made by tests/tools/photo-render.sh (tests/corpora/ocr/photos).

photos=tests/corpora/ocr/photos

# A photo in perspective on a desk: the page found, made flat, and every
# move read from it.
"$bin" ocr -f json "$photos/lindores-black.jpg" 2>/dev/null >"$tmp/photo.json"
jq -r '[.game.detail[].uci] | join(" ")' "$tmp/photo.json" | cmp -s - "$photos/lindores.truth" &&
    jq -e '.sheets[0].layout == "two-30" and .sheets[0].turned == 0' "$tmp/photo.json" >/dev/null
report ocr-photo-every-move $? "the game read from lindores-black.jpg is not the game written on it: $(head -c 300 "$tmp/photo.json")"
# Taken landscape: the page on its side in the photo, the same game.
if command -v /usr/bin/convert >/dev/null; then
    /usr/bin/convert "$photos/lindores-black.jpg" -rotate 90 "$tmp/landscape.jpg"
    "$bin" ocr -f json "$tmp/landscape.jpg" 2>/dev/null >"$tmp/landscape.json"
    jq -r '[.game.detail[].uci] | join(" ")' "$tmp/landscape.json" | cmp -s - "$photos/lindores.truth" &&
        jq -e '.sheets[0].layout == "two-30" and .sheets[0].turned == 270' "$tmp/landscape.json" >/dev/null
    report ocr-photo-landscape $? "lindores-black.jpg turned a quarter: $(head -c 300 "$tmp/landscape.json")"
fi
# A shadow whose edge crosses the page aslant is no page edge: the page
# found whole (landscape, three-25), every move read.
"$bin" ocr -f json "$photos/shadow-black.jpg" 2>/dev/null >"$tmp/shadow.json"
jq -r '[.game.detail[].uci] | join(" ")' "$tmp/shadow.json" | cmp -s - "$photos/shadow.truth" &&
    jq -e '.sheets[0].layout == "three-25" and .sheets[0].turned == 270' "$tmp/shadow.json" >/dev/null
report ocr-photo-shadow $? "shadow-black.jpg: $(jq -c '.sheets[0] | {layout, fit, turned}' "$tmp/shadow.json" 2>/dev/null)"
# The overlay is of the page made flat, at 11.8 pixels a millimetre (300
# dpi): A4's 210 x 297 mm.
"$bin" ocr -q --overlay "$tmp/photo-overlay.png" "$photos/lindores-black.jpg" >/dev/null
file "$tmp/photo-overlay.png" | grep -q 'PNG image data, 2478 x 3505'
report ocr-photo-overlay $? "the overlay of a photo is not the flat page: $(file "$tmp/photo-overlay.png")"
