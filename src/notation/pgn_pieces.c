/*
 * pgn_pieces.c - one input cut into pieces that threads read apart.
 *
 * The cutter reads the input in whole blocks into a stage, and copies
 * each piece out of it, up to the last line before about piece_bytes
 * where a game may start (pt_pgn_split_point). A cut is a guess: once a
 * piece is read, pt_pgn_ended_between_games() tells whether it held.
 * When it did not, the game it split, and the pieces after it (read on a
 * start that was no game's), are read again: with the next batch of
 * pieces (pt_pgn_pieces_carry), or, when that cannot be, with the rest of
 * the input on one reader (pt_pgn_cutter_rest).
 */
#include "partiar.h"

#include <stdlib.h>
#include <string.h>

#define READ_BYTES ((size_t)64 << 10)

/* A run of bytes the rest reader reads in turn. */
typedef struct part {
    const char *b;
    size_t len, at;
} part;

struct pt_pgn_cutter {
    pt_read_fn read;
    void *ctx;
    size_t piece_bytes, limit;
    bool eof, done;
    pt_buf stage;
    size_t at; /* stage.data[at..stage.len) is read but in no piece yet */
    int line;  /* the line stage[at] is on */
    /* The rest reader's runs (pt_pgn_cutter_rest), then the input. */
    part *parts;
    size_t nparts, next_part;
};

pt_err pt_pgn_cutter_open(pt_pgn_cutter **pc, pt_read_fn read, void *ctx, size_t piece_bytes, size_t limit)
{
    pt_pgn_cutter *c = calloc(1, sizeof *c);
    *pc = c;
    if (!c)
        return PT_ERR_NOMEM;
    *c = (pt_pgn_cutter){.read = read, .ctx = ctx, .piece_bytes = piece_bytes, .limit = limit, .line = 1};
    return PT_OK;
}

void pt_pgn_cutter_close(pt_pgn_cutter **pc)
{
    if (*pc) {
        pt_buf_free(&(*pc)->stage);
        free((*pc)->parts);
    }
    free(*pc);
    *pc = NULL;
}

static const unsigned char *staged(const pt_pgn_cutter *c)
{
    return (const unsigned char *)c->stage.data + c->at;
}

static size_t staged_len(const pt_pgn_cutter *c)
{
    return c->stage.len - c->at;
}

/* Reads a block into the stage. Whole blocks: zlib then inflates straight
 * into them, and loses none of a damaged stream's last good bytes in its
 * own buffer. */
static bool read_block(pt_pgn_cutter *c)
{
    if (c->at > 0 && c->stage.len + READ_BYTES + 1 > c->stage.cap) {
        memmove(c->stage.data, c->stage.data + c->at, staged_len(c));
        c->stage.len -= c->at;
        c->at = 0;
    }
    if (!pt_buf_reserve(&c->stage, READ_BYTES))
        return false;
    size_t got = c->read(c->ctx, c->stage.data + c->stage.len, READ_BYTES);
    c->eof = got == 0;
    c->stage.len += got;
    return true;
}

/* Moves the first n staged bytes into p. */
static bool take(pt_pgn_cutter *c, pt_pgn_piece *p, size_t n)
{
    p->bytes.len = 0;
    if (!pt_buf_append(&p->bytes, c->stage.data + c->at, n))
        return false;
    c->at += n;
    return true;
}

pt_err pt_pgn_cutter_next(pt_pgn_cutter *c, pt_pgn_piece *p)
{
    if (c->done)
        return PT_ERR_END;
    p->start = (pt_pgn_place){.line = c->line};
    p->last = p->uncut = p->carried = false;
    p->games = 0;
    for (size_t want = c->piece_bytes;; want *= 2) {
        while (!c->eof && staged_len(c) <= want)
            if (!read_block(c))
                return PT_ERR_NOMEM;
        if (c->eof && staged_len(c) <= want) {
            p->last = c->done = true;
            return take(c, p, staged_len(c)) ? PT_OK : PT_ERR_NOMEM;
        }
        size_t cut = pt_pgn_split_point(staged(c), want);
        if (cut > 0) {
            c->line += (int)pt_pgn_count_lines(staged(c), cut);
            return take(c, p, cut) ? PT_OK : PT_ERR_NOMEM;
        }
        if (want >= c->limit) {
            p->uncut = c->done = true; /* one huge game, or no line ends */
            return take(c, p, staged_len(c)) ? PT_OK : PT_ERR_NOMEM;
        }
    }
}

