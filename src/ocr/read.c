/*
 * read.c - one cell's ink into candidate texts with scores, through
 * Tesseract's C API (see read.h).
 *
 * The cell is cropped to its ink and its contrast stretched (ink black,
 * paper white); then it is read as one line (PSM_SINGLE_LINE, LSTM only) in
 * three views, each with a white border: by the notation models, scaled
 * so that the ink is 36 pixels high, scaled to 48 pixels high, and 36
 * high but 1.4 times as wide (and a fourth when the hand leans, below);
 * by another model (eng, on print), the second is the first with its
 * strokes thickened (a 3x3 grey erosion) and the third is not widened.
 * Each view gives its candidates; the cell's are their mixture.
 *
 * The wide view is for narrow hands: the notation models read a tall,
 * narrow hand's R and K as nothing and its 4 as 1 far more often when its
 * letters are not drawn wider. In place of the thickened view, it read
 * 80.1% of the hard selection set's cells exactly instead of 77.6%
 * (tests/tools/hard-set.sh, each sheet alone), 87.2% of their moves
 * instead of 86.4%, and 95.7% of the six selection fonts' cells instead
 * of 94.9% (moves 97.4% either way), in the same time. As a fourth view
 * beside the thickened one it read 0.5 and 0.3 points more of the moves
 * for a quarter more time.
 *
 * A leaning hand is read in a fourth view besides: the ink stood upright
 * (sheared by the slant, in steps of 5 degrees up to 30 either way, that
 * stacks its pixels in the fewest columns), 36 high. The models learnt
 * from hands that lean a little; a hand that leans far is read better
 * upright, one that leans a little often worse, so the upright view is
 * one voice of four, not a replacement. On the hard selection set it read
 * 82.4% of the cells exactly instead of 81.0%, 91.0% of the moves from
 * one sheet instead of 89.1%; on the six selection fonts 96.5% and 97.4%
 * instead of 95.9% and 97.4%, for about a tenth more time (twelve sheets
 * of each bench group read one after another). All views upright read
 * the hard set worse (79.4% and 87.3%); the upright view in place of the
 * 48-high one, 82.7% and 89.9%.
 *
 * Candidates of one view. With lstm_choice_mode 2 the LSTM keeps, for every
 * character of its best path, the best character of 1 +
 * lstm_choice_iterations beam searches, each excluding what the ones before
 * took (recodebeam.cpp, extractSymbolChoices). The choice iterator's
 * confidence of each is 100 - lstm_rating_coefficient * rating, clipped to
 * 0..100, where the rating is minus the sum of the ln-probabilities of the
 * timesteps that make the character (ltrresultiterator.cpp,
 * ChoiceIterator::Confidence). With the coefficient set to 1, confidence -
 * 100 is the ln-probability of the character's stretch of the line (clipped
 * only below e^-100); normalised over each character's choices, the k
 * likeliest products of one choice per character are the view's
 * candidates, scored by their ln. The engine's own line (its beam search
 * over the whole line) comes first, scored as the best combination when
 * the combinations rate it lower or miss it.
 *
 * The cell's candidates: the strings of all views, each scored ln of the
 * mean over the views of its probability (0 in a view that lacks it), best
 * first (of equal scores, the one an earlier view read first). A string
 * the views agree on gains. On 900 cells of real moves rendered in three
 * handwriting fonts (tests/tools/read-cells.sh SEED=2, the first 300
 * moves of twic-01-232games.pgn), eng's three views put the move first in
 * 27% of the cells instead of 24% with the first view alone, among the
 * first 3 in 45% instead of 39%, among the first 10 in 58% instead of 46%,
 * for three times the time (about 6 ms a cell instead of 2). Printed
 * moves (DejaVu Sans) are first in 99% either way.
 */
#include "ocr/read.h"
#include "record/steps.h"

#include <tesseract/capi.h>

#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Ink must be this much darker than the paper (of 255), and this many
 * pixels once specks of one or two pixels are taken out. */
enum { MIN_CONTRAST = 48, MIN_INK = 16 };
/* The least height taken for the ink, as a part of the cell's. */
#define MIN_HEIGHT 0.4
/* White around the ink in a view, in pixels. */
enum { BORDER = 12 };
/* Choices kept per character; characters per line. */
enum { MAX_CHOICES = 8, MAX_SYMBOLS = OCR_TEXT_MAX - 1 };
/* Candidates taken from each view. */
enum { VIEW_CANDS = OCR_CANDS };

