/*
 * fuzz_image.c - libFuzzer harness for reading a scan: the image loader,
 * a photo's page found and made flat, the clean-up and the grid finder
 * with a layout fitted to it.
 *
 * Any bytes must be either refused with a message or decoded into a page
 * whose lines are found and fitted, with a fit score in [0, 1]; never a
 * crash, a leak or a read out of bounds. Images are kept small (the
 * limit on pixels is what refuses a giant one before it is decoded).
 */
#include "ocr/grid.h"
#include "ocr/image.h"
#include "ocr/layout.h"
#include "ocr/photo.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static ocr_layout layout;
    static bool loaded;
    char msg[256] = "";
    if (!loaded) {
        setMsgSeverity(L_SEVERITY_NONE);
        if (ocr_layout_load(&layout, "partiar-60", msg, sizeof msg) != PT_OK)
            abort();
        loaded = true;
    }
    int pages = ocr_image_pages(data, size);
    if (pages < 0)
        abort();
    pt_code code = PT_CODE_COUNT;
    PIX *pix = ocr_image_load(data, size, 0, 1000000, &code, msg, sizeof msg);
    if (!pix) {
        if (!msg[0] || (code != PT_CODE_IMAGE_UNREADABLE && code != PT_CODE_IMAGE_TOO_LARGE))
            abort();
        return 0;
    }
    /* A photo's page: made flat or left; flat, its short side 210 and its
     * long one at most 1.65 times that (the page's aspect as seen), and
     * the grid's corners a proper quadrangle the projective map takes. */
    ocr_quad grid;
    PIX *flat = ocr_photo_flatten(pix, 210, 297, &grid);
    if (flat) {
        int fw = pixGetWidth(flat), fh = pixGetHeight(flat), lo = fw < fh ? fw : fh, hi = fw < fh ? fh : fw;
        if (pixGetDepth(flat) != 8 || lo != 210 || hi > 347)
            abort();
        const ocr_quad square = {{0, 100, 100, 0}, {0, 0, 100, 100}};
        double h[9];
        if (!ocr_photo_homography(&square, &grid, h))
            abort();
        pixDestroy(&flat);
    }
    ocr_page page;
    int w = pixGetWidth(pix);
    float px_mm = w / 210.0f < 1 ? 1 : w / 210.0f;
    if (ocr_page_make(&page, pix, w > pixGetHeight(pix), 1, 0)) {
        float skew = ocr_page_skew(page.bin);
        if (skew < -90 || skew > 90)
            abort();
        ocr_grid g;
        if (ocr_grid_find(&g, page.faint, px_mm, 15)) {
            ocr_fit f = ocr_grid_fit(&g, &layout, px_mm);
            if (!(f.score >= 0 && f.score <= 1))
                abort();
            ocr_grid_clear(&g);
        }
        ocr_page_clear(&page);
    }
    pixDestroy(&pix);
    return 0;
}
