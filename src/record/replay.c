/*
 * replay.c - playing a PGN game's moves through the Laws.
 *
 * Variations follow PGN's rule: "(" offers an alternative to the last move
 * played on the enclosing line, ")" returns to that line. Each line keeps
 * its own position; after an error a line stops (its later moves mean
 * nothing), while the enclosing lines and the other variations go on.
 *
 * The notation is detected per game: a language qualifies when it knows
 * every piece letter the main line starts a move with, and the first that
 * replays the whole main line wins (English first, then the table order);
 * if none does, the one that gets furthest.
 */
#include "notation/lang.h"
#include "notation/pgn_game.h"
#include "chess/ending.h"
#include "chess/position.h"
#include "notation/walk.h"
#include "notation/text.h"
#include "record/check.h"
#include "record/replay.h"
#include "record/repair.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct replay_state replay_state;
static void free_state(replay_state *st);

void pt_replay_init(pt_replay *rp)
{
    memset(rp, 0, sizeof *rp);
}

void pt_replay_release(pt_replay *rp)
{
    free(rp->moves);
    free(rp->move_token);
    free(rp->token_move);
    free_state(rp->state);
    pt_replay_init(rp);
}

pt_err pt_replay_new(pt_replay **prp)
{
    *prp = calloc(1, sizeof **prp);
    return *prp ? PT_OK : PT_ERR_NOMEM;
}

void pt_replay_free(pt_replay **prp)
{
    if (*prp)
        pt_replay_release(*prp);
    free(*prp);
    *prp = NULL;
}

bool pt_replay_replayed(const pt_replay *rp)
{
    return rp->replayed;
}

bool pt_replay_complete(const pt_replay *rp)
{
    return rp->complete;
}

const pt_lang *pt_replay_lang(const pt_replay *rp)
{
    return rp->lang;
}

pt_laws pt_replay_laws(const pt_replay *rp)
{
    return rp->laws;
}

pt_status pt_replay_status(const pt_replay *rp)
{
    return rp->status;
}

int pt_replay_repairs(const pt_replay *rp)
{
    return rp->repairs;
}

size_t pt_replay_moves(const pt_replay *rp, const pt_move **moves)
{
    *moves = rp->moves;
    return rp->nmoves;
}

const pt_pos *pt_replay_initial(const pt_replay *rp)
{
    return &rp->start;
}

const pt_pos *pt_replay_final(const pt_replay *rp)
{
    return &rp->final;
}

void pt_replay_trim(pt_replay *rp, size_t keep)
{
    size_t held = rp->cap * (sizeof *rp->moves + sizeof *rp->move_token) + rp->token_cap * sizeof *rp->token_move;
    if (held > keep)
        pt_replay_release(rp);
}

void pt_replay_pgn_moves(const pt_replay *rp, pt_pgn_moves *out)
{
    *out = (pt_pgn_moves){.start = rp->replayed ? &rp->start : NULL,
                          .moves = rp->moves,
                          .token_of = rp->move_token,
                          .count = rp->nmoves,
                          .by_token = rp->token_move};
}

pt_verdict pt_replay_verdict(const pt_pgn_game *g, const pt_replay *rp)
{
    if (g->unreadable || !rp->replayed)
        return PT_VERDICT_UNREADABLE;
    for (size_t i = 0; i < g->ndiags; i++)
        if (g->diags[i].severity == PT_SEV_ERROR)
            return PT_VERDICT_INVALID;
    return PT_VERDICT_VALID;
}

const char *pt_verdict_name(pt_verdict v)
{
    static const char *const names[] = {"valid", "invalid", "unreadable"};
    return (unsigned)v < 3 ? names[v] : "?";
}

static bool variant_is_chess960(const char *v)
{
    static const char *const names[] = {"chess960",       "chess 960", "fischerandom", "fischerrandom",
                                        "fischer random", "960",       "freestyle"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t n = strlen(names[i]);
        if (strlen(v) == n) {
            size_t k = 0;
            while (k < n && (v[k] | 0x20) == (names[i][k] | 0x20))
                k++;
            if (k == n)
                return true;
        }
    }
    return false;
}

/* The names of standard chess, in any case ("normal" in TCEC's files). */
static bool variant_is_standard(const char *v)
{
    return !v || !*v || strcasecmp(v, "standard") == 0 || strcasecmp(v, "from position") == 0 ||
           strcasecmp(v, "normal") == 0 || strcasecmp(v, "chess") == 0;
}