typedef struct view {
    int height;   /* of the ink, in pixels; 0 ends the list */
    int thicken;  /* size of the grey erosion; 0: none */
    float wide;   /* the width's scale as a part of the height's */
    bool upright; /* of the ink stood upright, and only when it leans */
} view;

enum { NVIEWS = 4 };
static const view hand_views[NVIEWS] = {
    {36, 0, 1.0f, false}, {48, 0, 1.0f, false}, {36, 0, 1.4f, false}, {36, 0, 1.0f, true}};
static const view print_views[NVIEWS] = {{36, 0, 1.0f, false}, {36, 3, 1.0f, false}, {48, 0, 1.0f, false}};
/* Slants tried, in degrees either way, and the step between them. */
enum { SLANT_MAX = 30, SLANT_STEP = 5 };
#define RADIANS(deg) ((float)(deg)*3.14159265f / 180.0f)

/* The characters each mode may read. Moves: the files and ranks, the
 * capital piece letters of every Latin-script notation (lang.c: English
 * KQRBN, Czech, Slovak, German, Nordic, Slovenian J S V D L T, French,
 * Spanish, Italian, Portuguese, Romanian C F A R T D, Polish G W H,
 * Hungarian F H V, Estonian E O, and P), the captures x X :, castling 0 O
 * and -, promotion = / ( ), check + and mate #. Cyrillic letters are not in
 * the Latin models; lower-case p (a pawn, seldom written) is left out. */
static const char *const whitelist[] = {
    [OCR_MOVE] = "abcdefgh12345678ABCDEFGHJKLNOPQRSTVWxX0:-=+#()/",
    [OCR_NUMBER] = "0123456789.",
    [OCR_TEXT] = "",
};

struct ocr_reader {
    TessBaseAPI *api;
    int whitelist;   /* the mode whose whitelist is set; -1: none yet */
    bool notation;   /* the notation model: its alphabet is its whitelist */
    int choice_mode; /* lstm_choice_mode as set: 2 choices, 1 time steps */
};

/* The views r reads a cell in; the first is the same in both. */
static const view *views_for(const ocr_reader *r)
{
    return r->notation ? hand_views : print_views;
}

/* Tesseract's debug_file is one global string: set once, by the first
 * reader, before any reader reads; so is OpenMP's state. Creating and
 * ending engines is serialised, since loading a model touches Tesseract's
 * global state. */
static pthread_mutex_t engine_lock = PTHREAD_MUTEX_INITIALIZER;
static int first_done;

/* Debian's Tesseract runs parts of its LSTM in OpenMP threads: on a cell's
 * short line they cost seven times the time they save (37 ms a cell
 * instead of 5 on two busy cores), and readers in several threads would
 * each start a team. Unless OMP_THREAD_LIMIT says otherwise, OpenMP's
 * max-active-levels goes to 0, which runs every parallel region on the
 * thread that meets it. libgomp is there when Tesseract links it; it is
 * looked up, not linked, so that a Tesseract without OpenMP needs nothing. */
static void openmp_off(void)
{
    if (getenv("OMP_THREAD_LIMIT"))
        return;
    void *self = dlopen(NULL, RTLD_LAZY);
    if (!self)
        return;
    void (*set_levels)(int) = (void (*)(int))dlsym(self, "omp_set_max_active_levels");
    if (set_levels)
        set_levels(0);
    dlclose(self);
}

/* A shipped notation model's bytes, by its name; NULL for any other. */
static const unsigned char *shipped_model(const char *lang, size_t *size)
{
    static const struct {
        const char *name;
        const unsigned char *bytes;
        const size_t *size;
    } models[] = {{OCR_NOTATION, ocr_notation_model, &ocr_notation_model_size},
                  {OCR_NOTATION2, ocr_notation2_model, &ocr_notation2_model_size},
                  {OCR_NOTATIONC, ocr_notationc_model, &ocr_notationc_model_size}};
    for (size_t i = 0; lang && i < sizeof models / sizeof models[0]; i++)
        if (!strcmp(lang, models[i].name)) {
            *size = *models[i].size;
            return models[i].bytes;
        }
    return NULL;
}

