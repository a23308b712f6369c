/*
 * partiar.h - the one public header of libpartiar.
 *
 * partiar turns chess scoresheets into trustworthy games. This header offers:
 *
 *   Errors       pt_err, pt_strerror()
 *   Setup        pt_init()
 *   Squares      PT_SQ(), pt_square_name()
 *   Moves        pt_move and its accessors, pt_move_to_uci(), pt_move_from_uci()
 *   Positions    pt_pos_startpos(), pt_pos_from_fen(), pt_pos_to_fen(),
 *                pt_pos_make(), pt_pos_unmake(), pt_pos_in_check(),
 *                pt_move_gives_check(), pt_pos_piece_at(),
 *                pt_pos_is_legal_move(), pt_pos_is_dead()
 *   Move lists   pt_gen_legal(), pt_count_legal(), pt_has_legal_move()
 *   Perft        pt_perft(), pt_perft_divide()
 *   Laws         pt_laws: the editions and the dates they took effect
 *   Games        pt_game_*: history, repetition, Article 5 and 9 status
 *   Suites       pt_suite_*: perft suites (EPD ";D1 20" lines, id/epd/perft blocks)
 *   Languages    pt_lang_*: piece letters of 24 national notations and figurine
 *   Move text    pt_move_text_parse(), pt_move_text_match(), pt_san_read(),
 *                pt_move_forms(), pt_san_suggest(), pt_san_write()
 *   Buffers      pt_buf_*: growing text for the writers; pt_utf8_*
 *   Inputs       pt_input_*: files, standard input, gzip; pt_paths_*: folders
 *   Diagnostics  pt_code, pt_code_name(), pt_pgn_diag
 *   PGN games    pt_pgn_game_*, pt_pgn_tag_*, pt_pgn_add_diag(): one game
 *                as read, with the location of every token and diagnostic
 *   PGN reader   pt_pgn_open(), pt_pgn_next(): a streaming reader
 *   PGN pieces   pt_pgn_cutter_*, pt_pgn_piece_*: one input cut into pieces
 *                that threads read apart
 *   Replay       pt_replay_*: a game's moves through the Laws, its notation
 *                detected, a diagnostic for each problem, and its verdict
 *   Duplicates   pt_dups_*: the same game met again
 *   PGN export   pt_pgn_write(): clean PGN in any notation
 *
 * Conventions: every exported name starts with pt_ or PT_ and the name of
 * its module. Functions that can fail return a pt_err and hand results
 * back through out-parameters, which are set on entry. An object made by
 * pt_x_new() is freed by pt_x_free(&p), which sets p to NULL. The library
 * never prints and never exits.
 */
#ifndef PARTIAR_H
#define PARTIAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PT_VERSION "0.1.0"

/* ---------------------------------------------------------------- errors */

typedef enum pt_err {
    PT_OK = 0,
    PT_ERR_NOMEM,    /* out of memory */
    PT_ERR_SYNTAX,   /* malformed text (a FEN field, a suite line) */
    PT_ERR_ILLEGAL,  /* well-formed but impossible or illegal */
    PT_ERR_RANGE,    /* a number or size outside what is allowed */
    PT_ERR_IO,       /* reading or writing failed; see errno */
    PT_ERR_END,      /* no more items (end of a stream) */
    PT_ERR_AMBIGUOUS /* more than one thing fits */
} pt_err;

/* Returns a short English description of err; never NULL. */
const char *pt_strerror(pt_err err);

/* Detailed diagnostics for text parsers: which field or line was wrong,
 * the character column (1-based, 0 if unknown) and a message a person can
 * act on. */
typedef struct pt_diag {
    int line;   /* 1-based line, 0 when the text is a single line */
    int column; /* 1-based column, 0 when unknown */
    char message[160];
} pt_diag;

/* ---------------------------------------------------------------- setup */

/* Builds the attack and hashing tables. Thread-safe and idempotent; the
 * position constructors call it, so callers rarely need to. */
void pt_init(void);

/* ---------------------------------------------------------------- board */

typedef uint64_t pt_bb; /* one bit per square, a1 = bit 0, h8 = bit 63 */

enum { PT_WHITE = 0, PT_BLACK = 1 };
enum { PT_PAWN = 0, PT_KNIGHT, PT_BISHOP, PT_ROOK, PT_QUEEN, PT_KING, PT_NO_TYPE };
/* A piece is colour * 8 + type; PT_NO_PIECE marks an empty square. */
enum { PT_NO_PIECE = 15 };
enum { PT_NO_SQ = 64 };

#define PT_SQ(file, rank)     ((file) + 8 * (rank)) /* file, rank from 0 */
#define PT_FILE(sq)           ((sq)&7)
#define PT_RANK(sq)           ((sq) >> 3)
#define PT_PIECE(color, type) ((color)*8 + (type))
#define PT_COLOR_OF(piece)    ((piece) >> 3)
#define PT_TYPE_OF(piece)     ((piece)&7)

/* Writes "e4" into out (3 bytes); returns out. */
char *pt_square_name(int sq, char out[3]);

/* ---------------------------------------------------------------- moves */

/* A move in 16 bits: from (6), to (6), kind (2), promotion piece (2).
 * Castling is encoded as the king capturing its own rook, so that standard
 * chess and Chess960 share one representation. */
typedef uint16_t pt_move;

enum { PT_MOVE_NORMAL = 0, PT_MOVE_PROMOTION = 1, PT_MOVE_EN_PASSANT = 2, PT_MOVE_CASTLING = 3 };
#define PT_MOVE_NONE ((pt_move)0)
#define PT_MOVE_NULL ((pt_move)0x0FFF) /* a pass ("--"); never a legal move */
#define PT_MAX_MOVES 256               /* more than the 218 of the richest known position */

static inline pt_move pt_move_make(int from, int to, int kind, int promo_type)
{
    int promo = kind == PT_MOVE_PROMOTION ? promo_type - PT_KNIGHT : 0;
    return (pt_move)(from | (to << 6) | (kind << 12) | (promo << 14));
}
static inline int pt_move_from(pt_move m)
{
    return m & 63;
}
static inline int pt_move_to(pt_move m)
{
    return (m >> 6) & 63;
}
static inline int pt_move_kind(pt_move m)
{
    return (m >> 12) & 3;
}
/* The promotion piece type; meaningful only for PT_MOVE_PROMOTION. */
static inline int pt_move_promotion(pt_move m)
{
    return ((m >> 14) & 3) + PT_KNIGHT;
}

/* ------------------------------------------------------------ positions */

enum { PT_CASTLE_WK = 1, PT_CASTLE_WQ = 2, PT_CASTLE_BK = 4, PT_CASTLE_BQ = 8 };

/* A position. The fields are visible so that positions can live on the
 * stack and be copied, but only the pt_pos_* functions may change them. */
typedef struct pt_pos {
    pt_bb by_type[PT_NO_TYPE]; /* pieces of each type, both colours */
    pt_bb by_color[2];
    uint8_t board[64];       /* piece on each square or PT_NO_PIECE */
    uint8_t side;            /* PT_WHITE or PT_BLACK to move */
    uint8_t ep;              /* en passant square, set only when an en
                                passant capture is legal (Law 9.2.2) */
    uint8_t castling;        /* PT_CASTLE_* rights still held */
    uint8_t castle_rook[4];  /* rook square of each right, by bit index */
    uint8_t castle_mask[64]; /* rights kept when a move touches a square */
    bool chess960;           /* print castling as king-takes-rook etc. */
    uint16_t halfmove;       /* plies since the last capture or pawn move */
    uint16_t fullmove;
    uint64_t key; /* Zobrist key of the position */
} pt_pos;

/* What pt_pos_make saves so that pt_pos_unmake can restore the position. */
typedef struct pt_undo {
    uint64_t key;
    uint16_t halfmove;
    uint8_t ep;
    uint8_t castling;
    uint8_t captured; /* piece taken, or PT_NO_PIECE */
} pt_undo;

/* Sets pos to the standard starting position. */
void pt_pos_startpos(pt_pos *pos);

/* Parses a FEN, X-FEN or Shredder-FEN. The move counters may be omitted
 * (EPD style). Refuses malformed text and impossible positions, saying in
 * diag (which may be NULL) which field is wrong and why. */
pt_err pt_pos_from_fen(pt_pos *pos, const char *fen, pt_diag *diag);

/* Like pt_pos_from_fen but stops after the FEN and stores in *consumed how
 * many bytes it used, for formats that put more on the line (EPD). */
pt_err pt_pos_parse_fen(pt_pos *pos, const char *text, size_t *consumed, pt_diag *diag);

/* Sets up Chess960 start position number n (0-959, Scharnagl numbering;
 * 518 is the standard array) with all castling rights. */
pt_err pt_pos_chess960(pt_pos *pos, int n);

enum { PT_FEN_XFEN = 0, PT_FEN_SHREDDER = 1 };
#define PT_FEN_MAX 100