bool pt_replay_start(const pt_pgn_game *g, pt_pos *pos, char *why, size_t size)
{
    const char *variant = pt_pgn_tag_value(g, "Variant");
    bool c960 = variant && variant_is_chess960(variant);
    if (!c960 && !variant_is_standard(variant)) {
        snprintf(why, size, "variant '%s' is not supported; its moves are not checked", variant);
        return false;
    }
    const char *fen = pt_pgn_tag_value(g, "FEN");
    if (fen && *fen) {
        pt_diag diag = {0};
        if (pt_pos_from_fen(pos, fen, &diag) != PT_OK) {
            snprintf(why, size, "FEN tag, column %d: %.120s", diag.column, diag.message);
            return false;
        }
    } else {
        pt_pos_startpos(pos);
    }
    if (c960)
        pos->chess960 = true;
    return true;
}

static pt_err grow_moves(pt_replay *rp);

static inline pt_err push_move(pt_replay *rp, pt_move m, size_t token)
{
    if (rp->nmoves == rp->cap && grow_moves(rp) != PT_OK)
        return PT_ERR_NOMEM;
    rp->moves[rp->nmoves] = m;
    rp->move_token[rp->nmoves] = token;
    rp->nmoves++;
    return PT_OK;
}

static pt_err grow_moves(pt_replay *rp)
{
    size_t cap = rp->cap ? rp->cap * 2 : 128;
    pt_move *moves = realloc(rp->moves, cap * sizeof *moves);
    if (!moves)
        return PT_ERR_NOMEM;
    rp->moves = moves;
    size_t *tokens = realloc(rp->move_token, cap * sizeof *tokens);
    if (!tokens)
        return PT_ERR_NOMEM;
    rp->move_token = tokens;
    rp->cap = cap;
    return PT_OK;
}

/* Replays only the main line in lang; returns the number of legal plies
 * and whether every move was legal. For choosing a language. */
static size_t trial(const pt_pgn_game *g, const pt_pos *start, const pt_lang *lang, bool *complete)
{
    pt_pos pos = *start;
    size_t plies = 0;
    *complete = true;
    for (size_t i = 0; i < g->ntokens; i++) {
        const pt_pgn_token *t = &g->tokens[i];
        if (t->depth != 0 || (t->kind != PT_TOK_MOVE && t->kind != PT_TOK_NULL))
            continue;
        pt_undo undo;
        if (t->kind == PT_TOK_NULL) {
            if (pt_pos_in_check(&pos)) {
                *complete = false;
                return plies;
            }
            pt_pos_make_null(&pos, &undo);
            plies++;
            continue;
        }
        pt_move m;
        pt_move_text mt;
        if (pt_san_read(&pos, lang, g->text + t->text, t->len, &m, &mt) != PT_OK) {
            *complete = false;
            return plies;
        }
        pt_pos_make(&pos, m, &undo);
        plies++;
    }
    return plies;
}

/* Length of the UTF-8 character at s. */
static size_t char_length(const unsigned char *s, size_t n)
{
    size_t len = s[0] < 0x80 ? 1 : s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : 2;
    return len <= n ? len : n;
}

/* Whether lang has a letter for the first character of main-line move t,
 * one beyond ASCII (or one lang has no one-byte table for). */
static bool knows_wide_initial(const pt_pgn_game *g, const pt_pgn_token *t, const pt_lang *lang, bool with_pawns)
{
    const unsigned char *s = (const unsigned char *)g->text + t->text;
    int type;
    size_t n = pt_lang_match_piece(lang, (const char *)s, t->len, &type);
    return n >= char_length(s, t->len) && (type != PT_PAWN || with_pawns);
}

/* First bytes every notation reads alike: a pawn's file, castling. */
static bool files_or_castling(unsigned c)
{
    return (c >= 'a' && c <= 'h') || c == 'O' || c == 'o' || c == '0';
}

/* Whether lang has a letter for ASCII byte c, the first of a main-line
 * move. Pawn letters count only when with_pawns: they are rare, and a
 * pawn letter in one language (Slovenian P) is a piece in another (Dutch
 * P, the knight). ascii is lang's table of one-byte letters. */
static bool knows_byte(unsigned c, const uint8_t *ascii, bool with_pawns)
{
    return files_or_castling(c) || (ascii[c] != PT_NO_TYPE && (ascii[c] != PT_PAWN || with_pawns));
}

/* Whether lang knows the first character of every main-line move. The
 * reader noted which first bytes occur: when all are ASCII, each is tested
 * once; otherwise every move is, by its whole first character. */