pt_err ocr_reader_new(ocr_reader **pr, const char *datapath, const char *lang)
{
    *pr = NULL;
    ocr_reader *r = calloc(1, sizeof *r);
    if (!r)
        return PT_ERR_NOMEM;
    r->whitelist = -1;
    r->choice_mode = 2;
    pthread_mutex_lock(&engine_lock);
    r->api = TessBaseAPICreate();
    if (!r->api) {
        pthread_mutex_unlock(&engine_lock);
        free(r);
        return PT_ERR_NOMEM;
    }
    if (!first_done) {
        TessBaseAPISetVariable(r->api, "debug_file", "/dev/null");
        openmp_off();
        first_done = 1;
    }
    /* Set at loading only: no dictionaries (a move is no word, and they
     * take time to load). */
    char *names[] = {(char *)"load_system_dawg", (char *)"load_freq_dawg",    (char *)"load_punc_dawg",
                     (char *)"load_number_dawg", (char *)"load_unambig_dawg", (char *)"load_bigram_dawg"};
    char *values[] = {(char *)"0", (char *)"0", (char *)"0", (char *)"0", (char *)"0", (char *)"0"};
    int rc;
    size_t size = 0;
    const unsigned char *shipped = shipped_model(lang, &size);
    r->notation = shipped != NULL; /* also when another of its name is in datapath */
    if (!datapath && shipped)
        rc = TessBaseAPIInit5(r->api, (const char *)shipped, (int)size, lang, OEM_LSTM_ONLY, NULL, 0, names, values,
                              sizeof names / sizeof names[0], 0);
    else
        rc = TessBaseAPIInit4(r->api, datapath, lang ? lang : "eng", OEM_LSTM_ONLY, NULL, 0, names, values,
                              sizeof names / sizeof names[0], 0);
    pthread_mutex_unlock(&engine_lock);
    if (rc != 0) {
        ocr_reader_free(&r);
        return PT_ERR_IO;
    }
    TessBaseAPISetPageSegMode(r->api, PSM_SINGLE_LINE);
    /* tessedit_do_invert 0: no second reading of the line inverted, which
     * a cell of dark ink on light paper never needs. */
    if (!TessBaseAPISetVariable(r->api, "lstm_choice_mode", "2") ||
        !TessBaseAPISetVariable(r->api, "lstm_choice_iterations", "5") ||
        !TessBaseAPISetVariable(r->api, "lstm_rating_coefficient", "1") ||
        !TessBaseAPISetVariable(r->api, "tessedit_do_invert", "0")) {
        ocr_reader_free(&r);
        return PT_ERR_IO;
    }
    *pr = r;
    return PT_OK;
}

void ocr_reader_free(ocr_reader **pr)
{
    ocr_reader *r = *pr;
    if (!r)
        return;
    if (r->api) {
        pthread_mutex_lock(&engine_lock);
        TessBaseAPIEnd(r->api);
        TessBaseAPIDelete(r->api);
        pthread_mutex_unlock(&engine_lock);
    }
    free(r);
    *pr = NULL;
}

/* ------------------------------------------------------------ the image */

/* The grey level at which the count of pixels from the dark end reaches
 * count. */
static int level_at(NUMA *hist, double count)
{
    double sum = 0;
    for (int v = 0; v < 256; v++) {
        l_float32 n = 0;
        numaGetFValue(hist, v, &n);
        sum += n;
        if (sum >= count)
            return v;
    }
    return 255;
}

/* The sum of squares of bin's column counts once sheared by radang:
 * upright strokes stack their pixels in few columns, so the shear that
 * stands a hand upright scores highest. */
static double upright_score(PIX *bin, float radang)
{
    PIX *sheared = pixHShearCenter(NULL, bin, radang, L_BRING_IN_WHITE);
    NUMA *cols = sheared ? pixCountByColumn(sheared, NULL) : NULL;
    double sum = 0;
    for (l_int32 i = 0, n = cols ? numaGetCount(cols) : 0; i < n; i++) {
        l_float32 v = 0;
        numaGetFValue(cols, i, &v);
        sum += (double)v * v;
    }
    numaDestroy(&cols);
    pixDestroy(&sheared);
    return sum;
}

/* The ink (8 bpp, black on white, as ink_of makes it) with its letters
 * stood upright, cropped again sideways (its height is the ink's); NULL
 * when it stands upright already (or the image cannot be made). */