/* Writes the position as X-FEN (castling KQkq, a file letter only where the
 * rook is not the outermost one) or Shredder-FEN (file letters always).
 * out must hold PT_FEN_MAX bytes. */
void pt_pos_to_fen(const pt_pos *pos, int style, char out[PT_FEN_MAX]);

/* Plays a legal move. undo must be passed back to pt_pos_unmake. */
void pt_pos_make(pt_pos *pos, pt_move m, pt_undo *undo);
void pt_pos_unmake(pt_pos *pos, pt_move m, const pt_undo *undo);

/* Plays a null move (the side to move passes); for dialects that record
 * "--". Only valid when the side to move is not in check. */
void pt_pos_make_null(pt_pos *pos, pt_undo *undo);
void pt_pos_unmake_null(pt_pos *pos, const pt_undo *undo);

int pt_pos_piece_at(const pt_pos *pos, int sq);
bool pt_pos_in_check(const pt_pos *pos);
/* The enemy pieces giving check to the side to move. */
pt_bb pt_pos_checkers(const pt_pos *pos);
/* Whether m, a legal move of pos, gives check: pt_pos_in_check after it,
 * worked out without making it. */
bool pt_move_gives_check(const pt_pos *pos, pt_move m);
/* True when m is one of the legal moves of pos. */
bool pt_pos_is_legal_move(const pt_pos *pos, pt_move m);
/* Writes m in UCI notation (e2e4, e7e8q; castling as e1g1, or as king
 * takes rook e1h1 when the position is Chess960). out holds 6 bytes. */
char *pt_move_to_uci(const pt_pos *pos, pt_move m, char out[6]);
/* Finds the legal move written in UCI notation, or PT_MOVE_NONE. Accepts
 * both castling spellings. */
pt_move pt_move_from_uci(const pt_pos *pos, const char *uci);

/* ----------------------------------------------------------- move lists */

/* Writes every legal move into list (PT_MAX_MOVES entries) and returns how
 * many there are. */
int pt_gen_legal(const pt_pos *pos, pt_move *list);
/* Returns the number of legal moves without listing them. */
int pt_count_legal(const pt_pos *pos);
/* Whether the side to move has a legal move (pt_count_legal() > 0, found
 * sooner): false in checkmate and stalemate. */
bool pt_has_legal_move(const pt_pos *pos);
/* Writes the legal moves of a piece of the given type to square `to`
 * (castling not included) and returns how many there are. */
int pt_gen_legal_to(const pt_pos *pos, int type, int to, pt_move *list);
/* Writes the legal castling moves and returns how many there are. */
int pt_gen_legal_castling(const pt_pos *pos, pt_move *list);

/* ---------------------------------------------------------------- perft */

/* Counts the leaf nodes of the legal move tree to depth plies. */
uint64_t pt_perft(pt_pos *pos, int depth);

typedef struct pt_perft_entry {
    pt_move move;
    uint64_t nodes;
} pt_perft_entry;

/* The per-root-move split of pt_perft; returns the number of root moves
 * written to out (PT_MAX_MOVES entries). */
int pt_perft_divide(pt_pos *pos, int depth, pt_perft_entry *out);

/* ---------------------------------------------------------------- games */

/* Why a game is over or may be claimed drawn (Laws Articles 5 and 9). */
typedef enum pt_status {
    PT_STATUS_ONGOING = 0,
    PT_STATUS_CHECKMATE,  /* 5.1.1 */
    PT_STATUS_STALEMATE,  /* 5.2.1 */
    PT_STATUS_DEAD,       /* 5.2.2, as far as pt_pos_is_dead detects */
    PT_STATUS_FIVEFOLD,   /* 9.6.1 */
    PT_STATUS_SEVENTYFIVE /* 9.6.2 */
} pt_status;

/* Editions of the Laws of Chess that differ in how a game ends, named by
 * the year they took effect. A game is judged by the Laws in force on its
 * date; the oldest edition known stands for every date before it. */
typedef enum pt_laws {
    PT_LAWS_2005, /* from 1 July 2005: no draw comes about by itself but
                     by a dead position (5.2.2) */
    PT_LAWS_2014, /* from 1 July 2014: also by a fivefold repetition of
                     the same moves, and by 75 moves (9.6) */
    PT_LAWS_2017, /* from 1 July 2017: by a fivefold repetition however
                     it came about (9.6.1) */
    PT_LAWS_2018, /* from 1 January 2018: nothing that ends a game changed */
    PT_LAWS_COUNT
} pt_laws;
#define PT_LAWS_CURRENT PT_LAWS_2018

/* The edition in force on a date (month and day from 1). */
pt_laws pt_laws_in_force(int year, int month, int day);
/* The edition's name: its year ("2014"). */
const char *pt_laws_name(pt_laws laws);
/* Reads an edition's name, or "current"; false when it is neither. */
bool pt_laws_from_name(const char *name, pt_laws *laws);

/* A game: the current position and the keys of every earlier position, for
 * repetition (9.2), fivefold (9.6.1), 50 and 75 moves (9.3, 9.6.2), judged
 * by the Laws of one edition. */
typedef struct pt_game {
    pt_pos pos;
    pt_laws laws;   /* PT_LAWS_CURRENT unless set after pt_game_init */
    uint64_t *keys; /* key of the position before each ply */
    pt_move *moves;
    pt_undo *undo;
    size_t plies, cap;
} pt_game;

/* Starts a game from pos; the game owns its history arrays. */
void pt_game_init(pt_game *g, const pt_pos *start);
void pt_game_free(pt_game *g);
/* Plays a legal move; PT_ERR_ILLEGAL if it is not legal here. */
pt_err pt_game_play(pt_game *g, pt_move m);
/* Takes back the last move; false if there is none. */
bool pt_game_undo(pt_game *g);

/* How many times the current position has occurred, itself included,
 * counting identity as Law 9.2.2 defines it. */
int pt_game_repetitions(const pt_game *g);
/* The same count for pos given the keys of the n positions before it, in
 * order (for callers that keep their own history). */
int pt_repetitions(const uint64_t *earlier, size_t n, const pt_pos *pos);
/* 9.2: the current position has appeared at least three times. */
bool pt_game_threefold_claimable(const pt_game *g);
/* 9.3: the last 50 moves by each player had no pawn move and no capture. */
bool pt_game_fifty_claimable(const pt_game *g);
/* Articles 5 and 9.6: whether the game has ended by itself, under the
 * game's edition of the Laws. */
pt_status pt_game_status(const pt_game *g);
const char *pt_status_name(pt_status s);

/* 5.2.2 dead position, for the cases detected: insufficient material (K v K,
 * K and one minor v K, and kings with any bishops all on one square colour). */
bool pt_pos_is_dead(const pt_pos *pos);

/* --------------------------------------------------------- perft suites */

/* One position of a perft suite with its expected counts. */
typedef struct pt_suite_entry {
    char id[64]; /* the "id" of the block, or "line N" */
    int line;    /* line of the position in the file */
    pt_pos pos;
    char fen[PT_FEN_MAX];  /* the FEN as the file wrote it, trimmed */
    int max_depth;         /* deepest count given */
    uint64_t expected[33]; /* expected[d] for d in 1..max_depth, 0 if absent */
    bool has[33];
} pt_suite_entry;

typedef struct pt_suite pt_suite;

/* Opens a suite over text (not copied; it must outlive the reader). Reads
 * both EPD lines with ";D1 20 ;D2 400" operations and blocks of "id",
 * "epd" and "perft D N" lines; '#' starts a comment. */
pt_err pt_suite_open(pt_suite **ps, const char *text, size_t len);
/* Reads the next position. PT_ERR_END at the end; on a syntax error diag
 * says where, and the next call continues with the following position. */
pt_err pt_suite_next(pt_suite *s, pt_suite_entry *e, pt_diag *diag);
void pt_suite_free(pt_suite **ps);

/* ------------------------------------------------------------ languages */

/* The piece letters of one national notation (Laws Appendix C.3). */
typedef struct pt_lang {
    const char *code;              /* ISO 639-1, or "fig" for figurine */
    const char *name;              /* in English */
    const char *piece[PT_NO_TYPE]; /* UTF-8 letters by piece type */
} pt_lang;

int pt_lang_count(void);
/* The index-th language (0 is English), or NULL past the end. */
const pt_lang *pt_lang_at(int index);
/* The language with this code, or NULL. */
const pt_lang *pt_lang_find(const char *code);
/* If text starts with one of lang's piece letters, stores its type in *type
 * and returns its length in bytes; otherwise returns 0. A lower-case file
 * letter is never taken for a pawn letter. */
size_t pt_lang_match_piece(const pt_lang *lang, const char *text, size_t len, int *type);

/* ------------------------------------------------------------ move text */

/* Spellings the Laws or PGN accept but that are not standard SAN; --strict
 * reports each with the standard spelling. */