static bool knows_letters(const pt_pgn_game *g, const pt_lang *lang, bool with_pawns)
{
    const uint8_t *ascii = pt_lang_ascii_types(lang);
    if (ascii && !(g->initials[2] | g->initials[3])) {
        for (unsigned w = 0; w < 2; w++)
            for (uint64_t bits = g->initials[w]; bits; bits &= bits - 1)
                if (!knows_byte(w * 64 + (unsigned)pt_bb_lsb(bits), ascii, with_pawns))
                    return false;
        return true;
    }
    for (size_t i = 0; i < g->ntokens; i++) {
        const pt_pgn_token *t = &g->tokens[i];
        if (t->depth != 0 || t->kind != PT_TOK_MOVE)
            continue;
        unsigned char c = (unsigned char)g->text[t->text];
        bool known = c < 0x80 && ascii ? knows_byte(c, ascii, with_pawns)
                                       : files_or_castling(c) || knows_wide_initial(g, t, lang, with_pawns);
        if (!known)
            return false;
    }
    return true;
}

/* The notation of a game: the first qualifying language that replays the
 * whole main line, else the one that gets furthest; when none qualifies,
 * the one of all that gets furthest. */
static const pt_lang *detect(const pt_pgn_game *g, const pt_pos *start, const pt_lang *skip, size_t *plies_out)
{
    const pt_lang *best = pt_lang_at(0);
    size_t best_plies = 0;
    bool tried = false;
    /* Pass 2, when no language knows every letter: the moves after the
     * one that breaks the game may be in any script (a move kept as it
     * was written when the game was exported in another notation), so
     * every language is tried for the longest replay. */
    for (int pass = 0; pass < 3 && !(pass == 2 && tried); pass++) {
        bool with_pawns = pass == 1;
        for (int l = 0; l < pt_lang_count(); l++) {
            const pt_lang *lang = pt_lang_at(l);
            if (lang == skip ||
                (pass < 2 && (!knows_letters(g, lang, with_pawns) || (with_pawns && knows_letters(g, lang, false)))))
                continue;
            bool complete;
            size_t plies = trial(g, start, lang, &complete);
            if (complete) {
                *plies_out = plies;
                return lang;
            }
            if (!tried || plies > best_plies) {
                best = lang;
                best_plies = plies;
                tried = true;
            }
        }
    }
    *plies_out = best_plies;
    return best;
}

#define MAX_REPAIRS 12 /* per game: past that the record is too garbled */

/* What a pt_replay keeps from game to game (its `state`), so that a
 * game costs no allocation: how the main line ends, and a line of play
 * for each depth of variation met so far (most games have none). */
struct replay_state {
    pt_ending ending;
    pt_walk lines;
    pt_repairer repairer;
    /* The first main-line move after a draw that ended the game by
     * itself (9.6, 5.2.2), which the line plays on (NO_TOKEN if none). */
    size_t after_end;
};

#define NO_TOKEN ((size_t)-1)

static void free_state(replay_state *st)
{
    if (st) {
        pt_ending_free(&st->ending);
        pt_walk_free(&st->lines);
        pt_repairer_free(&st->repairer);
    }
    free(st);
}

static const char *side_name(const pt_pos *pos)
{
    return pos->side == PT_WHITE ? "White" : "Black";
}

static int move_number(const pt_pos *pos)
{
    return pos->fullmove;
}

/* Standard spelling of a move for the messages, in the game's notation. */
static void standard(const pt_pos *pos, pt_move m, const pt_lang *lang, char out[PT_SAN_MAX])
{
    pt_san_write(pos, m, lang, PT_NOTATION_SAN, out);
}

static pt_err report_failed_move(pt_pgn_game *g, pt_replay *rp, const pt_pgn_token *t, const pt_walk_line *ls,
                                 pt_err why, const pt_move_text *mt)
{
    const char *text = g->text + t->text;
    int len = (int)t->len;
    pt_move near[3];
    int n = 0;
    pt_code code;
    char what[64];
    if (why == PT_ERR_SYNTAX) {
        code = PT_CODE_MOVE_SYNTAX;
        snprintf(what, sizeof what, "unreadable move");
    } else if (why == PT_ERR_AMBIGUOUS) {
        code = PT_CODE_AMBIGUOUS_MOVE;
        snprintf(what, sizeof what, "ambiguous move");
        pt_move_text copy = *mt;
        pt_move found[PT_MAX_MOVES];
        n = pt_move_text_match(&ls->pos, &copy, found);
        if (n > 3)
            n = 3;
        memcpy(near, found, (size_t)n * sizeof near[0]);
    } else {
        code = PT_CODE_ILLEGAL_MOVE;
        snprintf(what, sizeof what, "illegal move");
    }
    if (why != PT_ERR_AMBIGUOUS)
        n = pt_san_suggest(&ls->pos, rp->lang, text, t->len, near, 3);

    pt_err err =
        pt_pgn_add_diag(g, PT_SEV_ERROR, code, t->line, t->column, ls->ply + 1, "%s '%.*s' for %s at move %d%s", what,
                        len, text, side_name(&ls->pos), move_number(&ls->pos), t->depth ? " (in a variation)" : "");
    if (err != PT_OK)
        return err;
    pt_pgn_diag *d = pt_pgn_last_diag(g);
    size_t used = 0;
    for (int i = 0; i < n && used + PT_SAN_MAX + 2 < sizeof d->suggestion; i++) {
        char san[PT_SAN_MAX];
        standard(&ls->pos, near[i], rp->lang, san);
        used += (size_t)snprintf(d->suggestion + used, sizeof d->suggestion - used, "%s%s", i ? ", " : "", san);
    }
    rp->errors++;
    return PT_OK;
}

