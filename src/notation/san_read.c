/*
 * san.c - reading moves in every form the Laws (Appendix C) and real PGN
 * files use: Nf3, Ng1f3, Ng1-f3, Nxf3, N:f3, e2e4, exd5, ed5, e:d5, Sc6:,
 * exd6 e.p., 0-0, O-O-O, e8Q, e8=Q, e8(Q), e8/Q, e7e8q, with +, ++, #,
 * annotations and a trailing (=).
 *
 * Reading is two steps: the text's syntax alone (pt_move_text_parse), then
 * the legal moves of the position that fit it (pt_move_text_match). Keeping
 * them apart lets language detection parse once per language and lets the
 * checker say whether a text was malformed or merely illegal.
 */
#include "notation/lang.h"
#include "chess/legal_to.h"
#include "notation/text.h"
#include "util/inline.h"

#include <string.h>

/* Byte length of lit if text starts with it, else 0. */
static size_t prefix(const char *text, size_t len, const char *lit)
{
    size_t n = strlen(lit);
    return n <= len && memcmp(text, lit, n) == 0 ? n : 0;
}

static size_t suffix(const char *text, size_t len, const char *lit)
{
    size_t n = strlen(lit);
    return n < len && memcmp(text + len - n, lit, n) == 0 ? n : 0;
}

/* Strips what may follow a move, in any order: annotations, check and mate
 * marks, e.p., a draw offer, and the German trailing capture colon. */
static size_t strip_suffixes(const char *text, size_t len, pt_move_text *mt)
{
    static const char *const annotations[] = {"!!", "??", "!?", "?!", "!", "?"};
    for (bool again = true; again && len > 0;) {
        /* Most moves end in a rank digit or a promotion letter: done. */
        char last = text[len - 1];
        if ((last >= '1' && last <= '8') || (last >= 'A' && last <= 'Z' && last != 'O'))
            break;
        size_t n;
        again = true;
        if ((n = suffix(text, len, "(=)"))) {
            mt->draw_offer = true;
        } else if ((n = suffix(text, len, "++")) || (n = suffix(text, len, "#")) || (n = suffix(text, len, "\u2021"))) {
            mt->check = 2;
            if (n == 2 && text[len - 1] == '+')
                mt->forms |= PT_FORM_DOUBLE_PLUS;
        } else if ((n = suffix(text, len, "+")) || (n = suffix(text, len, "\u2020"))) {
            mt->check = mt->check ? mt->check : 1;
        } else if ((n = suffix(text, len, "e.p.")) || (n = suffix(text, len, "ep"))) {
            mt->ep = true;
            mt->forms |= PT_FORM_EP_MARK;
        } else if ((n = suffix(text, len, ":"))) {
            mt->capture = true;
            mt->forms |= PT_FORM_TRAILING_COLON;
        } else {
            n = 0;
            for (size_t i = 0; i < sizeof annotations / sizeof annotations[0] && !n; i++)
                n = suffix(text, len, annotations[i]);
            if (n && !mt->annotation[0])
                memcpy(mt->annotation, text + len - n, n);
            again = n > 0;
        }
        len -= n;
        while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\t'))
            len--;
    }
    return len;
}

/* 0-0 and 0-0-0 with O, o or 0 and any dash: 1 king side, 2 queen side. */
static int read_castling(const char *text, size_t len, pt_move_text *mt)
{
    int circles = 0;
    bool odd = false;
    for (size_t i = 0; i < len;) {
        char c = text[i];
        if (c == 'O' || c == 'o' || c == '0') {
            circles++;
            odd |= c != 'O';
            i++;
            size_t n = pt_dash_length(text + i, len - i);
            odd |= n > 1;
            i += n;
        } else {
            return 0;
        }
    }
    if (circles < 2 || circles > 3)
        return 0;
    if (odd)
        mt->forms |= PT_FORM_ZERO_CASTLING;
    return circles == 2 ? 1 : 2;
}

/* The promotion piece of English letter c, upper or (as UCI writes it)
 * lower case, or PT_NO_TYPE. */
static int english_promotion(char c)
{
    const char *q = c ? strchr("nbrqNBRQ", c) : NULL;
    return q ? PT_KNIGHT + (int)((q - "nbrqNBRQ") % 4) : PT_NO_TYPE;
}

/* A promotion piece letter at text: the language's, or English. */
static size_t promotion_letter(const pt_lang *lang, const char *text, size_t len, int *type)
{
    size_t n = pt_lang_match_piece(lang, text, len, type);
    if (n && *type != PT_PAWN && *type != PT_KING)
        return n;
    *type = len ? english_promotion(text[0]) : PT_NO_TYPE;
    return *type != PT_NO_TYPE;
}

