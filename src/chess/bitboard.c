/*
 * bitboard.c - builds the attack tables declared in bitboard.h.
 */
#include "chess/bitboard.h"

pt_tables pt_tab;

/* Fancy magic tables: every square's slice of these arrays is sized by the
 * number of its relevant blockers. 102400 and 5248 are the exact sums. */
static pt_bb rook_table[102400];
static pt_bb bishop_table[5248];

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

static bool on_board(int file, int rank)
{
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

/* Attacks along four rays, stopping at the first blocker: the slow
 * reference the magic tables are filled from. */
static pt_bb ray_attacks(const int dirs[4][2], int sq, pt_bb occ)
{
    pt_bb att = 0;
    for (int d = 0; d < 4; d++) {
        int f = PT_FILE(sq) + dirs[d][0], r = PT_RANK(sq) + dirs[d][1];
        for (; on_board(f, r); f += dirs[d][0], r += dirs[d][1]) {
            att |= PT_BB(PT_SQ(f, r));
            if (occ & PT_BB(PT_SQ(f, r)))
                break;
        }
    }
    return att;
}

/* The squares whose occupancy matters for a slider on sq: its rays without
 * the board edges they run into. */
static pt_bb relevant_mask(const int dirs[4][2], int sq)
{
    pt_bb mask = 0;
    for (int d = 0; d < 4; d++) {
        int f = PT_FILE(sq) + dirs[d][0], r = PT_RANK(sq) + dirs[d][1];
        while (on_board(f + dirs[d][0], r + dirs[d][1])) {
            mask |= PT_BB(PT_SQ(f, r));
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return mask;
}

/* Magic multipliers, one per square. They were found once by a seeded trial
 * search (sparse random candidates, kept when no two blocker sets with
 * different attacks share an index) and are stored so that start-up costs
 * microseconds instead of the search's half second. test_bitboard checks
 * every table entry against ray_attacks(). */
static const pt_bb rook_magics[64] = {
    0x1080004008801020ULL, 0x0840092002c03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL, 0x4200100420080200ULL,
    0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL, 0x0404800084400220ULL, 0x0000401000402000ULL,
    0x0086001081220440ULL, 0x0408800800100280ULL, 0x000a001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL,
    0x0442000102105084ULL, 0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021d00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000a0001768104ULL, 0x0000800080204009ULL,
    0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL, 0x0442000a00049020ULL, 0x2100040080020080ULL,
    0x0800120400900148ULL, 0x0010040a00128541ULL, 0x2800804000800030ULL, 0x1010002000400041ULL, 0x4000200011004100ULL,
    0x0610008410800800ULL, 0x0400802402800800ULL, 0xc100020080800400ULL, 0x0002000802000401ULL, 0x0182085882000401ULL,
    0x0220204000808000ULL, 0x2860100040024022ULL, 0x0001002004110040ULL, 0x99101042000a0020ULL, 0x0004080004008080ULL,
    0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL, 0x0088403882010200ULL, 0x0820400080210100ULL,
    0x0110910040a00300ULL, 0x0801100280080480ULL, 0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL,
    0x0091800041000080ULL, 0x0000209300488001ULL, 0x04c1002414824001ULL, 0x020020000b001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084c0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL,
};
static const pt_bb bishop_magics[64] = {
    0x20502000909a0040ULL, 0x0021420409022010ULL, 0x109000a200404000ULL, 0x1088084108000020ULL, 0x4801104000604008ULL,
    0x4401102230004044ULL, 0x004100ba20210a05ULL, 0x4825038844201400ULL, 0x800444248c0c0420ULL, 0x0002041040820082ULL,
    0x0800112802124000ULL, 0x0620912400810308ULL, 0x0000c40420010812ULL, 0x2000208820080002ULL, 0x2800688410021000ULL,
    0x00110104064a0208ULL, 0x0209802008212810ULL, 0x000200500a580121ULL, 0x9890000800284810ULL, 0x00a8020120414080ULL,
    0x1815901404202000ULL, 0x0000808100600202ULL, 0x0081001421011010ULL, 0x240600c301109248ULL, 0x0503400090044820ULL,
    0x0042300009010802ULL, 0x2808020004002200ULL, 0x0408080000820002ULL, 0x8101010010104000ULL, 0x000281000a0300a2ULL,
    0x8801004401280800ULL, 0x8010408032088408ULL, 0x0010100400104486ULL, 0x080a109020040104ULL, 0x0008440200900020ULL,
    0x6008020080480080ULL, 0x0404004200140090ULL, 0x1002040040280800ULL, 0x0030340500006100ULL, 0x4030808108020510ULL,
    0x0017108221001000ULL, 0x8404108210000804ULL, 0x08214a0090000600ULL, 0x1c05024202012020ULL, 0x85d8300204900200ULL,
    0x0001101000804040ULL, 0x0091041080842403ULL, 0x800184010248a200ULL, 0x0001080110881004ULL, 0x00028424021a5038ULL,
    0x0080a04218110180ULL, 0x9900810108480002ULL, 0x410000400902480aULL, 0x4420049002020224ULL, 0x0820081101440412ULL,
    0x0060040082024c20ULL, 0x20c2002412021000ULL, 0x4140008401019000ULL, 0x009402120a091120ULL, 0x9501910400420220ULL,
    0x0000000440028210ULL, 0x2009402020b20080ULL, 0x4a00da1003063400ULL, 0x0524040800490608ULL,
};

/* The squares from sq to the edge of the board in direction dir, sq
 * excluded. */
static pt_bb ray_to_edge(const int dir[2], int sq)
{
    pt_bb ray = 0;
    for (int f = PT_FILE(sq) + dir[0], r = PT_RANK(sq) + dir[1]; on_board(f, r); f += dir[0], r += dir[1])
        ray |= PT_BB(PT_SQ(f, r));
    return ray;
}

/* ray_attacks() from the rays to the edge: each cut at its first blocker,
 * found with one bit scan. Filled by walking the rays square by square,
 * the tables took a third of the time to check a one-game file. */
static pt_bb cut_rays(pt_bb rays[4][64], const int dirs[4][2], int sq, pt_bb occ)
{
    pt_bb att = 0;
    for (int d = 0; d < 4; d++) {
        pt_bb ray = rays[d][sq], blockers = ray & occ;
        if (blockers) {
            bool up = dirs[d][0] + 8 * dirs[d][1] > 0; /* towards higher squares */
            int first = up ? pt_bb_lsb(blockers) : 63 - __builtin_clzll(blockers);
            ray ^= rays[d][first];
        }
        att |= ray;
    }
    return att;
}

/* Fills one slider's tables from its magics. */
static void init_magics(pt_magic *magics, pt_bb *table, const pt_bb *numbers, const int dirs[4][2])
{
    pt_bb rays[4][64];
    for (int d = 0; d < 4; d++)
        for (int sq = 0; sq < 64; sq++)
            rays[d][sq] = ray_to_edge(dirs[d], sq);
    for (int sq = 0; sq < 64; sq++) {
        pt_magic *m = &magics[sq];
        m->mask = relevant_mask(dirs, sq);
        m->shift = (unsigned)(64 - pt_bb_count(m->mask));
        m->magic = numbers[sq];
        m->table = table;
        /* Every subset of the mask, by the carry-rippler trick. */
        pt_bb b = 0;
        do {
            table[pt_magic_index(m, b)] = cut_rays(rays, dirs, sq, b);
            b = (b - m->mask) & m->mask;
        } while (b);
        table += (size_t)1 << (64 - m->shift);
    }
}

static void init_leapers(void)
{
    static const int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int king[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    for (int sq = 0; sq < 64; sq++) {
        int f = PT_FILE(sq), r = PT_RANK(sq);
        for (int i = 0; i < 8; i++) {
            if (on_board(f + knight[i][0], r + knight[i][1]))
                pt_tab.knight[sq] |= PT_BB(PT_SQ(f + knight[i][0], r + knight[i][1]));
            if (on_board(f + king[i][0], r + king[i][1]))
                pt_tab.king[sq] |= PT_BB(PT_SQ(f + king[i][0], r + king[i][1]));
        }
        for (int df = -1; df <= 1; df += 2) {
            if (on_board(f + df, r + 1))
                pt_tab.pawn[PT_WHITE][sq] |= PT_BB(PT_SQ(f + df, r + 1));
            if (on_board(f + df, r - 1))
                pt_tab.pawn[PT_BLACK][sq] |= PT_BB(PT_SQ(f + df, r - 1));
        }
    }
}

/* between[a][b] and line[a][b] for squares on a common rank, file or
 * diagonal; empty otherwise. */
static void init_lines(void)
{
    for (int a = 0; a < 64; a++) {
        pt_tab.rook_empty[a] = ray_attacks(rook_dirs, a, 0);
        pt_tab.bishop_empty[a] = ray_attacks(bishop_dirs, a, 0);
        for (int b = 0; b < 64; b++) {
            if (a == b)
                continue;
            const int(*dirs)[2] = NULL;
            if (ray_attacks(rook_dirs, a, 0) & PT_BB(b))
                dirs = rook_dirs;
            else if (ray_attacks(bishop_dirs, a, 0) & PT_BB(b))
                dirs = bishop_dirs;
            if (!dirs)
                continue;
            pt_tab.line[a][b] = (ray_attacks(dirs, a, 0) & ray_attacks(dirs, b, 0)) | PT_BB(a) | PT_BB(b);
            pt_tab.between[a][b] = ray_attacks(dirs, a, PT_BB(b)) & ray_attacks(dirs, b, PT_BB(a));
        }
    }
}

void pt_bitboard_init(void)
{
    init_leapers();
    init_magics(pt_tab.rook, rook_table, rook_magics, rook_dirs);
    init_magics(pt_tab.bishop, bishop_table, bishop_magics, bishop_dirs);
    init_lines();
}

pt_bb pt_attacks(int type, int sq, pt_bb occ)
{
    switch (type) {
    case PT_KNIGHT: return pt_attacks_knight(sq);
    case PT_BISHOP: return pt_attacks_bishop(sq, occ);
    case PT_ROOK: return pt_attacks_rook(sq, occ);
    case PT_QUEEN: return pt_attacks_queen(sq, occ);
    case PT_KING: return pt_attacks_king(sq);
    default: return 0;
    }
}

pt_bb pt_attacks_slow(int type, int sq, pt_bb occ)
{
    pt_bb att = 0;
    if (type == PT_BISHOP || type == PT_QUEEN)
        att |= ray_attacks(bishop_dirs, sq, occ);
    if (type == PT_ROOK || type == PT_QUEEN)
        att |= ray_attacks(rook_dirs, sq, occ);
    return att;
}
