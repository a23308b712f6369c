/*
 * cell-lines.c - training lines for the notation model, cut from rendered
 * scoresheets the way `partiar ocr` cuts and shows cells to the model
 * (models/notation/train.sh runs it).
 *
 *   cell-lines [-a AUG] [-s SEED] [-p PART/PARTS] [-w] [-H FONT,...] SETDIR OUTDIR
 *
 * SETDIR is a set made by tests/tools/ocr-set.sh: for every sheet of its
 * manifest.tsv (name, side, font, layout, ...), NAME-SIDE.png (or, in a
 * set of photos, NAME-SIDE.jpg, its page found and flattened) is read with
 * its layout, and every written move cell whose truth (NAME-SIDE.cells.tsv:
 * number, side, text) is a move is taken: its ink, the ruled lines taken
 * out (scan.h's cell hook), as the reader shows it to the model
 * (ocr_reader_line). Cells written '-' or '?' are left out.
 *
 * Each cell is taken 1 + AUG (1) times: as cut, and AUG times changed at
 * random (SEED, 1), one to three changes one after another: strokes
 * thickened or thinned by a pixel, redrawn along their middle with another
 * pen, bent (a random harmonic warp), slanted, turned, squeezed or
 * stretched sideways, broken where a pen skips, or specks added; the
 * changes a pen, a hand and a scanner make that the fonts do not. The
 * cells of a sheet are laid side by side into lines of 1 to 6 (at random),
 * each with its white border between, their texts joined by spaces: a
 * network learning from scratch learns little from a line of two or three
 * characters. -p PART/PARTS takes every PARTS-th sheet from the PART-th
 * (from 0), so that runs share the work.
 *
 * -w squeezes or stretches every changed cell sideways besides, by a
 * factor from WIDTH_MIN to WIDTH_MAX (even odds on a log scale): hands
 * differ in width far more than the changes' 0.7 to 1.3, and a model that
 * saw few tall, narrow hands reads their R and K as nothing.
 *
 * -H draws the cells instead of cutting them: every cell's text, as the
 * truth has it, written by a new hand in one of the Hershey fonts FONT
 * (.jhf files; hershey.h), taken at random, is shown to the model as a
 * cut cell is. The sheets' images are not read.
 *
 * For each sheet NAME-SIDE, OUTDIR receives NAME-SIDE.tif, its lines one
 * a page (8 bpp, LZW); NAME-SIDE.box, their texts as Tesseract's line
 * boxes ("WordStr" lines, tesstrain's form), so that `tesseract X.tif X
 * lstm.train` makes X.lstmf; NAME-SIDE.txt, the texts, a line each.
 * Prints the number of lines to standard output.
 */
#include "hershey.h"
#include "ocr/read.h"
#include "ocr/scan.h"
#include "rng.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A line holds 1 to GROUP_MAX cells: a cell alone is a few characters,
 * too few for a network learning from scratch to learn much from each. */
enum { MAX_TRUTH = 512, TEXT_MAX = 40, GROUP_MAX = 6, MAX_HANDS = 16 };
/* -w: the width's scale, least and most. */
#define WIDTH_MIN 0.5
#define WIDTH_MAX 1.8

typedef struct truth {
    int number, side;
    char text[TEXT_MAX];
} truth;

typedef struct job {
    truth cells[MAX_TRUTH];
    int ncells;
    FILE *box, *txt;
    const char *tif;
    int pages, aug;
    bool widths; /* -w */
    uint64_t rng;
    PIX *group[GROUP_MAX]; /* the cells of the line in the making */
    char texts[GROUP_MAX][TEXT_MAX];
    int ngroup, want, border;
    int part, parts;                /* -p PART/PARTS: the sheets this run takes */
    hershey_font *hands[MAX_HANDS]; /* -H: the fonts cells are drawn in */
    int nhands;
} job;

/* A pen drawn along the strokes' middle: the font's strokes thinned to a
 * line and drawn again with a square pen 2 to 6 pixels wide (a cursive
 * font's thick and thin strokes become a ballpoint's even ones). */
static PIX *repen(PIX *ink, uint64_t *s)
{
    PIX *bone = pixThinConnected(ink, L_THIN_FG, 8, 0);
    if (!bone)
        return NULL;
    int w = 2 + (int)(rng_unit(s) * 5);
    PIX *out = pixDilateBrick(NULL, bone, w, w);
    pixDestroy(&bone);
    return out;
}

/* The shapes bent a little, differently along the cell (Leptonica's
 * random harmonic warp): no hand draws a letter twice alike. */
