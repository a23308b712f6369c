/*
 * fuzz_pgn.c - libFuzzer harness for the PGN reader, replay and writer.
 *
 * The input is read in pieces of a size taken from its first byte, so that
 * the reader's resumption is exercised too. Every game must come back with
 * tokens inside its text and locations inside the input, and must survive
 * replay and writing.
 */
#include "partiar.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct source {
    const uint8_t *data;
    size_t size, at, chunk;
} source;

static size_t read_piece(void *ctx, void *buf, size_t n)
{
    source *s = ctx;
    size_t left = s->size - s->at;
    if (n > left)
        n = left;
    if (n > s->chunk)
        n = s->chunk;
    memcpy(buf, s->data + s->at, n);
    s->at += n;
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    source src = {data + 1, size - 1, 0, (size_t)data[0] % 17 + 1};
    pt_pgn_reader *r;
    if (pt_pgn_open(&r, read_piece, &src) != PT_OK)
        return 0;
    pt_pgn_set_max_game(r, 1 << 16);
    pt_pgn_game g;
    pt_replay rp;
    pt_buf out = {0};
    pt_pgn_game_init(&g);
    pt_replay_init(&rp);
    pt_replay_opts ro = {.strict = data[0] & 1, .check = data[0] & 2, .claims = data[0] & 4};
    pt_pgn_write_opts wo = {.lang = pt_lang_at(data[0] % pt_lang_count()), .notation = data[0] % 3, .diagnostics = true};
    long games = 0;
    while (pt_pgn_next(r, &g) == PT_OK) {
        if (g.number != ++games)
            abort();
        for (size_t i = 0; i < g.ntokens; i++) {
            const pt_pgn_token *t = &g.tokens[i];
            if (t->text + t->len > g.text_len || t->line < 1 || t->column < 1)
                abort();
        }
        for (size_t i = 0; i < g.ndiags; i++)
            if (g.diags[i].line < 1 || g.diags[i].column < 1 || !g.diags[i].code)
                abort();
        if (pt_replay_game(&g, &ro, &rp) != PT_OK)
            abort();
        out.len = 0;
        if (pt_pgn_write(&g, &rp, &wo, &out) != PT_OK)
            abort();
    }
    pt_buf_free(&out);
    pt_replay_free(&rp);
    pt_pgn_game_free(&g);
    pt_pgn_close(&r);
    return 0;
}
