/*
 * position.c - building positions and playing moves on them.
 */
#include "chess/position.h"

#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static void init_tables(void)
{
    pt_bitboard_init();
    pt_zobrist_init();
}

void pt_init(void)
{
    pthread_once(&init_once, init_tables);
}

char *pt_square_name(int sq, char out[3])
{
    out[0] = (char)('a' + PT_FILE(sq));
    out[1] = (char)('1' + PT_RANK(sq));
    out[2] = '\0';
    return out;
}

void pt_pos_clear(pt_pos *pos)
{
    pt_init();
    memset(pos, 0, sizeof *pos);
    memset(pos->board, PT_NO_PIECE, sizeof pos->board);
    memset(pos->castle_mask, 0xF, sizeof pos->castle_mask);
    memset(pos->castle_rook, PT_NO_SQ, sizeof pos->castle_rook);
    pos->ep = PT_NO_SQ;
    pos->fullmove = 1;
}

void pt_pos_put(pt_pos *pos, int piece, int sq)
{
    pos->board[sq] = (uint8_t)piece;
    pos->by_type[PT_TYPE_OF(piece)] |= PT_BB(sq);
    pos->by_color[PT_COLOR_OF(piece)] |= PT_BB(sq);
}

/* The mask makes any move from or to the king's or rook's square drop the
 * right, which covers king moves, rook moves and rook captures alike. */
void pt_pos_add_castling(pt_pos *pos, int index, int rook_sq)
{
    int color = index >> 1;
    int king_sq = pt_pos_king(pos, color);
    pos->castling |= (uint8_t)(1 << index);
    pos->castle_rook[index] = (uint8_t)rook_sq;
    pos->castle_mask[rook_sq] &= (uint8_t) ~(1 << index);
    pos->castle_mask[king_sq] &= (uint8_t) ~(3 << (color * 2));
    if (PT_FILE(king_sq) != 4 || (PT_FILE(rook_sq) != 0 && PT_FILE(rook_sq) != 7))
        pos->chess960 = true;
}

/* Whether the side to move can legally capture en passant onto ep_sq. */
static bool ep_capture_legal(const pt_pos *pos, int ep_sq)
{
    int us = pos->side, them = us ^ 1;
    int cap_sq = ep_sq ^ 8; /* the pawn that just advanced two squares */
    int ksq = pt_pos_king(pos, us);
    pt_bb capturers = pt_attacks_pawn(them, ep_sq) & pt_pos_pieces(pos, us, PT_PAWN);
    pt_bb occ = pt_pos_occupied(pos);

    while (capturers) {
        int from = pt_bb_pop(&capturers);
        pt_bb after = (occ ^ PT_BB(from) ^ PT_BB(cap_sq)) | PT_BB(ep_sq);
        if (!pt_pos_attackers_of(pos, ksq, after, them))
            return true;
    }
    return false;
}

void pt_pos_set_ep(pt_pos *pos, int ep_sq)
{
    pos->ep = PT_NO_SQ;
    if (ep_sq != PT_NO_SQ && ep_capture_legal(pos, ep_sq))
        pos->ep = (uint8_t)ep_sq;
}

void pt_pos_finish(pt_pos *pos)
{
    pos->key = pt_pos_compute_key(pos);
}

pt_err pt_pos_validate(const pt_pos *pos, char *msg, size_t size)
{
    static const char *const names[2] = {"White", "Black"};
    for (int c = 0; c < 2; c++) {
        int kings = pt_bb_count(pt_pos_pieces(pos, c, PT_KING));
        if (kings != 1) {
            snprintf(msg, size, "%s has %d kings; a position needs exactly one", names[c], kings);
            return PT_ERR_ILLEGAL;
        }
        if (pt_bb_count(pos->by_color[c]) > 16) {
            snprintf(msg, size, "%s has more than 16 pieces", names[c]);
            return PT_ERR_ILLEGAL;
        }
        if (pt_bb_count(pt_pos_pieces(pos, c, PT_PAWN)) > 8) {
            snprintf(msg, size, "%s has more than 8 pawns", names[c]);
            return PT_ERR_ILLEGAL;
        }
    }
    pt_bb edge_pawns = pos->by_type[PT_PAWN] & (PT_RANK_1 | (PT_RANK_1 << 56));
    if (edge_pawns) {
        char sq[3];
        snprintf(msg, size, "pawn on %s: pawns cannot stand on the first or eighth rank",
                 pt_square_name(pt_bb_lsb(edge_pawns), sq));
        return PT_ERR_ILLEGAL;
    }
    int them = pos->side ^ 1;
    pt_bb occ = pt_pos_occupied(pos);
    if (pt_pos_attackers(pos, pt_pos_king(pos, them), occ) & pos->by_color[pos->side]) {
        snprintf(msg, size, "%s is in check but it is %s's move", names[them], names[pos->side]);
        return PT_ERR_ILLEGAL;
    }
    if (pt_bb_count(pt_pos_checkers(pos)) > 2) {
        snprintf(msg, size, "%s is in check from more than two pieces", names[pos->side]);
        return PT_ERR_ILLEGAL;
    }
    return PT_OK;
}

