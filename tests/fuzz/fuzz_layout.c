/*
 * fuzz_layout.c - libFuzzer harness for the layout reader.
 *
 * Any text must be either refused with a message and a line inside the
 * text (or 0 for what is wrong with the whole), or read as a layout whose
 * cells lie on its page, number its moves from 1 up without a hole in
 * each block, and whose lines can all be listed.
 */
#include "ocr/layout.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static ocr_layout l;
    static ocr_cell_spec cells[OCR_LAYOUT_CELLS];
    static ocr_line lines[4096];
    char msg[256] = "";
    int bad = -1, nl = 1;
    for (size_t i = 0; i < size; i++)
        nl += data[i] == '\n';
    if (ocr_layout_parse(&l, (const char *)data, size, &bad, msg, sizeof msg) != PT_OK) {
        if (!msg[0] || bad < 0 || bad > nl)
            abort();
        return 0;
    }
    size_t n = ocr_layout_cells(&l, cells, OCR_LAYOUT_CELLS);
    for (size_t i = 0; i < n; i++) {
        const ocr_rect *r = &cells[i].box;
        if (cells[i].number < 1 || cells[i].number > ocr_layout_moves(&l) || r->x < 0 ||
            r->x + r->w > l.page_w + 0.02f || r->y + r->h > l.page_h + 0.02f)
            abort();
    }
    size_t m = ocr_layout_lines(&l, lines, sizeof lines / sizeof lines[0]);
    if (m > sizeof lines / sizeof lines[0])
        abort();
    return 0;
}