enum {
    PT_FORM_LONG = 1 << 0,               /* from square written: Ng1f3, e2e4 */
    PT_FORM_DASH = 1 << 1,               /* a dash between squares: Ng1-f3 */
    PT_FORM_COLON = 1 << 2,              /* ':' or U+00D7 for the capture x */
    PT_FORM_TRAILING_COLON = 1 << 3,     /* German capture mark: Sc6:, dc4: */
    PT_FORM_NO_CAPTURE_MARK = 1 << 4,    /* ed5 for exd5 */
    PT_FORM_ZERO_CASTLING = 1 << 5,      /* 0-0, o-o, or dashes other than '-' */
    PT_FORM_PROMOTION = 1 << 6,          /* e8Q, e8(Q), e8/Q, e7e8q */
    PT_FORM_DOUBLE_PLUS = 1 << 7,        /* ++ for mate */
    PT_FORM_EP_MARK = 1 << 8,            /* e.p. or ep written */
    PT_FORM_OVER_DISAMBIGUATED = 1 << 9, /* Ngf3 with one knight able to go */
    PT_FORM_PAWN_LETTER = 1 << 10,       /* Pe4 */
    PT_FORM_NO_PROMOTION = 1 << 11,      /* e8 without a piece: read as a queen */
    PT_FORM_UCI_CASTLING = 1 << 12       /* e1g1 or Kg1 for castling */
};

/* What a move text says, read without a position. */
typedef struct pt_move_text {
    int piece;          /* type written, PT_NO_TYPE when none */
    int from_file;      /* 0-7, or -1 when not written */
    int from_rank;      /* 0-7, or -1 */
    int to;             /* destination, PT_NO_SQ for 0-0 and 0-0-0 */
    int promotion;      /* type, or PT_NO_TYPE */
    int castle;         /* 0; 1 king side (0-0); 2 queen side (0-0-0) */
    bool capture;       /* a capture mark was written */
    bool ep;            /* e.p. or ep was written */
    int check;          /* 0 none, 1 '+', 2 '#' or '++' */
    bool draw_offer;    /* (=) was written */
    char annotation[3]; /* "!", "?", "!!", "??", "!?", "?!" or "" */
    unsigned forms;     /* PT_FORM_* bits */
} pt_move_text;

/* Reads the syntax of one move (UTF-8) in lang's letters. On PT_ERR_SYNTAX
 * *bad_at is the byte offset where the text stopped making sense. */
pt_err pt_move_text_parse(const pt_lang *lang, const char *text, size_t len, pt_move_text *mt, size_t *bad_at);

/* Writes the legal moves of pos that mt fits into out (PT_MAX_MOVES) and
 * returns how many. When there is exactly one, also adds to mt->forms the
 * bits pt_move_forms() finds. */
int pt_move_text_match(const pt_pos *pos, pt_move_text *mt, pt_move *out);

/* mt->forms with the bits that depend on the position added, for legal
 * move m of pos read from mt: a capture without its mark, a needless
 * disambiguation, a missing promotion piece, castling as a king move. */
unsigned pt_move_forms(const pt_pos *pos, const pt_move_text *mt, pt_move m);

/* Reads a move text in lang against pos: PT_OK with *move set, or
 * PT_ERR_SYNTAX, PT_ERR_ILLEGAL (nothing fits) or PT_ERR_AMBIGUOUS. In mt,
 * the forms of the text alone: see pt_move_forms() for the rest. */
pt_err pt_san_read(const pt_pos *pos, const pt_lang *lang, const char *text, size_t len, pt_move *move,
                   pt_move_text *mt);

/* The legal moves closest to a text that fits none: same destination, same
 * piece, or one character away; best first. Returns how many (<= max). */
int pt_san_suggest(const pt_pos *pos, const pt_lang *lang, const char *text, size_t len, pt_move *out, int max);

enum { PT_NOTATION_SAN = 0, PT_NOTATION_LAN = 1, PT_NOTATION_UCI = 2 };
#define PT_SAN_MAX 32

/* Writes legal move m of pos in lang (NULL for English): SAN (Nf3, exd5,
 * e8=Q+, O-O), long algebraic (Ng1-f3, e4xd5) or UCI. With the figurine
 * "language" the piece letters are Unicode symbols. Returns out. */
char *pt_san_write(const pt_pos *pos, pt_move m, const pt_lang *lang, int notation, char out[PT_SAN_MAX]);

/* -------------------------------------------------------------- buffers */

/* Growing text, for the writers (the library never prints). Start it as
 * {0}; free with pt_buf_free. The bytes are kept NUL-terminated. */
typedef struct pt_buf {
    char *data;
    size_t len, cap;
} pt_buf;

/* Makes room for len more bytes and the NUL kept after them; false when
 * memory runs out (b is then unchanged). */