static pt_pos start_position;
static pthread_once_t start_once = PTHREAD_ONCE_INIT;

static void init_start_position(void)
{
    pt_err err = pt_pos_chess960(&start_position, 518);
    (void)err; /* 518 is always in range */
    start_position.chess960 = false;
}

/* Built once and copied: every game of an archive starts here. */
void pt_pos_startpos(pt_pos *pos)
{
    pthread_once(&start_once, init_start_position);
    *pos = start_position;
}

/* Scharnagl's numbering: the number encodes the light bishop, the dark
 * bishop, the queen and the knights in turn; rooks and king fill the three
 * squares left, in the order R K R. */
pt_err pt_pos_chess960(pt_pos *pos, int n)
{
    static const int knight_pairs[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                            {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    if (n < 0 || n > 959)
        return PT_ERR_RANGE;
    int back[8];
    for (int f = 0; f < 8; f++)
        back[f] = PT_NO_TYPE;
    int light = 2 * (n % 4) + 1;
    back[light] = PT_BISHOP;
    n /= 4;
    int dark = 2 * (n % 4);
    back[dark] = PT_BISHOP;
    n /= 4;
    int place[4] = {PT_QUEEN, PT_KNIGHT, PT_KNIGHT, PT_NO_TYPE};
    int slot[4] = {n % 6, knight_pairs[n / 6][0], knight_pairs[n / 6][1], 0};
    for (int i = 0; i < 3; i++) {
        /* The knights' slots count the empty squares left after the queen,
         * and the second knight's also the first knight's square. */
        int empty = 0;
        int want = i == 2 ? slot[i] - 1 : slot[i];
        for (int f = 0; f < 8; f++) {
            if (back[f] != PT_NO_TYPE)
                continue;
            if (empty++ == want) {
                back[f] = place[i];
                break;
            }
        }
    }
    static const int rest[3] = {PT_ROOK, PT_KING, PT_ROOK};
    for (int f = 0, i = 0; f < 8; f++)
        if (back[f] == PT_NO_TYPE)
            back[f] = rest[i++];

    pt_pos_clear(pos);
    for (int f = 0; f < 8; f++) {
        pt_pos_put(pos, PT_PIECE(PT_WHITE, back[f]), PT_SQ(f, 0));
        pt_pos_put(pos, PT_PIECE(PT_WHITE, PT_PAWN), PT_SQ(f, 1));
        pt_pos_put(pos, PT_PIECE(PT_BLACK, PT_PAWN), PT_SQ(f, 6));
        pt_pos_put(pos, PT_PIECE(PT_BLACK, back[f]), PT_SQ(f, 7));
    }
    int rooks[2] = {0, 7}, nr = 0;
    for (int f = 0; f < 8; f++)
        if (back[f] == PT_ROOK)
            rooks[nr++] = f;
    pt_pos_add_castling(pos, 0, PT_SQ(rooks[1], 0));
    pt_pos_add_castling(pos, 1, PT_SQ(rooks[0], 0));
    pt_pos_add_castling(pos, 2, PT_SQ(rooks[1], 7));
    pt_pos_add_castling(pos, 3, PT_SQ(rooks[0], 7));
    pos->chess960 = true;
    pt_pos_finish(pos);
    return PT_OK;
}

int pt_pos_piece_at(const pt_pos *pos, int sq)
{
    return pos->board[sq];
}

pt_bb pt_pos_checkers(const pt_pos *pos)
{
    int ksq = pt_pos_king(pos, pos->side);
    return pt_pos_attackers_of(pos, ksq, pt_pos_occupied(pos), pos->side ^ 1);
}

bool pt_pos_in_check(const pt_pos *pos)
{
    return pt_pos_checkers(pos) != 0;
}

#ifdef PT_DEBUG
/* Recomputes what make and unmake keep incrementally; any difference is a
 * bug in them. Built into debug and sanitizer builds only. */
static void assert_position_ok(const pt_pos *pos)
{
    pt_bb seen = 0;
    for (int sq = 0; sq < 64; sq++) {
        int piece = pos->board[sq];
        if (piece == PT_NO_PIECE)
            continue;
        assert(pos->by_color[PT_COLOR_OF(piece)] & pos->by_type[PT_TYPE_OF(piece)] & PT_BB(sq));
        seen |= PT_BB(sq);
    }
    assert(seen == pt_pos_occupied(pos));
    assert(!(pos->by_color[PT_WHITE] & pos->by_color[PT_BLACK]));
    assert(pt_bb_count(pt_pos_pieces(pos, PT_WHITE, PT_KING)) == 1);
    assert(pt_bb_count(pt_pos_pieces(pos, PT_BLACK, PT_KING)) == 1);
    assert(pos->ep == PT_NO_SQ || PT_RANK(pos->ep) == (pos->side == PT_WHITE ? 5 : 2));
    for (int i = 0; i < 4; i++)
        assert(!(pos->castling & (1 << i)) || pos->board[pos->castle_rook[i]] == PT_PIECE(i >> 1, PT_ROOK));
    assert(pos->key == pt_pos_compute_key(pos));
}
#define ASSERT_POSITION_OK(pos) assert_position_ok(pos)
#else
#define ASSERT_POSITION_OK(pos) ((void)0)
#endif

/* Moving and removing pieces with the key kept in step. */
PT_INLINE void put_piece(pt_pos *pos, int piece, int sq)
{
    pt_pos_put(pos, piece, sq);
    pos->key ^= pt_zobrist.piece[piece][sq];
}

PT_INLINE void remove_piece(pt_pos *pos, int sq)
{
    int piece = pos->board[sq];
    pos->by_type[PT_TYPE_OF(piece)] ^= PT_BB(sq);
    pos->by_color[PT_COLOR_OF(piece)] ^= PT_BB(sq);
    pos->board[sq] = PT_NO_PIECE;
    pos->key ^= pt_zobrist.piece[piece][sq];
}

/* remove_piece() then put_piece() of the same piece, in one step. */
PT_INLINE void move_piece(pt_pos *pos, int piece, int from, int to)
{
    pt_bb both = PT_BB(from) | PT_BB(to);
    pos->by_type[PT_TYPE_OF(piece)] ^= both;
    pos->by_color[PT_COLOR_OF(piece)] ^= both;
    pos->board[from] = PT_NO_PIECE;
    pos->board[to] = (uint8_t)piece;
    pos->key ^= pt_zobrist.piece[piece][from] ^ pt_zobrist.piece[piece][to];
}

void pt_pos_make(pt_pos *pos, pt_move m, pt_undo *undo)
{
    int us = pos->side;
    int from = pt_move_from(m), to = pt_move_to(m), kind = pt_move_kind(m);

    undo->key = pos->key;
    undo->halfmove = pos->halfmove;
    undo->ep = pos->ep;
    undo->castling = pos->castling;
    undo->captured = PT_NO_PIECE;

    if (pos->ep != PT_NO_SQ) {
        pos->key ^= pt_zobrist.ep_file[PT_FILE(pos->ep)];
        pos->ep = PT_NO_SQ;
    }
    pos->halfmove++;
    int double_push = PT_NO_SQ;

    if (kind == PT_MOVE_CASTLING) {
        int index = pt_castle_index(from, to);
        int king = pos->board[from], rook = pos->board[to];
        remove_piece(pos, from);
        remove_piece(pos, to);
        put_piece(pos, king, pt_castle_king_to(index));
        put_piece(pos, rook, pt_castle_rook_to(index));
    } else {
        int piece = pos->board[from];
        int cap_sq = kind == PT_MOVE_EN_PASSANT ? to ^ 8 : to;
        if (pos->board[cap_sq] != PT_NO_PIECE) {
            undo->captured = pos->board[cap_sq];
            remove_piece(pos, cap_sq);
            pos->halfmove = 0;
        }
        if (kind == PT_MOVE_PROMOTION) {
            remove_piece(pos, from);
            piece = PT_PIECE(us, pt_move_promotion(m));
            put_piece(pos, piece, to);
        } else {
            move_piece(pos, piece, from, to);
        }
        if (PT_TYPE_OF(piece) == PT_PAWN || kind == PT_MOVE_PROMOTION) {
            pos->halfmove = 0;
            if ((from ^ to) == 16)
                double_push = (from + to) / 2;
        }
    }

    uint8_t rights = pos->castling & pos->castle_mask[from] & pos->castle_mask[to];
    if (rights != pos->castling) {
        pos->key ^= pt_zobrist.castling[pos->castling] ^ pt_zobrist.castling[rights];
        pos->castling = rights;
    }
    if (us == PT_BLACK)
        pos->fullmove++;
    pos->side = (uint8_t)(us ^ 1);
    pos->key ^= pt_zobrist.side;
    if (double_push != PT_NO_SQ) {
        pt_pos_set_ep(pos, double_push);
        if (pos->ep != PT_NO_SQ)
            pos->key ^= pt_zobrist.ep_file[PT_FILE(pos->ep)];
    }
    ASSERT_POSITION_OK(pos);
}

bool pt_move_gives_check(const pt_pos *pos, pt_move m)
{
    int us = pos->side, from = pt_move_from(m), to = pt_move_to(m), kind = pt_move_kind(m);
    int ksq = pt_pos_king(pos, us ^ 1);
    pt_bb king = PT_BB(ksq);
    pt_bb occ = pt_pos_occupied(pos) & ~PT_BB(from);
    if (kind == PT_MOVE_CASTLING) { /* the king gives no check; its rook may */
        int index = pt_castle_index(from, to), rook_to = pt_castle_rook_to(index);
        occ = (occ & ~PT_BB(to)) | PT_BB(pt_castle_king_to(index)) | PT_BB(rook_to);
        return (pt_attacks_rook(rook_to, occ) & king) != 0;
    }
    occ |= PT_BB(to);
    if (kind == PT_MOVE_EN_PASSANT)
        occ &= ~PT_BB(to ^ 8);
    /* The piece where it lands (a promoted pawn as what it becomes). */
    int type = kind == PT_MOVE_PROMOTION ? pt_move_promotion(m) : PT_TYPE_OF(pos->board[from]);
    pt_bb direct = type == PT_PAWN ? pt_attacks_pawn(us, to) : type == PT_KING ? 0 : pt_attacks(type, to, occ);
    if (direct & king)
        return true;
    /* A line the move opened: the other sliders of ours, on the board
     * as the move leaves it. */
    const pt_bb *t = pos->by_type;
    pt_bb mine = pos->by_color[us] & ~PT_BB(from);
    return (pt_attacks_rook(ksq, occ) & mine & (t[PT_ROOK] | t[PT_QUEEN])) ||
           (pt_attacks_bishop(ksq, occ) & mine & (t[PT_BISHOP] | t[PT_QUEEN]));
}

void pt_pos_unmake(pt_pos *pos, pt_move m, const pt_undo *undo)
{
    int them = pos->side, us = them ^ 1;
    int from = pt_move_from(m), to = pt_move_to(m), kind = pt_move_kind(m);

    if (kind == PT_MOVE_CASTLING) {
        int index = pt_castle_index(from, to);
        int kto = pt_castle_king_to(index), rto = pt_castle_rook_to(index);
        int king = pos->board[kto], rook = pos->board[rto];
        remove_piece(pos, kto);
        remove_piece(pos, rto);
        put_piece(pos, king, from);
        put_piece(pos, rook, to);
    } else {
        int piece = pos->board[to];
        remove_piece(pos, to);
        if (kind == PT_MOVE_PROMOTION)
            piece = PT_PIECE(us, PT_PAWN);
        put_piece(pos, piece, from);
        if (undo->captured != PT_NO_PIECE)
            put_piece(pos, undo->captured, kind == PT_MOVE_EN_PASSANT ? to ^ 8 : to);
    }
    if (us == PT_BLACK)
        pos->fullmove--;
    pos->side = (uint8_t)us;
    pos->castling = undo->castling;
    pos->ep = undo->ep;
    pos->halfmove = undo->halfmove;
    pos->key = undo->key;
    ASSERT_POSITION_OK(pos);
}

void pt_pos_make_null(pt_pos *pos, pt_undo *undo)
{
    undo->key = pos->key;
    undo->halfmove = pos->halfmove;
    undo->ep = pos->ep;
    undo->castling = pos->castling;
    undo->captured = PT_NO_PIECE;
    if (pos->ep != PT_NO_SQ)
        pos->key ^= pt_zobrist.ep_file[PT_FILE(pos->ep)];
    pos->ep = PT_NO_SQ;
    pos->halfmove++;
    if (pos->side == PT_BLACK)
        pos->fullmove++;
    pos->side ^= 1;
    pos->key ^= pt_zobrist.side;
    ASSERT_POSITION_OK(pos);
}

void pt_pos_unmake_null(pt_pos *pos, const pt_undo *undo)
{
    pos->side ^= 1;
    if (pos->side == PT_BLACK)
        pos->fullmove--;
    pos->ep = undo->ep;
    pos->halfmove = undo->halfmove;
    pos->key = undo->key;
    ASSERT_POSITION_OK(pos);
}
