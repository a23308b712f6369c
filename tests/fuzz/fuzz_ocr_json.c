/*
 * fuzz_ocr_json.c - libFuzzer harness for reading back what partiar ocr
 * wrote as JSON (pt_record_from_ocr_json).
 *
 * Any bytes must be either refused or read as a record each of whose
 * entries has a move number and a column, and whose candidates are
 * NUL-terminated texts; never a crash, a leak or unbounded recursion
 * (nesting is capped).
 */
#include "partiar.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pt_record *r;
    if (pt_record_new(&r) != PT_OK)
        return 0;
    char tags[7][256];
    size_t sheets = 0;
    for (size_t k = 0; k < 3; k++) {
        pt_err err = pt_record_from_ocr_json(r, (const char *)data, size, k, &sheets, tags);
        if (err != PT_OK) {
            if (err != PT_ERR_SYNTAX && err != PT_ERR_RANGE && err != PT_ERR_NOMEM)
                abort();
            continue;
        }
        const pt_entry *e;
        size_t n = pt_record_entries(r, &e);
        for (size_t i = 0; i < n; i++) {
            if (e[i].number < 1 || e[i].column > PT_COLUMN_BLACK)
                abort();
            for (size_t j = 0; j < e[i].ntexts; j++)
                if (strlen(pt_record_text(r, &e[i], j, NULL)) > size)
                    abort();
        }
        for (int t = 0; t < 7; t++)
            if (strlen(tags[t]) >= sizeof tags[t])
                abort();
    }
    pt_record_free(&r);
    return 0;
}
