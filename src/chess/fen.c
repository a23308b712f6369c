/*
 * fen.c - FEN, X-FEN and Shredder-FEN in and out.
 *
 * X-FEN writes KQkq for the outermost rooks and a file letter only for an
 * inner one; Shredder-FEN always writes file letters (HAha). Both read the
 * same, so the reader accepts any mix.
 */
#include "chess/position.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char piece_chars[] = "PNBRQK  pnbrqk";

/* Reading state: the text, where we are, and where the current field began. */
typedef struct fen_reader {
    const char *text;
    size_t at;
    size_t field_start;
    pt_diag *diag;
} fen_reader;

static pt_err fail(fen_reader *r, pt_err err, size_t at, const char *fmt, ...)
{
    if (r->diag) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->diag->message, sizeof r->diag->message, fmt, ap);
        va_end(ap);
        r->diag->line = 0;
        r->diag->column = (int)at + 1;
    }
    return err;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* Moves to the next field; false when the text ends first. */
static bool next_field(fen_reader *r)
{
    while (is_blank(r->text[r->at]))
        r->at++;
    r->field_start = r->at;
    return r->text[r->at] != '\0' && r->text[r->at] != '\n' && r->text[r->at] != '\r';
}

static bool field_end(const fen_reader *r)
{
    char c = r->text[r->at];
    return c == '\0' || is_blank(c) || c == '\n' || c == '\r' || c == ';';
}

static pt_err read_placement(fen_reader *r, pt_pos *pos)
{
    int rank = 7, file = 0;
    for (;; r->at++) {
        char c = r->text[r->at];
        if (field_end(r)) {
            break;
        } else if (c == '/') {
            if (file != 8)
                return fail(r, PT_ERR_SYNTAX, r->at, "field 1 (piece placement): rank %d has %d squares, not 8",
                            rank + 1, file);
            if (rank == 0)
                return fail(r, PT_ERR_SYNTAX, r->at, "field 1 (piece placement): more than 8 ranks");
            rank--;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8)
                return fail(r, PT_ERR_SYNTAX, r->at, "field 1 (piece placement): rank %d has more than 8 squares",
                            rank + 1);
        } else {
            const char *p = c ? strchr(piece_chars, c) : NULL;
            if (!p || c == ' ')
                return fail(r, PT_ERR_SYNTAX, r->at,
                            "field 1 (piece placement): '%c' is not a piece letter (PNBRQK, pnbrqk) or a digit 1-8",
                            isprint((unsigned char)c) ? c : '?');
            if (file >= 8)
                return fail(r, PT_ERR_SYNTAX, r->at, "field 1 (piece placement): rank %d has more than 8 squares",
                            rank + 1);
            pt_pos_put(pos, (int)(p - piece_chars), PT_SQ(file, rank));
            file++;
        }
    }
    if (rank != 0 || file != 8)
        return fail(r, PT_ERR_SYNTAX, r->at,
                    "field 1 (piece placement): %d ranks where 8 are needed, the last with %d squares", 8 - rank, file);
    for (int c = 0; c < 2; c++) {
        int kings = pt_bb_count(pt_pos_pieces(pos, c, PT_KING));
        if (kings != 1)
            return fail(r, PT_ERR_ILLEGAL, r->field_start,
                        "field 1 (piece placement): %s has %d kings; a position needs exactly one",
                        c ? "Black" : "White", kings);
    }
    return PT_OK;
}

static pt_err read_side(fen_reader *r, pt_pos *pos)
{
    char c = r->text[r->at];
    if ((c != 'w' && c != 'b') || (r->at++, !field_end(r)))
        return fail(r, PT_ERR_SYNTAX, r->field_start, "field 2 (side to move): expected 'w' or 'b'");
    pos->side = c == 'w' ? PT_WHITE : PT_BLACK;
    return PT_OK;
}

/* The outermost rook of color on its back rank on one side of the king, or
 * PT_NO_SQ. */
static int outermost_rook(const pt_pos *pos, int color, bool king_side)
{
    int rank = color ? 7 : 0, kfile = PT_FILE(pt_pos_king(pos, color));
    int rook = PT_PIECE(color, PT_ROOK);
    if (king_side) {
        for (int f = 7; f > kfile; f--)
            if (pos->board[PT_SQ(f, rank)] == rook)
                return PT_SQ(f, rank);
    } else {
        for (int f = 0; f < kfile; f++)
            if (pos->board[PT_SQ(f, rank)] == rook)
                return PT_SQ(f, rank);
    }
    return PT_NO_SQ;
}