/* --strict: each non-standard spelling, with the standard one. */
static pt_err report_forms(pt_pgn_game *g, const pt_pgn_token *t, const pt_walk_line *ls, pt_move m,
                           const pt_move_text *mt, const pt_lang *lang)
{
    static const struct {
        unsigned bit;
        const char *what;
    } forms[] = {
        {PT_FORM_LONG, "long algebraic form"},
        {PT_FORM_COLON, "':' for a capture"},
        {PT_FORM_TRAILING_COLON, "trailing ':' for a capture"},
        {PT_FORM_NO_CAPTURE_MARK, "capture without 'x'"},
        {PT_FORM_ZERO_CASTLING, "castling not written O-O / O-O-O"},
        {PT_FORM_PROMOTION, "promotion without '='"},
        {PT_FORM_DOUBLE_PLUS, "'++' for mate"},
        {PT_FORM_EP_MARK, "'e.p.' written"},
        {PT_FORM_OVER_DISAMBIGUATED, "needless disambiguation"},
        {PT_FORM_PAWN_LETTER, "pawn letter written"},
        {PT_FORM_NO_PROMOTION, "promotion piece missing (read as a queen)"},
        {PT_FORM_UCI_CASTLING, "castling written as a king move"},
    };
    unsigned bits = pt_move_forms(&ls->pos, mt, m) | (t->marks & PT_MARK_EP ? PT_FORM_EP_MARK : 0);
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        if (!(bits & forms[i].bit))
            continue;
        char san[PT_SAN_MAX];
        standard(&ls->pos, m, lang, san);
        pt_err err = pt_pgn_add_diag(g, PT_SEV_WARNING, PT_CODE_NON_STANDARD, t->line, t->column, ls->ply + 1,
                                     "non-standard move '%.*s' (%s); standard SAN is '%s'", (int)t->len,
                                     g->text + t->text, forms[i].what, san);
        if (err != PT_OK)
            return err;
        snprintf(pt_pgn_last_diag(g)->suggestion, sizeof g->diags[0].suggestion, "%s", san);
    }
    return PT_OK;
}

/* The Result tag against the game termination marker. */
static pt_err check_result_tag(pt_pgn_game *g, pt_replay *rp)
{
    const char *tag = pt_pgn_tag_value(g, "Result");
    for (size_t i = g->ntokens; tag && i-- > 0;) {
        const pt_pgn_token *t = &g->tokens[i];
        if (t->kind != PT_TOK_RESULT || t->depth != 0)
            continue;
        if (pt_pgn_result_code(tag, strlen(tag)) == t->value)
            return PT_OK;
        const char *ends = pt_pgn_result_text(t->value);
        rp->errors++;
        pt_err err = pt_pgn_add_diag(g, PT_SEV_ERROR, PT_CODE_RESULT_MISMATCH, t->line, t->column, 0,
                                     "the game ends '%s' but its Result tag says '%s'", ends, tag);
        if (err == PT_OK)
            snprintf(pt_pgn_last_diag(g)->suggestion, sizeof g->diags[0].suggestion, "%s", ends);
        return err;
    }
    return PT_OK;
}

/* After a move that stops its line (no repair found): how many moves of
 * that line are left unchecked, said in the move's message, so that a
 * clean report after it is not taken for a clean game. */