static PIX *warp(PIX *ink, uint64_t *s)
{
    PIX *grey = pixConvert1To8(NULL, ink, 255, 0);
    if (!grey)
        return NULL;
    float mag = (float)(1.5 + rng_unit(s) * 3.0), freq = (float)(0.04 + rng_unit(s) * 0.08);
    PIX *bent = pixRandomHarmonicWarp(grey, mag, mag, freq, freq, 3, 3, (l_uint32)rng_next(s), 255);
    pixDestroy(&grey);
    PIX *out = bent ? pixThresholdToBinary(bent, 128) : NULL;
    pixDestroy(&bent);
    return out;
}

/* Bits of stroke gone, as a dry pen skips. */
static PIX *skips(PIX *ink, uint64_t *s)
{
    PIX *out = pixCopy(NULL, ink);
    int w = pixGetWidth(ink), h = pixGetHeight(ink), n = 1 + (int)(rng_unit(s) * 4);
    for (int i = 0; out && i < n; i++)
        pixRasterop(out, (int)(rng_unit(s) * w), (int)(rng_unit(s) * h), 2 + (int)(rng_unit(s) * 3),
                    2 + (int)(rng_unit(s) * 3), PIX_CLR, NULL, 0, 0);
    return out;
}

/* The ink changed one way at random; a new image (NULL when out of memory). */
static PIX *change(PIX *ink, uint64_t *s)
{
    switch ((int)(rng_unit(s) * 9)) {
    case 0: return pixDilateBrick(NULL, ink, 2, 2);
    case 1: {
        /* Thinner: only where the stroke survives it. */
        PIX *thin = pixErodeBrick(NULL, ink, 2, 1);
        l_int32 on = 0, was = 0;
        pixCountPixels(thin, &on, NULL);
        pixCountPixels(ink, &was, NULL);
        if (thin && on > was / 2)
            return thin;
        pixDestroy(&thin);
        return pixCopy(NULL, ink);
    }
    case 2: {
        float angle = (float)((rng_unit(s) - 0.5) * 0.7);
        return pixHShearCenter(NULL, ink, angle, L_BRING_IN_WHITE);
    }
    case 3: {
        float sx = (float)(0.7 + rng_unit(s) * 0.6);
        return pixScale(ink, sx, 1.0f);
    }
    case 4: {
        float angle = (float)((rng_unit(s) - 0.5) * 0.12);
        return pixRotate(ink, angle, L_ROTATE_SAMPLING, L_BRING_IN_WHITE, 0, 0);
    }
    case 5: return repen(ink, s);
    case 6: return warp(ink, s);
    case 7: return skips(ink, s);
    default: {
        PIX *out = pixCopy(NULL, ink);
        int w = pixGetWidth(ink), h = pixGetHeight(ink), n = 2 + (int)(rng_unit(s) * 6);
        for (int i = 0; out && i < n; i++)
            pixRasterop(out, (int)(rng_unit(s) * w), (int)(rng_unit(s) * h), 2, 2, PIX_SET, NULL, 0, 0);
        return out;
    }
    }
}

/* pix as 1 bpp, pix given up: pixScale may give grey, and the changes
 * want a pixel's ink or not. */
static PIX *binary(PIX *pix)
{
    if (!pix || pixGetDepth(pix) == 1)
        return pix;
    PIX *bin = pixConvertTo1(pix, 128);
    pixDestroy(&pix);
    return bin;
}

/* The ink changed one to three ways at random, one after the other. */
static PIX *augment(PIX *ink, uint64_t *s)
{
    PIX *out = pixClone(ink);
    int n = 1 + (int)(rng_unit(s) * 3);
    for (int i = 0; out && i < n; i++) {
        PIX *next_pix = binary(change(out, s));
        pixDestroy(&out);
        out = next_pix;
    }
    return out;
}

/* -w: ink squeezed or stretched sideways. */
static PIX *rewiden(PIX *ink, uint64_t *s)
{
    float sx = (float)(WIDTH_MIN * pow(WIDTH_MAX / WIDTH_MIN, rng_unit(s)));
    return binary(pixScale(ink, sx, 1.0f));
}

/* Writes the cells gathered as one line: side by side, each with its
 * white border (a word's space), their texts joined by spaces. */
