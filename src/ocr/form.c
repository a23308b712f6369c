/*
 * form.c - draws a layout as a printable page with Leptonica: the lines
 * the grid finder (grid.c) looks for, the printed move numbers, the
 * fields' labels and the registration marks. The page is drawn at 300
 * dpi, where Leptonica's bitmap fonts have a size fit for print, and
 * scaled to the resolution asked for.
 */
#include <stdlib.h>
#include <string.h>

#include "ocr/form.h"

enum { TAGS = 11 };
static const char *const tags[TAGS] = {"Event", "Site",   "Date",           "Round",          "Board", "White",
                                       "Black", "Result", "WhiteSignature", "BlackSignature", "title"};

static const struct {
    const char *lang;
    const char *label[TAGS];
} labels[] = {
    {"en",
     {"Event", "Site", "Date", "Round", "Board", "White", "Black", "Result", "White's signature", "Black's signature",
      "Scoresheet"}},
    {"cs",
     {"Turnaj", "Misto", "Datum", "Kolo", "Sachovnice", "Bily", "Cerny", "Vysledek", "Podpis bileho", "Podpis cerneho",
      "Zapis partie"}},
    {"sk",
     {"Turnaj", "Miesto", "Datum", "Kolo", "Sachovnica", "Biely", "Cierny", "Vysledok", "Podpis bieleho",
      "Podpis cierneho", "Zapis partie"}},
    {"sl",
     {"Turnir", "Kraj", "Datum", "Kolo", "Deska", "Beli", "Crni", "Izid", "Podpis belega", "Podpis crnega",
      "Zapis partije"}},
    {"de",
     {"Turnier", "Ort", "Datum", "Runde", "Brett", "Weiss", "Schwarz", "Ergebnis", "Unterschrift Weiss",
      "Unterschrift Schwarz", "Partieformular"}},
    {"fr",
     {"Tournoi", "Lieu", "Date", "Ronde", "Table", "Blancs", "Noirs", "Resultat", "Signature Blancs", "Signature Noirs",
      "Feuille de partie"}},
    {"es",
     {"Torneo", "Lugar", "Fecha", "Ronda", "Tablero", "Blancas", "Negras", "Resultado", "Firma Blancas", "Firma Negras",
      "Planilla"}},
};

static int lang_index(const char *lang)
{
    for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++)
        if (!strcmp(labels[i].lang, lang ? lang : "en"))
            return (int)i;
    return -1;
}

int ocr_form_has_lang(const char *lang)
{
    return lang_index(lang) >= 0;
}

static const char *label_of(int lang, const char *tag)
{
    for (int i = 0; i < TAGS; i++)
        if (!strcmp(tags[i], tag))
            return labels[lang].label[i];
    return tag;
}

static int px(float mm)
{
    return (int)(mm * 300.0f / 25.4f + 0.5f);
}

static void line(PIX *pix, float x0, float y0, float x1, float y1, int width)
{
    pixRenderLine(pix, px(x0), px(y0), px(x1), px(y1), width, L_SET_PIXELS);
}

/* Text with its left end at x and its middle at y (mm). */
static void text_at(PIX *pix, L_BMF *font, const char *s, float x, float y)
{
    l_int32 w, overflow;
    pixSetTextline(pix, font, s, 1, px(x), px(y) + font->baselinetab[(int)'0'] / 2, &w, &overflow);
}

static void text_centred(PIX *pix, L_BMF *font, const char *s, float x, float w, float y)
{
    l_int32 width = 0;
    bmfGetStringWidth(font, s, &width);
    text_at(pix, font, s, x + (w - (float)width * 25.4f / 300.0f) / 2, y);
}

