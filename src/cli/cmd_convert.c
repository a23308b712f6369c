/*
 * cmd_convert.c - "partiar convert": read PGN in any notation, replay it,
 * write clean export-format PGN in the notation asked for.
 */
#include "cli.h"
#include "output.h"
#include "report.h"

#include <errno.h>
#include <getopt.h>
#include <string.h>
#include <unistd.h>

static const char help[] = "Usage: partiar convert [OPTIONS] [FILE...]\n"
                           "Read PGN games in any national notation, replay them through the Laws and\n"
                           "write them as clean PGN. Problems go to standard error, one line each:\n"
                           "FILE:LINE:COLUMN: error: game N (NOTATION): MESSAGE [code].\n"
                           "FILE may be gzip-compressed (recognised by its content). With no FILE,\n"
                           "or '-', read standard input.\n\n"
                           "  -l, --lang CODE       notation of the input: auto (default: detected per\n"
                           "                        game) or a language code (en, cs, sk, sl, de, fr, ...)\n"
                           "  -L, --out-lang CODE   notation of the output (default en; fig: figurines)\n"
                           "  -n, --notation KIND   san (default), lan (long algebraic) or uci\n"
                           "      --strict          warn about every non-standard spelling\n"
                           "      --annotate        write each diagnostic as a comment after its move\n"
                           "      --no-comments     drop comments, NAGs and variations\n"
                           "  -o, --output FILE     write the PGN to FILE instead of standard output\n"
                           "      --summary         print counts on standard error at the end\n"
                           "      --languages       list the language codes and their piece letters\n"
                           "  -h, --help            show this help\n\n"
                           "Exit status: 0 no errors, 1 some game has an error, 2 usage or I/O error.\n";

typedef struct counts {
    long games, bad_games, errors, warnings;
    long by_lang[64];
} counts;

static void print_languages(void)
{
    static const char *const order[] = {"K", "Q", "R", "B", "N", "P"};
    static const int types[] = {PT_KING, PT_QUEEN, PT_ROOK, PT_BISHOP, PT_KNIGHT, PT_PAWN};
    printf("code  language     ");
    for (int k = 0; k < 6; k++)
        printf(" %s", order[k]);
    printf("\n");
    for (int i = 0; i < pt_lang_count(); i++) {
        const pt_lang *l = pt_lang_at(i);
        printf("%-5s %-12s ", l->code, l->name);
        for (int k = 0; k < 6; k++)
            printf(" %s", l->piece[types[k]][0] ? l->piece[types[k]] : "-");
        printf("\n");
    }
}

/* One line per diagnostic on standard error, as check writes them. */
static pt_err report(const char *name, pt_pgn_game *g, const pt_replay *rp, counts *c, pt_report_list *kept, pt_buf *b)
{
    static const pt_report_opts text = {.format = PT_FORMAT_TEXT};
    pt_report_clear(kept, (size_t)1 << 20);
    if (pt_report_keep(kept, &text, g, rp) != PT_OK)
        return PT_ERR_NOMEM;
    const pt_report_game *r = &kept->games[0];
    b->len = 0;
    pt_report_write(b, PT_FORMAT_TEXT, name, kept, r, NULL);
    if (b->len)
        fwrite(b->data, 1, b->len, stderr);
    c->errors += r->errors;
    c->warnings += r->warnings;
    c->games++;
    c->bad_games += r->errors > 0;
    return PT_OK;
}

/* Converts one input; false on an I/O error or when memory runs out. */
static bool convert(const char *path, FILE *out, const pt_replay_opts *ro, const pt_pgn_write_opts *wo, counts *c)
{
    const char *name = pt_cli_input_name(path);
    char msg[200];
    pt_input *in;
    if (pt_input_open(&in, path, msg, sizeof msg) != PT_OK) {
        pt_cli_error("%s: %s", name, msg);
        return false;
    }
    pt_pgn_reader *r = NULL;
    pt_pgn_game *g = NULL;
    pt_replay *rp = NULL;
    pt_buf text = {0}, diags = {0};
    pt_report_list kept = {0};
    pt_err err = pt_pgn_open(&r, pt_input_read, in);
    if (err == PT_OK)
        err = pt_pgn_game_new(&g);
    if (err == PT_OK)
        err = pt_replay_new(&rp);
    long last = 0; /* the last game read, and its first line */
    int last_line = 0;
    while (err == PT_OK && (err = pt_pgn_next(r, g)) == PT_OK) {
        last = pt_pgn_game_number(g);
        last_line = pt_pgn_game_line(g);
        if ((err = pt_replay_game(g, ro, rp)) != PT_OK || (err = report(name, g, rp, c, &kept, &diags)) != PT_OK)
            break;
        for (int i = 0; i < pt_lang_count() && i < 64; i++)
            if (pt_replay_replayed(rp) && pt_lang_at(i) == pt_replay_lang(rp))
                c->by_lang[i]++;
        text.len = 0;
        pt_pgn_moves moves;
        pt_replay_pgn_moves(rp, &moves);
        if ((err = pt_pgn_write(g, &moves, wo, &text)) != PT_OK)
            break;
        fwrite(text.data, 1, text.len, out);
    }
    bool failed = pt_input_failed(in, msg, sizeof msg);
    if (err == PT_ERR_NOMEM)
        pt_cli_error("%s: out of memory", name);
    else if (failed) {
        char where[300];
        pt_cli_input_broke(where, sizeof where, msg, last, last_line);
        pt_cli_error("%s: %s", name, where);
    }
    pt_buf_free(&text);
    pt_buf_free(&diags);
    pt_report_free(&kept);
    pt_replay_free(&rp);
    pt_pgn_game_free(&g);
    pt_pgn_close(&r);
    pt_input_close(&in);
    return err == PT_ERR_END && !failed;
}

