/* Made by src/ocr/mklayouts.sh from the files in models/layouts: do not edit. */
#include <string.h>

#include "ocr/layout.h"

static const struct {
    const char *name, *text;
} layouts[] = {
    {"one-column",
     "# One column of 40 moves down the page.\n"
     "name    one-column\n"
     "page    210 297\n"
     "ruling  boxed\n"
     "field   Event  20 16 170 10\n"
     "field   White  20 28 83 10\n"
     "field   Black  107 28 83 10\n"
     "block   1  40 20 44 5.8 number:14 white:78 black:78\n"
     "result  20 280 50 10\n"
    },
    {"partiar-60",
     "# partiar's own form (partiar form): 60 moves in two blocks of 30, every\n"
     "# cell boxed, the move number left of the moves, four registration marks.\n"
     "name    partiar-60\n"
     "title   Scoresheet\n"
     "page    210 297\n"
     "ruling  boxed\n"
     "mark    8 8 5\n"
     "mark    197 8 5\n"
     "mark    8 284 5\n"
     "mark    197 284 5\n"
     "field   Event  15 20 118 11\n"
     "field   Date   137 20 58 11\n"
     "field   Round  15 33 30 11\n"
     "field   Board  49 33 30 11\n"
     "field   Site   83 33 112 11\n"
     "field   White  15 46 88 11\n"
     "field   Black  107 46 88 11\n"
     "block   1  30 15 62 7 number:9 white:38 black:38\n"
     "block   31 30 110 62 7 number:9 white:38 black:38\n"
     "result  15 276 40 11\n"
     "field   WhiteSignature 59 276 66 11\n"
     "field   BlackSignature 129 276 66 11\n"
    },
    {"three-20",
     "# 1-20, 21-40 and 41-60 in three blocks side by side.\n"
     "name    three-20\n"
     "page    210 297\n"
     "ruling  boxed\n"
     "field   Event  10 20 130 10\n"
     "field   Date   144 20 56 10\n"
     "field   White  10 33 93 10\n"
     "field   Black  107 33 93 10\n"
     "field   Round  10 46 40 10\n"
     "field   Board  54 46 40 10\n"
     "block   1  20 10 64 9 number:8 white:27 black:27\n"
     "block   21 20 74 64 9 number:8 white:27 black:27\n"
     "block   41 20 138 64 9 number:8 white:27 black:27\n"
     "result  10 254 50 10\n"
    },
    {"three-25",
     "# 1-25, 26-50 and 51-75 in three blocks side by side.\n"
     "name    three-25\n"
     "page    210 297\n"
     "ruling  boxed\n"
     "field   Event  10 18 130 10\n"
     "field   Date   144 18 56 10\n"
     "field   White  10 30 93 10\n"
     "field   Black  107 30 93 10\n"
     "field   Round  10 42 40 10\n"
     "block   1  25 10 58 8.4 number:8 white:27 black:27\n"
     "block   26 25 74 58 8.4 number:8 white:27 black:27\n"
     "block   51 25 138 58 8.4 number:8 white:27 black:27\n"
     "result  10 273 50 10\n"
    },
    {"two-30-clock",
     "# 1-30 and 31-60 with room for the clock time after each move\n"
     "# (\"dc4 1:26\"), which becomes a [%clk] comment.\n"
     "name    two-30-clock\n"
     "page    210 297\n"
     "ruling  boxed\n"
     "clock   yes\n"
     "field   Event  10 16 125 10\n"
     "field   Date   139 16 61 10\n"
     "field   White  10 28 93 10\n"
     "field   Black  107 28 93 10\n"
     "field   Round  10 40 40 10\n"
     "block   1  30 10 56 7.5 number:8 white:42 black:42\n"
     "block   31 30 106 56 7.5 number:8 white:42 black:42\n"
     "result  10 282 50 10\n"
    },
    {"two-30-continued",
     "# The continuation sheet of two-30 for long games: 61-90 and 91-120 in the\n"
     "# same places, told from two-30 by its printed move numbers alone.\n"
     "name    two-30-continued\n"
     "page    210 297\n"
     "ruling  boxed\n"
     "field   Event  12 16 120 10\n"
     "field   Date   136 16 62 10\n"
     "field   Round  12 28 40 10\n"
     "field   Board  56 28 40 10\n"
     "field   White  12 40 91 10\n"
     "field   Black  107 40 91 10\n"
     "block   61 30 12 56 7.5 number:10 white:40 black:40\n"
     "block   91 30 108 56 7.5 number:10 white:40 black:40\n"
     "result  12 282 50 10\n"
    },
    {"two-30-middle",
     "# 1-30 and 31-60, the move number between White's and Black's columns.\n"
     "name    two-30-middle\n"
     "page    210 297\n"
     "ruling  boxed\n"
     "field   Event  14 18 182 10\n"
     "field   White  14 30 89 10\n"
     "field   Black  107 30 89 10\n"
     "field   Round  14 42 40 10\n"
     "field   Date   58 42 60 10\n"
     "block   1  30 14 58 7.2 white:36 number:10 black:36\n"
     "block   31 30 110 58 7.2 white:36 number:10 black:36\n"
     "result  14 279 60 10\n"
    },
    {"two-30-rows",
     "# 1-30 and 31-60 with only the rows ruled: no lines between the columns.\n"
     "name    two-30-rows\n"
     "page    210 297\n"
     "ruling  rows\n"
     "field   Event  15 18 180 10\n"
     "field   White  15 30 88 10\n"
     "field   Black  107 30 88 10\n"
     "field   Round  15 42 30 10\n"
     "field   Date   49 42 50 10\n"
     "block   1  30 15 58 7.2 number:9 white:38 black:38\n"
     "block   31 30 110 58 7.2 number:9 white:38 black:38\n"
     "result  15 279 50 10\n"
    },
    {"two-30",
     "# The common club sheet: 1-30 and 31-60 side by side, every cell boxed,\n"
     "# the move number left of the moves.\n"
     "name    two-30\n"
     "page    210 297\n"
     "ruling  boxed\n"
     "field   Event  12 16 120 10\n"
     "field   Date   136 16 62 10\n"
     "field   Round  12 28 40 10\n"
     "field   Board  56 28 40 10\n"
     "field   White  12 40 91 10\n"
     "field   Black  107 40 91 10\n"
     "block   1  30 12 56 7.5 number:10 white:40 black:40\n"
     "block   31 30 108 56 7.5 number:10 white:40 black:40\n"
     "result  12 282 50 10\n"
    },
    {"typed",
     "# The typed sheets of Laterunner's Chess-Scoresheet-Generator (samples/scans/\n"
     "# typed/): 1-20, 21-40 and 41-60 side by side in long algebraic, each\n"
     "# move number typed before White's move (\"12. d2d4\"), no ruled cells: a\n"
     "# rule under the header, one over the footer and one between the blocks.\n"
     "name    typed\n"
     "page    210 297\n"
     "ruling  none\n"
     "line    14.9 46.8 190.1 46.8\n"
     "line    14.9 272.6 195 272.6\n"
     "line    65.1 54.7 65.1 236.4\n"
     "line    120.3 54.7 120.3 236.4\n"
     "block   1  20 14 50.5 9 white:23.5 black:27\n"
     "block   21 20 68 50.5 9 white:25 black:26\n"
     "block   41 20 123 50.5 9 white:25 black:30\n"
    },
};

const char *ocr_layout_builtin_text(const char *name)
{
    for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
        if (!strcmp(layouts[i].name, name))
            return layouts[i].text;
    return NULL;
}

const char *ocr_layout_builtin_name(size_t i)
{
    return i < sizeof layouts / sizeof layouts[0] ? layouts[i].name : NULL;
}