static pt_err read_castling(fen_reader *r, pt_pos *pos)
{
    if (r->text[r->at] == '-') {
        r->at++;
        if (!field_end(r))
            return fail(r, PT_ERR_SYNTAX, r->at, "field 3 (castling): '-' must stand alone");
        return PT_OK;
    }
    bool letters = false;
    for (; !field_end(r); r->at++) {
        char c = r->text[r->at];
        int color = isupper((unsigned char)c) ? PT_WHITE : PT_BLACK;
        int lower = tolower((unsigned char)c);
        int rank = color ? 7 : 0;
        int ksq = pt_pos_king(pos, color);
        const char *name = color ? "black" : "white";
        int rook_sq;

        if (lower != 'k' && lower != 'q' && (lower < 'a' || lower > 'h'))
            return fail(r, PT_ERR_SYNTAX, r->at,
                        "field 3 (castling): '%c' is not a castling right (KQkq, or a rook's file A-H, a-h)",
                        isprint((unsigned char)c) ? c : '?');
        if (PT_RANK(ksq) != rank)
            return fail(r, PT_ERR_ILLEGAL, r->at, "field 3 (castling): right '%c' but the %s king is not on rank %d", c,
                        name, rank + 1);
        if (lower == 'k' || lower == 'q') {
            rook_sq = outermost_rook(pos, color, lower == 'k');
            if (rook_sq == PT_NO_SQ)
                return fail(r, PT_ERR_ILLEGAL, r->at,
                            "field 3 (castling): right '%c' but no %s rook on the %s side of its king on rank %d", c,
                            name, lower == 'k' ? "king's" : "queen's", rank + 1);
        } else {
            letters = true;
            rook_sq = PT_SQ(lower - 'a', rank);
            if (pos->board[rook_sq] != PT_PIECE(color, PT_ROOK))
                return fail(r, PT_ERR_ILLEGAL, r->at, "field 3 (castling): right '%c' but no %s rook on %c%d", c, name,
                            lower, rank + 1);
        }
        int index = pt_castle_index(ksq, rook_sq);
        if (pos->castling & (1 << index))
            return fail(r, PT_ERR_SYNTAX, r->at, "field 3 (castling): the %s %s-side right is given twice", name,
                        index & 1 ? "queen" : "king");
        pt_pos_add_castling(pos, index, rook_sq);
    }
    if (letters)
        pos->chess960 = true;
    return PT_OK;
}