bool pt_buf_reserve(pt_buf *b, size_t len);
/* Appends to b; false when memory runs out (b is then unchanged). */
bool pt_buf_append(pt_buf *b, const char *s, size_t len);
bool pt_buf_puts(pt_buf *b, const char *s);
bool pt_buf_printf(pt_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void pt_buf_free(pt_buf *b);

/* UTF-8, as the writers check it before they pass text on: the bytes of
 * the well-formed character that starts at s (1 to 4, within the n bytes
 * there), or 0 when none does (an invalid or cut sequence, a Latin-1
 * byte). */
size_t pt_utf8_char(const char *s, size_t n);
/* n, or less so that s[0..n) does not end inside a character: where to
 * cut text to make it fit. */
size_t pt_utf8_cut(const char *s, size_t n);

/* --------------------------------------------------------------- inputs */

/* A source of bytes: returns how many it put in buf, 0 at the end (or on an
 * error, which the source itself records). */
typedef size_t (*pt_read_fn)(void *ctx, void *buf, size_t size);

/* A file, standard input or a gzip stream (recognised by its magic bytes,
 * not its name), read through pt_input_read. */
typedef struct pt_input pt_input;

/* Opens path ("-" for standard input). On PT_ERR_IO, msg says why. */
pt_err pt_input_open(pt_input **pi, const char *path, char *msg, size_t size);
/* A pt_read_fn over an opened input (ctx is the pt_input). */
size_t pt_input_read(void *ctx, void *buf, size_t size);
/* After the last read: whether the input ended in an error (a truncated
 * or corrupt gzip stream, a read error) and what it was. */
bool pt_input_failed(const pt_input *in, char *msg, size_t size);
void pt_input_close(pt_input **pi);

/* The files a list of paths names: files as they are, folders walked
 * recursively for *.pgn and *.pgn.gz in name order, each folder entered
 * once however symbolic links lead back to it. A *.pgn or *.pgn.gz entry
 * of a folder that cannot be read as a file (a dangling or looping
 * symbolic link, a FIFO, a device) is listed with why[i] saying why;
 * why[i] is NULL for the others. Free with pt_paths_free. */
typedef struct pt_paths {
    char **items;
    const char **why;
    size_t count, cap;
} pt_paths;

/* Adds what path names to out. PT_ERR_IO when it cannot be read (msg). */
pt_err pt_paths_expand(pt_paths *out, const char *path, char *msg, size_t size);
void pt_paths_free(pt_paths *p);

/* ---------------------------------------------------------- diagnostics */

/* What a diagnostic is about: a stable code each, written in reports by
 * its name (pt_code_name: "illegal-move"). partiar-check(1) lists them. */
typedef enum pt_code {
    /* reading PGN */
    PT_CODE_PGN_SYNTAX,
    PT_CODE_PGN_TAG_SYNTAX,
    PT_CODE_PGN_TAG_QUOTE,
    PT_CODE_PGN_UNTERMINATED_COMMENT,
    PT_CODE_PGN_STRAY,
    PT_CODE_PGN_NUL,
    PT_CODE_PGN_NESTING,
    PT_CODE_PGN_ENCODING,
    PT_CODE_PGN_TOO_LARGE,
    PT_CODE_PGN_NO_TERMINATION,
    PT_CODE_PGN_NO_GAME,
    PT_CODE_TOO_MANY_DIAGNOSTICS,
    /* the moves */
    PT_CODE_MOVE_SYNTAX,
    PT_CODE_ILLEGAL_MOVE,
    PT_CODE_AMBIGUOUS_MOVE,
    PT_CODE_MISSING_MOVE,
    PT_CODE_EXTRA_MOVE,
    PT_CODE_MOVES_AFTER_END,
    PT_CODE_NON_STANDARD,
    PT_CODE_MOVE_NUMBER,
    PT_CODE_WRONG_CHECK,
    PT_CODE_MISSING_CHECK,
    PT_CODE_FALSE_CAPTURE,
    PT_CODE_FALSE_EP,
    /* the game as a whole */
    PT_CODE_RESULT_MISMATCH,
    PT_CODE_RESULT_CONTRADICTS_GAME,
    PT_CODE_CLAIMABLE_DRAW,
    PT_CODE_UNSUPPORTED_VARIANT,
    PT_CODE_BAD_FEN,
    PT_CODE_BAD_DATE,
    PT_CODE_MISSING_TAG,
    PT_CODE_FEN_WITHOUT_SETUP,
    PT_CODE_SETUP_WITHOUT_FEN,
    PT_CODE_DUPLICATE,
    /* scans (partiar-ocr(1)) */
    PT_CODE_IMAGE_UNREADABLE,
    PT_CODE_IMAGE_TOO_LARGE,
    PT_CODE_PAGE_BLANK,
    PT_CODE_NOT_A_SCORESHEET,
    PT_CODE_COUNT
} pt_code;

/* The code's stable name ("illegal-move"); "?" for none. */
const char *pt_code_name(pt_code code);
/* The code of a name; false when there is none. */
bool pt_code_from_name(const char *name, pt_code *code);

enum { PT_SEV_WARNING = 1, PT_SEV_ERROR = 2 };

/* One problem found in a game: where, what, and the most probable fix. */
typedef struct pt_pgn_diag {
    int severity;     /* PT_SEV_* */
    pt_code code;     /* what it is about */
    int line, column; /* where it starts: 1-based; column in characters */
    int ply;          /* 1-based ply it concerns, 0 when none */
    char message[200];
    char suggestion[64]; /* the most probable correction, or "" */
} pt_pgn_diag;

/* ------------------------------------------------------------------ PGN */

typedef enum pt_pgn_kind {
    PT_TOK_MOVE,      /* a move as written, suffixes included */
    PT_TOK_NUMBER,    /* a move number: "12." or "12..." */
    PT_TOK_COMMENT,   /* the text of {...} or ;... */
    PT_TOK_NAG,       /* $n, or !, ?, !!, ??, !?, ?! standing alone */
    PT_TOK_VAR_START, /* ( */
    PT_TOK_VAR_END,   /* ) */
    PT_TOK_RESULT,    /* a game termination marker */
    PT_TOK_NULL       /* a null move: -- or Z0 */
} pt_pgn_kind;

enum { PT_MARK_EP = 1, PT_MARK_DRAW_OFFER = 2 }; /* e.p. and (=) written apart */
enum { PT_RESULT_WHITE = 1, PT_RESULT_BLACK, PT_RESULT_DRAW, PT_RESULT_UNKNOWN };

/* One token of a game's movetext, in the order of the text. */
typedef struct pt_pgn_token {
    uint8_t kind;       /* pt_pgn_kind */
    uint8_t marks;      /* PT_MARK_* for moves */
    uint16_t depth;     /* variation depth, 0 on the main line */
    int value;          /* NUMBER: the number; NAG: its value; RESULT: PT_RESULT_* */
    bool black;         /* NUMBER written with "...": Black to move */
    uint32_t text, len; /* the text in the game's UTF-8 text (a game holds at
                           most PT_PGN_MAX_GAME bytes) */
    int line, column;   /* where it starts; column in characters, from 1 */
} pt_pgn_token;

/* One game as read: its text, tags, tokens and diagnostics. A reader
 * fills one game after another into the same object (pt_pgn_next). */
typedef struct pt_pgn_game pt_pgn_game;

pt_err pt_pgn_game_new(pt_pgn_game **pg);
/* Frees the game and sets *pg to NULL. */
void pt_pgn_game_free(pt_pgn_game **pg);

/* Its 1-based index in the input, and the line its text starts on. */
long pt_pgn_game_number(const pt_pgn_game *g);
int pt_pgn_game_line(const pt_pgn_game *g);
/* Adds `games` to its number: for a game read from a piece of a larger
 * input, whose games before the piece were not counted (pt_pgn_piece). */
void pt_pgn_game_renumber(pt_pgn_game *g, long games);
/* Nothing usable could be read: the diagnostics say why. */
bool pt_pgn_game_unreadable(const pt_pgn_game *g);
/* The game's text as UTF-8 (ISO-8859-1 input converted), NUL-terminated;
 * *len (if not NULL) is its length. Tokens give offsets into it. */
const char *pt_pgn_game_text(const pt_pgn_game *g, size_t *len);
/* The tokens, in the order of the text; returns how many. */
size_t pt_pgn_game_tokens(const pt_pgn_game *g, const pt_pgn_token **tokens);
/* The diagnostics listed, in the order they were made (see
 * pt_pgn_game_sort_diags); returns how many. */
size_t pt_pgn_game_diags(const pt_pgn_game *g, const pt_pgn_diag **diags);
/* Puts the diagnostics in the order of the text, those at one place in
 * the order they were made. */
void pt_pgn_game_sort_diags(pt_pgn_game *g);
/* Gives back the game's memory when it holds more than keep bytes, so
 * that one huge game does not stay held by an object reused for the
 * small ones after it. */
void pt_pgn_game_trim(pt_pgn_game *g, size_t keep);

/* The value of tag name, or NULL. */
const char *pt_pgn_tag_value(const pt_pgn_game *g, const char *name);
size_t pt_pgn_tag_count(const pt_pgn_game *g);
const char *pt_pgn_tag_name_at(const pt_pgn_game *g, size_t i);
const char *pt_pgn_tag_value_at(const pt_pgn_game *g, size_t i);
/* The index of the token that starts at line and column (as a diagnostic
 * gives them), or the number of tokens when none does. */
size_t pt_pgn_token_at(const pt_pgn_game *g, int line, int column);

/* Adds a diagnostic to g; message is printf-style. A game lists its first
 * PT_PGN_MAX_DIAGS and counts the rest (pt_pgn_count_unlisted). */
pt_err pt_pgn_add_diag(pt_pgn_game *g, int severity, pt_code code, int line, int column, int ply, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));
/* pt_pgn_add_diag() with a message as it stands, made without printf. */
pt_err pt_pgn_add_diag_text(pt_pgn_game *g, int severity, pt_code code, int line, int column, int ply,
                            const char *message);
/* The diagnostic added last, listed or not: for its maker to complete. */
pt_pgn_diag *pt_pgn_last_diag(pt_pgn_game *g);
/* Once every diagnostic of g is made: when some went unlisted, lists one
 * more that counts them (too-many-diagnostics, an error if any of them
 * was one). */
pt_err pt_pgn_count_unlisted(pt_pgn_game *g);

/* The PT_RESULT_* a text spells (1-0, 0-1, 1/2-1/2, *, and the dialects:
 * the ½ sign (in UTF-8, or the byte 0xBD of ISO-8859-1), typographic
 * dashes, a bare 1/2), or 0. */
int pt_pgn_result_code(const char *text, size_t len);
/* The standard text of a PT_RESULT_* code ("1-0", ...). */
const char *pt_pgn_result_text(int code);

/* ----------------------------------------------------------- PGN reader */

typedef struct pt_pgn_reader pt_pgn_reader;

#define PT_PGN_MAX_DEPTH 64                 /* variations nested deeper are refused */
#define PT_PGN_MAX_GAME  ((size_t)32 << 20) /* bytes; a larger game is unreadable */
/* Diagnostics listed for one game; the rest are counted. Each takes about
 * 300 bytes, and a game of 30 MB of stray quotes would make 15 million. */
#define PT_PGN_MAX_DIAGS 1000

pt_err pt_pgn_open(pt_pgn_reader **pr, pt_read_fn read, void *ctx);
/* A reader of the len bytes at b, read where they are: b must outlive it. */
pt_err pt_pgn_open_bytes(pt_pgn_reader **pr, const unsigned char *b, size_t len);
/* Points a reader made by pt_pgn_open_bytes at other bytes, as if opened
 * anew, keeping its memory: for reading many small pieces. PT_ERR_RANGE
 * for a reader of a stream. */
pt_err pt_pgn_reset_bytes(pt_pgn_reader *r, const unsigned char *b, size_t len);
/* Lowers the size above which a game is skipped as unreadable (for tests
 * and for callers with tight memory); at most PT_PGN_MAX_GAME. */
void pt_pgn_set_max_game(pt_pgn_reader *r, size_t bytes);
/* Reads the next game into g (cleared first). PT_ERR_END when there are
 * no more; PT_ERR_NOMEM is the only other failure. Syntax errors do not
 * fail: they are in g's diagnostics, and reading resumes at the next
 * game. */
pt_err pt_pgn_next(pt_pgn_reader *r, pt_pgn_game *g);
void pt_pgn_close(pt_pgn_reader **pr);

/* Where a reader stands between two games: how far into its input the
 * next game's text begins, on which line and after how many characters
 * of it, and how many games came before. Lets a piece of a larger input
 * be read on its own (pt_pgn_place_set) with the numbers the whole would
 * give. */
typedef struct pt_pgn_place {
    uint64_t offset;
    long games;
    int line;
    int column;        /* characters of the line before the offset */
    bool line_started; /* the line began before the offset */
} pt_pgn_place;

