#!/usr/bin/env bash
# train.sh - trains models/NAME.traineddata (NAME: notation2), Tesseract's
# LSTM for the handwritten move cells of scoresheets, from scratch, with
# Tesseract's own tools (Debian's tesseract-ocr: combine_lang_model,
# lstmtraining, lstmeval), and models/CAPS_NAME.traineddata (notationc),
# the same taught files written as capitals. partiar ships three:
# notation2 and notationc are this recipe's as it stands; notation, the
# first, learnt from the first 32 NPM FONTS with NPM_PAIRS 200, its runs
# typed by hand (models/notation.txt says how).
#
#   models/notation/train.sh [--tiny] [--reuse | --resume] [--from FLOAT] [-j JOBS] [BUILD]
#
# `make model` runs it. BUILD (build) holds partiar and the tools
# sheet-pairs and cell-lines. The work goes to BUILD/model/; the model, its
# evaluation and its provenance to models/NAME.traineddata and
# models/NAME.txt, and the same model in floating point (which
# Tesseract can train on, as it cannot on an integer one) to
# models/notation/NAME.float.traineddata: a later run fine-tunes from
# it (combine_tessdata -e it NAME.lstm; lstmtraining --continue_from
# NAME.lstm) instead of training every stage again. --tiny makes a
# model of a few pairs and a few hundred iterations into BUILD/model-tiny/
# only: the recipe's test (make test runs it), not a model. --reuse keeps
# the sets of sheets already drawn in the work folder (step 1 is the slow
# one) and redoes the rest. --resume goes on with a run that stopped
# (the machine went down, or a long recipe is spread over days), given
# the arguments and settings that run was given (it refuses others, as
# it would take up checkpoints of another network or schedule): it keeps
# the whole work folder, sheets, lines and checkpoints (a set of sheets
# cut short while it was drawn has no manifest yet and is drawn again
# whole, as a set's lines are cut again until all are listed), and each
# run of lstmtraining takes up its own checkpoint where it has one (lstmtraining
# restores the checkpoint of its --model_output before all else), so that
# the runs already finished are passed over in a moment and the one cut
# short goes on from its last checkpoint (stopped between two runs, the
# models are byte for byte those of an unbroken run). --from FLOAT continues from FLOAT, a model in
# floating point that this recipe made (models/notation/notation2.float.
# traineddata), with the WIDTHS and CAPS runs alone: the runs before them are
# FLOAT's (the sets the runs after it train on are drawn, with the sizes
# asked).
#
# 1. Sheets. PAIRS (250) pairs of scoresheets of real games
#    (tests/corpora/pgn/real: Aronian, London 1851, lichess; never the
#    games bench-ocr measures on) with their players' slips and national
#    notations (tests/tools/sheet-pairs), drawn by hand on the shipped
#    forms and scanned at 300 dpi with noise 0, 1 and 2
#    (tests/tools/ocr-set.sh), in the TRAINING FONTS below; MORE_PAIRS
#    (150) pairs in the MORE FONTS, with another seed; NPM_PAIRS (360)
#    pairs in the NPM FONTS, with a third; NPM2_PAIRS (240) in the NPM2
#    FONTS, with a fifth; NPM3_PAIRS (200) in the NPM3 FONTS, with a
#    sixth; CAPS_PAIRS (190) in all those fonts, with a seventh, their
#    writers printing every move in capitals (NF3, BXE5: ocr-set.sh
#    --capitals), as some players do; EVAL_PAIRS (16) more in the
#    training fonts, with a fourth, to evaluate on.
# 2. Lines. Every written move cell cut as `partiar ocr` cuts it, its ruled
#    lines taken out, and shown as the reader shows it to the model
#    (tests/tools/cell-lines.c), once as cut and AUG (2) times changed at
#    random (thicker or thinner strokes, another pen, a bend, slant, a
#    turn, width, skips, specks), laid side by side into lines of 1 to 6
#    cells; the truth is the text the writer wrote.
#    Tesseract makes .lstmf files of them. The width lines besides: every
#    training set's cells cut once more (another seed), each changed copy
#    also squeezed or stretched sideways by 0.5 to 1.8 (cell-lines -w).
#    The hand lines besides: every
#    move cell of the training set written anew by a hand drawn stroke by
#    stroke from the HERSHEY FONTS below (tests/tools/hershey.c), a new
#    writer for every cell (slant, width, height, letters moved and
#    turned, strokes shaken, a pen of 2 to 5 pixels), laid into lines
#    the same way.
# 3. The alphabet is every character written, and the notation's whole
#    alphabet besides (so that a rare letter still has its output): files,
#    ranks, the piece letters of the Latin notations, x : - = + # ( ) / . p.
#    No dictionary: a move is no word.
# 4. A small network trained from scratch (NET_SPEC: two convolutions'
#    worth of features, then LSTMs of 48, 96 and 128 cells, far smaller
#    than eng's, for an alphabet of some fifty characters), in stages:
#    STAGE1 (30000) lines of the training set's cells as cut, then all
#    the training lines up to ITERATIONS (100000), learning rate 0.002;
#    then FINE (30000 at 0.0005, 20000 at 0.00015) more on all the
#    training lines, each run from the one before with its learning rate
#    lowered. Then HANDS (15000 at 0.00015) on the training lines and the
#    hand lines together: the looped school cursive that no font of
#    Debian has. Then NPM (30000 at 0.0003, twice) on those and the npm
#    fonts' lines: a rate this high, and not a lower one after it, read
#    the fonts kept apart best. Then NPM2 (60000 at 0.0001) on all those
#    and the npm2 fonts' lines: 49 more hands, at a rate that keeps what
#    the runs before learnt. Then NPM3 (80000 at 0.0001) on all those and
#    the npm3 fonts' lines: 41 more. Then WIDE (120000 at 0.001, 40000 at
#    0.0001) on all those lines, with a wider top: NET_SPEC's Lrx96,
#    Lfx128 and output cut off and WIDE_TOP's LSTMs of 128 and 256 cells
#    grown in their place, the layers below kept. Then WIDTHS (50000 at
#    0.0003) on the width lines and all those: hands differ in width far
#    more than the fonts do, and a model that saw few tall, narrow hands
#    read their R and K as nothing. The last run's checkpoint is made an
#    integer model (smaller and faster, as Debian's own models are) and
#    evaluated on the evaluation lines with lstmeval.
# 5. The capitals model: CAPS (12000 at 0.0001) more on all those lines
#    and the capitals lines (a model that had never seen a file written
#    as a capital read D4 as b4 and NA3 as Nh3), made an integer model
#    and evaluated as the first. CAPS empty: none.
#
# The same arguments give the same model on the same Tesseract: every
# random draw is seeded, and lstmtraining's order is its own fixed one.
set -euo pipefail