static void say_unchecked(pt_pgn_game *g, size_t i)
{
    long left = 0;
    int level = 0; /* variations inside the line, skipped */
    for (size_t j = i + 1; j < g->ntokens; j++) {
        int kind = g->tokens[j].kind;
        if (kind == PT_TOK_VAR_START)
            level++;
        else if (kind == PT_TOK_VAR_END && level-- == 0)
            break; /* the line was a variation, and it ends here */
        else if (level == 0 && (kind == PT_TOK_MOVE || kind == PT_TOK_NULL))
            left++;
    }
    pt_pgn_diag *d = pt_pgn_last_diag(g);
    size_t used = strlen(d->message);
    if (left > 0 && used < sizeof d->message)
        snprintf(d->message + used, sizeof d->message - used, "; the %ld move%s after it %s not checked", left,
                 left == 1 ? "" : "s", left == 1 ? "is" : "are");
}

/* A main-line move that failed: report it, and with checking on, repair it
 * the most probable way so that the rest of the game is checked too.
 * Returns whether the line goes on. */
static pt_err fail_main_line(pt_pgn_game *g, pt_replay *rp, const pt_replay_opts *opts, size_t i, pt_walk_line *ls,
                             pt_err why, const pt_move_text *mt, pt_ending *tr, bool *goes_on)
{
    const pt_pgn_token *t = &g->tokens[i];
    *goes_on = false;
    pt_repair plan = {.kind = PT_REPAIR_NONE};
    if (opts->check && rp->repairs < MAX_REPAIRS)
        plan = pt_repair_find(&rp->state->repairer, g, rp->lang, &ls->pos, i + 1);

    char san[PT_SAN_MAX];
    pt_err err;
    if (plan.kind == PT_REPAIR_INSERT) {
        /* The missing move and, when the record cannot tell, its rivals. */
        char list[3 * PT_SAN_MAX + 8];
        standard(&ls->pos, plan.move, rp->lang, list);
        for (int k = 0; k < 2 && k < plan.ties - 1; k++) {
            size_t used = strlen(list);
            standard(&ls->pos, plan.others[k], rp->lang, san);
            snprintf(list + used, sizeof list - used, ", %s", san);
        }
        if (plan.ties > 1)
            err = pt_pgn_add_diag(g, PT_SEV_ERROR, PT_CODE_MISSING_MOVE, t->line, t->column, ls->ply + 1,
                                  "a move is missing before '%.*s': %s's move %d; %d legal moves fit, such as %s",
                                  (int)t->len, g->text + t->text, side_name(&ls->pos), move_number(&ls->pos), plan.ties,
                                  list);
        else
            err = pt_pgn_add_diag(g, PT_SEV_ERROR, PT_CODE_MISSING_MOVE, t->line, t->column, ls->ply + 1,
                                  "a move is missing before '%.*s': %s's move %d, which can only be %s", (int)t->len,
                                  g->text + t->text, side_name(&ls->pos), move_number(&ls->pos), list);
        if (err == PT_OK) /* three moves fit in a suggestion; cut, not overflowed */
            snprintf(pt_pgn_last_diag(g)->suggestion, sizeof g->diags[0].suggestion, "%.*s",
                     (int)sizeof g->diags[0].suggestion - 1, list);
        rp->errors++;
    } else if (plan.kind == PT_REPAIR_SKIP) {
        err = pt_pgn_add_diag(g, PT_SEV_ERROR, PT_CODE_EXTRA_MOVE, t->line, t->column, ls->ply + 1,
                              "'%.*s' is a move too many (%s to play move %d); the game goes on without it",
                              (int)t->len, g->text + t->text, side_name(&ls->pos), move_number(&ls->pos));
        rp->errors++;
    } else {
        err = report_failed_move(g, rp, t, ls, why, mt);
        if (err == PT_OK && plan.kind == PT_REPAIR_SUBSTITUTE) {
            /* The suggestion leads with the move the check went on with. */
            pt_pgn_diag *d = pt_pgn_last_diag(g);
            standard(&ls->pos, plan.move, rp->lang, san);
            if (strncmp(d->suggestion, san, strlen(san)) != 0)
                snprintf(d->suggestion, sizeof d->suggestion, "%s", san);
        }
    }
    if (err != PT_OK || plan.kind == PT_REPAIR_NONE)
        return err;

    rp->repairs++;
    *goes_on = true;
    if (plan.kind == PT_REPAIR_SKIP)
        return PT_OK;
    pt_walk_play(ls, plan.move);
    err = push_move(rp, plan.move, i);
    if (err == PT_OK && !pt_ending_update(tr, &ls->pos, ls->ply))
        err = PT_ERR_NOMEM;
    if (err == PT_OK && plan.kind == PT_REPAIR_INSERT) {
        /* token_move stays empty: the token alone is not a move that can
         * be played where it stands, and writers keep it as written. */
        pt_walk_play(ls, plan.written);
        err = push_move(rp, plan.written, i);
        if (err == PT_OK && !pt_ending_update(tr, &ls->pos, ls->ply))
            err = PT_ERR_NOMEM;
    }
    return err;
}