pt_err pt_pgn_piece_begin(pt_pgn_piece *p, pt_pgn_reader **pr)
{
    p->games = 0;
    p->between = true;
    pt_err err = pt_pgn_open_bytes(pr, (const unsigned char *)p->bytes.data, p->bytes.len);
    if (err == PT_OK)
        pt_pgn_place_set(*pr, &p->start);
    return err;
}

pt_err pt_pgn_piece_next(pt_pgn_piece *p, pt_pgn_reader *r, pt_pgn_game *g)
{
    pt_pgn_place here;
    pt_pgn_place_get(r, &here);
    pt_err err = pt_pgn_next(r, g);
    if (err == PT_OK) {
        p->last_game = here;
        p->games++;
    }
    return err;
}

void pt_pgn_piece_end(pt_pgn_piece *p, pt_pgn_reader **pr)
{
    if (*pr)
        p->between = pt_pgn_ended_between_games(*pr);
    pt_pgn_close(pr);
}

bool pt_pgn_piece_failed(const pt_pgn_piece *p)
{
    return p->uncut || (!p->between && !p->last);
}

bool pt_pgn_piece_keeps_games(const pt_pgn_piece *p)
{
    return !p->uncut && p->games > 0;
}

/* Where a bad piece is read again from: its last game, or all of it. */
static pt_pgn_place read_again_from(const pt_pgn_piece *p)
{
    return pt_pgn_piece_keeps_games(p) ? p->last_game : p->start;
}

bool pt_pgn_pieces_carry(pt_pgn_piece *bad, pt_pgn_piece *const *rest, size_t nrest, pt_pgn_piece *next, bool next_cut,
                         size_t limit)
{
    if (bad->uncut || bad->carried)
        return false;
    pt_pgn_place from = read_again_from(bad);
    pt_buf merged = {0};
    bool ok = pt_buf_append(&merged, bad->bytes.data + from.offset, bad->bytes.len - from.offset);
    for (size_t i = 0; ok && i < nrest; i++)
        ok = pt_buf_append(&merged, rest[i]->bytes.data, rest[i]->bytes.len);
    if (ok && next_cut)
        ok = pt_buf_append(&merged, next->bytes.data, next->bytes.len);
    if (!ok || merged.len > limit) {
        pt_buf_free(&merged);
        return false;
    }
    /* Without a next piece the input ended within the batch, and its last
     * piece says how. */
    const pt_pgn_piece *end = next_cut ? next : nrest ? rest[nrest - 1] : bad;
    bool last = end->last, uncut = end->uncut;
    pt_buf_free(&next->bytes);
    next->bytes = merged;
    from.offset = 0;
    from.games = 0;
    next->start = from;
    next->last = last;
    next->uncut = uncut;
    next->carried = true;
    return true;
}

static size_t rest_read(void *ctx, void *buf, size_t size)
{
    pt_pgn_cutter *c = ctx;
    for (; c->next_part < c->nparts; c->next_part++) {
        part *p = &c->parts[c->next_part];
        size_t n = p->len - p->at < size ? p->len - p->at : size;
        if (n > 0) {
            memcpy(buf, p->b + p->at, n);
            p->at += n;
            return n;
        }
    }
    return c->eof ? 0 : c->read(c->ctx, buf, size);
}

pt_err pt_pgn_cutter_rest(pt_pgn_cutter *c, pt_pgn_piece *const *pieces, size_t n, long games, pt_pgn_reader **pr)
{
    *pr = NULL;
    pt_pgn_place from = read_again_from(pieces[0]);
    size_t skip = from.offset;
    from.offset = 0;
    from.games = games;
    free(c->parts);
    c->parts = calloc(n + 1, sizeof *c->parts);
    if (!c->parts)
        return PT_ERR_NOMEM;
    c->nparts = c->next_part = 0;
    c->parts[c->nparts++] = (part){pieces[0]->bytes.data + skip, pieces[0]->bytes.len - skip, 0};
    for (size_t i = 1; i < n; i++)
        c->parts[c->nparts++] = (part){pieces[i]->bytes.data, pieces[i]->bytes.len, 0};
    c->parts[c->nparts++] = (part){c->stage.data + c->at, staged_len(c), 0};
    c->done = true;
    pt_err err = pt_pgn_open(pr, rest_read, c);
    if (err == PT_OK)
        pt_pgn_place_set(*pr, &from);
    return err;
}