# -------------------------------------------------------------- fonts
# The TRAINING FONTS: handwriting fonts of Debian packages (and DejaVu's
# obliques, a neat hand). NEVER add a font of tests/tools/ocr-set.sh's
# held-out lists (Ecolier, Klee, SteveHand, Delphine, the eleven of
# tests/corpora/fonts/held-out-2, the capitals group's Humor Sans and
# Because We..., nor another weight of their families):
# the held-out figures would measure what was learnt.
# ocr-set.sh's tuning fonts, then more hands that bench-ocr never measures.
mapfile -t training_fonts < <(sed -n '/^tuning_fonts=(/,/^)/p' "$(dirname "$0")/../../tests/tools/ocr-set.sh" |
    grep -o '/usr/share/fonts/[^ ]*')
training_fonts+=(
    /usr/share/fonts/truetype/fifthhorseman/dkgBd.ttf
    /usr/share/fonts/truetype/fifthhorseman/dkgBI.ttf
    /usr/share/fonts/opentype/dancingscript/DancingScript-Bold.otf
    /usr/share/fonts/opentype/comic-neue/ComicNeue-Bold.otf
    /usr/share/fonts/opentype/comic-neue/ComicNeue-LightItalic.otf
    /usr/share/fonts/truetype/kristi/Kristi.ttf
    /usr/share/fonts/opentype/kaushanscript/KaushanScript-Regular.otf
    /usr/share/fonts/truetype/leckerli-one/LeckerliOne-Regular.ttf
    /usr/share/fonts/opentype/lobster/lobster.otf
    /usr/share/fonts/opentype/havana/Havana-Regular.otf
    /usr/share/fonts/truetype/yusei-magic/YuseiMagic-Regular.ttf
    /usr/share/fonts/truetype/seto/setofont.ttf
    /usr/share/fonts/truetype/kiloji/kiloji.ttf
    /usr/share/fonts/truetype/dejavu/DejaVuSans-Oblique.ttf
    /usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf
)
# The MORE FONTS, a set of sheets of their own (MORE_PAIRS): more pens
# (felt tip, brush, ballpoint), more slants, and a few plain school and
# sans hands, so that the model learns the letters rather than the fonts.
more_fonts=(
    /usr/share/fonts/truetype/tlwg/Purisa.ttf
    /usr/share/fonts/truetype/tlwg/Purisa-Oblique.ttf
    /usr/share/fonts/truetype/tlwg/Purisa-Bold.ttf
    /usr/share/fonts/truetype/nanum/NanumBarunpenR.ttf
    /usr/share/fonts/truetype/nanum/NanumBarunpenB.ttf
    /usr/share/fonts/truetype/nanum/NanumBrush.ttf
    /usr/share/fonts/truetype/nanum/NanumPen.ttf
    /usr/share/fonts/truetype/aoyagi-kouzan-t/AoyagiKouzanT.ttf
    /usr/share/fonts/truetype/yozvox-yozfont/YOzRNXF.ttf
    /usr/share/fonts/truetype/yozvox-yozfont/YOzRN_i.ttf
    /usr/share/texmf/fonts/opentype/public/tex-gyre/texgyrechorus-mediumitalic.otf
    /usr/share/fonts/opentype/fantasque-sans/LargeLineHeight/OTF/FantasqueSansMono-Italic.otf
    /usr/share/fonts/truetype/comfortaa/Comfortaa-Regular.ttf
    /usr/share/fonts/truetype/andika/Andika-Italic.ttf
    /usr/share/fonts/opentype/opendyslexic/OpenDyslexic-Regular.otf
    /usr/share/fonts/truetype/tuffy/Tuffy_Italic.ttf
    /usr/share/fonts/opentype/cabin/Cabin-Italic.otf
    /usr/share/fonts/truetype/quicksand/Quicksand-Regular.ttf
)
# The FONT STAGES: handwriting fonts of Google Fonts, from npm's @fontsource
# packages, committed with their licences in a folder each (its README.md
# says which and why), that join the training one stage after another,
# after HANDS. A stage is STAGE:FOLDER:SEED, SEED added to the recipe's
# seed for its sheets; its name in capitals with _PAIRS (NPM_PAIRS, ...)
# is how many pairs of sheets are drawn in its fonts, and alone (NPM,
# ...) its runs. Another stage is a line here and those two. npm: school
# models of several countries, felt tip, brush, narrow and tall hands,
# more than Debian packages; npm2: 49 more, the school models of more
# countries (Playwrite), scripts and brush hands; npm3: 41 more, the
# school models of seven more countries, marker and felt-tip print,
# broad-nib and italic hands, brush pens and joined scripts.
font_stages=(npm:fonts:3000 npm2:fonts2:7000 npm3:fonts3:9000)
stages=() # their names, in order
declare -A stage_folder stage_seed
for stage in "${font_stages[@]}"; do
    IFS=: read -r name folder seed <<<"$stage"
    stages+=("$name") stage_folder[$name]=$folder stage_seed[$name]=$seed