/* The result the game records: its termination marker, else its Result
 * tag; 0 when neither says. */
static int recorded_result(const pt_pgn_game *g)
{
    for (size_t i = g->ntokens; i-- > 0;)
        if (g->tokens[i].kind == PT_TOK_RESULT && g->tokens[i].depth == 0)
            return g->tokens[i].value;
    const char *tag = pt_pgn_tag_value(g, "Result");
    return tag ? pt_pgn_result_code(tag, strlen(tag)) : 0;
}

/* Moves played on after a draw that ended the game by itself: the record
 * of what was played all the same, and a warning while the result is the
 * draw (or unknown); an error when it claims a win. */
static pt_err report_play_after_draw(pt_pgn_game *g, pt_replay *rp, const replay_state *st)
{
    const pt_pgn_token *t = &g->tokens[st->after_end];
    const pt_ending *e = &st->ending;
    int result = recorded_result(g);
    bool win = result == PT_RESULT_WHITE || result == PT_RESULT_BLACK;
    char why[96];
    if (win)
        snprintf(why, sizeof why, "yet the result is '%s'", pt_pgn_result_text(result));
    else
        snprintf(why, sizeof why, "%s", result == PT_RESULT_DRAW ? "the draw recorded stands" : "a draw");
    pt_err err = pt_pgn_add_diag(
        g, win ? PT_SEV_ERROR : PT_SEV_WARNING, PT_CODE_MOVES_AFTER_END, t->line, t->column, e->end_ply + 1,
        "'%.*s' and later moves come after the game was drawn by %s at ply %d "
        "(Laws of %s); %s",
        (int)t->len, g->text + t->text, pt_status_name(e->status), e->end_ply, pt_laws_name(rp->laws), why);
    if (err == PT_OK && win) {
        snprintf(pt_pgn_last_diag(g)->suggestion, sizeof g->diags[0].suggestion, "1/2-1/2");
        rp->errors++;
    }
    return err;
}

/* After the last move: play after an automatic draw, the result against
 * how the game ended, a claimable draw, and the tags. */
static pt_err finish_checks(pt_pgn_game *g, pt_replay *rp, const pt_replay_opts *opts, const replay_state *st)
{
    const pt_ending *tr = &st->ending;
    if (tr->status != PT_STATUS_ONGOING)
        rp->status = tr->status;
    pt_err err = st->after_end != NO_TOKEN ? report_play_after_draw(g, rp, st) : PT_OK;
    if (err == PT_OK)
        err = pt_check_result(g, rp->status, &rp->final, (int)rp->nmoves);
    if (err == PT_OK && opts->claims && tr->claim && rp->status == PT_STATUS_ONGOING)
        err = pt_pgn_add_diag(g, PT_SEV_WARNING, PT_CODE_CLAIMABLE_DRAW, g->first_line, 1, tr->claim_ply,
                              "a draw could be claimed after ply %d: %s", tr->claim_ply, tr->claim);
    return err;
}

/* The edition of the Laws a game is judged by: the one in force on its
 * Date, else its UTCDate, else today's. A date known only in part is
 * taken at its earliest (1894.??.?? as 1 January 1894), so that no rule
 * is applied that may not yet have been in force. */
static pt_laws laws_of(const pt_pgn_game *g)
{
    static const char *const tags[] = {"Date", "UTCDate"};
    for (int k = 0; k < 2; k++) {
        const char *d = pt_pgn_tag_value(g, tags[k]);
        int part[3] = {0, 1, 1}, digits[3] = {4, 2, 2};
        bool known = d != NULL;
        for (int p = 0; known && p < 3; p++) {
            int v = 0, n = 0;
            for (; n < digits[p] && d[n] >= '0' && d[n] <= '9'; n++)
                v = v * 10 + d[n] - '0';
            if (n < digits[p]) {
                known = p > 0; /* the year at least */
                break;
            }
            part[p] = v;
            d += n;
            if (p < 2 && *d++ == '\0')
                break;
        }
        if (known && part[1] >= 1 && part[1] <= 12 && part[2] >= 1 && part[2] <= 31)
            return pt_laws_in_force(part[0], part[1], part[2]);
    }
    return PT_LAWS_CURRENT;
}

static pt_err replay_lines(pt_pgn_game *g, const pt_replay_opts *opts, pt_replay *rp, replay_state *st);