/* Between pt_pgn_next() calls: the place of the next game's text. */
void pt_pgn_place_get(const pt_pgn_reader *r, pt_pgn_place *p);
/* Before the first read: the input starts at place p of a larger one. */
void pt_pgn_place_set(pt_pgn_reader *r, const pt_pgn_place *p);
/* Before the first read: whether more text follows the reader's bytes (a
 * piece of a larger input, not its last). A comment that reaches their
 * end unclosed after a tag line is then not taken as unterminated there
 * (the text after may close it): it runs to the end, and the input does
 * not end between games. */
void pt_pgn_set_more_follows(pt_pgn_reader *r, bool more);
/* Once pt_pgn_next() has returned PT_ERR_END: whether the input ended
 * between games, so that text continuing it with a line that starts with
 * '[' would be read as a new game, every game before it unchanged. False
 * when the last game had no token yet (a tag line would extend it), its
 * last token ran into the end (an unclosed comment, say), or an escape
 * line or byte order mark came after it (the next game's text, which
 * may decide its encoding). */
bool pt_pgn_ended_between_games(const pt_pgn_reader *r);
/* The last offset in b[0..len) at which a game may be expected to start
 * on a line of its own: after a line feed, a '[' and a tag name's first
 * character, perhaps after a byte order mark, on a line whose previous
 * line does not start with '['. 0 when there is none. A guess: whether it
 * holds is known only once the text before it is read (above). */
size_t pt_pgn_split_point(const unsigned char *b, size_t len);
/* Line ends in b[0..len) as the reader counts them: LF, CR LF, lone CR. */
long pt_pgn_count_lines(const unsigned char *b, size_t len);

/* ------------------------------------------------------------ PGN pieces */

/* One input cut into pieces that threads read apart: each piece ends
 * where a game should start (pt_pgn_split_point), and is read with the
 * line and game numbers the whole input would give. A cut is a guess:
 * when a piece did not end between games, its last game runs on into the
 * next piece, and is read again with it (pt_pgn_pieces_carry) or with the
 * rest of the input (pt_pgn_cutter_rest). */
typedef struct pt_pgn_piece {
    const char *data; /* the piece's bytes: in the cutter's stage (see
                         pt_pgn_cutter_flip), or in own */
    size_t len;
    pt_buf own;         /* the bytes of a carried piece; free with pt_buf_free */
    pt_pgn_place start; /* the line data[0] is on; games counted from 0 */
    bool last;          /* the input ends with it */
    bool uncut;         /* no cut was found: it cannot be read on its own */
    bool carried;       /* it begins with a game a cut split */
    /* Once read (pt_pgn_piece_begin ... pt_pgn_piece_end): */
    long games;             /* games read */
    pt_pgn_place last_game; /* where its last game began */
    bool between;           /* it ended between games: the cut held */
} pt_pgn_piece;

typedef struct pt_pgn_cutter pt_pgn_cutter;

/* A cutter of the input read through read(ctx) into pieces of about
 * piece_bytes; no piece is cut longer than limit bytes (past that, the
 * rest of the input is one uncut piece). */
pt_err pt_pgn_cutter_open(pt_pgn_cutter **pc, pt_read_fn read, void *ctx, size_t piece_bytes, size_t limit);
/* Starts a batch of pieces that come to batch_bytes or less (and one
 * piece more): they are cut into one of the cutter's two stages, and
 * their bytes stay where they are until the flip after next. So while
 * one batch is read, the next can be cut, and no piece is copied. */
pt_err pt_pgn_cutter_flip(pt_pgn_cutter *c, size_t batch_bytes);
/* Points p at the next piece. PT_ERR_END when the input is used up (or
 * an uncut piece was the last); PT_ERR_NOMEM. */
pt_err pt_pgn_cutter_next(pt_pgn_cutter *c, pt_pgn_piece *p);
/* A reader of the rest of the input from piece pieces[0], which could not
 * be read on its own (pt_pgn_piece_failed), the games it kept
 * excepted: that piece's unread bytes, then pieces[1..n) (cut but not
 * read in order), then what the cutter has not cut. `games` counts the
 * games of the input before it. The reader reads through the cutter:
 * close it before the cutter. */
pt_err pt_pgn_cutter_rest(pt_pgn_cutter *c, pt_pgn_piece *const *pieces, size_t n, long games, pt_pgn_reader **pr);
void pt_pgn_cutter_close(pt_pgn_cutter **pc);

/* Reading a piece's games with a reader made by pt_pgn_open_bytes (one
 * for all the pieces a thread reads): begin points it at the piece, at
 * its place; next reads one game (as pt_pgn_next, noting where it began);
 * end notes whether the piece ended between games. */
pt_err pt_pgn_piece_begin(pt_pgn_piece *p, pt_pgn_reader *r);
pt_err pt_pgn_piece_next(pt_pgn_piece *p, pt_pgn_reader *r, pt_pgn_game *g);
void pt_pgn_piece_end(pt_pgn_piece *p, const pt_pgn_reader *r);
/* Whether a piece's games cannot be taken as they were read: its cut did
 * not hold, or it was not cut (the pieces of a batch are looked at in
 * order; the first such is the "bad" piece of what follows). */
bool pt_pgn_piece_failed(const pt_pgn_piece *p);
/* Whether bad piece p keeps its games but the last (the one that ran on
 * past the cut): they are right as read. */
bool pt_pgn_piece_keeps_games(const pt_pgn_piece *p);
/* Moves the unread text of bad piece *bad and of the pieces after it in
 * its batch (rest, nrest of them; they were read on a start that was no
 * game's) in front of *next, the next batch's first piece, to be read
 * with it: one cut that does not hold then costs a re-read of a batch,
 * not the threads for the rest of the input. next_cut: whether *next
 * holds a piece; if not (the input ended within the batch) it is storage
 * for the carried text alone. False, changing nothing, when that cannot
 * be: an uncut piece, one carried already (where cut after cut fails, as
 * with games that start within a line, every batch would be read twice),
 * more than limit bytes, or no memory. */
bool pt_pgn_pieces_carry(pt_pgn_piece *bad, pt_pgn_piece *const *rest, size_t nrest, pt_pgn_piece *next, bool next_cut,
                         size_t limit);

/* --------------------------------------------------------------- replay */

typedef struct pt_replay_opts {
    const pt_lang *lang; /* the notation, or NULL to detect it per game */
    bool strict;         /* warn about every non-standard spelling */
    bool check;          /* also check move numbers, marks, the end of
                            the game, the result and the tags, and repair
                            a failing main-line move to go on checking */
    bool claims;         /* with check: report claimable draws */
    bool fixed_laws;     /* judge by `laws`; else by the Laws in force on
                            the game's Date (or UTCDate), the current
                            ones when it is not known */
    pt_laws laws;
} pt_replay_opts;

/* What replaying a game's main line gave, reused from game to game. */
typedef struct pt_replay pt_replay;

pt_err pt_replay_new(pt_replay **prp);
/* Frees the replay and sets *prp to NULL. */
void pt_replay_free(pt_replay **prp);
/* Replays g (main line and variations) and adds a diagnostic to g for each
 * problem found. PT_ERR_NOMEM is the only failure. */
pt_err pt_replay_game(pt_pgn_game *g, const pt_replay_opts *opts, pt_replay *rp);
/* The start position a game's tags ask for (FEN, SetUp, Variant); false
 * with a message when they ask for one that cannot be had. */
bool pt_replay_start(const pt_pgn_game *g, pt_pos *pos, char *why, size_t size);

/* false: the game had no start position or variant to play (see its
 * diagnostics), and the rest says nothing. */
bool pt_replay_replayed(const pt_replay *rp);
/* Every main-line move was legal as written. */
bool pt_replay_complete(const pt_replay *rp);
/* The notation the moves were read in, forced or detected. */
const pt_lang *pt_replay_lang(const pt_replay *rp);
/* The edition of the Laws the game was judged by. */
pt_laws pt_replay_laws(const pt_replay *rp);
/* How the game ended (with check: also by fivefold repetition or 75
 * moves; the first end, when the game played on), or PT_STATUS_ONGOING. */
pt_status pt_replay_status(const pt_replay *rp);
/* Main-line moves repaired so that checking could go on. */
int pt_replay_repairs(const pt_replay *rp);
/* The main line as far as it is legal, repairs included; returns how
 * many moves. */
size_t pt_replay_moves(const pt_replay *rp, const pt_move **moves);
/* The positions at the start and after the main line. */
const pt_pos *pt_replay_initial(const pt_replay *rp);
const pt_pos *pt_replay_final(const pt_replay *rp);
/* As pt_pgn_game_trim. */
void pt_replay_trim(pt_replay *rp, size_t keep);

/* What a checked game is: valid (no error), invalid (an error), or
 * unreadable (nothing to check). */
typedef enum pt_verdict { PT_VERDICT_VALID, PT_VERDICT_INVALID, PT_VERDICT_UNREADABLE } pt_verdict;

pt_verdict pt_replay_verdict(const pt_pgn_game *g, const pt_replay *rp);
/* "valid", "invalid" or "unreadable". */
const char *pt_verdict_name(pt_verdict v);

