#!/usr/bin/env bash
# Runs every unit test binary and the command-line tests against one build
# directory, and closes with "N passed, N failed".
#   tests/run.sh BUILD [quick]
# "quick" (used for the sanitizer build) checks the perft suites to the
# depths the issue asks for instead of the deeper release-build depths.
set -u
build=${1:-build}
profile=${2:-full}
passed=0
failed=0
# A sanitizer report must not look like "problems found" (exit 1).
export ASAN_OPTIONS=exitcode=99:detect_leaks=1 UBSAN_OPTIONS=exitcode=99:print_stacktrace=1
# Tesseract's own leaks, each named and explained there.
export LSAN_OPTIONS=suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0

for t in "$build"/tests/test_*; do
    [ -x "$t" ] || continue
    # A deadlock must fail, not hang the suite: ten minutes is far beyond
    # any unit test binary (the slowest takes seconds under sanitizers).
    log=$(timeout 600 "$t" 2>&1)
    status=$?
    ok=$(printf '%s\n' "$log" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test(s)\.$/\1/p')
    bad=$(printf '%s\n' "$log" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test(s), listed below:$/\1/p')
    passed=$((passed + ${ok:-0}))
    failed=$((failed + ${bad:-0}))
    if [ "$status" -ne 0 ]; then
        printf '%s\n' "$log" | grep -v '^\[ *\(RUN\|OK\) *\]'
        # A crash leaves no cmocka summary: count it.
        [ -z "$bad" ] && failed=$((failed + 1))
    fi
    echo "unit $(basename "$t"): ${ok:-0} passed, ${bad:-0} failed"
done

cli=$(tests/cli/run.sh "$build" "$profile")
status=$?
printf '%s\n' "$cli"
counts=$(printf '%s\n' "$cli" | tail -n 1)
passed=$((passed + $(echo "$counts" | sed -n 's/^cli: \([0-9]*\) passed.*/\1/p')))
failed=$((failed + $(echo "$counts" | sed -n 's/.* \([0-9]*\) failed$/\1/p')))
[ "$status" -ne 0 ] && [ "$failed" -eq 0 ] && failed=1

echo "$passed $failed" >"$build/test-counts"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
