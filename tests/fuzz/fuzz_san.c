/*
 * fuzz_san.c - libFuzzer harness for the move text parser.
 *
 * The first byte picks a language and a position; the rest is a move text.
 * Parsing must end in a move, a located syntax error or a clean refusal,
 * the quick reader of the usual forms must agree with the general one, and
 * a move found must be legal and read back from its own SAN.
 */
#include "notation/text.h"
#include "partiar.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const pt_lang *lang = pt_lang_at(data[0] % pt_lang_count());
    pt_pos pos;
    if (pt_pos_from_fen(&pos, fens[(data[0] >> 5) % 4], NULL) != PT_OK)
        abort();
    const char *text = (const char *)data + 1;
    size_t len = size - 1;

    pt_move_text mt;
    size_t bad_at;
    pt_err err = pt_move_text_parse(lang, text, len, &mt, &bad_at);
    if (err == PT_ERR_SYNTAX && bad_at > len)
        abort();
    pt_move_text general;
    size_t general_at;
    if (pt_move_text_parse_general(lang, text, len, &general, &general_at) != err ||
        (err == PT_OK &&
         (mt.piece != general.piece || mt.from_file != general.from_file || mt.from_rank != general.from_rank ||
          mt.to != general.to || mt.promotion != general.promotion || mt.castle != general.castle ||
          mt.capture != general.capture || mt.ep != general.ep || mt.check != general.check ||
          mt.draw_offer != general.draw_offer || mt.forms != general.forms ||
          memcmp(mt.annotation, general.annotation, sizeof mt.annotation) != 0)) ||
        (err != PT_OK && bad_at != general_at))
        abort();
    pt_move m;
    if (pt_san_read(&pos, lang, text, len, &m, &mt) == PT_OK) {
        if (!pt_pos_is_legal_move(&pos, m))
            abort();
        char san[PT_SAN_MAX];
        pt_move back;
        pt_san_write(&pos, m, lang, PT_NOTATION_SAN, san);
        if (pt_san_read(&pos, lang, san, strlen(san), &back, &mt) != PT_OK || back != m)
            abort();
    }
    pt_move near[4];
    int n = pt_san_suggest(&pos, lang, text, len, near, 4);
    for (int i = 0; i < n; i++)
        if (!pt_pos_is_legal_move(&pos, near[i]))
            abort();
    return 0;
}
