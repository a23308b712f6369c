/*
 * prior.c - how likely a move is in real games, before anything written.
 *
 * Tables learnt from real games (tests/tools/move-prior.c,
 * models/move-prior.txt): an opening tree of the first plies, which says
 * how often each move was played from a position many games went
 * through, and for every other position a penalty per class of move
 * (a recapture, a check, a pawn move, ...), as often as a move of that
 * class was the one played among the legal moves of its class that lose
 * as much on their square (nothing, a pawn, a piece, more), and a
 * term for the square the piece goes to (a knight to f3 is played more
 * often than a knight to h3).
 */
#include "record/prior.h"

#include "chess/see.h"

const char *const pt_prior_class_names[PT_PRIOR_CLASSES] = {
    "castle", "recapture", "check", "capture", "again", "pawn", "king", "forward", "back",
};

int pt_prior_class(const pt_pos *pos, pt_move m, pt_move last, pt_move own, bool check)
{
    int from = pt_move_from(m), to = pt_move_to(m), kind = pt_move_kind(m);
    if (kind == PT_MOVE_CASTLING)
        return PT_PRIOR_CASTLE; /* to is the rook's square: no capture */
    bool capture = pos->board[to] != PT_NO_PIECE || kind == PT_MOVE_EN_PASSANT;
    if (capture && last != PT_MOVE_NONE && pt_move_kind(last) != PT_MOVE_CASTLING && to == pt_move_to(last))
        return PT_PRIOR_RECAPTURE;
    if (check)
        return PT_PRIOR_CHECK;
    if (capture)
        return PT_PRIOR_CAPTURE;
    if (own != PT_MOVE_NONE && pt_move_kind(own) != PT_MOVE_CASTLING && from == pt_move_to(own))
        return PT_PRIOR_AGAIN;
    int type = PT_TYPE_OF(pos->board[from]);
    if (type == PT_PAWN)
        return PT_PRIOR_PAWN;
    if (type == PT_KING)
        return PT_PRIOR_KING;
    int ahead = pos->side == PT_WHITE ? to / 8 - from / 8 : from / 8 - to / 8;
    return ahead > 0 ? PT_PRIOR_FORWARD : PT_PRIOR_BACK;
}

size_t pt_prior_book_at(const pt_pos *pos, int ply)
{
    if (ply >= PT_PRIOR_BOOK_PLIES)
        return pt_prior_book_size;
    size_t lo = 0, hi = pt_prior_book_size;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (pt_prior_book[mid].key < pos->key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < pt_prior_book_size && pt_prior_book[lo].key == pos->key ? lo : pt_prior_book_size;
}

float pt_prior_move(const pt_pos *pos, size_t book, pt_move m, pt_move last, pt_move own, bool check)
{
    if (book < pt_prior_book_size) {
        float rest = pt_prior_book[book].penalty; /* PT_MOVE_NONE sorts first */
        for (size_t i = book; i < pt_prior_book_size && pt_prior_book[i].key == pos->key; i++)
            if (pt_prior_book[i].move == m)
                return pt_prior_book[i].penalty;
        return rest;
    }
    int cls = pt_prior_class(pos, m, last, own, check);
    float penalty = pt_prior_classes[cls][pt_prior_loss(pt_see(pos, m))];
    if (pt_move_kind(m) != PT_MOVE_CASTLING) /* the king's square is not the move */
        penalty += pt_prior_squares[PT_TYPE_OF(pos->board[pt_move_from(m)])][pt_prior_square(pos, m)];
    return penalty > 0 ? penalty : 0;
}
