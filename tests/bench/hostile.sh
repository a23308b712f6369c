#!/usr/bin/env bash
# Hostile input: time and peak memory must grow no faster than the input.
#   tests/bench/hostile.sh [PARTIAR_BINARY]
# Each shape is checked at one size and at four times it. Linear work
# takes about four times as long; quadratic work sixteen. A shape whose
# time grows more than eight times is flagged. So is memory that grows
# beyond reason: a single game is held whole while it is checked, so its
# shapes may take up to 40 bytes more for each byte more (a token of 32
# bytes for each "()", and the reader's buffer); a shape of many games
# must stay within twice its smaller peak and 16 MB more. The script then
# exits with status 1.
# Shapes: one huge comment, one huge move, a game of 50000 distinct tags,
# 50000 games of one tag on one line, a game of stray quotes (a diagnostic each), a game of many variations
# each with an illegal move (reported as text, and exported with --export
# all), games of 1 MB of empty variations on all cores (a token each two
# bytes: the threads must not hold many such games at once), and random
# bytes on one thread and on all cores; the last two also on five threads
# (-j5, where each thread reads its own pieces of the input). Then games
# past the size limit, whose peak memory has a bound of its own.
set -u
bin=${1:-build/partiar}
cores=$(nproc)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

roster() { for tag in Event Site Date Round White Black; do printf '[%s "?"]\n' "$tag"; done; printf '[Result "*"]\n\n'; }
repeat() { # n text: text n times
    local n=$1 text=$2
    yes "$text" | head -n "$n" | tr -d '\n'
}
make_shape() { # shape scale: writes $tmp/shape-scale.pgn
    local shape=$1 scale=$2 out=$tmp/$1-$2.pgn
    case $shape in
    comment) { roster; printf '1. e4 {'; head -c $((scale * 5000000)) /dev/zero | tr '\0' x; printf '} e5 *\n'; } >"$out" ;;
    move) { roster; printf '1. e4 '; head -c $((scale * 5000000)) /dev/zero | tr '\0' a; printf ' e5 *\n'; } >"$out" ;;
    quotes) { roster; printf '1. e4 '; repeat $((scale * 250000)) '" '; printf 'e5 *\n'; } >"$out" ;;
    tags) { seq $((scale * 50000)) | sed 's/.*/[T& "v"]/'; printf '\n1. e4 *\n'; } >"$out" ;;
    tag-line) { repeat $((scale * 50000)) '[Event "x"] '; printf '\n1. e4 *\n'; } >"$out" ;;
    variations | export)
        { roster; printf '1. e4 '; repeat $((scale * 5000)) '(1. Nf3+) (1. Qh5) (1. d4 d5 3. c4) '; printf 'e5 *\n'; } >"$out" ;;
    big-games-jn | big-games-j5)
        for _ in $(seq $((scale * 10))); do
            roster
            printf '1. e4 '
            repeat 333333 '() '
            printf 'e5 *\n\n'
        done >"$out" ;;
    garbage-j1 | garbage-jn) head -c $((scale * 3000000)) /dev/urandom >"$out" ;;
    # Pieces hold up to two batches of 4 MB: memory levels off only past them.
    garbage-j5) head -c $((scale * 12000000)) /dev/urandom >"$out" ;;
    esac
}
run() { # shape file: prints "seconds peak-kB"
    local args=(check -j1)
    case $1 in
    export) args+=(-q -o /dev/null --export all) ;;
    garbage-jn | big-games-jn) args=(check -j"$cores" -q) ;;
    garbage-j5 | big-games-j5) args=(check -j5 -q) ;;
    garbage-j1) args+=(-q) ;;
    esac
    /usr/bin/time -o "$tmp/time" -f '%e %M' "$bin" "${args[@]}" "$2" >/dev/null 2>&1
    tail -n 1 "$tmp/time"
}

status=0
printf '%-12s %9s %9s %8s %8s %6s %9s %9s\n' shape 'MB' 'MB x4' 's' 's x4' ratio 'peak MB' 'peak x4'
for shape in comment move tags tag-line quotes variations export big-games-jn big-games-j5 garbage-j1 garbage-jn \
    garbage-j5; do
    make_shape "$shape" 1
    make_shape "$shape" 4
    read -r t1 m1 <<<"$(run "$shape" "$tmp/$shape-1.pgn")"
    read -r t4 m4 <<<"$(run "$shape" "$tmp/$shape-4.pgn")"
    ratio=$(echo "$t4 / ($t1 + 0.01)" | bc -l)
    s1=$(stat -c %s "$tmp/$shape-1.pgn") s4=$(stat -c %s "$tmp/$shape-4.pgn")
    verdict=
    if [ "$(echo "$ratio > 8" | bc)" -eq 1 ]; then
        verdict='  time grows faster than the input'
        status=1
    fi
    case $shape in
    big-games-* | garbage-*) limit="2 * $m1 * 1024 + 16000000" ;;
    *) limit="$m1 * 1024 + 40 * ($s4 - $s1) + 8000000" ;;
    esac
    if [ "$(echo "$m4 * 1024 > $limit" | bc)" -eq 1 ]; then
        verdict="$verdict  memory grows faster than the input"
        status=1
    fi
    printf '%-12s %9.1f %9.1f %8.2f %8.2f %6.1f %9.1f %9.1f%s\n' "$shape" \
        "$(echo "$s1 / 1000000" | bc -l)" "$(echo "$s4 / 1000000" | bc -l)" \
        "$t1" "$t4" "$ratio" "$(echo "$m1 / 1024" | bc -l)" "$(echo "$m4 / 1024" | bc -l)" "$verdict"
    rm -f "$tmp/$shape"-*.pgn
done

# Games past the limit of 32 MiB a game (PT_PGN_MAX_GAME) are skipped,
# and peak memory stays within three times that limit for each thread,
# however the game is laid out: three games of 60 MB of moves on one
# line, the same over many lines, and 60 MB of "()" (a token each two
# bytes). Every game must be reported too large.
limit_mb=32
printf '\n%-12s %7s %9s %9s %9s\n' 'huge games' threads 'MB' 'peak MB' 'bound MB'
for shape in one-line lines parens; do
    for _ in 1 2 3; do
        roster
        case $shape in
        one-line) repeat 10000000 'e4 e5 ' ;;
        lines) yes 'e4 e5' | head -n 10000000 ;;
        parens) repeat 30000000 '()' ;;
        esac
        printf ' *\n\n'
    done >"$tmp/huge.pgn"
    for j in 1 "$cores"; do
        /usr/bin/time -o "$tmp/time" -f '%M' "$bin" check -j"$j" --summary "$tmp/huge.pgn" >"$tmp/out" 2>&1
        peak=$(($(tail -n 1 "$tmp/time") / 1024))
        bound=$((3 * limit_mb * j + 16))
        verdict=
        if [ "$peak" -gt "$bound" ]; then
            verdict='  memory past the bound'
            status=1
        fi
        if ! grep -q '3 games: 0 valid, 0 invalid, 3 unreadable' "$tmp/out"; then
            verdict="$verdict  not every game skipped: $(grep '^check:' "$tmp/out")"
            status=1
        fi
        printf '%-12s %7s %9.1f %9s %9s%s\n' "$shape" "$j" "$(echo "$(stat -c %s "$tmp/huge.pgn") / 1000000" | bc -l)" \
            "$peak" "$bound" "$verdict"
    done
    rm -f "$tmp/huge.pgn"
done
exit $status