/* -------------------------------------------------------------- records */

/* One written account of a game, entry by entry, as it was written: a
 * player's scoresheet, the arbiter's notes, or a PGN game's main line.
 * Records are what the decoder explains with a legal game; OCR fills an
 * entry with several candidate texts, a transcription with one. */
typedef struct pt_record pt_record;

/* Whose account it is: the [Sheet] tag (white, black, arbiter; "?" for a
 * player's sheet of unknown owner). PT_SHEET_NONE: no Sheet tag. */
enum { PT_SHEET_NONE, PT_SHEET_WHITE, PT_SHEET_BLACK, PT_SHEET_ARBITER, PT_SHEET_UNKNOWN };

/* What an entry's cell shows besides its text. */
enum {
    PT_ENTRY_GAP = 1,        /* left blank or struck through: '-', en or em dash */
    PT_ENTRY_ILLEGIBLE = 2,  /* '?' */
    PT_ENTRY_DRAW_OFFER = 4, /* "(=)" after the move (Law 9.1.2.2) */
    PT_ENTRY_NUMBERED = 8,   /* a move number was written before it */
    PT_ENTRY_BLANK = 16,     /* with GAP: a form's box left blank, not struck
                                through, which may be one the writer skipped */
};

enum { PT_COLUMN_WHITE = 0, PT_COLUMN_BLACK = 1 };

typedef struct pt_entry {
    int number;          /* the move number as written (wrong ones too); counted
                            on from the last written one when none was */
    uint8_t column;      /* PT_COLUMN_*: the column it stands in */
    uint8_t marks;       /* PT_ENTRY_* */
    uint16_t ntexts;     /* candidate texts, best first: 0 for a gap or '?' */
    uint32_t first;      /* the first candidate's index in the record */
    int clock;           /* seconds on the clock written with it, -1 when none */
    int line, column_at; /* where it was written: line and column, from 1 */
    uint32_t first_step; /* what the recogniser saw (pt_record_steps): the first */
    uint16_t nsteps;     /*   of its choices in the record, and how many; */
    float steps_top;     /*   ln P of the likeliest text they spell */
} pt_entry;

/* What a recogniser saw in a cell, time step by time step along the
 * writing: at each step the characters it finds likely there with their
 * probabilities (the others share what is left). With it the decoder
 * scores any spelling of any legal move against the ink (a CTC forced
 * alignment: the probability of the spelling summed over every way of
 * laying it along the steps), not only the recogniser's best strings. A
 * cell's steps are a run of choices, each step's first marked. */
typedef struct pt_step {
    char text[7];  /* one character, UTF-8; "" for none (CTC's blank) */
    uint8_t first; /* 1: the first choice of a new step */
    float p;       /* its probability at the step, 0 < p <= 1 */
} pt_step;

pt_err pt_record_new(pt_record **pr);
void pt_record_free(pt_record **pr);
/* Makes r the record of g's main line: each move, gap ('-', dash) or
 * illegible ('?') cell an entry, in the column its move number and the
 * cell before it put it in; "(=)" and clock comments ({[%clk 1:23:45]} or
 * {1:23}, hours and minutes) go with the entry before them. A Sheet tag
 * gives the owner, a Notation tag the letters (NULL, detect: pt_record_lang).
 * Variations and other comments are no part of a sheet. */
pt_err pt_record_from_game(pt_record *r, const pt_pgn_game *g);
/* Appends an entry with n candidate texts and their scores (higher is
 * likelier; NULL: all 1): how OCR fills a record. e->ntexts and e->first
 * are set here. */
pt_err pt_record_add(pt_record *r, const pt_entry *e, const char *const *texts, const float *scores, size_t n);
/* Gives the last entry added the recogniser's steps (n choices, the first
 * one a step's first). PT_ERR_RANGE: no entry, or more than 65535. */
pt_err pt_record_add_steps(pt_record *r, const pt_step *steps, size_t n);
/* The steps of entry e (*steps, how many; 0 when it has none). */
size_t pt_record_steps(const pt_record *r, const pt_entry *e, const pt_step **steps);
void pt_record_clear(pt_record *r);
size_t pt_record_entries(const pt_record *r, const pt_entry **entries);
/* Candidate k of entry e: its text (NUL-terminated), its score. */
const char *pt_record_text(const pt_record *r, const pt_entry *e, size_t k, float *score);
/* Entry i as the sheet shows it: its first text, "-" for a gap, "?" for
 * an illegible cell; "" when there is no entry i. */
const char *pt_record_cell(const pt_record *r, int i);
int pt_record_sheet(const pt_record *r);
const pt_lang *pt_record_lang(const pt_record *r);
/* Says which letters the record is written in (NULL: detect them). */
void pt_record_set_lang(pt_record *r, const pt_lang *lang);
/* The result written at the end (PT_RESULT_*), 0 when none. */
int pt_record_result(const pt_record *r);
/* What OCR reads at the foot of a sheet and off its header: the result
 * written (PT_RESULT_*) and whose sheet it is (PT_SHEET_*). */
void pt_record_set_result(pt_record *r, int result);
void pt_record_set_sheet(pt_record *r, int sheet);
/* Whether a recogniser read the record off an image (partiar ocr, and its
 * JSON read back): the decoder then prices a ply left out or an entry
 * that is no ply by missing_scanned and extra_scanned, and adds the move
 * prior to each ply by prior_scanned (pt_decode_costs). */
void pt_record_set_scanned(pt_record *r, bool scanned);
bool pt_record_scanned(const pt_record *r);

/* Makes r the record of sheet `index` (from 0) of a game that partiar ocr
 * wrote as a JSON line (-f json): each cell an entry with every candidate
 * the recogniser gave and its score, whose sheet it is, and the result;
 * *nsheets says how many sheets the line has, tags (NULL: not wanted) the
 * roster's values read off the sheet's header (Event, Site, Date, Round,
 * White, Black, Result; "" when not read). PT_ERR_SYNTAX when the text is
 * no such line, PT_ERR_RANGE when it has no sheet `index`. */
pt_err pt_record_from_ocr_json(pt_record *r, const char *text, size_t len, size_t index, size_t *nsheets,
                               char (*tags)[256]);

/* -------------------------------------------------------------- decoder */

/* The legal game that best explains one or more records of it. A search
 * over legal plies (a beam of the likeliest partial games) in which each
 * record accounts for each ply in one way, each at a cost: its entry
 * spells the move (nothing), spells it with slips (by how far the text is
 * from the move's spelling), is a gap or illegible, is missing (the
 * record skipped the ply), or is left over (an entry that is no ply). */
#define PT_DECODE_RECORDS 3

typedef enum pt_op {
    PT_OP_MATCH,     /* the entry spells the move */
    PT_OP_MISREAD,   /* the entry spells it with slips */
    PT_OP_GAP,       /* a gap or illegible cell stands for the move */
    PT_OP_MISSING,   /* the record has no entry for this ply */
    PT_OP_AFTER_END, /* the record ended before this ply */
    PT_OP_BEFORE     /* the record begins after this ply (its first move
                        number is a later one: the arbiter's notes from
                        move 15, a second page of a sheet) */
} pt_op;

typedef struct pt_decode_ply {
    pt_move move;
    uint8_t op[PT_DECODE_RECORDS];    /* pt_op, per record */
    int32_t entry[PT_DECODE_RECORDS]; /* the entry that stands for it, -1 */
    int32_t extra[PT_DECODE_RECORDS]; /* an entry left over just before, -1 */
    float cost;                       /* what this ply cost */
    float costs[PT_DECODE_RECORDS];   /* of which each record's part */
    float margin;                     /* how much dearer the cheapest game with another move
                                         here is; INFINITY when none was seen */
} pt_decode_ply;

/* What each slip costs: about -ln of how often it is made, so that costs
 * add up to how unlikely a reading is and a difference of costs is a
 * likelihood ratio. The table is models/decode-costs.txt. */