done
# The HERSHEY FONTS (hershey-fonts-data): single-stroke vector fonts,
# drawn with a pen along their strokes. Looped script twice as often as
# the rest; a name twice is a font drawn twice as often.
hershey_fonts=(scripts scriptc cursive scripts cursive futural timesi rowmans)
# --------------------------------------------------------------------

# NET_SPEC, WIDE_AT and WIDE_TOP (below) may be given, to try another
# shape of network; WIDE empty keeps NET_SPEC's own top.
NET_SPEC=${NET_SPEC:-'[1,36,0,1 Ct3,3,16 Mp3,3 Lfys48 Lfx96 Lrx96 Lfx128 O1c###]'}
ALPHABET='abcdefgh 12345678 90 ABCDEFGHJKLNOPQRSTVW xX : - = + # ( ) / . p'
SEED=${SEED:-1}
PAIRS=${PAIRS:-250}
MORE_PAIRS=${MORE_PAIRS:-150}
NPM_PAIRS=${NPM_PAIRS:-360}
NPM2_PAIRS=${NPM2_PAIRS:-240}
NPM3_PAIRS=${NPM3_PAIRS:-200}
NAME=${NAME:-notation2}
CAPS_NAME=${CAPS_NAME:-notationc}
AUG=${AUG:-2}
EVAL_PAIRS=${EVAL_PAIRS:-16}
STAGE1=${STAGE1:-30000}
ITERATIONS=${ITERATIONS:-100000}
FINE=${FINE:-30000:5e-4 20000:1.5e-4} # iterations:learning rate, run after run
HANDS=${HANDS:-15000:1.5e-4}           # iterations:learning rate, with the hand lines
NPM=${NPM:-30000:3e-4 30000:3e-4}       # run after run, with the hand and npm fonts' lines
NPM2=${NPM2:-60000:1e-4}                # run after run, with those and the npm2 fonts' lines
NPM3=${NPM3:-80000:1e-4}                # and with the npm3 fonts' lines too
WIDE=${WIDE-120000:1e-3 40000:1e-4}    # the wider top, on all those lines
WIDE_AT=${WIDE_AT:-4}                   # NET_SPEC's layers from Lrx96 on ...
WIDE_TOP=${WIDE_TOP:-'[Lrx128 Lfx256 O1c###]'} # ... replaced by these
WIDTHS=${WIDTHS-50000:3e-4}             # on the width lines and all those
CAPS_PAIRS=${CAPS_PAIRS:-190}
CAPS=${CAPS-12000:1e-4}                 # on those and the capitals lines
jobs=2
tiny=
reuse=
resume=
from=
while [ $# -gt 0 ]; do
    case $1 in
    --tiny) tiny=1; shift ;;
    --reuse) reuse=1; shift ;;
    --resume) resume=1 reuse=1; shift ;;
    --from) from=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    -h | --help) sed -n '2,/^set -eu/p' "$0" | sed -e 's/^# \{0,1\}//' -e '$d'; exit 0 ;;
    -*) echo "train.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