static PIX *upright_of(PIX *ink)
{
    int h = pixGetHeight(ink);
    /* Room either side for the shear (tan 30 degrees < 1). */
    PIX *bin = pixThresholdToBinary(ink, 128);
    PIX *room = bin ? pixAddBorderGeneral(bin, h, h, 0, 0, 0) : NULL;
    pixDestroy(&bin);
    if (!room)
        return NULL;
    double best = upright_score(room, 0);
    int slant = 0;
    for (int a = -SLANT_MAX; a <= SLANT_MAX; a += SLANT_STEP) {
        double score = a == 0 ? best : upright_score(room, RADIANS(a));
        if (score > best)
            best = score, slant = a;
    }
    pixDestroy(&room);
    if (slant == 0)
        return NULL;
    PIX *grey = pixAddBorderGeneral(ink, h, h, 0, 0, 255);
    PIX *sheared = grey ? pixHShearCenter(NULL, grey, RADIANS(slant), L_BRING_IN_WHITE) : NULL;
    pixDestroy(&grey);
    PIX *mask = sheared ? pixThresholdToBinary(sheared, 200) : NULL;
    BOX *box = NULL, *crop = NULL;
    PIX *out = NULL;
    if (mask && pixClipBoxToForeground(mask, NULL, NULL, &box) == 0 && box) {
        l_int32 x, w;
        boxGetGeometry(box, &x, NULL, &w, NULL);
        crop = boxCreate(x > 0 ? x - 1 : 0, 0, w + 2, pixGetHeight(sheared));
        out = crop ? pixClipRectangle(sheared, crop, NULL) : NULL;
    }
    boxDestroy(&crop);
    boxDestroy(&box);
    pixDestroy(&mask);
    pixDestroy(&sheared);
    return out;
}

/* The cell's ink, cropped with a pixel of margin, black on white, 8 bpp;
 * *height is its height in the cell, or MIN_HEIGHT of the cell's if more.
 * NULL when the cell has no ink (or the image cannot be made). */
static PIX *ink_of(PIX *cell, int *height)
{
    PIX *grey = pixConvertTo8(cell, 0);
    if (!grey)
        return NULL;
    PIX *out = NULL, *bin = NULL, *ink = NULL;
    BOX *box = NULL;
    NUMA *hist = pixGetGrayHistogram(grey, 1);
    if (!hist)
        goto done;
    /* The paper is the median; the ink the darkest few pixels. */
    double total = (double)pixGetWidth(grey) * pixGetHeight(grey);
    int paper = level_at(hist, total / 2);
    int dark = level_at(hist, 4);
    numaDestroy(&hist);
    if (paper - dark < MIN_CONTRAST)
        goto done;
    bin = pixThresholdToBinary(grey, (paper + dark + 1) / 2);
    if (!bin)
        goto done;
    /* Specks of a pixel or two are dust: whitened, and no ink. */
    ink = pixSelectBySize(bin, 3, 3, 8, L_SELECT_IF_EITHER, L_SELECT_IF_GTE, NULL);
    if (!ink)
        goto done;
    l_int32 count = 0;
    pixCountPixels(ink, &count, NULL);
    if (count < MIN_INK)
        goto done;
    pixXor(bin, bin, ink);
    pixSetMasked(grey, bin, 255);
    if (pixClipBoxToForeground(ink, NULL, NULL, &box) != 0 || !box)
        goto done;
    l_int32 x, y, w, h;
    boxGetGeometry(box, &x, &y, &w, &h);
    boxDestroy(&box);
    int gw = pixGetWidth(grey), gh = pixGetHeight(grey);
    int x0 = x > 0 ? x - 1 : 0, y0 = y > 0 ? y - 1 : 0;
    int x1 = x + w < gw ? x + w + 1 : gw, y1 = y + h < gh ? y + h + 1 : gh;
    box = boxCreate(x0, y0, x1 - x0, y1 - y0);
    if (!box)
        goto done;
    out = pixClipRectangle(grey, box, NULL);
    if (out)
        pixGammaTRC(out, out, 1.0f, dark, paper);
    /* Ink lower than MIN_HEIGHT of the cell (a dash, a dot) keeps its
     * size beside a letter's: it is scaled as that much would be. */
    *height = h > MIN_HEIGHT * gh ? h : (int)(MIN_HEIGHT * gh);
done:
    boxDestroy(&box);
    pixDestroy(&ink);
    pixDestroy(&bin);
    pixDestroy(&grey);
    return out;
}

/* The ink as view v shows it to Tesseract. */
static PIX *view_of(PIX *ink, int height, const view *v)
{
    float scale = (float)v->height / (float)height, sx = scale * v->wide;
    /* Within 3% of its size either way, the ink is left as it is. */
    bool as_is = scale > 0.97f && scale < 1.03f && sx > 0.97f && sx < 1.03f;
    PIX *scaled = as_is ? pixClone(ink) : pixScale(ink, sx, scale);
    if (scaled && v->thicken) {
        PIX *thick = pixErodeGray(scaled, v->thicken, v->thicken);
        pixDestroy(&scaled);
        scaled = thick;
    }
    if (!scaled)
        return NULL;
    PIX *out = pixAddBorder(scaled, BORDER, 255);
    pixDestroy(&scaled);
    return out;
}

/* ------------------------------------------------------------ the choices */

