/*
 * pgn_pieces.c - one input cut into pieces that threads read apart.
 *
 * The cutter reads the input in whole blocks into a stage, and points
 * each piece at its part of it, up to the last line before about
 * piece_bytes where a game may start (pt_pgn_split_point). There are two
 * stages, one a batch: the pieces of one batch stay where they are while
 * the next is cut into the other. A cut is a guess: once a piece is read,
 * pt_pgn_ended_between_games() tells whether it held. When it did not,
 * the game it split, and the pieces after it (read on a start that was no
 * game's), are read again: with the next batch of pieces
 * (pt_pgn_pieces_carry), or, when that cannot be, with the rest of the
 * input on one reader (pt_pgn_cutter_rest).
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
    pt_buf stage[2]; /* a batch's bytes each; `now` is the one being cut */
    int now;
    size_t at; /* stage[now].data[at..len) is read but in no piece yet */
    int line;  /* the line stage[now].data[at] is on */
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
        pt_buf_free(&(*pc)->stage[0]);
        pt_buf_free(&(*pc)->stage[1]);
        free((*pc)->parts);
    }
    free(*pc);
    *pc = NULL;
}

static pt_buf *stage(pt_pgn_cutter *c)
{
    return &c->stage[c->now];
}

static const unsigned char *staged(pt_pgn_cutter *c)
{
    return (const unsigned char *)stage(c)->data + c->at;
}

static size_t staged_len(pt_pgn_cutter *c)
{
    return stage(c)->len - c->at;
}

pt_err pt_pgn_cutter_flip(pt_pgn_cutter *c, size_t batch_bytes)
{
    pt_buf *from = stage(c), *to = &c->stage[!c->now];
    /* Room for the batch, a last piece of up to limit bytes, a block read
     * past it and what is staged now: the stage must not move while the
     * pieces cut into it are read. */
    size_t room = staged_len(c) + batch_bytes + c->limit + 2 * READ_BYTES;
    to->len = 0;
    if (!pt_buf_reserve(to, room) || !pt_buf_append(to, from->data + c->at, staged_len(c)))
        return PT_ERR_NOMEM;
    c->now = !c->now;
    c->at = 0;
    return PT_OK;
}

/* Reads a block into the stage. Whole blocks: zlib then inflates straight
 * into them, and loses none of a damaged stream's last good bytes in its
 * own buffer. The stage has the room (pt_pgn_cutter_flip). */
static void read_block(pt_pgn_cutter *c)
{
    pt_buf *s = stage(c);
    size_t room = s->cap - s->len - 1; /* pt_buf keeps a NUL */
    size_t got = c->read(c->ctx, s->data + s->len, room < READ_BYTES ? room : READ_BYTES);
    c->eof = got == 0;
    s->len += got;
}

/* Points p at the first n staged bytes. */
static void take(pt_pgn_cutter *c, pt_pgn_piece *p, size_t n)
{
    p->data = stage(c)->data + c->at;
    p->len = n;
    c->at += n;
}

pt_err pt_pgn_cutter_next(pt_pgn_cutter *c, pt_pgn_piece *p)
{
    if (c->done)
        return PT_ERR_END;
    if (!stage(c)->data && pt_pgn_cutter_flip(c, 0) != PT_OK)
        return PT_ERR_NOMEM;
    p->start = (pt_pgn_place){.line = c->line};
    p->last = p->uncut = p->carried = false;
    p->games = 0;
    for (size_t want = c->piece_bytes;; want *= 2) {
        while (!c->eof && staged_len(c) <= want && stage(c)->cap - stage(c)->len > READ_BYTES)
            read_block(c);
        if (c->eof && staged_len(c) <= want) {
            p->last = c->done = true;
            take(c, p, staged_len(c));
            return PT_OK;
        }
        size_t cut = pt_pgn_split_point(staged(c), want < staged_len(c) ? want : staged_len(c));
        if (cut > 0) {
            c->line += (int)pt_pgn_count_lines(staged(c), cut);
            take(c, p, cut);
            return PT_OK;
        }
        if (want >= c->limit || stage(c)->cap - stage(c)->len <= READ_BYTES) {
            p->uncut = c->done = true; /* one huge game, or no line ends */
            take(c, p, staged_len(c));
            return PT_OK;
        }
    }
}

pt_err pt_pgn_piece_begin(pt_pgn_piece *p, pt_pgn_reader *r)
{
    p->games = 0;
    p->between = true;
    pt_err err = pt_pgn_reset_bytes(r, (const unsigned char *)p->data, p->len);
    if (err == PT_OK) {
        pt_pgn_place_set(r, &p->start);
        pt_pgn_set_more_follows(r, !p->last);
    }
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

void pt_pgn_piece_end(pt_pgn_piece *p, const pt_pgn_reader *r)
{
    p->between = pt_pgn_ended_between_games(r);
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
    bool ok = pt_buf_append(&merged, bad->data + from.offset, bad->len - from.offset);
    for (size_t i = 0; ok && i < nrest; i++)
        ok = pt_buf_append(&merged, rest[i]->data, rest[i]->len);
    if (ok && next_cut)
        ok = pt_buf_append(&merged, next->data, next->len);
    if (!ok || merged.len > limit) {
        pt_buf_free(&merged);
        return false;
    }
    /* Without a next piece the input ended within the batch, and its last
     * piece says how. */
    const pt_pgn_piece *end = next_cut ? next : nrest ? rest[nrest - 1] : bad;
    bool last = end->last, uncut = end->uncut;
    pt_buf_free(&next->own);
    next->own = merged;
    next->data = merged.data;
    next->len = merged.len;
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
    c->parts[c->nparts++] = (part){pieces[0]->data + skip, pieces[0]->len - skip, 0};
    for (size_t i = 1; i < n; i++)
        c->parts[c->nparts++] = (part){pieces[i]->data, pieces[i]->len, 0};
    c->parts[c->nparts++] = (part){stage(c)->data + c->at, staged_len(c), 0};
    c->done = true;
    pt_err err = pt_pgn_open(pr, rest_read, c);
    if (err == PT_OK)
        pt_pgn_place_set(*pr, &from);
    return err;
}
