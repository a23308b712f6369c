/*
 * zobrist.c - the random keys of position hashing.
 *
 * Keys come from a fixed-seed generator, so a position has the same key in
 * every run and on every machine.
 */
#include "chess/position.h"

pt_zobrist_keys pt_zobrist;

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void pt_zobrist_init(void)
{
    uint64_t state = 0x70617274696172ULL; /* "partiar" */
    for (int p = 0; p < 16; p++)
        for (int sq = 0; sq < 64; sq++)
            pt_zobrist.piece[p][sq] = splitmix64(&state);
    /* A key per right, combined so that any set of rights has one key. */
    uint64_t single[4];
    for (int i = 0; i < 4; i++)
        single[i] = splitmix64(&state);
    for (int rights = 0; rights < 16; rights++) {
        pt_zobrist.castling[rights] = 0;
        for (int i = 0; i < 4; i++)
            if (rights & (1 << i))
                pt_zobrist.castling[rights] ^= single[i];
    }
    for (int f = 0; f < 8; f++)
        pt_zobrist.ep_file[f] = splitmix64(&state);
    pt_zobrist.side = splitmix64(&state);
}

uint64_t pt_pos_compute_key(const pt_pos *pos)
{
    uint64_t key = pt_zobrist.castling[pos->castling];
    for (int sq = 0; sq < 64; sq++)
        if (pos->board[sq] != PT_NO_PIECE)
            key ^= pt_zobrist.piece[pos->board[sq]][sq];
    if (pos->ep != PT_NO_SQ)
        key ^= pt_zobrist.ep_file[PT_FILE(pos->ep)];
    if (pos->side == PT_BLACK)
        key ^= pt_zobrist.side;
    return key;
}
