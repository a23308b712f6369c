/*
 * cmd_form.c - "partiar form": a printable scoresheet whose layout partiar
 * knows exactly, as PDF or PNG.
 */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char help[] = "Usage: partiar form [OPTIONS]\n"
                           "Draw a printable scoresheet: header fields, numbered move rows, result and\n"
                           "signature boxes (Law 8.7), registration marks. partiar reads it best, since\n"
                           "it knows its layout exactly; any shipped layout can be drawn too, for tests.\n\n"
                           "  -o, --output FILE     write FILE: PDF if it ends in .pdf, else PNG\n"
                           "                        (default: form.pdf; - for PNG on standard output)\n"
                           "  -m, --moves N         room for N moves (default 60)\n"
                           "      --layout NAME     a shipped layout or a layout file (partiar-layout(5))\n"
                           "                        instead of partiar's own form\n"
                           "      --lang LANG       the labels' language: en (default), cs, sk, sl, de, fr, es;\n"
                           "                        the piece letters of its notation are printed as a reminder\n"
                           "      --dpi N           resolution of a PNG (default 300)\n"
                           "      --list            list the shipped layouts and the moves each has room for\n"
                           "      --cells           print where each move cell and header field is, in\n"
                           "                        pixels at --dpi (for tools that fill forms in)\n"
                           "  -h, --help            show this help\n\n"
                           "Exit status: 0 success, 2 usage or I/O error.\n";

static int list_layouts(void)
{
    for (size_t i = 0; pt_layout_shipped(i); i++) {
        pt_layout *l;
        char msg[256];
        if (pt_layout_load(&l, pt_layout_shipped(i), msg, sizeof msg) != PT_OK)
            continue;
        printf("%-16s %d moves\n", pt_layout_name(l), pt_layout_moves(l));
        pt_layout_free(&l);
    }
    return PT_EXIT_OK;
}

/* The boxes, one a line: move NUMBER white|black X Y W H, or field TAG X
 * Y W H, in pixels at dpi; the page's size first. */
static int print_cells(pt_layout *l, int dpi)
{
    pt_layout_box boxes[512];
    size_t n = pt_layout_boxes(l, boxes, 512);
    float w, h, k = (float)dpi / 25.4f;
    pt_layout_page(l, &w, &h);
    printf("page %d %d\n", (int)(w * k + 0.5f), (int)(h * k + 0.5f));
    for (size_t i = 0; i < n && i < 512; i++) {
        const pt_layout_box *b = &boxes[i];
        if (!strcmp(b->what, "move"))
            printf("move %d %s", b->number, b->side ? "black" : "white");
        else
            printf("field %s", b->what);
        printf(" %d %d %d %d\n", (int)(b->x * k + 0.5f), (int)(b->y * k + 0.5f), (int)(b->w * k + 0.5f),
               (int)(b->h * k + 0.5f));
    }
    pt_layout_free(&l);
    return pt_cli_flush(stdout, "<stdout>") ? PT_EXIT_OK : PT_EXIT_USAGE;
}

/* "K D V S J": the letters of the language's notation, king first; NULL
 * when it has none in ASCII (the form's fonts are ASCII). */
static const char *reminder(const char *lang, char *buf, size_t size)
{
    const pt_lang *l = pt_lang_find(lang ? lang : "en");
    static const int order[] = {PT_KING, PT_QUEEN, PT_ROOK, PT_BISHOP, PT_KNIGHT};
    size_t n = 0;
    for (size_t i = 0; l && i < 5; i++) {
        const char *p = l->piece[order[i]];
        if (!p || !*p || (unsigned char)p[0] >= 0x80 || n + strlen(p) + 2 > size)
            return NULL;
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? " " : "", p);
    }
    return l ? buf : NULL;
}

int pt_cmd_form(int argc, char **argv)
{
    static const struct option options[] = {
        {"output", required_argument, NULL, 'o'},
        {"moves", required_argument, NULL, 'm'},
        {"layout", required_argument, NULL, 'l'},
        {"lang", required_argument, NULL, 'g'},
        {"dpi", required_argument, NULL, 'd'},
        {"list", no_argument, NULL, 'L'},
        {"cells", no_argument, NULL, 'C'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *out = "form.pdf", *layout = NULL, *lang = NULL;
    long moves = 60, dpi = 300;
    bool cells = false;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, ":o:m:h", options, NULL)) != -1) {
        switch (opt) {
        case 'o': out = optarg ? optarg : out; break;
        case 'm':
            if (!pt_cli_parse_int(optarg, 1, 60, &moves))
                return pt_cli_usage_error("form",
                                          "--moves wants a number from 1 to 60 (partiar's form has 60 rows; "
                                          "use --layout three-25 for 75), not '%s'",
                                          optarg);
            break;
        case 'l': layout = optarg; break;
        case 'g': lang = optarg; break;
        case 'd':
            if (!pt_cli_parse_int(optarg, 72, 1200, &dpi))
                return pt_cli_usage_error("form", "--dpi wants a number from 72 to 1200, not '%s'", optarg);
            break;
        case 'L': return list_layouts();
        case 'C': cells = true; break;
        case 'h': fputs(help, stdout); return PT_EXIT_OK;
        default: return pt_cli_option_error("form", opt, argv);
        }
    }
    if (optind < argc)
        return pt_cli_usage_error("form", "no arguments expected, '%s' given", argv[optind]);
    pt_layout *l;
    char msg[512];
    if (pt_layout_load(&l, layout ? layout : "partiar-60", msg, sizeof msg) != PT_OK) {
        pt_cli_error("%s", msg);
        return PT_EXIT_USAGE;
    }
    if (cells)
        return print_cells(l, (int)dpi);
    char letters[64];
    pt_form_opts o = {.dpi = (int)dpi, .lang = lang, .notation = reminder(lang, letters, sizeof letters)};
    size_t len = strlen(out);
    int format = len > 4 && !strcmp(out + len - 4, ".pdf") ? PT_IMAGE_PDF : PT_IMAGE_PNG;
    uint8_t *data = NULL;
    size_t size = 0;
    pt_err err = pt_form_draw(l, &o, format, &data, &size);
    pt_layout_free(&l);
    if (err == PT_ERR_RANGE)
        return pt_cli_usage_error("form", "--lang is en, cs, sk, sl, de, fr or es, not '%s'", lang);
    if (err != PT_OK) {
        pt_cli_error("out of memory");
        return PT_EXIT_USAGE;
    }
    bool to_stdout = !strcmp(out, "-");
    FILE *f = to_stdout ? stdout : fopen(out, "wb");
    bool ok = f && fwrite(data, 1, size, f) == size;
    ok = (to_stdout ? pt_cli_flush(f, "<stdout>") : f && fclose(f) == 0) && ok;
    if (!ok && !to_stdout)
        pt_cli_error("%s: %s", out, strerror(errno));
    free(data);
    return ok ? PT_EXIT_OK : PT_EXIT_USAGE;
}