static pt_err read_ep(fen_reader *r, pt_pos *pos)
{
    const char *t = r->text + r->at;
    if (t[0] == '-') {
        r->at++;
        return field_end(r) ? PT_OK
                            : fail(r, PT_ERR_SYNTAX, r->field_start, "field 4 (en passant): expected '-' or a square");
    }
    if (t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8')
        return fail(r, PT_ERR_SYNTAX, r->field_start, "field 4 (en passant): expected '-' or a square such as e3");
    r->at += 2;
    if (!field_end(r))
        return fail(r, PT_ERR_SYNTAX, r->field_start, "field 4 (en passant): expected '-' or a square such as e3");

    int sq = PT_SQ(t[0] - 'a', t[1] - '1');
    int want_rank = pos->side == PT_WHITE ? 5 : 2;
    int pawn_sq = sq ^ 8, from_sq = pos->side == PT_WHITE ? sq + 8 : sq - 8;
    if (PT_RANK(sq) != want_rank)
        return fail(r, PT_ERR_ILLEGAL, r->field_start,
                    "field 4 (en passant): %.2s is impossible with %s to move; it must be on rank %d", t,
                    pos->side ? "Black" : "White", want_rank + 1);
    if (pos->board[pawn_sq] != PT_PIECE(pos->side ^ 1, PT_PAWN) || pos->board[sq] != PT_NO_PIECE ||
        pos->board[from_sq] != PT_NO_PIECE)
        return fail(r, PT_ERR_ILLEGAL, r->field_start,
                    "field 4 (en passant): %.2s is impossible: no pawn can just have advanced two squares past it", t);
    pt_pos_set_ep(pos, sq);
    return PT_OK;
}

/* Reads an optional counter; keeps the default when the field is absent. */
static pt_err read_counter(fen_reader *r, int number, uint16_t *value)
{
    size_t save = r->at;
    if (!next_field(r) || !isdigit((unsigned char)r->text[r->at])) {
        r->at = save;
        return PT_OK;
    }
    long n = 0;
    for (; isdigit((unsigned char)r->text[r->at]); r->at++) {
        n = n * 10 + (r->text[r->at] - '0');
        if (n > 65535)
            return fail(r, PT_ERR_RANGE, r->field_start, "field %d (%s): number too large", number,
                        number == 5 ? "halfmove clock" : "move number");
    }
    if (!field_end(r))
        return fail(r, PT_ERR_SYNTAX, r->field_start, "field %d (%s): expected a number", number,
                    number == 5 ? "halfmove clock" : "move number");
    *value = (uint16_t)(number == 6 && n == 0 ? 1 : n);
    return PT_OK;
}

pt_err pt_pos_parse_fen(pt_pos *pos, const char *text, size_t *consumed, pt_diag *diag)
{
    static const char *const names[4] = {"piece placement", "side to move", "castling", "en passant"};
    fen_reader r = {text, 0, 0, diag};
    pt_err err = PT_OK;
    *consumed = 0;
    if (diag)
        *diag = (pt_diag){0};
    pt_pos_clear(pos);

    for (int field = 0; field < 4 && err == PT_OK; field++) {
        if (!next_field(&r))
            return fail(&r, PT_ERR_SYNTAX, r.at, "field %d (%s) is missing", field + 1, names[field]);
        switch (field) {
        case 0: err = read_placement(&r, pos); break;
        case 1: err = read_side(&r, pos); break;
        case 2: err = read_castling(&r, pos); break;
        default: err = read_ep(&r, pos); break;
        }
    }
    if (err == PT_OK)
        err = read_counter(&r, 5, &pos->halfmove);
    if (err == PT_OK)
        err = read_counter(&r, 6, &pos->fullmove);
    if (err != PT_OK)
        return err;

    char msg[sizeof diag->message];
    err = pt_pos_validate(pos, msg, sizeof msg);
    if (err != PT_OK)
        return fail(&r, err, 0, "impossible position: %s", msg);
    pt_pos_finish(pos);
    *consumed = r.at;
    return PT_OK;
}

pt_err pt_pos_from_fen(pt_pos *pos, const char *fen, pt_diag *diag)
{
    size_t used;
    pt_err err = pt_pos_parse_fen(pos, fen, &used, diag);
    if (err != PT_OK)
        return err;
    while (isspace((unsigned char)fen[used]))
        used++;
    if (fen[used] != '\0') {
        if (diag) {
            snprintf(diag->message, sizeof diag->message, "unexpected text after the FEN");
            diag->line = 0;
            diag->column = (int)used + 1;
        }
        pt_pos_clear(pos);
        return PT_ERR_SYNTAX;
    }
    return PT_OK;
}

static char castling_char(const pt_pos *pos, int index, int style)
{
    int rook_sq = pos->castle_rook[index];
    bool outer = outermost_rook(pos, index >> 1, !(index & 1)) == rook_sq;
    static const char files[] = "ABCDEFGH", black_files[] = "abcdefgh";
    if (style == PT_FEN_XFEN && outer)
        return "KQkq"[index];
    if (index & 2)
        return black_files[PT_FILE(rook_sq)];
    return files[PT_FILE(rook_sq)];
}

void pt_pos_to_fen(const pt_pos *pos, int style, char out[PT_FEN_MAX])
{
    char *p = out;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            int piece = pos->board[PT_SQ(file, rank)];
            if (piece == PT_NO_PIECE) {
                empty++;
                continue;
            }
            if (empty)
                *p++ = (char)('0' + empty);
            empty = 0;
            *p++ = piece_chars[piece];
        }
        if (empty)
            *p++ = (char)('0' + empty);
        if (rank)
            *p++ = '/';
    }
    *p++ = ' ';
    *p++ = pos->side == PT_WHITE ? 'w' : 'b';
    *p++ = ' ';
    if (!pos->castling)
        *p++ = '-';
    for (int i = 0; i < 4; i++)
        if (pos->castling & (1 << i))
            *p++ = castling_char(pos, i, style);
    char ep[3] = "-";
    if (pos->ep != PT_NO_SQ)
        pt_square_name(pos->ep, ep);
    snprintf(p, (size_t)(PT_FEN_MAX - (p - out)), " %s %u %u", ep, pos->halfmove, pos->fullmove);
}