typedef struct choice {
    char text[8]; /* one character, UTF-8 */
    float logp;   /* ln of its probability among the character's choices */
} choice;

typedef struct symbol {
    choice c[MAX_CHOICES];
    int n;
    int space_before; /* the first character of a word after the first */
} symbol;

static int by_logp(const void *a, const void *b)
{
    float x = ((const choice *)a)->logp, y = ((const choice *)b)->logp;
    return (x < y) - (x > y);
}

/* The choice of s whose text is t, added if new (and there is room); NULL
 * when t is no character. */
static choice *choice_for(symbol *s, const char *t)
{
    size_t len = strlen(t);
    if (len == 0 || len >= sizeof s->c[0].text || strcmp(t, " ") == 0)
        return NULL;
    for (int k = 0; k < s->n; k++)
        if (strcmp(s->c[k].text, t) == 0)
            return &s->c[k];
    if (s->n == MAX_CHOICES)
        return NULL;
    choice *c = &s->c[s->n++];
    memcpy(c->text, t, len + 1);
    c->logp = -INFINITY;
    return c;
}

/* Normalises the choices of s to probabilities summing to 1. The engine's
 * own character, when the choices missed it, gets the worst one's. */
static void normalise(symbol *s)
{
    float top = -INFINITY, worst = 0;
    for (int k = 0; k < s->n; k++)
        if (isfinite(s->c[k].logp)) {
            top = s->c[k].logp > top ? s->c[k].logp : top;
            worst = s->c[k].logp < worst ? s->c[k].logp : worst;
        }
    if (!isfinite(top))
        top = worst = 0;
    double sum = 0;
    for (int k = 0; k < s->n; k++) {
        if (!isfinite(s->c[k].logp))
            s->c[k].logp = worst;
        sum += exp((double)(s->c[k].logp - top));
    }
    for (int k = 0; k < s->n; k++)
        s->c[k].logp = (float)(s->c[k].logp - top - log(sum));
    qsort(s->c, (size_t)s->n, sizeof s->c[0], by_logp);
}

/* The engine's characters and their choices, into sym[]; returns how many. */
static int read_symbols(TessBaseAPI *api, symbol *sym, int max)
{
    TessResultIterator *it = TessBaseAPIGetIterator(api);
    if (!it)
        return 0;
    int n = 0;
    do {
        /* NULL where there is no word: the choice iterator would abort. */
        char *best = TessResultIteratorGetUTF8Text(it, RIL_SYMBOL);
        if (!best)
            break;
        symbol *s = &sym[n];
        s->n = 0;
        s->space_before =
            n > 0 && TessPageIteratorIsAtBeginningOf(TessResultIteratorGetPageIteratorConst(it), RIL_WORD);
        choice_for(s, best);
        TessDeleteText(best);
        TessChoiceIterator *ci = TessResultIteratorGetChoiceIterator(it);
        if (ci) {
            do {
                const char *t = TessChoiceIteratorGetUTF8Text(ci);
                choice *c = t ? choice_for(s, t) : NULL;
                /* The coefficient is 1: confidence - 100 is the ln. */
                float logp = TessChoiceIteratorConfidence(ci) - 100.0f;
                if (c && logp > c->logp)
                    c->logp = logp;
            } while (TessChoiceIteratorNext(ci));
            TessChoiceIteratorDelete(ci);
        }
        if (s->n == 0)
            continue; /* a space, or no character */
        normalise(s);
        n++;
    } while (n < max && TessResultIteratorNext(it, RIL_SYMBOL));
    TessResultIteratorDelete(it);
    return n;
}

/* ------------------------------------------------------------ the k best */

/* A combination: one choice per character, the last changed at `last`. */
typedef struct combo {
    float logp;
    int last;
    unsigned char pick[MAX_SYMBOLS];
} combo;

/* A max-heap of combinations by logp. */
typedef struct heap {
    combo *v;
    int n, cap;
} heap;

