/*
 * codes.c - the stable names of the diagnostic codes.
 *
 * The names are part of every report (text, JSON, CSV) and of the PGN
 * comments --annotate writes: once published, a name does not change.
 */
#include "partiar.h"

#include <string.h>

static const char *const names[PT_CODE_COUNT] = {
    [PT_CODE_PGN_SYNTAX] = "pgn-syntax",
    [PT_CODE_PGN_TAG_SYNTAX] = "pgn-tag-syntax",
    [PT_CODE_PGN_TAG_QUOTE] = "pgn-tag-quote",
    [PT_CODE_PGN_UNTERMINATED_COMMENT] = "pgn-unterminated-comment",
    [PT_CODE_PGN_STRAY] = "pgn-stray",
    [PT_CODE_PGN_NUL] = "pgn-nul",
    [PT_CODE_PGN_NESTING] = "pgn-nesting",
    [PT_CODE_PGN_ENCODING] = "pgn-encoding",
    [PT_CODE_PGN_TOO_LARGE] = "pgn-too-large",
    [PT_CODE_PGN_NO_TERMINATION] = "pgn-no-termination",
    [PT_CODE_PGN_NO_GAME] = "pgn-no-game",
    [PT_CODE_TOO_MANY_DIAGNOSTICS] = "too-many-diagnostics",
    [PT_CODE_MOVE_SYNTAX] = "move-syntax",
    [PT_CODE_ILLEGAL_MOVE] = "illegal-move",
    [PT_CODE_AMBIGUOUS_MOVE] = "ambiguous-move",
    [PT_CODE_MISSING_MOVE] = "missing-move",
    [PT_CODE_EXTRA_MOVE] = "extra-move",
    [PT_CODE_MOVES_AFTER_END] = "moves-after-end",
    [PT_CODE_NON_STANDARD] = "non-standard",
    [PT_CODE_MOVE_NUMBER] = "move-number",
    [PT_CODE_WRONG_CHECK] = "wrong-check",
    [PT_CODE_MISSING_CHECK] = "missing-check",
    [PT_CODE_FALSE_CAPTURE] = "false-capture",
    [PT_CODE_FALSE_EP] = "false-ep",
    [PT_CODE_RESULT_MISMATCH] = "result-mismatch",
    [PT_CODE_RESULT_CONTRADICTS_GAME] = "result-contradicts-game",
    [PT_CODE_CLAIMABLE_DRAW] = "claimable-draw",
    [PT_CODE_UNSUPPORTED_VARIANT] = "unsupported-variant",
    [PT_CODE_BAD_FEN] = "bad-fen",
    [PT_CODE_BAD_DATE] = "bad-date",
    [PT_CODE_MISSING_TAG] = "missing-tag",
    [PT_CODE_FEN_WITHOUT_SETUP] = "fen-without-setup",
    [PT_CODE_SETUP_WITHOUT_FEN] = "setup-without-fen",
    [PT_CODE_DUPLICATE] = "duplicate",
    [PT_CODE_IMAGE_UNREADABLE] = "image-unreadable",
    [PT_CODE_IMAGE_TOO_LARGE] = "image-too-large",
    [PT_CODE_PAGE_BLANK] = "page-blank",
    [PT_CODE_NOT_A_SCORESHEET] = "not-a-scoresheet",
};

const char *pt_code_name(pt_code code)
{
    return (unsigned)code < PT_CODE_COUNT && names[code] ? names[code] : "?";
}

bool pt_code_from_name(const char *name, pt_code *code)
{
    for (int i = 0; i < PT_CODE_COUNT; i++) {
        if (names[i] && strcmp(names[i], name) == 0) {
            *code = (pt_code)i;
            return true;
        }
    }
    return false;
}