typedef struct pt_decode_costs {
    float gap;             /* a gap ('-') or illegible ('?') cell stands for a ply */
    float skipped;         /* a blank box of a form stands for none: skipped */
    float missing;         /* a record has no entry for a ply */
    float extra;           /* an entry that is no ply */
    float missing_scanned; /* the same two in a record read off an image */
    float extra_scanned;   /*   (pt_record_scanned): its misreadings are
                              common, a shift rarely the likelier story */
    float prior_scanned;   /* with such a record, this times the move prior's
                              penalty (about -ln) is added to each ply */
    float left_over;       /* an entry after the game's last ply */
    float after_game_end;  /* an entry after checkmate, stalemate, dead position */
    float after_end;       /* a ply after a record ended (another goes on) */
    float misread;         /* an entry spells its move with slips: this ... */
    float edit;            /* ... and this for each letter wrong, missing or extra */
    float confusable;      /* a letter for one a hand confuses with it (S/5, b/6) */
    float learnt;          /* a letter for one this record's reader took it for
                              elsewhere in the game (read off an image) */
    float max_edits;       /* further than this from the move: a wrong entry */
    float wrong;           /* an entry that stands for the ply but spells another move */
    float other_choice;    /* taking an entry's second or later candidate text ... */
    float choice_weight;   /* ... plus this times how much less likely (ln) the
                              recogniser made it than the first */
    float steps;           /* a cell's time steps (pt_step): this times how much
                              less likely (ln) they make a move's spelling than
                              their likeliest text, besides other_choice */
    float rank_left;       /* search: what reading an entry is worth, in ranking
                              partial games of different progress */
    float branch;          /* search: a record's less likely ways of reading a
                              ply kept when no further behind the likeliest */
    float window;          /* search: partial games ranked further than this
                              behind the best of their ply are dropped */
    float ambiguous;       /* a game less than this cheaper than another that
                              differs is not certain */
    float widen;           /* search: a game dearer than this a cell is looked
                              for again with a wider beam */
    float verify;          /* search: and so is one whose margin is less than
                              this above ambiguous, once */
    float aim;             /* search: in a ply no record writes, a move ranks
                              this much ahead for each move written after the
                              gap that it readies (the piece brought within
                              reach, a piece to take put there) */
    float suspect;         /* search: near an entry of a scanned record that the
                              game found first left over, a ply left out ranks
                              as this, not missing_scanned, in a second search
                              (its cost stays missing_scanned) */
    float poor_reading;    /* a scanned record whose game costs this much a ply
                              or more as its reading reads poorly: every move
                              is in doubt (poor-reading) */
} pt_decode_costs;

void pt_decode_costs_default(pt_decode_costs *c);
/* Reads a table of "name value" lines ('#' comments) over c's values. On
 * PT_ERR_SYNTAX, *bad_line is the line that is not one. */
pt_err pt_decode_costs_read(pt_decode_costs *c, const char *text, size_t len, int *bad_line);

typedef struct pt_decode_opts {
    int beam;                     /* partial games kept at each ply (default 32) */
    const pt_pos *start;          /* NULL: the standard start */
    const pt_pos *final;          /* the game must end in this position (8.5.3) */
    int moves;                    /* the game's last move has this number; 0: any */
    const pt_decode_costs *costs; /* NULL: the defaults */
    double max_seconds;           /* give up after this long (0: never) */
} pt_decode_opts;

/* Another game that explains the records nearly as well as the best: where
 * it first differs, its move there, and for how many plies it differs. */
typedef struct pt_decode_alt {
    int32_t ply, plies;
    pt_move move;
    float behind; /* how much dearer it is */
} pt_decode_alt;

typedef struct pt_decode pt_decode;

pt_err pt_decode_new(pt_decode **pd);
void pt_decode_free(pt_decode **pd);
/* Finds the game for n records (1 to PT_DECODE_RECORDS). PT_ERR_ILLEGAL
 * when no game ends in the final position or at the move asked for. */
pt_err pt_decode_run(pt_decode *d, const pt_record *const *records, size_t n, const pt_decode_opts *opts);
size_t pt_decode_plies(const pt_decode *d, const pt_decode_ply **plies);
/* The whole game's cost, entries left over at the end included (with a
 * scanned record, the move prior's weighted penalties too). */
float pt_decode_cost(const pt_decode *d);
/* What the game found costs as a reading of record r alone: r's part of
 * each ply, its entries left over, and the move prior's as a game of r
 * alone pays it. Of a game of one record, pt_decode_cost. */
float pt_decode_record_cost(const pt_decode *d, size_t r);
/* Entries of record r left over after the game's last ply. */
int pt_decode_left_over(const pt_decode *d, size_t r);
/* The letters record r was read in (its Notation tag, or detected). */
const pt_lang *pt_decode_lang(const pt_decode *d, size_t r);
/* Other readings seen, the closest first; and how much dearer the closest
 * is (INFINITY when none: the records leave no other game in sight). */
size_t pt_decode_alternatives(const pt_decode *d, const pt_decode_alt **alts);
float pt_decode_margin(const pt_decode *d);
/* Whether the last run stopped at max_seconds with the best game so far. */
bool pt_decode_timed_out(const pt_decode *d);
/* A margin as the probability that the best reading is the right one. */
float pt_decode_confidence(float margin);

/* ------------------------------------------------------------------ gaps */

/* The sequences of a gap's length that fill it (Law 8.5.3): from a
 * position, `plies` moves after which the moves recorded after the gap
 * can be played, or which end in the position the arbiter recorded. */
#define PT_GAP_MAX_PLIES 64

typedef struct pt_gap_opts {
    const pt_pos *final;     /* the sequence must end here, or NULL */
    const char *const *then; /* moves written after it (SAN) that must
                                read as legal moves after it, or NULL */
    size_t nthen;
    const pt_lang *lang;  /* the letters `then` is written in: NULL for English */
    size_t max_solutions; /* stop at this many (2 tells unique from not) */
    double max_seconds;   /* stop after this long (0: never) */
} pt_gap_opts;

/* Writes up to o->max_solutions sequences of `plies` moves each into
 * found, one after another, and how many into *nfound; *complete when
 * every sequence was tried (so that *nfound is all there are).
 * PT_ERR_RANGE for plies outside 1..PT_GAP_MAX_PLIES. */
pt_err pt_gap_search(const pt_pos *from, int plies, const pt_gap_opts *o, pt_move *found, size_t *nfound,
                     bool *complete);

/* ------------------------------------------------------- reconciling */

/* What the decoded game says about its records, in an arbiter's words. */
typedef struct pt_finding {
    const char *code;  /* stable: "missing-move", "gap-8.4", ... (partiar-reconcile(1)) */
    bool problem;      /* false for a note (time-control) */
    int record;        /* the record it is about, -1 for the game */
    int entry;         /* that record's entry, -1 */
    int ply, plies;    /* the game's plies it concerns (from 0), -1 */
    pt_move other;     /* ambiguous-reconstruction: the other move */
    float confidence;  /* that the game is right here */
    char message[640]; /* the finding, naming the records by owner */
} pt_finding;

/* "white's sheet", "black's sheet", "the arbiter's record", "the sheet". */
const char *pt_record_owner(const pt_record *r);
typedef struct pt_reconcile_opts {
    const pt_pos *start;      /* NULL: the standard start */
    const pt_pos *final;      /* the position the arbiter recorded, or NULL */
    const char *time_control; /* PGN TimeControl for the time-control notes, or NULL */
    float ambiguous;          /* a reading less than this cheaper than another
                                 is ambiguous-reconstruction where they differ */
    double max_seconds;       /* for searching each gap no record has (0: 10 s) */
    float poor_reading;       /* a scanned record whose game costs this much a
                                 ply as its reading reads poorly (0: never) */
} pt_reconcile_opts;

/* The findings of decoder d on its n records, in the order of the game,
 * into *out (free() it). Plies that no record has (a gap on every sheet)
 * are searched for the sequences that fill them (pt_gap_search): the
 * reconstruction is certain only when it is the one sequence there is. */
pt_err pt_reconcile_findings(const pt_decode *d, const pt_record *const *recs, size_t n, const pt_reconcile_opts *o,
                             pt_finding **out, size_t *count);
/* The result a decoded game gets: the one its end decides (checkmate,
 * stalemate, dead position: Law 5) when it ends so; else the one its n
 * records agree on; else PT_RESULT_UNKNOWN. final: its last position. */
int pt_reconcile_result(const pt_record *const *recs, size_t n, const pt_pos *final);

/* ----------------------------------------------------------- duplicates */

/* The games seen so far, by players and moves, for finding duplicates in
 * and across inputs: 16 bytes a distinct game. */
typedef struct pt_dups pt_dups;

pt_err pt_dups_new(pt_dups **pd);
void pt_dups_free(pt_dups **pd);
/* What tells a game from another: the players' names and the moves as
 * played (with the text of those that could not be), not formatting,
 * comments or other tags. 0 for a game with no move. */
uint64_t pt_dups_fingerprint(const pt_pgn_game *g, const pt_replay *rp);
/* Remembers game `game` of input `file` by its fingerprint; *seen tells
 * whether an earlier game had it, and which (*first_file, *first_game).
 * PT_ERR_NOMEM when the table could not grow: the game is then not
 * remembered, and the table stays usable. */
pt_err pt_dups_remember(pt_dups *d, uint64_t fingerprint, uint32_t file, uint32_t game, bool *seen,
                        uint32_t *first_file, uint32_t *first_game);

/* ----------------------------------------------------------- PGN export */

typedef struct pt_pgn_write_opts {
    const pt_lang *lang; /* notation of the moves written; NULL: English */
    int notation;        /* PT_NOTATION_SAN, _LAN or _UCI */
    bool no_comments;    /* drop comments, NAGs and variations */
    bool diagnostics;    /* add each diagnostic as a comment after its move */
} pt_pgn_write_opts;