static int heap_push(heap *h, const combo *c)
{
    if (h->n == h->cap) {
        int cap = h->cap ? 2 * h->cap : 64;
        combo *v = realloc(h->v, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        h->v = v;
        h->cap = cap;
    }
    int i = h->n++;
    while (i > 0 && h->v[(i - 1) / 2].logp < c->logp) {
        h->v[i] = h->v[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->v[i] = *c;
    return 0;
}

static combo heap_pop(heap *h)
{
    combo top = h->v[0], last = h->v[--h->n];
    int i = 0;
    for (;;) {
        int k = 2 * i + 1;
        if (k >= h->n)
            break;
        if (k + 1 < h->n && h->v[k + 1].logp > h->v[k].logp)
            k++;
        if (h->v[k].logp <= last.logp)
            break;
        h->v[i] = h->v[k];
        i = k;
    }
    if (h->n > 0)
        h->v[i] = last;
    return top;
}

/* Appends the n bytes of s to text (of length *len) if they fit whole. */
static void append(char *text, size_t *len, const char *s, size_t n)
{
    if (*len + n < OCR_TEXT_MAX) {
        memcpy(text + *len, s, n);
        *len += n;
        text[*len] = '\0';
    }
}

/* The text of a combination: a space between words in OCR_TEXT mode only. */
static void combo_text(const symbol *sym, int n, const unsigned char *pick, ocr_mode mode, char *text)
{
    size_t len = 0;
    text[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (mode == OCR_TEXT && sym[i].space_before && len > 0)
            append(text, &len, " ", 1);
        const char *c = sym[i].c[pick[i]].text;
        append(text, &len, c, strlen(c));
    }
}

/* The engine's line, its white space taken out (or, in OCR_TEXT mode,
 * made one space between words), whole UTF-8 characters that fit. */
static void engine_text(TessBaseAPI *api, ocr_mode mode, char *text)
{
    size_t len = 0;
    text[0] = '\0';
    char *raw = TessBaseAPIGetUTF8Text(api);
    if (!raw)
        return;
    int gap = 0;
    for (const char *p = raw; *p;) {
        if (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r') {
            gap = 1;
            p++;
            continue;
        }
        if (gap && mode == OCR_TEXT && len > 0)
            append(text, &len, " ", 1);
        gap = 0;
        size_t n = 1;
        while (p[n] && ((unsigned char)p[n] & 0xC0) == 0x80)
            n++;
        if (len + n >= OCR_TEXT_MAX)
            break;
        append(text, &len, p, n);
        p += n;
    }
    /* A space that fitted before a character that did not. */
    while (len > 0 && text[len - 1] == ' ')
        text[--len] = '\0';
    TessDeleteText(raw);
}

/* Adds text with score to out[] (holding n) unless it is empty or there
 * already; returns the new count. */
static int add_cand(ocr_cand *out, int n, const char *text, float score)
{
    if (!text[0])
        return n;
    for (int i = 0; i < n; i++)
        if (strcmp(out[i].text, text) == 0)
            return n;
    snprintf(out[n].text, sizeof out[n].text, "%s", text);
    out[n].score = score < 0 ? score : 0;
    return n + 1;
}

/* Up to max (<= VIEW_CANDS) candidates of what the engine has just read,
 * the engine's line first; -1 when out of memory. */
static int view_cands(TessBaseAPI *api, ocr_mode mode, ocr_cand *out, int max)
{
    symbol sym[MAX_SYMBOLS];
    int n = read_symbols(api, sym, MAX_SYMBOLS);
    char line[OCR_TEXT_MAX];
    engine_text(api, mode, line);

    /* The k best combinations, best first. Each is made from the one it
     * came from by taking the next choice at a character at or after that
     * one's last change: every combination is made once, after its
     * parent, which is no less likely. */
    ocr_cand comb[VIEW_CANDS + 1];
    int ncomb = 0, found = 0, budget = 64 * (max + 1);
    float line_score = -INFINITY;
    heap h = {0};
    combo c = {.logp = 0, .last = 0};
    for (int i = 0; i < n; i++)
        c.logp += sym[i].c[0].logp;
    if (n > 0 && heap_push(&h, &c) != 0)
        goto nomem;
    while (h.n > 0 && ncomb < max + 1 && budget-- > 0) {
        c = heap_pop(&h);
        char text[OCR_TEXT_MAX];
        combo_text(sym, n, c.pick, mode, text);
        if (strcmp(text, line) == 0 && !isfinite(line_score))
            line_score = c.logp;
        ncomb = add_cand(comb, ncomb, text, c.logp);
        for (int i = c.last; i < n; i++) {
            if (c.pick[i] + 1 >= sym[i].n)
                continue;
            combo d = c;
            d.pick[i]++;
            d.last = i;
            d.logp = c.logp - sym[i].c[c.pick[i]].logp + sym[i].c[d.pick[i]].logp;
            if (heap_push(&h, &d) != 0)
                goto nomem;
        }
    }
    free(h.v);
    /* The engine's line first: its beam search saw the whole line, the
     * combinations one character at a time. */
    if (ncomb > 0 && !(line_score >= comb[0].score))
        line_score = comb[0].score;
    found = add_cand(out, 0, line, isfinite(line_score) ? line_score : 0);
    for (int i = 0; i < ncomb && found < max; i++)
        found = add_cand(out, found, comb[i].text, comb[i].score);
    return found;
nomem:
    free(h.v);
    return -1;
}

/* ------------------------------------------------------------ time steps */

/* The hOCR's entities back into the character (HOcrEscape makes five). */
static void unescape(const char *s, size_t n, char *out, size_t size)
{
    static const struct {
        const char *name, *c;
    } ents[] = {{"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}};
    size_t o = 0;
    for (size_t i = 0; i < n && o + 1 < size;) {
        size_t k = 0;
        while (k < sizeof ents / sizeof ents[0] && strncmp(s + i, ents[k].name, strlen(ents[k].name)) != 0)
            k++;
        if (k < sizeof ents / sizeof ents[0]) {
            out[o++] = ents[k].c[0];
            i += strlen(ents[k].name);
        } else {
            out[o++] = s[i++];
        }
    }
    out[o] = '\0';
}

/* The time steps of an hOCR made with lstm_choice_mode 1: each
 * "timestep" span holds its choices, "x_confs P'>C</span>" with P the
 * percent. Returns how many choices went into steps[] (at most cap). */
static size_t parse_steps(const char *hocr, pt_step *steps, size_t cap)
{
    size_t n = 0;
    int first = 0;
    for (const char *p = hocr; p && *p && n < cap;) {
        const char *ts = strstr(p, "id='timestep"), *ch = strstr(p, "x_confs ");
        if (!ch)
            break;
        if (ts && ts < ch) {
            first = 1;
            p = ts + 12;
            continue;
        }
        const char *gt = strstr(ch, "'>");
        const char *close = gt ? strstr(gt, "</span>") : NULL;
        if (!close)
            break;
        pt_step *s = &steps[n];
        unescape(gt + 2, (size_t)(close - gt - 2), s->text, sizeof s->text);
        float p100 = strtof(ch + 8, NULL);
        s->p = (p100 < 1 ? 1 : p100 > 100 ? 100 : p100) / 100.0f;
        s->first = (uint8_t)(first || n == 0);
        if (strcmp(s->text, " ") != 0) /* a space is no character of a move */
            n++, first = 0;
        p = close + 7;
    }
    return n;
}

/* ------------------------------------------------------------ reading */

/* Sets lstm_choice_mode (2: the choice iterator's alternatives, 1: the raw
 * time steps in the hOCR). */
static bool choice_mode(ocr_reader *r, int mode)
{
    if (r->choice_mode == mode)
        return true;
    char v[2] = {(char)('0' + mode), '\0'};
    if (!TessBaseAPISetVariable(r->api, "lstm_choice_mode", v))
        return false;
    r->choice_mode = mode;
    return true;
}

/* Where a reading's time steps go (ocr_reader_read_move). */
typedef struct steps_out {
    pt_step *steps;
    size_t cap, *n;
} steps_out;

/* The time steps of what the engine has just read into *so: Tesseract
 * keeps them with the choices whatever lstm_choice_mode it read in, and
 * writes them into the hOCR when the mode is 1 then, without reading the
 * line again. */
static void take_steps(ocr_reader *r, const steps_out *so)
{
    if (!choice_mode(r, 1))
        return;
    char *hocr = TessBaseAPIGetHOCRText(r->api, 0);
    if (hocr) {
        *so->n = parse_steps(hocr, so->steps, so->cap);
        TessDeleteText(hocr);
    }
    choice_mode(r, 2);
}

/* Reads view pix in mode: its candidates into out[], how many (-1: out of
 * memory), and, when so is given, the first reading's time steps. A line
 * the whitelist blanked is read again without it. */
static int read_view(ocr_reader *r, PIX *pix, ocr_mode mode, ocr_cand *out, int max, const steps_out *so)
{
    int found = 0;
    for (int pass = 0; pass < 2 && found == 0; pass++) {
        int want = pass == 0 ? (int)mode : OCR_TEXT;
        if (pass == 1 && mode == OCR_TEXT)
            break;
        if (r->whitelist != want) {
            if (!TessBaseAPISetVariable(r->api, "tessedit_char_whitelist", r->notation ? "" : whitelist[want]))
                break;
            r->whitelist = want;
        }
        TessBaseAPISetImage2(r->api, pix);
        TessBaseAPISetSourceResolution(r->api, 300);
        if (TessBaseAPIRecognize(r->api, NULL) != 0)
            continue;
        found = view_cands(r->api, mode, out, max);
        if (so && pass == 0)
            take_steps(r, so);
    }
    return found;
}

PIX *ocr_reader_line(PIX *cell, int *border)
{
    int height = 0;
    PIX *ink = cell ? ink_of(cell, &height) : NULL;
    PIX *out = ink ? view_of(ink, height, &hand_views[0]) : NULL;
    pixDestroy(&ink);
    *border = BORDER;
    return out;
}

/* ocr_reader_read, and the first view's time steps into *so if given. */
static int read_cell(ocr_reader *r, PIX *cell, ocr_mode mode, ocr_cand *out, int max, const steps_out *so)
{
    if (!r || !cell || !out || max <= 0 || !choice_mode(r, 2))
        return 0;
    if (mode != OCR_MOVE && mode != OCR_NUMBER)
        mode = OCR_TEXT;
    int height = 0;
    PIX *ink = ink_of(cell, &height);
    if (!ink)
        return 0;
    /* Every view's candidates, then their mixture: each string's
     * probability summed over the views that have it, divided by the
     * number of views. */
    ocr_cand all[NVIEWS * VIEW_CANDS];
    int nall = 0, nviews = 0;
    const view *views = views_for(r);
    PIX *upright = NULL;
    for (int v = 0; v < NVIEWS && views[v].height; v++) {
        if (views[v].upright && !(upright = upright_of(ink)))
            continue; /* it stands upright already */
        nviews++;
        PIX *pix = view_of(views[v].upright ? upright : ink, height, &views[v]);
        if (!pix)
            break;
        ocr_cand got[VIEW_CANDS];
        int n = read_view(r, pix, mode, got, VIEW_CANDS, v == 0 ? so : NULL);
        pixDestroy(&pix);
        for (int i = 0; i < n; i++) {
            int k;
            for (k = 0; k < nall && strcmp(all[k].text, got[i].text) != 0; k++)
                ;
            if (k == nall) {
                all[nall++] = got[i];
            } else {
                /* ln(e^a + e^b), in a way that never underflows. */
                float a = all[k].score, b = got[i].score;
                all[k].score = (a > b ? a : b) + log1pf(expf(-fabsf(a - b)));
            }
        }
    }
    TessBaseAPIClear(r->api);
    pixDestroy(&upright);
    pixDestroy(&ink);
    for (int k = 0; k < nall; k++) {
        float s = all[k].score - logf((float)nviews);
        all[k].score = s < 0 ? s : 0;
    }
    /* Best first; of equals, the one an earlier view read first. */
    int found = 0;
    for (int k = 0; k < nall; k++) {
        int i;
        if (found < max)
            i = found++;
        else if (all[k].score > out[max - 1].score)
            i = max - 1; /* in place of the last */
        else
            continue;
        while (i > 0 && all[k].score > out[i - 1].score) {
            out[i] = out[i - 1];
            i--;
        }
        out[i] = all[k];
    }
    return found;
}

int ocr_reader_read(ocr_reader *r, PIX *cell, ocr_mode mode, ocr_cand *out, int max)
{
    return read_cell(r, cell, mode, out, max, NULL);
}

int ocr_reader_read_move(ocr_reader *r, PIX *cell, ocr_cand *out, int max, pt_step *steps, size_t cap, size_t *nsteps)
{
    *nsteps = 0;
    steps_out so = {steps, cap, nsteps};
    return read_cell(r, cell, OCR_MOVE, out, max, steps && cap ? &so : NULL);
}

int ocr_cands_mix(const ocr_cand *a, int na, const ocr_cand *b, int nb, ocr_cand *out, int max)
{
    ocr_cand all[2 * OCR_CANDS];
    int n = 0;
    for (int i = 0; i < na && n < 2 * OCR_CANDS; i++)
        all[n++] = a[i];
    for (int i = 0; i < nb; i++) {
        int k = 0;
        while (k < n && strcmp(all[k].text, b[i].text) != 0)
            k++;
        if (k < n) {
            float x = all[k].score, y = b[i].score;
            all[k].score = (x > y ? x : y) + log1pf(expf(-fabsf(x - y)));
        } else if (n < 2 * OCR_CANDS) {
            all[n++] = b[i];
        }
    }
    /* Halved (ln 2 off), best first; of equals, a's first. */
    for (int i = 0; i < n; i++)
        all[i].score -= logf(2.0f);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && all[j].score > all[j - 1].score; j--) {
            ocr_cand t = all[j];
            all[j] = all[j - 1];
            all[j - 1] = t;
        }
    int found = n < max ? n : max;
    memcpy(out, all, (size_t)found * sizeof *out);
    return found;
}