PIX *ocr_form_draw(const ocr_layout *l, const ocr_form_opts *opts)
{
    int lang = lang_index(opts->lang);
    if (lang < 0)
        return NULL;
    PIX *pix = pixCreate(px(l->page_w), px(l->page_h), 1);
    L_BMF *big = bmfCreate(NULL, 20), *small = bmfCreate(NULL, 10), *numbers = bmfCreate(NULL, 14);
    if (!pix || !big || !small || !numbers) {
        pixDestroy(&pix);
        goto out;
    }
    pixSetResolution(pix, 300, 300);
    ocr_line lines[2048];
    size_t n = ocr_layout_lines(l, lines, sizeof lines / sizeof lines[0]);
    for (size_t i = 0; i < n; i++)
        line(pix, lines[i].x0, lines[i].y0, lines[i].x1, lines[i].y1, 3);
    for (int i = 0; i < l->nmarks; i++) {
        BOX *b = boxCreate(px(l->mark[i].x), px(l->mark[i].y), px(l->mark[i].w), px(l->mark[i].h));
        pixSetInRect(pix, b);
        boxDestroy(&b);
    }
    /* The title and the notation's letters above the first field. */
    float top = l->nfields ? l->field[0].box.y : l->block[0].y;
    char title[200];
    snprintf(title, sizeof title, "%s", l->title[0] ? l->title : labels[lang].label[TAGS - 1]);
    text_at(pix, big, title, l->block[0].x, top / 2 + 1);
    if (opts->notation) {
        l_int32 w = 0;
        bmfGetStringWidth(small, opts->notation, &w);
        text_at(pix, small, opts->notation, l->page_w - 15 - (float)w * 25.4f / 300.0f, top / 2 + 1);
    }
    for (int i = 0; i < l->nfields; i++) {
        const ocr_field *f = &l->field[i];
        const char *s = f->label[0] ? f->label : label_of(lang, f->tag);
        text_at(pix, small, s, f->box.x + 1, f->box.y + 2);
    }
    /* White and Black over their columns. */
    for (int i = 0; i < l->nblocks; i++) {
        const ocr_block *b = &l->block[i];
        float x = b->x;
        for (int c = 0; c < b->ncols; c++) {
            if (b->kind[c] != OCR_COL_NUMBER)
                text_centred(pix, small, labels[lang].label[b->kind[c] == OCR_COL_WHITE ? 5 : 6], x, b->width[c],
                             b->y - 2.2f);
            x += b->width[c];
        }
    }
    /* Move numbers, centred in their column. */
    ocr_cell_spec cells[OCR_LAYOUT_CELLS];
    size_t ncells = ocr_layout_cells(l, cells, OCR_LAYOUT_CELLS);
    for (size_t i = 0; i < ncells; i += 2) {
        const ocr_rect *r = &cells[i].number_box;
        if (r->w <= 0)
            continue;
        char num[8];
        snprintf(num, sizeof num, "%d", cells[i].number);
        text_centred(pix, numbers, num, r->x, r->w, r->y + r->h / 2);
    }
    int dpi = opts->dpi ? opts->dpi : 300;
    if (dpi != 300) {
        PIX *scaled = pixScale(pix, (float)dpi / 300.0f, (float)dpi / 300.0f);
        pixDestroy(&pix);
        pix = scaled;
        if (pix)
            pixSetResolution(pix, dpi, dpi);
    }
out:
    bmfDestroy(&big);
    bmfDestroy(&small);
    bmfDestroy(&numbers);
    return pix;
}

pt_err pt_form_draw(const pt_layout *l, const pt_form_opts *o, int format, uint8_t **data, size_t *len)
{
    *data = NULL, *len = 0;
    if (!ocr_form_has_lang(o->lang))
        return PT_ERR_RANGE;
    ocr_form_opts fo = {o->dpi, o->lang, o->notation};
    PIX *pix = ocr_form_draw(&l->l, &fo);
    if (!pix)
        return PT_ERR_NOMEM;
    l_uint8 *bytes = NULL;
    size_t n = 0;
    l_ok bad = format == PT_IMAGE_PDF ? pixWriteMemPdf(&bytes, &n, pix, fo.dpi ? fo.dpi : 300, l->l.name)
                                      : pixWriteMemPng(&bytes, &n, pix, 0);
    pixDestroy(&pix);
    if (bad || !bytes)
        return PT_ERR_NOMEM;
    /* Leptonica's allocator may not be the caller's free(): a copy. */
    *data = malloc(n);
    if (*data) {
        memcpy(*data, bytes, n);
        *len = n;
    }
    lept_free(bytes);
    return *data ? PT_OK : PT_ERR_NOMEM;
}
