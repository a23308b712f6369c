/*
 * uci.c - moves in UCI coordinate notation (e2e4, e7e8q).
 */
#include "chess/position.h"

#include <string.h>

char *pt_move_to_uci(const pt_pos *pos, pt_move m, char out[6])
{
    int from = pt_move_from(m), to = pt_move_to(m);
    /* Standard chess writes castling as the king's two-square step;
     * Chess960 as king takes rook, which is never ambiguous. */
    if (pt_move_kind(m) == PT_MOVE_CASTLING && !pos->chess960)
        to = pt_castle_king_to(pt_castle_index(from, to));
    pt_square_name(from, out);
    pt_square_name(to, out + 2);
    out[4] = '\0';
    if (pt_move_kind(m) == PT_MOVE_PROMOTION) {
        out[4] = "nbrq"[pt_move_promotion(m) - PT_KNIGHT];
        out[5] = '\0';
    }
    return out;
}

pt_move pt_move_from_uci(const pt_pos *pos, const char *uci)
{
    size_t len = strlen(uci);
    if (len < 4 || len > 5)
        return PT_MOVE_NONE;
    pt_move list[PT_MAX_MOVES];
    int n = pt_gen_legal(pos, list);
    for (int i = 0; i < n; i++) {
        pt_move m = list[i];
        char text[6];
        /* Accept castling both as the king's step and as king takes rook. */
        if (pt_move_kind(m) == PT_MOVE_CASTLING) {
            char alt[6];
            pt_square_name(pt_move_from(m), alt);
            pt_square_name(pt_move_to(m), alt + 2);
            int kto = pt_castle_king_to(pt_castle_index(pt_move_from(m), pt_move_to(m)));
            pt_square_name(pt_move_from(m), text);
            pt_square_name(kto, text + 2);
            if (len == 4 && (memcmp(uci, alt, 4) == 0 || memcmp(uci, text, 4) == 0))
                return m;
            continue;
        }
        pt_move_to_uci(pos, m, text);
        if (strcmp(text, uci) == 0)
            return m;
    }
    return PT_MOVE_NONE;
}