static void flush(job *j)
{
    if (j->ngroup == 0)
        return;
    int w = 0, h = 0;
    for (int i = 0; i < j->ngroup; i++) {
        w += pixGetWidth(j->group[i]);
        h = pixGetHeight(j->group[i]) > h ? pixGetHeight(j->group[i]) : h;
    }
    PIX *line = pixCreate(w, h, 8);
    char text[TEXT_MAX * GROUP_MAX] = "";
    if (line) {
        pixSetAll(line);
        int x = 0;
        for (int i = 0; i < j->ngroup; i++) {
            int gw = pixGetWidth(j->group[i]), gh = pixGetHeight(j->group[i]);
            pixRasterop(line, x, (h - gh) / 2, gw, gh, PIX_SRC, j->group[i], 0, 0);
            x += gw;
            if (i)
                strcat(text, " ");
            strcat(text, j->texts[i]);
        }
        const int b = j->border;
        if (pixWriteTiff(j->tif, line, IFF_TIFF_LZW, j->pages ? "a" : "w") == 0) {
            fprintf(j->box, "WordStr %d %d %d %d %d #%s\n", b, b, w - b, h - b, j->pages, text);
            fprintf(j->box, "\t %d %d %d %d %d\n", w - b, b, w - b + 1, h - b, j->pages);
            fprintf(j->txt, "%s\n", text);
            j->pages++;
        }
    }
    pixDestroy(&line);
    for (int i = 0; i < j->ngroup; i++)
        pixDestroy(&j->group[i]);
    j->ngroup = 0;
    j->want = 1 + (int)(rng_unit(&j->rng) * GROUP_MAX);
}

/* Gathers one cell for the next line. */
static void add_line(job *j, PIX *ink, const char *text)
{
    PIX *line = ocr_reader_line(ink, &j->border);
    if (!line)
        return;
    j->group[j->ngroup] = line;
    snprintf(j->texts[j->ngroup], sizeof j->texts[0], "%s", text);
    if (++j->ngroup >= j->want)
        flush(j);
}

/* A cell's ink as cut (or drawn), and AUG times changed. */
static void take(job *j, PIX *ink, const char *text)
{
    add_line(j, ink, text);
    for (int a = 0; a < j->aug; a++) {
        PIX *changed = augment(ink, &j->rng);
        if (changed && j->widths) {
            PIX *wider = rewiden(changed, &j->rng);
            pixDestroy(&changed);
            changed = wider;
        }
        if (changed)
            add_line(j, changed, text);
        pixDestroy(&changed);
    }
}

/* Cells written '-' or '?' are no move. */
static bool is_move(const truth *t)
{
    return strcmp(t->text, "-") != 0 && strcmp(t->text, "?") != 0;
}

static bool take_cell(void *arg, int number, int side, PIX *ink)
{
    job *j = arg;
    for (int i = 0; i < j->ncells; i++) {
        const truth *t = &j->cells[i];
        if (t->number == number && t->side == side) {
            if (is_move(t))
                take(j, ink, t->text);
            break;
        }
    }
    return false; /* never read: only cut */
}

/* -H: every move cell of the truth drawn by a new hand. */
static void draw_cells(job *j)
{
    for (int i = 0; i < j->ncells; i++) {
        if (!is_move(&j->cells[i]))
            continue;
        const hershey_font *font = j->hands[rng_next(&j->rng) % (uint64_t)j->nhands];
        PIX *ink = hershey_write(font, j->cells[i].text, &j->rng);
        if (ink)
            take(j, ink, j->cells[i].text);
        pixDestroy(&ink);
    }
}

/* -H's list: FONT,FONT,... loaded into j; false, said, when one fails. */
static bool load_hands(job *j, char *list)
{
    char msg[256];
    for (char *font = strtok(list, ","); font; font = strtok(NULL, ",")) {
        if (j->nhands == MAX_HANDS || !(j->hands[j->nhands] = hershey_load(font, msg, sizeof msg))) {
            fprintf(stderr, "cell-lines: %s\n", j->nhands == MAX_HANDS ? "more than 16 fonts after -H" : msg);
            return false;
        }
        j->nhands++;
    }
    return j->nhands > 0;
}

static int read_truth(job *j, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[256], side[16], text[TEXT_MAX];
    j->ncells = 0;
    while (j->ncells < MAX_TRUTH && fgets(line, sizeof line, f)) {
        int number;
        if (sscanf(line, "%d\t%15[a-z]\t%39[^\n]", &number, side, text) != 3)
            continue;
        truth *t = &j->cells[j->ncells++];
        t->number = number;
        t->side = !strcmp(side, "black") ? PT_COLUMN_BLACK : PT_COLUMN_WHITE;
        snprintf(t->text, sizeof t->text, "%s", text);
    }
    fclose(f);
    return 0;
}

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    uint8_t *data = NULL;
    if (fseek(f, 0, SEEK_END) == 0) {
        long n = ftell(f);
        if (n > 0 && fseek(f, 0, SEEK_SET) == 0 && (data = malloc((size_t)n)) != NULL &&
            fread(data, 1, (size_t)n, f) != (size_t)n) {
            free(data);
            data = NULL;
        }
        *len = n > 0 ? (size_t)n : 0;
    }
    fclose(f);
    return data;
}

