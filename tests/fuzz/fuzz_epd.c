/*
 * fuzz_epd.c - libFuzzer harness for the perft suite reader.
 *
 * Every call must end with an entry, a located error or the end, and the
 * reader must always make progress (no entry read twice, no endless loop).
 */
#include "partiar.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pt_suite *suite;
    if (pt_suite_open(&suite, (const char *)data, size) != PT_OK)
        return 0;
    pt_suite_entry *e = malloc(sizeof *e);
    pt_diag diag;
    pt_err err;
    size_t calls = 0;
    while (e && (err = pt_suite_next(suite, e, &diag)) != PT_ERR_END) {
        if (++calls > size + 1)
            abort(); /* more entries than lines: the reader is stuck */
        if (err != PT_OK && diag.line < 1)
            abort();
        if (err == PT_OK && e->max_depth >= 1 && e->max_depth <= 2)
            (void)pt_perft(&e->pos, e->max_depth);
    }
    free(e);
    pt_suite_free(&suite);
    return 0;
}