pt_err pt_replay_game(pt_pgn_game *g, const pt_replay_opts *opts, pt_replay *rp)
{
    rp->nmoves = 0;
    rp->errors = 0;
    rp->repairs = 0;
    rp->complete = false;
    rp->replayed = false;
    rp->status = PT_STATUS_ONGOING;
    rp->lang = opts->lang ? opts->lang : pt_lang_at(0);
    rp->laws = opts->fixed_laws ? opts->laws : laws_of(g);
    if (g->ntokens > rp->token_cap) {
        pt_move *bigger = realloc(rp->token_move, g->ntokens * sizeof *bigger);
        if (!bigger)
            return PT_ERR_NOMEM;
        rp->token_move = bigger;
        rp->token_cap = g->ntokens;
    }
    if (!rp->state && !(rp->state = calloc(1, sizeof(replay_state))))
        return PT_ERR_NOMEM;
    replay_state *st = rp->state;

    pt_err err = opts->check && !g->unreadable ? pt_check_tags(g) : PT_OK;
    char why[160];
    if (err != PT_OK || g->unreadable)
        return err;
    if (!pt_replay_start(g, &rp->start, why, sizeof why)) {
        const char *fen = pt_pgn_tag_value(g, "FEN");
        bool bad_fen = fen && strncmp(why, "FEN", 3) == 0;
        /* A bad FEN is shown at its tag; a variant, at the game. */
        int line = g->first_line, column = 1;
        for (size_t i = 0; bad_fen && i < g->ntags; i++) {
            if (strcmp(pt_pgn_tag_name_at(g, i), "FEN") == 0) {
                line = g->tags[i].line;
                column = g->tags[i].column;
                break;
            }
        }
        err = pt_pgn_add_diag(g, bad_fen ? PT_SEV_ERROR : PT_SEV_WARNING,
                              bad_fen ? PT_CODE_BAD_FEN : PT_CODE_UNSUPPORTED_VARIANT, line, column, 0, "%s", why);
        if (bad_fen)
            rp->errors++;
        return err;
    }
    rp->replayed = true;

    /* Most games are in English: replay in it straight away unless a
     * main-line move starts with a letter English lacks (then detect the
     * notation first), and look further if the replay fails. */
    const pt_lang *english = pt_lang_at(0);
    size_t plies, first_diag = g->ndiags;
    long first_unlisted = g->unlisted, first_unlisted_errors = g->unlisted_errors;
    if (opts->lang) {
        err = replay_lines(g, opts, rp, st);
    } else if (!knows_letters(g, english, false)) {
        rp->lang = detect(g, &rp->start, NULL, &plies);
        err = replay_lines(g, opts, rp, st);
    } else {
        rp->lang = english;
        err = replay_lines(g, opts, rp, st);
        if (err == PT_OK && !rp->complete) {
            bool complete;
            size_t english_plies = trial(g, &rp->start, english, &complete);
            const pt_lang *other = detect(g, &rp->start, english, &plies);
            if (other != english && plies > english_plies) {
                g->ndiags = first_diag;
                g->unlisted = first_unlisted;
                g->unlisted_errors = first_unlisted_errors;
                rp->lang = other;
                err = replay_lines(g, opts, rp, st);
            }
        }
    }
    if (err != PT_OK)
        return err;
    rp->status = pt_ending_at(&rp->final);
    return opts->check ? finish_checks(g, rp, opts, st) : PT_OK;
}

