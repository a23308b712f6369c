/*
 * image.c - decoding a scan with Leptonica, and its clean-up: grey,
 * straightened, the light evened out (uneven lighting, a yellowed page),
 * then black and white.
 */
#include <math.h>
#include <stdio.h>

#include "ocr/image.h"

/* The paper is PAPER after pixBackgroundNormSimple: a pen's ink is darker
 * than three quarters of it (p->ink); a ruling printed light grey, than
 * nine tenths (p->faint, for the grid). */
enum { PAPER = 200, INK_BELOW = 150, FAINT_BELOW = 180 };

int ocr_image_pages(const uint8_t *data, size_t len)
{
    l_int32 format;
    if (!data || len < 8 || findFileFormatBuffer(data, &format))
        return 0;
    if (!L_FORMAT_IS_TIFF(format))
        return format == IFF_UNKNOWN ? 0 : 1;
    FILE *f = fmemopen((void *)data, len, "rb");
    l_int32 n = 0;
    if (!f)
        return 1;
    if (tiffGetCount(f, &n) || n < 1)
        n = 1;
    fclose(f);
    return n;
}

PIX *ocr_image_load(const uint8_t *data, size_t len, int page, long max_pixels, pt_code *code, char *msg, size_t size)
{
    l_int32 format = IFF_UNKNOWN, w = 0, h = 0, bps, spp, cmap;
    *code = PT_CODE_IMAGE_UNREADABLE;
    if (len < 8 || findFileFormatBuffer(data, &format) || format == IFF_UNKNOWN) {
        snprintf(msg, size, "not an image partiar reads (PNG, JPEG, TIFF, PNM)");
        return NULL;
    }
    if (pixReadHeaderMem(data, len, &format, &w, &h, &bps, &spp, &cmap) || w <= 0 || h <= 0) {
        snprintf(msg, size, "the image's header cannot be read: the file is cut short or damaged");
        return NULL;
    }
    if ((long)w * h > max_pixels) {
        *code = PT_CODE_IMAGE_TOO_LARGE;
        snprintf(msg, size, "%d x %d pixels is more than the %ld allowed (--max-pixels); scan at 300 dpi", (int)w,
                 (int)h, max_pixels);
        return NULL;
    }
    PIX *pix = page > 0 ? pixReadMemTiff(data, len, page) : pixReadMem(data, len);
    if (!pix) {
        snprintf(msg, size, "the image cannot be decoded: the file is cut short or damaged");
        return NULL;
    }
    /* A TIFF's later page may be bigger than its first. */
    if ((long)pixGetWidth(pix) * pixGetHeight(pix) > max_pixels) {
        *code = PT_CODE_IMAGE_TOO_LARGE;
        snprintf(msg, size, "page %d has %d x %d pixels, more than the %ld allowed", page + 1, pixGetWidth(pix),
                 pixGetHeight(pix), max_pixels);
        pixDestroy(&pix);
        return NULL;
    }
    return pix;
}

/* A photo's print and ink are greyer than a scan's (the lens blurs them
 * into the paper, and the page is resampled twice), so that a looped
 * hand's thinner strokes fall short of INK_BELOW, even of FAINT_BELOW,
 * and its cells read as specks. The darkest half percent of a page is its
 * printed rules and headings, black on a scan (0 on the bench's scans,
 * noise 2 too; 17 to 89 on its photos): where it is lighter than
 * DARKEST, the grey between it and the paper is stretched so that it is
 * DARKEST and the paper stays PAPER. Chosen on 54 photos of the selection
 * fonts, the darkest brought to 25, 40 or 55: moves from one sheet 88.4%
 * to 89.7%, 89.5% and 89.8% (to 0: 89.3%, to 70: 88.0%); on the photo
 * selection set (tests/tools/hard-set.sh --photo) 90.1% to 91.5%. */
#define DARKEST_RANK 0.005f
#define DARKEST      40
static void deepen(PIX *grey)
{
    l_uint32 dark = 0;
    if (pixGetRankValue(grey, 1, DARKEST_RANK, &dark) || dark <= DARKEST || dark >= INK_BELOW)
        return;
    /* v -> a v + b with dark -> DARKEST and PAPER -> PAPER, as pixGammaTRC
     * gives it: lo -> 0, hi -> 255. */
    float a = (float)(PAPER - DARKEST) / (float)(PAPER - (l_int32)dark);
    float lo = PAPER - PAPER / a, hi = lo + 255 / a;
    pixGammaTRC(grey, grey, 1.0f, (l_int32)lroundf(lo), (l_int32)lroundf(hi));
}

/* Black and white from an evened-out grey page: Otsu's threshold in big
 * tiles, so that a faint pencil on one part of the page is not lost to a
 * dark shadow on another. */
static PIX *binarise(PIX *grey)
{
    PIX *bin = NULL;
    int tile = pixGetWidth(grey) / 3 > 200 ? pixGetWidth(grey) / 3 : 200;
    if (pixOtsuAdaptiveThreshold(grey, tile, tile, 0, 0, 0.1f, NULL, &bin))
        return pixThresholdToBinary(grey, 160);
    return bin;
}

float ocr_page_skew(PIX *bin)
{
    l_float32 angle = 0, conf = 0;
    if (pixFindSkew(bin, &angle, &conf) || conf < 2.0f || fabsf(angle) < 0.05f)
        return 0;
    return angle;
}

bool ocr_page_make(ocr_page *p, PIX *pix, int quads, float scale, float skew)
{
    p->grey = p->bin = p->ink = p->faint = p->joined = NULL;
    PIX *g = pixConvertTo8(pix, 0);
    if (g && quads) {
        PIX *t = pixRotateOrth(g, quads);
        pixDestroy(&g);
        g = t;
    }
    if (g && fabsf(scale - 1.0f) > 0.01f) {
        PIX *t = pixScale(g, scale, scale);
        pixDestroy(&g);
        g = t;
    }
    if (g && skew != 0) {
        PIX *t = pixRotate(g, skew * 3.14159265f / 180.0f, L_ROTATE_AREA_MAP, L_BRING_IN_WHITE, 0, 0);
        pixDestroy(&g);
        g = t;
    }
    if (!g)
        return false;
    p->grey = pixBackgroundNormSimple(g, NULL, NULL);
    pixDestroy(&g);
    if (p->grey) {
        deepen(p->grey);
        p->bin = binarise(p->grey);
        p->ink = pixThresholdToBinary(p->grey, INK_BELOW);
        p->faint = pixThresholdToBinary(p->grey, FAINT_BELOW);
    }
    if (!p->bin || !p->ink || !p->faint) {
        ocr_page_clear(p);
        return false;
    }
    return true;
}

void ocr_page_clear(ocr_page *p)
{
    pixDestroy(&p->grey);
    pixDestroy(&p->bin);
    pixDestroy(&p->ink);
    pixDestroy(&p->faint);
    pixDestroy(&p->joined);
}

/* A hysteresis threshold: the faint pixels kept are those joined to ink,
 * so a hairline between two dark strokes is kept and a faint speck on
 * its own is not. */
PIX *ocr_page_joined(ocr_page *p)
{
    if (!p->joined)
        p->joined = pixSeedfillBinary(NULL, p->ink, p->faint, 8);
    return p->joined;
}