/* The usual forms read straight: [piece] [file] [rank] [x] file rank
 * [=piece] [+ or #], and O-O, O-O-O. Returns false for anything else,
 * which the general reader below takes. Both must read alike: test_san
 * compares them on every text of a large alphabet. */
PT_INLINE bool parse_plain(const uint8_t *letters, const unsigned char *t, size_t len, pt_move_text *mt)
{
    int check = 0;
    if (len > 1 && (t[len - 1] == '+' || t[len - 1] == '#')) {
        check = t[len - 1] == '+' ? 1 : 2;
        len--;
    }
    if (len < 2)
        return false;
    if (t[0] == 'O') { /* O-O, O-O-O */
        if (len != 3 && len != 5)
            return false;
        for (size_t i = 1; i < len; i++)
            if (t[i] != (i % 2 ? '-' : 'O'))
                return false;
        *mt = (pt_move_text){.piece = PT_NO_TYPE,
                             .promotion = PT_NO_TYPE,
                             .from_file = -1,
                             .from_rank = -1,
                             .to = PT_NO_SQ,
                             .castle = len == 3 ? 1 : 2,
                             .check = check};
        return true;
    }
    int piece = PT_NO_TYPE, promotion = PT_NO_TYPE;
    size_t i = 0;
    if (t[0] >= 'A' && t[0] <= 'Z') {
        piece = letters[t[0]];
        if (piece == PT_NO_TYPE || piece == PT_PAWN)
            return false;
        i = 1;
    }
    if (len >= i + 4 && t[len - 2] == '=') { /* a promotion, =Q */
        unsigned char c = t[len - 1];
        promotion = c < 128 ? letters[c] : PT_NO_TYPE;
        if (promotion == PT_NO_TYPE || promotion == PT_PAWN || promotion == PT_KING)
            promotion = english_promotion((char)c);
        if (promotion == PT_NO_TYPE)
            return false;
        len -= 2;
    }
    /* The destination, then what stands between it and the piece: a
     * capture mark after a file, a rank or a whole square (long form). */
    if (len < i + 2 || (unsigned)(t[len - 2] - 'a') > 7 || (unsigned)(t[len - 1] - '1') > 7)
        return false;
    *mt = (pt_move_text){.piece = piece,
                         .promotion = promotion,
                         .from_file = -1,
                         .from_rank = -1,
                         .to = PT_SQ(t[len - 2] - 'a', t[len - 1] - '1'),
                         .check = check};
    const unsigned char *mid = t + i;
    size_t n = len - 2 - i;
    if (n > 0 && mid[n - 1] == 'x') {
        mt->capture = true;
        n--;
    }
    bool file = n > 0 && (unsigned)(mid[0] - 'a') <= 7, rank = n > 0 && (unsigned)(mid[n - 1] - '1') <= 7;
    if (n == 1 && file) {
        mt->from_file = mid[0] - 'a';
    } else if (n == 1 && rank) {
        mt->from_rank = mid[0] - '1';
    } else if (n == 2 && file && rank) {
        mt->from_file = mid[0] - 'a';
        mt->from_rank = mid[1] - '1';
        mt->forms = PT_FORM_LONG;
    } else if (n != 0) {
        return false; /* mt is rewritten by the general reader */
    }
    return true;
}

/* Inlined into pt_san_read(), once a ply: its call cost about as much as
 * the usual move's reading. */
PT_INLINE pt_err parse(const pt_lang *lang, const char *text, size_t len, pt_move_text *mt, size_t *bad_at)
{
    const uint8_t *letters = pt_lang_ascii_types(lang);
    *bad_at = 0;
    if (letters && len > 0 && parse_plain(letters, (const unsigned char *)text, len, mt))
        return PT_OK;
    return pt_move_text_parse_general(lang, text, len, mt, bad_at);
}

pt_err pt_move_text_parse(const pt_lang *lang, const char *text, size_t len, pt_move_text *mt, size_t *bad_at)
{
    return parse(lang, text, len, mt, bad_at);
}