/* The moves of a game as a writer is to write them: the main line as
 * played (repairs included), each move with the token it stands for, and
 * for every token the move it was read as (for the variations). */
typedef struct pt_pgn_moves {
    const pt_pos *start;     /* NULL: nothing was played; the movetext
                                is written as it stands */
    const pt_move *moves;    /* the main line */
    const size_t *token_of;  /* moves[k] stands for token token_of[k] */
    size_t count;            /* moves */
    const pt_move *by_token; /* the move each token was read as; PT_MOVE_NULL
                                for a pass, PT_MOVE_NONE where none */
} pt_pgn_moves;

/* Appends g in PGN export format to out: the seven tag roster first (with
 * "?" for what is missing), the other tags in their order, then the moves
 * given, rewritten in opts' notation, in lines of at most 80 characters.
 * Moves that could not be played are kept as written. */
pt_err pt_pgn_write(const pt_pgn_game *g, const pt_pgn_moves *moves, const pt_pgn_write_opts *opts, pt_buf *out);
/* The moves of a replay, for pt_pgn_write. */
void pt_replay_pgn_moves(const pt_replay *rp, pt_pgn_moves *out);

/* ------------------------------------------------------------------ OCR */

/* A scoresheet form: where its move cells, header fields and ruled lines
 * are (partiar-layout(5)). The layouts partiar ships are compiled in. */
typedef struct pt_layout pt_layout;

/* A shipped layout by name, or a layout file by path. On failure msg says
 * why (with the file's line at fault). */
pt_err pt_layout_load(pt_layout **pl, const char *name_or_path, char *msg, size_t size);
void pt_layout_free(pt_layout **pl);
const char *pt_layout_name(const pt_layout *l);
/* How many moves it has room for. */
int pt_layout_moves(const pt_layout *l);
/* The shipped layouts' names, i from 0; NULL after the last. */
const char *pt_layout_shipped(size_t i);

/* Where a layout wants things written, in millimetres from the page's top
 * left corner: each move cell (what "move", its number and side) and each
 * header field (what its PGN tag, number 0). */
typedef struct pt_layout_box {
    char what[24];
    int number, side;
    float x, y, w, h;
} pt_layout_box;

/* The boxes into out (at most max); returns how many there are. */
size_t pt_layout_boxes(const pt_layout *l, pt_layout_box *out, size_t max);
/* The page's size in millimetres. */
void pt_layout_page(const pt_layout *l, float *w, float *h);

enum { PT_IMAGE_PNG, PT_IMAGE_PDF };

typedef struct pt_form_opts {
    int dpi;              /* 300 when 0 */
    const char *lang;     /* the labels: en (NULL), cs, sk, sl, de, fr, es */
    const char *notation; /* a reminder of the piece letters printed on it, or NULL */
} pt_form_opts;

/* The printable form of a layout as a PNG or a one-page PDF, into *data
 * (*len bytes; free() it). PT_ERR_RANGE: a language with no labels. */
pt_err pt_form_draw(const pt_layout *l, const pt_form_opts *o, int format, uint8_t **data, size_t *len);

/* An OCR engine: Tesseract with one model, for one thread at a time. */
typedef struct pt_ocr pt_ocr;

typedef struct pt_ocr_opts {
    const pt_layout *layout; /* NULL: the shipped layout that fits best */
    const char *tessdata;    /* Tesseract's model folder; NULL: the installed one */
    const char *model;       /* NULL: "eng" */
    long max_pixels;         /* a bigger image is refused; 0: 80 million */
    bool strings_only;       /* give the decoder the recogniser's best strings
                                only, not its steps (pt_step): faster, and as
                                accurate with the shipped model (partiar ocr's
                                default) */
    bool detect;             /* the layout found on each page itself, no shipped one
                                tried (with layout NULL; without, it is found only
                                when no shipped layout fits) */
} pt_ocr_opts;

pt_err pt_ocr_new(pt_ocr **po, const pt_ocr_opts *o, char *msg, size_t size);
void pt_ocr_free(pt_ocr **po);

/* How many pages the image in data has (a TIFF may have several); 0 when
 * it is no image partiar reads. */
int pt_image_pages(const uint8_t *data, size_t len);

/* What a move cell of a scan held. */
enum { PT_CELL_EMPTY, PT_CELL_WRITTEN, PT_CELL_STRUCK };
enum { PT_SCAN_CANDS = 12 };

typedef struct pt_scan_cell {
    int number, side; /* move number, PT_COLUMN_WHITE or _BLACK */
    int x, y, w, h;   /* its box, in pixels of the straightened page */
    int status;       /* PT_CELL_* */
    int entry;        /* the record entry it became; -1 when none */
    int clock;        /* seconds on the clock written after the move, -1 when none */
    char raw[32];     /* what Tesseract read, before the spellings were added */
    int ncands;
    struct {
        char text[32];
        float score; /* ln of the recogniser's probability */
    } cand[PT_SCAN_CANDS];
} pt_scan_cell;

/* One page read: its cells, the record they make, its header fields. */
typedef struct pt_scan pt_scan;

pt_err pt_scan_new(pt_scan **ps);
void pt_scan_free(pt_scan **ps);

/* Reads page `page` of the image in data into s. PT_ERR_SYNTAX when it is
 * no scoresheet partiar can read: *code (PT_CODE_IMAGE_UNREADABLE,
 * _IMAGE_TOO_LARGE, _PAGE_BLANK, _NOT_A_SCORESHEET) and msg say why.
 * PT_ERR_NOMEM when out of memory. */
pt_err pt_ocr_read(pt_ocr *o, const uint8_t *data, size_t len, int page, pt_scan *s, pt_code *code, char *msg,
                   size_t size);

size_t pt_scan_cells(const pt_scan *s, const pt_scan_cell **cells);
const pt_record *pt_scan_record(const pt_scan *s);
/* A header field read (Event, Site, Date, Round, Board, White, Black,
 * Result), or NULL when the layout has none or it was left empty. */
const char *pt_scan_tag(const pt_scan *s, const char *tag);
/* The layout used, the page's quarter turns clockwise (0-3), its skew in
 * degrees and how well the layout fits it (0 to 1). */
const char *pt_scan_layout(const pt_scan *s);
int pt_scan_turns(const pt_scan *s);
float pt_scan_skew(const pt_scan *s);
float pt_scan_fit(const pt_scan *s);
/* Whether the sheet is printed (a layout without rules, such as typed):
 * its moves are print, not a hand. */
bool pt_scan_printed(const pt_scan *s);
/* Whether a second move model's readings were mixed into some cell
 * (pt_ocr_opts.model "MODEL+OTHER": OTHER read the cells MODEL was unsure
 * of), and s as MODEL read it alone, into out (PT_ERR_NOMEM when out of
 * memory): each such cell with MODEL's own candidates. A mixture has more
 * readings of a cell to match, so its game comes out cheaper than a
 * reading alone even where that one is right; partiar ocr --reread
 * weighs the two apart. */
bool pt_scan_mixed(const pt_scan *s);
pt_err pt_scan_unmixed(const pt_scan *s, pt_scan *out);
/* Reads the move cells of the page `first` was read from (by pt_ocr_read,
 * with another engine) again with o's models, into s (another scan than
 * first): the same layout, lying in the same place, the same header
 * fields and result; only the cells read anew. A cell both readings mix
 * the same second model into (of the same name and tessdata) keeps
 * first's reading of it by that model: the same ink reads the same.
 * partiar ocr --reread reads so. PT_ERR_RANGE when first holds no page
 * read; PT_ERR_NOMEM when out of memory. */
pt_err pt_ocr_read_again(pt_ocr *o, const pt_scan *first, pt_scan *s);
/* How many of the move numbers printed on the form (the first and last
 * row of each block) read as the layout has them, of *asked; layouts
 * whose lines fit the page about as well are told apart by them. */
int pt_scan_numbers(const pt_scan *s, int *asked);
/* The layout the page was read with as a layout file's text
 * (partiar-layout(5)), a detected one in the page's own millimetres:
 * into buf of size bytes, cut short when it does not fit; returns the
 * text's whole length (as snprintf), 0 before a read. */
size_t pt_scan_layout_text(const pt_scan *s, char *buf, size_t size);

/* How an overlay marks a cell. */
enum { PT_MARK_NONE, PT_MARK_READ, PT_MARK_UNCERTAIN, PT_MARK_CORRECTED, PT_MARK_ILLEGAL, PT_MARK_GAP };

typedef struct pt_scan_mark {
    int status;    /* PT_MARK_* */
    char text[32]; /* the move chosen, written beside the cell */
} pt_scan_mark;

/* The straightened page with every cell boxed in its mark's colour and
 * its text beside it, as a PNG in *data (free() it); marks: one a cell,
 * in the order of pt_scan_cells. */
pt_err pt_scan_overlay(const pt_scan *s, const pt_scan_mark *marks, uint8_t **data, size_t *len);

#endif /* PARTIAR_H */