done
build=${1:-build}
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here"
if [ -n "$tiny" ]; then
    # Fonts every machine that runs the tests has (fonts-dejavu-core).
    training_fonts=(/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf)
    more_fonts=()
    PAIRS=2 MORE_PAIRS=0 EVAL_PAIRS=1 STAGE1=150 ITERATIONS=300 FINE=100:5e-4 HANDS=100:1.5e-4 WIDTHS=100:3e-4
    WIDE=${WIDE:+100:1e-3} CAPS_PAIRS=1 CAPS=${CAPS:+100:1e-4} # left out when given empty
    # Each font stage: two fonts (stage_fonts), a pair, one run of 100
    # iterations at its first run's rate.
    for stage in "${stages[@]}"; do
        runs=${stage^^} rate=${!runs%% *}
        printf -v "${stage^^}_PAIRS" 1
        printf -v "$runs" '100:%s' "${rate#*:}"
    done
    work=$build/model-tiny
    NAME=notation
    model=$work/notation.traineddata
    float=$work/notation.float.traineddata
    about=$work/notation.txt
    CAPS_NAME=notationc
else
    work=$build/model
    model=models/$NAME.traineddata
    float=models/notation/$NAME.float.traineddata
    about=models/$NAME.txt
fi
caps_model=${model%/*}/$CAPS_NAME.traineddata caps_about=${about%/*}/$CAPS_NAME.txt
caps_float=${float%/*}/$CAPS_NAME.float.traineddata
stage_fonts() { # STAGE: its fonts into list (two with --tiny)
    list=("$here/models/notation/${stage_folder[$1]}"/*.woff)
    [ -z "$tiny" ] || list=("${list[@]:0:2}")
}
stage_pairs() { # STAGE: its pairs of sheets
    local pairs=${1^^}_PAIRS
    echo "${!pairs}"
}
and_list() { # WORDS...: "a, b and c", for the provenance
    local out=$1
    shift
    while [ $# -gt 1 ]; do out+=", $1"; shift; done
    [ $# -eq 0 ] || out+=" and $1"
    echo "$out"
}
stage_names=$(and_list "${stages[@]}")
all_fonts=("${training_fonts[@]}" "${more_fonts[@]}")
for stage in "${stages[@]}"; do
    stage_fonts "$stage"
    all_fonts+=("${list[@]}")
done
for tool in "$build/partiar" "$build/tools/sheet-pairs" "$build/tools/cell-lines"; do
    [ -x "$tool" ] || { echo "train.sh: $tool: missing (make BUILD=$build $tool)" >&2; exit 2; }
done
# The held-out fonts by file name, as ocr-set.sh lists them: both groups,
# and the capitals group.
held_out=" $(sed -n '/^heldout_fonts=(/,/^)/p;/^capitals_fonts=(/,/^)/p' tests/tools/ocr-set.sh | grep -o '/usr/share/fonts/[^ ]*' |
    sed 's|.*/||' | tr '\n' ' ')$(cd tests/corpora/fonts/held-out-2 && echo *.woff) "
[ -z "$from" ] || [ -r "$from" ] || { echo "train.sh: $from: no such model" >&2; exit 2; }
for f in "${all_fonts[@]}"; do
    [ -r "$f" ] || { echo "train.sh: $f: no such font (make deps-model)" >&2; exit 2; }
    case $held_out in *" ${f##*/} "*) echo "train.sh: $f is a held-out font" >&2; exit 2 ;; esac
done
hands=
for f in "${hershey_fonts[@]}"; do
    f=/usr/share/hershey-fonts/$f.jhf
    [ -r "$f" ] || { echo "train.sh: $f: no such font (make deps-model)" >&2; exit 2; }
    hands+=${hands:+,}$f