pt_err pt_move_text_parse_general(const pt_lang *lang, const char *text, size_t len, pt_move_text *mt, size_t *bad_at)
{
    *mt =
        (pt_move_text){.piece = PT_NO_TYPE, .promotion = PT_NO_TYPE, .from_file = -1, .from_rank = -1, .to = PT_NO_SQ};
    *bad_at = 0;

    while (len > 0 && (*text == ' ' || *text == '\t')) {
        text++;
        len--;
        (*bad_at)++;
    }
    len = strip_suffixes(text, len, mt);
    if (len == 0)
        return PT_ERR_SYNTAX;
    if ((mt->castle = read_castling(text, len, mt)))
        return PT_OK;

    size_t i = pt_lang_match_piece(lang, text, len, &mt->piece);
    if (mt->piece == PT_PAWN)
        mt->forms |= PT_FORM_PAWN_LETTER;

    /* The squares, as a string of 'f' (file) and 'r' (rank) marks. */
    int files[4], ranks[4], nf = 0, nr = 0;
    char shape[5] = "";
    size_t ns = 0;
    bool dash = false;
    for (; i < len; i++) {
        char c = text[i];
        size_t n;
        /* A final b after from and to squares (e7e8b) is a bishop. */
        bool uci_bishop = c == 'b' && i + 1 == len && nf >= 2 && shape[ns - 1] == 'r';
        if (c >= 'a' && c <= 'h' && ns < 4 && !uci_bishop) {
            files[nf++] = c - 'a';
            shape[ns++] = 'f';
        } else if (c >= '1' && c <= '8' && ns < 4) {
            ranks[nr++] = c - '1';
            shape[ns++] = 'r';
        } else if (c == 'x') {
            mt->capture = true;
        } else if (c == ':' || (n = prefix(text + i, len - i, "\u00d7"))) {
            mt->capture = true;
            mt->forms |= PT_FORM_COLON;
            if (c != ':')
                i += n - 1;
        } else if ((n = pt_dash_length(text + i, len - i))) {
            dash = true;
            i += n - 1;
        } else if (ns > 0 && shape[ns - 1] == 'r' && mt->promotion == PT_NO_TYPE) {
            /* A promotion: =Q, (Q), /Q, or the letter alone (d8D, e7e8q). */
            size_t at = i;
            char open = text[i];
            if (open == '=' || open == '(' || open == '/')
                at++;
            size_t m = promotion_letter(lang, text + at, len - at, &mt->promotion);
            if (!m) {
                *bad_at += i;
                return PT_ERR_SYNTAX;
            }
            at += m;
            if (open == '(') {
                if (at >= len || text[at] != ')') {
                    *bad_at += at;
                    return PT_ERR_SYNTAX;
                }
                at++;
            }
            if (open != '=')
                mt->forms |= PT_FORM_PROMOTION;
            i = at - 1;
        } else {
            *bad_at += i;
            return PT_ERR_SYNTAX;
        }
    }
    if (ns < 2 || shape[ns - 2] != 'f' || shape[ns - 1] != 'r') {
        *bad_at += len;
        return PT_ERR_SYNTAX;
    }
    mt->to = PT_SQ(files[nf - 1], ranks[nr - 1]);
    /* What stands before the destination: nothing, a file, a rank, or a
     * whole square (long algebraic). */
    if (ns == 3 && shape[0] == 'f') {
        mt->from_file = files[0];
    } else if (ns == 3) {
        mt->from_rank = ranks[0];
    } else if (ns == 4 && shape[0] == 'f' && shape[1] == 'r') {
        mt->from_file = files[0];
        mt->from_rank = ranks[0];
        mt->forms |= PT_FORM_LONG;
    } else if (ns != 2) {
        *bad_at += len;
        return PT_ERR_SYNTAX;
    }
    if (dash) {
        if (!(mt->forms & PT_FORM_LONG)) {
            *bad_at += len;
            return PT_ERR_SYNTAX;
        }
        mt->forms |= PT_FORM_DASH;
    }
    return PT_OK;
}

/* Whether legal move m fits what the text said before the square, and
 * its promotion: all there is to test for the moves of
 * pt_gen_legal_to(), whose piece and square are the text's already. */
static inline bool fits_to(const pt_move_text *mt, pt_move m)
{
    int from = pt_move_from(m);
    if ((mt->from_file >= 0 && mt->from_file != PT_FILE(from)) ||
        (mt->from_rank >= 0 && mt->from_rank != PT_RANK(from)))
        return false;
    if (pt_move_kind(m) == PT_MOVE_PROMOTION)
        return pt_move_promotion(m) == (mt->promotion != PT_NO_TYPE ? mt->promotion : PT_QUEEN);
    return mt->promotion == PT_NO_TYPE;
}

/* Whether legal move m of pos fits what the text said. */
static inline bool fits(const pt_pos *pos, const pt_move_text *mt, pt_move m)
{
    int from = pt_move_from(m), to = pt_move_to(m), kind = pt_move_kind(m);
    bool from_given = mt->from_file >= 0 && mt->from_rank >= 0;

    if (kind == PT_MOVE_CASTLING) {
        if (mt->castle)
            return mt->castle == (to > from ? 1 : 2);
        /* Written as the king's step or as king takes rook (UCI, LAN). */
        int king_to = pt_castle_king_to(pt_castle_index(from, to));
        return from_given && PT_SQ(mt->from_file, mt->from_rank) == from && (mt->to == king_to || mt->to == to) &&
               (mt->piece == PT_NO_TYPE || mt->piece == PT_KING);
    }
    if (mt->castle || mt->to != to)
        return false;
    /* No piece letter means a pawn, unless the from square says which. */
    int type = PT_TYPE_OF(pos->board[from]);
    if (mt->piece != PT_NO_TYPE && mt->piece != type)
        return false;
    if (mt->piece == PT_NO_TYPE && !from_given && type != PT_PAWN)
        return false;
    return fits_to(mt, m);
}