/* The sheet NAME-SIDE of dir read with its layout, every cell handed to
 * take_cell as it is cut. */
static void cut_cells(job *j, const char *dir, const char *name, const char *side, const char *layout)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s-%s.png", dir, name, side);
    size_t len = 0;
    uint8_t *data = slurp(path, &len);
    if (!data) { /* a set of photos (ocr-set.sh --photo) */
        snprintf(path, sizeof path, "%s/%s-%s.jpg", dir, name, side);
        data = slurp(path, &len);
    }
    char msg[256];
    pt_layout *l = NULL;
    pt_ocr *o = NULL;
    pt_scan *s = NULL;
    pt_code code;
    if (data && pt_layout_load(&l, layout, msg, sizeof msg) == PT_OK &&
        pt_ocr_new(&o, &(pt_ocr_opts){.layout = l}, msg, sizeof msg) == PT_OK && pt_scan_new(&s) == PT_OK) {
        ocr_set_cell_hook(o, take_cell, j);
        if (pt_ocr_read(o, data, len, 0, s, &code, msg, sizeof msg) != PT_OK)
            fprintf(stderr, "cell-lines: %s: %s\n", path, msg);
    } else {
        fprintf(stderr, "cell-lines: %s: cannot read it\n", path);
    }
    pt_scan_free(&s);
    pt_ocr_free(&o);
    pt_layout_free(&l);
    free(data);
}

int main(int argc, char **argv)
{
    static job j;
    j.aug = 1;
    unsigned long long seed = 1;
    int i = 1;
    char *hands = NULL;
    while (i + 1 < argc && argv[i][0] == '-') {
        const char *opt = argv[i++];
        if (!strcmp(opt, "-w")) {
            j.widths = true;
            continue;
        }
        char *arg = argv[i++];
        if (!strcmp(opt, "-a"))
            j.aug = (int)strtol(arg, NULL, 10);
        else if (!strcmp(opt, "-p"))
            sscanf(arg, "%d/%d", &j.part, &j.parts);
        else if (!strcmp(opt, "-s"))
            seed = strtoull(arg, NULL, 10);
        else if (!strcmp(opt, "-H"))
            hands = arg;
    }
    if (argc - i != 2) {
        fprintf(stderr, "usage: cell-lines [-a AUG] [-s SEED] [-p PART/PARTS] [-w] [-H FONT,...] SETDIR OUTDIR\n");
        return 2;
    }
    if (hands && !load_hands(&j, hands))
        return 2;
    const char *dir = argv[i], *base = argv[i + 1];
    j.rng = seed * 0x9E3779B97F4A7C15ULL + 1;
    j.want = 1;
    if (j.parts < 1 || j.part < 0 || j.part >= j.parts)
        j.part = 0, j.parts = 1;
    j.rng ^= (uint64_t)(j.part + 1) * 0xD1B54A32D192ED03ULL;
    int sheet = -1;
    char path[4096], tif[4096];
    j.tif = tif;
    snprintf(path, sizeof path, "%s/manifest.tsv", dir);
    FILE *manifest = fopen(path, "r");
    if (!manifest) {
        fprintf(stderr, "cell-lines: cannot open %s\n", path);
        return 2;
    }
    int total = 0;
    char line[1024], name[256], side[16], font[256], layout[64];
    while (fgets(line, sizeof line, manifest)) {
        if (sscanf(line, "%255s %15s %255s %63s", name, side, font, layout) != 4 || !strcmp(name, "name"))
            continue;
        if (++sheet % j.parts != j.part)
            continue;
        snprintf(path, sizeof path, "%s/%s-%s.cells.tsv", dir, name, side);
        if (read_truth(&j, path) != 0)
            continue;
        snprintf(tif, sizeof tif, "%s/%s-%s.tif", base, name, side);
        snprintf(path, sizeof path, "%s/%s-%s.box", base, name, side);
        j.box = fopen(path, "w");
        snprintf(path, sizeof path, "%s/%s-%s.txt", base, name, side);
        j.txt = fopen(path, "w");
        if (!j.box || !j.txt) {
            fprintf(stderr, "cell-lines: cannot write %s\n", path);
            return 2;
        }
        j.pages = 0;
        if (j.nhands)
            draw_cells(&j);
        else
            cut_cells(&j, dir, name, side, layout);
        flush(&j);
        fclose(j.box);
        fclose(j.txt);
        total += j.pages;
    }
    fclose(manifest);
    for (int k = 0; k < j.nhands; k++)
        hershey_free(j.hands[k]);
    printf("%d\n", total);
    return 0;
}
