/*
 * lang.c - piece letters of the national notations (Laws Appendix C.3).
 *
 * Sources: the Laws themselves for Czech, Slovak and Slovenian; the tables of
 * pgn-viewer and Scid (tests/corpora/lang/) for the others they share, and
 * national federation usage for the rest. A test cross-checks the two
 * tables. Letters are UTF-8 and may be longer than one character (Russian
 * and Ukrainian write the king as "Кр").
 */
#include "notation/lang.h"
#include "notation/text.h"

#include <stdint.h>
#include <string.h>

/* Order of the letters: pawn (rarely written), knight, bishop, rook, queen,
 * king, as the PT_ piece types. */
static const pt_lang langs[] = {
    {"en", "English", {"P", "N", "B", "R", "Q", "K"}},
    {"cs", "Czech", {"p", "J", "S", "V", "D", "K"}},
    {"sk", "Slovak", {"p", "J", "S", "V", "D", "K"}},
    {"sl", "Slovenian", {"P", "S", "L", "T", "D", "K"}},
    {"de", "German", {"B", "S", "L", "T", "D", "K"}},
    {"fr", "French", {"P", "C", "F", "T", "D", "R"}},
    {"es", "Spanish", {"P", "C", "A", "T", "D", "R"}},
    {"it", "Italian", {"P", "C", "A", "T", "D", "R"}},
    {"pt", "Portuguese", {"P", "C", "B", "T", "D", "R"}},
    {"nl", "Dutch", {"p", "P", "L", "T", "D", "K"}},
    {"pl", "Polish", {"p", "S", "G", "W", "H", "K"}},
    {"hu", "Hungarian", {"G", "H", "F", "B", "V", "K"}},
    {"ro", "Romanian", {"P", "C", "N", "T", "D", "R"}},
    {"sv", "Swedish", {"B", "S", "L", "T", "D", "K"}},
    {"da", "Danish", {"B", "S", "L", "T", "D", "K"}},
    {"nb", "Norwegian", {"B", "S", "L", "T", "D", "K"}},
    {"fi", "Finnish", {"S", "R", "L", "T", "D", "K"}},
    {"is", "Icelandic", {"P", "R", "B", "H", "D", "K"}},
    {"et", "Estonian", {"E", "R", "O", "V", "L", "K"}},
    {"hr", "Croatian", {"P", "S", "L", "T", "D", "K"}},
    {"sr", "Serbian", {"P", "S", "L", "T", "D", "K"}},
    {"ru", "Russian", {"п", "К", "С", "Л", "Ф", "Кр"}},
    {"uk", "Ukrainian", {"п", "К", "С", "Т", "Ф", "Кр"}},
    {"bg", "Bulgarian", {"п", "К", "О", "Т", "Д", "Ц"}},
    /* Figurine algebraic notation writes the white symbols for both sides;
     * the reader accepts the black ones too (see pt_lang_match_piece). */
    {"fig", "Figurine", {"", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654"}},
};

int pt_lang_count(void)
{
    return (int)(sizeof langs / sizeof langs[0]);
}

const pt_lang *pt_lang_at(int index)
{
    return index >= 0 && index < pt_lang_count() ? &langs[index] : NULL;
}

const pt_lang *pt_lang_find(const char *code)
{
    for (int i = 0; i < pt_lang_count(); i++)
        if (strcmp(langs[i].code, code) == 0)
            return &langs[i];
    return NULL;
}

/* The black figurines, by piece type, which a reader accepts as well. */
static const char *const black_figurines[PT_NO_TYPE] = {"\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A"};
static const char *const white_pawn_figurine = "\u2659";

static size_t starts_with(const char *text, size_t len, const char *prefix)
{
    if (len == 0 || prefix[0] == '\0' || prefix[0] != text[0])
        return 0; /* the usual case, without measuring the prefix */
    if (prefix[1] == '\0')
        return 1; /* a one-byte letter, as in most languages */
    size_t n = strlen(prefix);
    return n <= len && memcmp(text, prefix, n) == 0 ? n : 0;
}

/* The piece type of each one-byte letter of each language (PT_NO_TYPE for
 * none): most moves start with one, and a one-byte letter can begin no
 * longer letter (those are all beyond ASCII). Built when the program
 * loads, so that reading a move needs no test that it is built. */
#define LANGS (sizeof langs / sizeof langs[0])
static uint8_t ascii_types[LANGS][128];

__attribute__((constructor)) static void build_ascii_types(void)
{
    memset(ascii_types, PT_NO_TYPE, sizeof ascii_types);
    for (size_t l = 0; l < LANGS; l++) {
        for (int t = PT_KING; t >= PT_PAWN; t--) { /* the lower type wins a tie */
            const unsigned char *letter = (const unsigned char *)langs[l].piece[t];
            if (letter[0] && letter[0] < 128 && !letter[1])
                ascii_types[l][letter[0]] = (uint8_t)t;
        }
        for (int file = 'a'; file <= 'h'; file++)
            ascii_types[l][file] = PT_NO_TYPE; /* a file, never a piece */
    }
}

const uint8_t *pt_lang_ascii_types(const pt_lang *lang)
{
    /* One unsigned test for "within langs": below it wraps around. */
    uintptr_t offset = (uintptr_t)lang - (uintptr_t)langs;
    return offset < sizeof langs ? ascii_types[offset / sizeof langs[0]] : NULL;
}

size_t pt_lang_match_piece(const pt_lang *lang, const char *text, size_t len, int *type)
{
    /* Longest letter first, so that Russian "Кр" (king) wins over "К"
     * (knight). Pawns are matched only when the letter is upper case or a
     * symbol, since a lower-case letter there is a file. */
    size_t best = 0;
    *type = PT_NO_TYPE;
    if (len == 0 || (text[0] >= 'a' && text[0] <= 'h'))
        return 0; /* a file: no language's letter starts so */
    const uint8_t *ascii = (unsigned char)text[0] < 128 ? pt_lang_ascii_types(lang) : NULL;
    if (ascii) {
        *type = ascii[(unsigned char)text[0]];
        return *type != PT_NO_TYPE;
    }
    for (int t = PT_PAWN; t <= PT_KING; t++) {
        size_t n = starts_with(text, len, lang->piece[t]);
        if (n > best) {
            best = n;
            *type = t;
        }
    }
    if (lang == &langs[pt_lang_count() - 1]) { /* figurine */
        for (int t = PT_PAWN; t <= PT_KING; t++) {
            size_t n = starts_with(text, len, black_figurines[t]);
            if (n > best) {
                best = n;
                *type = t;
            }
        }
        size_t n = starts_with(text, len, white_pawn_figurine);
        if (n > best) {
            best = n;
            *type = PT_PAWN;
        }
    }
    return best;
}