static int collect(const pt_pos *pos, const pt_move_text *mt, const pt_move *list, int n, pt_move *out)
{
    int count = 0;
    for (int i = 0; i < n; i++)
        if (fits(pos, mt, list[i]))
            out[count++] = list[i];
    return count;
}

/* The legal moves a text can mean. Usually only those of its piece to its
 * square, found backwards from the square (then *to_only is set); the
 * castling moves for 0-0 and 0-0-0; every move when it may be castling
 * written as a king move, or names no piece but a from square. */
PT_INLINE int candidates(const pt_pos *pos, const pt_move_text *mt, pt_move *list, bool *to_only)
{
    *to_only = false;
    if (mt->castle)
        return pt_gen_legal_castling(pos, list);
    int type = mt->piece;
    bool from_given = mt->from_file >= 0 && mt->from_rank >= 0;
    if (type == PT_NO_TYPE && from_given)
        type = PT_TYPE_OF(pos->board[PT_SQ(mt->from_file, mt->from_rank)]);
    else if (type == PT_NO_TYPE)
        type = PT_PAWN;
    if (mt->to == PT_NO_SQ || type >= PT_NO_TYPE || (type == PT_KING && from_given))
        return pt_gen_legal(pos, list);
    *to_only = true;
    return pt_legal_to(pos, type, mt->to, list);
}

/* Inlined into pt_san_read(), as parse() is. The form bits that depend
 * on the position are left to pt_move_forms(): only --strict reports
 * them, and working them out cost a tenth of reading a move. */
PT_INLINE int match(const pt_pos *pos, const pt_move_text *mt, pt_move *out)
{
    pt_move list[PT_MAX_MOVES];
    bool to_only;
    int n = candidates(pos, mt, list, &to_only);
    if (!to_only)
        return collect(pos, mt, list, n, out);
    int count = 0;
    for (int i = 0; i < n; i++)
        if (fits_to(mt, list[i]))
            out[count++] = list[i];
    return count;
}

unsigned pt_move_forms(const pt_pos *pos, const pt_move_text *mt, pt_move m)
{
    unsigned forms = mt->forms;
    int kind = pt_move_kind(m);
    if (kind == PT_MOVE_CASTLING && !mt->castle)
        forms |= PT_FORM_UCI_CASTLING;
    if (kind == PT_MOVE_PROMOTION && mt->promotion == PT_NO_TYPE)
        forms |= PT_FORM_NO_PROMOTION;
    bool capture = kind == PT_MOVE_EN_PASSANT || (kind != PT_MOVE_CASTLING && pos->board[pt_move_to(m)] != PT_NO_PIECE);
    if (capture && !mt->capture)
        forms |= PT_FORM_NO_CAPTURE_MARK;
    /* A pawn capture needs its file; anything else written before the
     * destination must be needed to tell two pieces apart. */
    bool pawn_capture = capture && PT_TYPE_OF(pos->board[pt_move_from(m)]) == PT_PAWN;
    if (kind != PT_MOVE_CASTLING && !(mt->forms & PT_FORM_LONG) && !pawn_capture &&
        (mt->from_file >= 0 || mt->from_rank >= 0)) {
        pt_move_text bare = *mt;
        pt_move list[PT_MAX_MOVES], fitting[PT_MAX_MOVES];
        bare.from_file = bare.from_rank = -1;
        if (bare.piece == PT_NO_TYPE)
            bare.piece = PT_TYPE_OF(pos->board[pt_move_from(m)]);
        if (collect(pos, &bare, list, pt_gen_legal(pos, list), fitting) == 1)
            forms |= PT_FORM_OVER_DISAMBIGUATED;
    }
    return forms;
}

int pt_move_text_match(const pt_pos *pos, pt_move_text *mt, pt_move *out)
{
    int n = match(pos, mt, out);
    if (n == 1)
        mt->forms = pt_move_forms(pos, mt, out[0]);
    return n;
}

pt_err pt_san_read(const pt_pos *pos, const pt_lang *lang, const char *text, size_t len, pt_move *move,
                   pt_move_text *mt)
{
    pt_move found[PT_MAX_MOVES];
    size_t bad_at;
    *move = PT_MOVE_NONE;
    pt_err err = parse(lang, text, len, mt, &bad_at);
    if (err != PT_OK)
        return err;
    int n = match(pos, mt, found);
    if (n == 0)
        return PT_ERR_ILLEGAL;
    if (n > 1)
        return PT_ERR_AMBIGUOUS;
    *move = found[0];
    return PT_OK;
}