/* Replays every line of g in rp->lang, from the start again. */
static pt_err replay_lines(pt_pgn_game *g, const pt_replay_opts *opts, pt_replay *rp, replay_state *st)
{
    pt_ending *tr = &st->ending;
    if (!pt_walk_start(&st->lines, &rp->start, false))
        return PT_ERR_NOMEM;
    rp->nmoves = 0;
    rp->errors = 0;
    rp->repairs = 0;
    if (g->ntokens)
        memset(rp->token_move, 0, g->ntokens * sizeof *rp->token_move);
    pt_err err = PT_OK;
    int top = 0; /* st->lines.top, kept where the loop can hold it */
    rp->complete = true;
    pt_ending_init(tr, &rp->start, rp->laws, opts->claims);
    st->after_end = NO_TOKEN;
    const bool check = opts->check, strict = opts->strict;

    pt_walk_line *ls = &st->lines.line[0]; /* the current line */
    /* Read once: the compiler cannot tell that adding a diagnostic to g
     * leaves its tokens and text where they are, and reloading them made
     * each token wait on a chain of three loads. */
    const pt_pgn_token *tokens = g->tokens;
    const char *text = g->text;
    size_t ntokens = g->ntokens;
    for (size_t i = 0; i < ntokens && err == PT_OK; i++) {
        const pt_pgn_token *t = &tokens[i];
        if (t->kind == PT_TOK_VAR_START) {
            if (!ls->broken && !ls->has_before) {
                err = pt_pgn_add_diag(g, PT_SEV_ERROR, PT_CODE_PGN_SYNTAX, t->line, t->column, ls->ply,
                                      "a variation before any move it could replace");
                rp->errors++;
            }
            if (!(ls = pt_walk_enter(&st->lines))) {
                err = PT_ERR_NOMEM;
                break;
            }
            top++;
            continue;
        }
        if (t->kind == PT_TOK_VAR_END) {
            ls = pt_walk_leave(&st->lines);
            top = st->lines.top;
            continue;
        }
        if (ls->broken)
            continue;
        if (t->kind == PT_TOK_NUMBER && check) {
            if (!pt_check_number_due(t, &ls->pos))
                err = pt_check_number(g, t, &ls->pos, ls->ply);
            continue;
        }
        if (t->kind != PT_TOK_MOVE && t->kind != PT_TOK_NULL)
            continue;

        pt_move m = PT_MOVE_NULL;
        pt_move_text mt;
        pt_err read = PT_OK;
        if (t->kind == PT_TOK_MOVE)
            read = pt_san_read(&ls->pos, rp->lang, text + t->text, t->len, &m, &mt);
        /* A move that cannot be played may be one after mate or stalemate. */
        bool stuck = t->kind == PT_TOK_NULL || read != PT_OK;
        if (top == 0 && check && tr->status != PT_STATUS_ONGOING && tr->status != PT_STATUS_CHECKMATE &&
            tr->status != PT_STATUS_STALEMATE) {
            /* Drawn by itself: what follows is still what was played. */
            if (st->after_end == NO_TOKEN)
                st->after_end = i;
        } else if (top == 0 && check &&
                   (tr->status != PT_STATUS_ONGOING || (stuck && pt_ending_stuck(tr, &ls->pos, ls->ply)))) {
            err = pt_pgn_add_diag(g, PT_SEV_ERROR, PT_CODE_MOVES_AFTER_END, t->line, t->column, ls->ply + 1,
                                  "'%.*s' and any later moves come after the game ended by %s at ply %d", (int)t->len,
                                  text + t->text, pt_status_name(tr->status), tr->end_ply);
            rp->errors++;
            ls->broken = true;
            rp->complete = false;
            continue;
        }

        if (t->kind == PT_TOK_NULL) {
            if (pt_pos_in_check(&ls->pos)) {
                err = pt_pgn_add_diag(g, PT_SEV_ERROR, PT_CODE_ILLEGAL_MOVE, t->line, t->column, ls->ply + 1,
                                      "null move '%.*s' while %s is in check", (int)t->len, text + t->text,
                                      side_name(&ls->pos));
                rp->errors++;
                ls->broken = true;
                rp->complete &= top != 0;
                continue;
            }
        }
        if (read != PT_OK) {
            bool goes_on = false;
            if (top == 0) {
                rp->complete = false;
                err = fail_main_line(g, rp, opts, i, ls, read, &mt, tr, &goes_on);
            } else {
                err = report_failed_move(g, rp, t, ls, read, &mt);
            }
            ls->broken = !goes_on;
            if (err == PT_OK && !goes_on)
                say_unchecked(g, i);
            continue;
        }
        if (strict && m != PT_MOVE_NULL)
            err = report_forms(g, t, ls, m, &mt, rp->lang);
        pt_walk_play(ls, m);
        rp->token_move[i] = m;
        /* Only a written mark, or --strict, can make a mark wrong. */
        if (err == PT_OK && check && m != PT_MOVE_NULL &&
            (mt.check || mt.capture || mt.ep || (t->marks & PT_MARK_EP) || strict))
            err = pt_check_marks(g, t, &ls->pos, m, &ls->undo, &mt, rp->lang, strict, ls->ply);
        if (top == 0 && err == PT_OK) {
            err = push_move(rp, m, i);
            if (m == PT_MOVE_NULL)
                pt_ending_null_move(tr);
            if (err == PT_OK && check && !pt_ending_update(tr, &ls->pos, ls->ply))
                err = PT_ERR_NOMEM;
        }
    }
    rp->final = st->lines.line[0].pos;
    if (err == PT_OK)
        err = check_result_tag(g, rp);
    return err;
}