done
export OMP_THREAD_LIMIT=1 # one thread each: the jobs are the parallelism
sets=(train more "${stages[@]}" caps eval)
if [ -n "$resume" ] && [ -d "$work" ]; then
    : # all kept
elif [ -n "$reuse" ] && [ -d "$work" ]; then
    rm -rf "$work"/*-lines "$work/lang" "$work/ckpt" "$work/log"
else
    reuse=
    rm -rf "$work"
fi
mkdir -p "$work"
log=$work/log
started=$(date +%s)
say() { echo "train.sh: $*" | tee -a "$log" >&2; }
# What the runs depend on: --resume goes on only with the same, as a
# checkpoint of another network or schedule would be taken up unasked.
names=(SEED AUG PAIRS MORE_PAIRS EVAL_PAIRS CAPS_PAIRS STAGE1 ITERATIONS FINE HANDS WIDE WIDE_AT WIDE_TOP WIDTHS CAPS NET_SPEC)
for stage in "${stages[@]}"; do names+=("${stage^^}" "${stage^^}_PAIRS"); done
settings=$(for v in "${names[@]}" tiny from; do echo "$v=${!v}"; done)
if [ -n "$resume" ] && [ -s "$work/settings" ] && [ "$(cat "$work/settings")" != "$settings" ]; then
    echo "train.sh: --resume: $work was made with other settings:" >&2
    diff "$work/settings" - <<<"$settings" >&2 || true
    exit 2
fi
echo "$settings" >"$work/settings"

# 1. The sheets: a set in the training fonts, a set in the more fonts, and
# the evaluation set (the training fonts, another seed). --reuse keeps the
# sets already drawn.
cat tests/corpora/pgn/real/Aronian.pgn tests/corpora/pgn/real/London1851.pgn \
    tests/corpora/pgn/real/lichess-100.pgn >"$work/games.pgn"
drawn=0 kept=0
for set in "${sets[@]}"; do
    capitals=()
    case $set in
    train) n=$PAIRS s=$SEED list=("${training_fonts[@]}") ;;
    more) n=$MORE_PAIRS s=$((SEED + 1000)) list=("${more_fonts[@]}") ;;
    caps) n=$CAPS_PAIRS s=$((SEED + 13000)) list=("${all_fonts[@]}") capitals=(--capitals) ;;
    eval) n=$EVAL_PAIRS s=$((SEED + 5000)) list=("${training_fonts[@]}") ;;
    *) n=$(stage_pairs "$set") s=$((SEED + stage_seed[$set])) && stage_fonts "$set" ;;
    esac
    [ "$n" -gt 0 ] || continue
    if [ -n "$reuse" ] && [ -s "$work/$set/manifest.tsv" ]; then
        kept=$((kept + 2 * n))
        continue
    fi
    tests/tools/ocr-set.sh --partiar "$build/partiar" --sheet-pairs "$build/tools/sheet-pairs" -n "$n" -s "$s" \
        --fonts "$(IFS=,; echo "${list[*]}")" --noise 0,1,2 "${capitals[@]}" -j "$jobs" "$work/games.pgn" "$work/$set" 2>>"$log"
    drawn=$((drawn + 2 * n))
done
pairs=$((PAIRS + MORE_PAIRS + CAPS_PAIRS))
for stage in "${stages[@]}"; do pairs=$((pairs + $(stage_pairs "$stage"))); done
say "sheets: $drawn drawn, $kept kept from before; $((2 * pairs)) to train on, $((2 * EVAL_PAIRS)) to evaluate on"

# 2. The lines, and Tesseract's .lstmf of each sheet's lines: of each set;
# of the training set once more with its cells as cut only (plain), for
# the first stage of step 4 (not with --from); and of its cells drawn by
# the Hershey hands (hand), for the last; and of every training set once
# more, changed copies squeezed or stretched sideways (SET-widths).
width_sets=()
for set in train more "${stages[@]}"; do width_sets+=("$set-widths"); done
for name in "${sets[@]}" $([ -n "$from" ] || echo plain) hand "${width_sets[@]}"; do
    set=$name aug=$AUG draw=() seed=$SEED
    case $name in
    plain | hand) set=train ;;
    *-widths) set=${name%-widths} draw=(-w) seed=$((SEED + 10)) ;;
    esac
    case $name in plain | hand | eval) aug=0 ;; esac
    [ "$name" = hand ] && draw=(-H "$hands")
    [ -s "$work/$set/manifest.tsv" ] || continue
    if [ -n "$resume" ] && [ -s "$work/$name.list" ]; then
        say "$name: the lines cut before"
        continue
    fi
    rm -rf "$work/$name-lines"
    mkdir -p "$work/$name-lines"
    lines=0
    for part in $(seq 0 $((jobs - 1))); do
        "$build/tools/cell-lines" -a "$aug" -s "$seed" -p "$part/$jobs" "${draw[@]}" "$work/$set" "$work/$name-lines" \
            >"$work/$name-lines/count.$part" 2>>"$log" &
    done
    wait
    for part in $(seq 0 $((jobs - 1))); do lines=$((lines + $(cat "$work/$name-lines/count.$part"))); done
    say "$name: $lines lines of $(cat "$work/$name-lines"/*.txt | wc -w) cells"
    find "$work/$name-lines" -name '*.tif' -print0 | sort -z |
        xargs -0 -P "$jobs" -I{} sh -c 'b=${1%.tif}; tesseract "$1" "$b" --psm 7 lstm.train >/dev/null 2>&1 ||
            { rm -f "$b.lstmf"; echo "train.sh: $1: Tesseract made no training data of it (left out)"; }' sh {} |
        tee -a "$log" >&2
    find "$work/$name-lines" -name '*.lstmf' | sort >"$work/$name.list"
done
# The training lines are those of both training sets.
texts=("$work"/train-lines/*.txt)
find "$work/train-lines" -name '*.lstmf' | sort >"$work/train.list" # again: --resume
if [ -s "$work/more.list" ]; then
    cat "$work/more.list" >>"$work/train.list"
    texts+=("$work"/more-lines/*.txt)
fi

# 3. The alphabet and the starter model; with --from, FLOAT's.
mkdir -p "$work/lang/script" "$work/lang/out"
if [ -n "$from" ]; then
    # combine_tessdata names the part to take out by the file's extension.
    combine_tessdata -e "$from" "$work/lang/from.lstm-unicharset" >>"$log" 2>&1
    cp "$work/lang/from.lstm-unicharset" "$work/lang/unicharset"
    starter=$from
else
    { echo "$ALPHABET"; cat "${texts[@]}"; } >"$work/lang/all.txt"
    unicharset_extractor --output_unicharset "$work/lang/unicharset" --norm_mode 1 "$work/lang/all.txt" >>"$log" 2>&1
    # combine_lang_model reads a table of Han radicals, which notation lacks.
    echo '# no Han characters in chess notation' >"$work/lang/script/radical-stroke.txt"
    combine_lang_model --input_unicharset "$work/lang/unicharset" --script_dir "$work/lang/script" \
        --output_dir "$work/lang/out" --lang notation >>"$log" 2>&1
    starter=$work/lang/out/notation/notation.traineddata
fi
classes=$(head -n 1 "$work/lang/unicharset")
say "alphabet: $((classes - 3)) characters"

# 4. Training in stages, the model, its evaluation. First from
# scratch on the plain lines, STAGE1 iterations: a network from nothing
# learns the letters from cells as they were cut (given the changed cells
# and the more fonts from the start, it stayed at 95% character error
# past 30000 iterations); then on all the training lines, changed cells
# and more fonts, ITERATIONS - STAGE1 more (a continued run counts its
# iterations from 0). Then the FINE runs: at 0.002 the training lines'
# error stayed near 7% from 40000 iterations on, and a lower rate took it
# below (lstmtraining's --reset_learning_rate: a continued run otherwise
# keeps its checkpoint's rate).
mkdir -p "$work/ckpt"
train() { # NAME ITERATIONS LINES ARGS...: a run into ckpt/NAME
    local name=$1 iterations=$2 lines=$3
    shift 3
    lstmtraining --traineddata "$starter" "$@" --model_output "$work/ckpt/$name" --max_iterations "$iterations" \
        --train_listfile "$work/$lines.list" --eval_listfile "$work/eval.list" --debug_interval 0 >>"$log" 2>&1
}
cat "$work/train.list" "$work/hand.list" >"$work/hands.list"
# A font stage's lines join its runs and the runs after it only: the runs
# before are those of the model its fonts were tried on, so that make
# model gives that model. STAGE-hands.list: all the lines up to STAGE's.
lines=hands
for stage in "${stages[@]}"; do
    cat "$work/$lines.list" "$work/$stage.list" >"$work/$stage-hands.list"
    lines=$stage-hands
done
runs() { # PREFIX LINES "ITERATIONS:RATE ..." [ARGS]: run after run from $last, into ckpt/PREFIXk
    local prefix=$1 lines=$2 list=$3 run k=0
    shift 3
    # ARGS, for the first run, in place of --reset_learning_rate (the rate
    # a continued run otherwise keeps from its checkpoint).
    local first=("$@")
    [ ${#first[@]} -gt 0 ] || first=(--reset_learning_rate)
    for run in $list; do
        k=$((k + 1))
        train "$prefix$k" "${run%%:*}" "$lines" --continue_from "$last" "${first[@]}" --learning_rate "${run#*:}"
        first=(--reset_learning_rate)
        last=$work/ckpt/$prefix${k}_checkpoint
    done
}
stage_runs() { # STAGE: its runs, into ckpt/STAGE1, 2... (npm2_1...: no name runs into a number)
    local prefix=$1 runs=${1^^}
    case $prefix in *[0-9]) prefix+=_ ;; esac
    runs "$prefix" "$1-hands" "${!runs}"
}
if [ -n "$from" ]; then
    combine_tessdata -e "$from" "$work/ckpt/from.lstm" >>"$log" 2>&1
    last=$work/ckpt/from.lstm
else
    train plain "$STAGE1" plain --net_spec "${NET_SPEC/c###/c$classes}" --learning_rate 20e-4
    train notation $((ITERATIONS - STAGE1)) train --continue_from "$work/ckpt/plain_checkpoint"
    last=$work/ckpt/notation_checkpoint
    runs fine train "$FINE"
    train hands "${HANDS%%:*}" hands --continue_from "$last" --reset_learning_rate --learning_rate "${HANDS#*:}"
    last=$work/ckpt/hands_checkpoint
    for stage in "${stages[@]}"; do stage_runs "$stage"; done
    # The wider top: the layers from WIDE_AT on (Lrx96, Lfx128 and the
    # output) cut off and WIDE_TOP's grown in their place, on all the
    # lines; the layers below keep what they learnt (lstmtraining
    # --append_index). More hands had stopped paying much with a top of 96
    # and 128 cells; the wider one read the hard selection set's cells
    # 75.4% -> 77.6% right.
    runs wide "${stages[-1]}-hands" "$WIDE" --append_index "$WIDE_AT" --net_spec "${WIDE_TOP/c###/c$classes}"
fi
# The widths runs, on the width lines and then all the lines before.
: >"$work/widths.list"
for name in "${width_sets[@]}"; do [ ! -s "$work/$name.list" ] || cat "$work/$name.list" >>"$work/widths.list"; done
cat "$work/${stages[-1]}-hands.list" >>"$work/widths.list"
runs widths widths "$WIDTHS"
finish() { # MODEL FLOAT: $last as an integer model and in floating point; its error into train_cer, eval_cer
    lstmtraining --stop_training --convert_to_int --continue_from "$last" \
        --traineddata "$starter" --model_output "$1" >>"$log" 2>&1
    lstmtraining --stop_training --continue_from "$last" --traineddata "$starter" --model_output "$2" >>"$log" 2>&1
    train_cer=$(grep -o 'BCER train=[0-9.]*' "$log" | tail -n 1 | cut -d= -f2)
    eval_out=$(lstmeval --model "$1" --eval_listfile "$work/eval.list" 2>&1 | tail -n 1)
    eval_cer=$(echo "$eval_out" | grep -o 'BCER eval=[0-9.]*' | cut -d= -f2)
}
finish "$model" "$float"
minutes=$((($(date +%s) - started + 59) / 60))
say "model $model: character error ${train_cer:-?}% on the width, training, hand, $stage_names lines, ${eval_cer:-?}% on the evaluation lines, $minutes min"

# The network made: NET_SPEC's layers up to WIDE_AT, then WIDE_TOP's
# (NET_SPEC's own with no WIDE runs).
read -r -a layers <<<"${NET_SPEC#[}"
network="[${layers[*]:0:WIDE_AT+1} ${WIDE_TOP#[}"
[ -n "$WIDE" ] || network=$NET_SPEC
network=${network/c###/c$classes}
# Each font stage's part of the provenance: its sheets, lines and runs.
stage_sheets=''
stage_lines=()
stage_iterations=''
for stage in "${stages[@]}"; do
    runs=${stage^^}
    stage_sheets+=" $((2 * $(stage_pairs "$stage"))) in the $stage fonts (seed $((SEED + stage_seed[$stage]))),"
    stage_lines+=("$(cat "$work/$stage-lines"/*.txt | wc -l) $stage")
    stage_iterations+="; then on those and the $stage lines ${!runs}"
done
caps_lines=0
[ ! -d "$work/caps-lines" ] || caps_lines=$(cat "$work"/caps-lines/*.txt | wc -l)
width_lines=0
for name in "${width_sets[@]}"; do
    [ ! -d "$work/$name-lines" ] || width_lines=$((width_lines + $(cat "$work/$name-lines"/*.txt | wc -l)))
done
{
    echo "$NAME.traineddata - Tesseract LSTM for handwritten chess notation"
    echo
    echo "recipe:      models/notation/train.sh (make model), partiar $(git describe --always --dirty 2>/dev/null || echo '?')"
    echo "tesseract:   $(tesseract --version 2>&1 | head -n 1)"
    if [ -n "$from" ]; then
        echo "network:     $network, continued from $from, integer"
    else
        echo "network:     $network, from scratch, integer"
    fi
    echo "alphabet:    $((classes - 3)) characters ($work/lang/unicharset)"
    echo "sheets:      $((2 * PAIRS)) in the training fonts (seed $SEED), $((2 * MORE_PAIRS)) in the more fonts (seed $((SEED + 1000))),$stage_sheets of games of tests/corpora/pgn/real Aronian, London1851, lichess-100"
    echo "lines:       $(cat "${texts[@]}" | wc -l) training (each cell as cut and $AUG times changed), $(cat "$work"/hand-lines/*.txt | wc -l) hand (the training set's cells drawn in the Hershey fonts), $(and_list "${stage_lines[@]}") (each cell as cut and $AUG times changed), $width_lines width (the training sets' cells cut again, each changed copy squeezed or stretched sideways by 0.5 to 1.8), $(cat "$work"/eval-lines/*.txt | wc -l) evaluation"
    if [ -n "$from" ]; then
        echo "iterations:  $from's, then on the width lines and the training, hand, $stage_names lines (iterations:rate) $WIDTHS"
    else
        echo "iterations:  $ITERATIONS, learning rate 0.002: $STAGE1 from scratch on the training set's cells as cut, then the rest on all the training lines; then on all the training lines (iterations:rate) $FINE; then on the training and hand lines $HANDS$stage_iterations; ${WIDE:+then the wider top on all those lines $WIDE; }then on those and the width lines $WIDTHS"
    fi
    echo "error:       ${train_cer:-?}% of characters on the width, training, hand, $stage_names lines (the last run's), ${eval_cer:-?}% on the evaluation lines (lstmeval)"
    echo "time:        $minutes min on $(getconf _NPROCESSORS_ONLN) cores, $jobs jobs${reuse:+ (the sheets drawn by an earlier run: --reuse)}"
    echo "fonts:"
    for f in "${training_fonts[@]}" "${more_fonts[@]}" $(tr , '\n' <<<"$hands" | sort -u); do echo "  $f ($(dpkg -S "$f" 2>/dev/null | cut -d: -f1 || echo '?'))"; done
    for stage in "${stages[@]}"; do
        stage_fonts "$stage"
        for f in "${list[@]}"; do echo "  ${f#"$here"/} (npm @fontsource)"; done
    done
} >"$about"
echo "$model"

# 5. The capitals model (CAPS_NAME): the model above, CAPS runs more on
# all its lines and the capitals lines. `partiar ocr` reads a sheet with
# it again when the first reading's game is dear (the writer printed his
# files as capitals): read first, it took Q for G on ordinary hands.
[ -n "$CAPS" ] || exit 0
started=$(date +%s)
cat "$work/widths.list" >"$work/capitals.list"
[ ! -s "$work/caps.list" ] || cat "$work/caps.list" >>"$work/capitals.list"
runs caps capitals "$CAPS"
finish "$caps_model" "$caps_float"
minutes=$((($(date +%s) - started + 59) / 60))
say "model $caps_model: character error ${train_cer:-?}% on those lines and the capitals lines, ${eval_cer:-?}% on the evaluation lines, $minutes min"
{
    echo "$CAPS_NAME.traineddata - $NAME taught files written as capitals (NF3, BXE5), for a second reading"
    echo
    echo "recipe:      models/notation/train.sh (make model), partiar $(git describe --always --dirty 2>/dev/null || echo '?')"
    echo "tesseract:   $(tesseract --version 2>&1 | head -n 1)"
    echo "network:     $NAME's, continued, integer"
    echo "sheets:      $NAME's, and $((2 * CAPS_PAIRS)) in all its fonts written in capitals (ocr-set.sh --capitals, seed $((SEED + 13000)), noise 0, 1, 2)"
    echo "lines:       $NAME's last run's, and $(cat "$work"/caps-lines/*.txt | wc -l) capitals (each cell as cut and $AUG times changed)"
    echo "iterations:  $NAME's, then on its last run's lines and the capitals lines (iterations:rate) $CAPS"
    echo "error:       ${train_cer:-?}% of characters on those lines (the last run's), ${eval_cer:-?}% on the evaluation lines (lstmeval)"
    echo "time:        $minutes min on $(getconf _NPROCESSORS_ONLN) cores"
} >"$caps_about"
echo "$caps_model"