static const pt_lang *language(const char *code, bool allow_auto, bool *ok)
{
    *ok = true;
    if (allow_auto && strcmp(code, "auto") == 0)
        return NULL;
    const pt_lang *l = pt_lang_find(code);
    *ok = l != NULL;
    return l;
}

int pt_cmd_convert(int argc, char **argv)
{
    static const struct option options[] = {
        {"lang", required_argument, NULL, 'l'},
        {"out-lang", required_argument, NULL, 'L'},
        {"notation", required_argument, NULL, 'n'},
        {"strict", no_argument, NULL, 's'},
        {"annotate", no_argument, NULL, 'a'},
        {"no-comments", no_argument, NULL, 'c'},
        {"output", required_argument, NULL, 'o'},
        {"summary", no_argument, NULL, 'S'},
        {"languages", no_argument, NULL, 'G'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    pt_replay_opts ro = {.lang = NULL};
    pt_pgn_write_opts wo = {.notation = PT_NOTATION_SAN};
    const char *output = NULL;
    bool summary = false, ok;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, ":l:L:n:o:h", options, NULL)) != -1) {
        switch (opt) {
        case 'l':
            ro.lang = language(optarg, true, &ok);
            if (!ok)
                return pt_cli_usage_error("convert", "unknown language '%s' (see --languages)", optarg);
            break;
        case 'L':
            wo.lang = language(optarg, false, &ok);
            if (!ok)
                return pt_cli_usage_error("convert", "unknown language '%s' (see --languages)", optarg);
            break;
        case 'n':
            if (strcmp(optarg, "san") == 0)
                wo.notation = PT_NOTATION_SAN;
            else if (strcmp(optarg, "lan") == 0)
                wo.notation = PT_NOTATION_LAN;
            else if (strcmp(optarg, "uci") == 0)
                wo.notation = PT_NOTATION_UCI;
            else
                return pt_cli_usage_error("convert", "--notation is san, lan or uci, not '%s'", optarg);
            break;
        case 's': ro.strict = true; break;
        case 'a': wo.diagnostics = true; break;
        case 'c': wo.no_comments = true; break;
        case 'o': output = optarg; break;
        case 'S': summary = true; break;
        case 'G': print_languages(); return PT_EXIT_OK;
        case 'h': fputs(help, stdout); return PT_EXIT_OK;
        default: return pt_cli_option_error("convert", opt, argv);
        }
    }

    pt_output out;
    if (!pt_output_open(&out, output ? output : "-"))
        return PT_EXIT_USAGE;
    int nfiles = argc - optind;
    for (int i = 0; i < (nfiles ? nfiles : 1); i++) {
        const char *path = nfiles ? argv[optind + i] : "-";
        if (pt_output_is(&out, path)) {
            pt_cli_error("%s: is the output file too (-o); refusing to write over an input", pt_cli_input_name(path));
            pt_output_close(&out, false);
            return PT_EXIT_USAGE;
        }
    }
    counts c = {0};
    bool io_error = false;
    for (int i = 0; i < (nfiles ? nfiles : 1); i++)
        io_error |= !convert(nfiles ? argv[optind + i] : "-", out.f, &ro, &wo, &c);
    io_error |= !pt_output_close(&out, true);
    if (summary || (isatty(STDERR_FILENO) && c.games > 1)) {
        fprintf(stderr, "convert: %ld games, %ld with errors; %ld errors, %ld warnings; notation:", c.games,
                c.bad_games, c.errors, c.warnings);
        for (int i = 0; i < pt_lang_count() && i < 64; i++)
            if (c.by_lang[i])
                fprintf(stderr, " %s %ld", pt_lang_at(i)->code, c.by_lang[i]);
        fprintf(stderr, "\n");
    }
    if (io_error)
        return PT_EXIT_USAGE;
    return c.bad_games ? PT_EXIT_PROBLEMS : PT_EXIT_OK;
}
