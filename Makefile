# partiar - build, test, install.
#
#   make            build build/libpartiar.a and build/partiar
#   make demo       install missing Debian packages, build, run on the samples
#   make test       install missing packages, lint, run every test, then again
#                   under AddressSanitizer + UndefinedBehaviorSanitizer
#   make bench      benchmarks against the peers (tests/bench/)
#   make model      train the notation model from scratch (models/notation/)
#   make fuzz       build the libFuzzer harnesses and run each for FUZZ_SECONDS
#   make install    into $(DESTDIR)$(PREFIX); make uninstall removes it again
#
# The default build is tuned for this CPU (-march=native); for a portable
# binary use `make ARCH_FLAGS=`. With GCC it is also optimised with a
# profile (PGO=1): the objects are built instrumented, the command checks
# (on one thread and on two, which cut the input into pieces),
# converts and counts perft on the bundled edge-case, language and sample
# files (not the games the benchmark times), and the objects are built
# again, laid out and inlined for what those runs did most, and across
# files at link time (LTO, in one partition: the program is small, and
# GCC then weighs every call at once; 1% fewer instructions for check).
# `make PGO=0` builds once, for a quicker edit-compile cycle. The objects
# keep their ordinary code beside the LTO code, so the installed library
# links without LTO too.

# A recipe that fails removes what it was writing: a build that stops
# between the two halves of the profile-guided build must not leave the
# instrumented binary in place of the real one.
.DELETE_ON_ERROR:

CC ?= cc
BUILD ?= build
PREFIX ?= /usr/local
ARCH_FLAGS ?= -march=native
OPT ?= -O2
GCC := $(shell $(CC) -v 2>&1 | grep -q '^gcc version' && echo yes)
PGO ?= $(if $(GCC),1,0)
LTO ?= $(if $(GCC),-flto=auto -flto-partition=one -ffat-lto-objects)
SAN ?=
DEBUG ?=
FUZZ_SECONDS ?= 60

WARNINGS = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wwrite-strings
CPPFLAGS_ALL = -Isrc -D_POSIX_C_SOURCE=200809L $(CPPFLAGS)
CFLAGS_ALL = -std=c11 -g $(OPT) $(ARCH_FLAGS) $(LTO) $(WARNINGS) $(CFLAGS)
# OCR: Tesseract and Leptonica, found through pkg-config.
OCR_LIBS := $(shell pkg-config --libs tesseract lept 2>/dev/null || echo -ltesseract -lleptonica)
LDLIBS_ALL = $(OCR_LIBS) -lz -lpthread -lm $(LDLIBS)

# DEBUG=1 checks the position's invariants after every make and unmake;
# the sanitizer build does too.
ifeq ($(DEBUG),1)
CFLAGS_ALL += -DPT_DEBUG
endif
ifeq ($(SAN),1)
CFLAGS_ALL += -DPT_DEBUG -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
LDFLAGS += -fsanitize=address,undefined
endif
# The two halves of PGO=1 (see the rule for $(BIN) below). The top level
# names the profile too, so that its flags match the final objects'.
ifeq ($(PGO),generate)
# Atomic counters: the training runs threads too.
OBJ_FLAGS = -fprofile-generate -fprofile-update=atomic
LDFLAGS += -fprofile-generate -fprofile-update=atomic
else ifneq ($(PGO),0)
OBJ_FLAGS = -fprofile-use
endif

LIB_SRC := $(sort $(wildcard src/chess/*.c src/notation/*.c src/record/*.c src/ocr/*.c src/util/*.c))
CLI_SRC := $(sort $(wildcard src/cli/*.c))
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
FUZZ_SRC := $(sort $(wildcard tests/fuzz/fuzz_*.c))
HEADERS := $(sort $(wildcard src/*.h src/*/*.h))

LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
LIB := $(BUILD)/libpartiar.a
BIN := $(BUILD)/partiar

# Debian packages: to build and test, and for the benchmarks' peers.
DEPS_BUILD = build-essential pkg-config libtesseract-dev tesseract-ocr \
	tesseract-ocr-eng tesseract-ocr-ces tesseract-ocr-slk tesseract-ocr-slv \
	tesseract-ocr-deu tesseract-ocr-fra libleptonica-dev libpng-dev zlib1g-dev \
	libcmocka-dev
# hershey-fonts-data: the hands of the model recipe's tiny run (tests/cli/ocr.sh).
DEPS_CHECK = cppcheck clang clang-tidy libclang-rt-14-dev groff-base parallel jq imagemagick file \
	fonts-dejavu-core hershey-fonts-data
DEPS_BENCH = stockfish bc pgn-extract time imagemagick fonts-dkg-handwriting fonts-breip fonts-rufscript \
	fonts-dancingscript fonts-comic-neue fonts-ecolier-court fonts-sjfonts fonts-klee fonts-humor-sans fonts-bwht
# The notation model's training fonts (models/notation/train.sh) besides
# the tuning fonts above; none of the held-out ones.
DEPS_MODEL = fonts-kristi fonts-kaushanscript fonts-leckerli-one fonts-lobster fonts-havana \
	fonts-yusei-magic fonts-seto fonts-kiloji fonts-dejavu-extra fonts-tlwg-purisa-ttf fonts-nanum-extra \
	fonts-aoyagi-kouzan-t fonts-yozvox-yozfont fonts-texgyre fonts-fantasque-sans fonts-comfortaa \
	fonts-sil-andika fonts-opendyslexic fonts-tuffy fonts-cabin fonts-quicksand

.PHONY: all deps deps-bench deps-model model format lint check check-san test demo bench bench-ocr bench-detect fuzz fuzz-build fuzz-smoke \
	install uninstall clean

all: $(LIB) $(BIN)

# The shipped layouts, compiled in (committed too, see the script).
SHIPPED_MODELS := models/notation.traineddata models/notation2.traineddata models/notationc.traineddata
src/ocr/model.c: $(SHIPPED_MODELS) src/ocr/mkmodel.sh
	src/ocr/mkmodel.sh $(SHIPPED_MODELS) >$@

src/ocr/layouts.c: $(wildcard models/layouts/*.layout) src/ocr/mklayouts.sh
	src/ocr/mklayouts.sh $(sort $(wildcard models/layouts/*.layout)) >$@

# Objects depend on the flags they were built with, so that changing SAN,
# DEBUG or OPT rebuilds them instead of linking stale ones.
FLAGS_FILE := $(BUILD)/flags
FLAGS_NOW := $(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) $(OBJ_FLAGS) $(LDFLAGS)
$(shell mkdir -p $(BUILD); [ "$$(cat $(FLAGS_FILE) 2>/dev/null)" = '$(FLAGS_NOW)' ] || echo '$(FLAGS_NOW)' >$(FLAGS_FILE))

$(BUILD)/obj/%.o: %.c $(HEADERS) $(FLAGS_FILE)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) $(OBJ_FLAGS) -c $< -o $@

# The program and the sample program see the public header alone, as a
# user's program would: an include of the library's own headers fails.
PUBLIC_INC := $(BUILD)/include
CPPFLAGS_PUBLIC = -I$(PUBLIC_INC) -D_POSIX_C_SOURCE=200809L $(CPPFLAGS)

$(PUBLIC_INC)/partiar.h: src/partiar.h
	@mkdir -p $(@D)
	cp $< $@

$(BUILD)/obj/src/cli/%.o: src/cli/%.c $(wildcard src/cli/*.h) $(PUBLIC_INC)/partiar.h $(FLAGS_FILE)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_PUBLIC) $(CFLAGS_ALL) $(OBJ_FLAGS) -c $< -o $@

# What the profile is trained on: the bundled edge-case, real-game and
# language files where the tests are there, the samples always (a source
# tree without tests/ builds too). The real games keep check's path for
# clean games the hot one: the edge cases alone, whose broken games go to
# the decoder for repair, left check -j1 2% slower. Reconcile is trained on the sample pair alone: its
# search calls the move generator and SAN writer so often that a bigger
# run would make check's own paths look cold to the compiler (check -j1
# was half again as slow when the HCS folder was in the training).
TRAIN_PGN := $(wildcard tests/corpora/pgn/edge tests/corpora/pgn/real tests/corpora/lang) samples/pgn

ifeq ($(PGO),1)
# The instrumented build, its training run, and the build from its profile,
# in place: GCC finds an object's profile by the object's own path. Redone
# whenever a source, a header, the flags or this file is newer than the
# binary.
$(LIB) $(BIN) &: $(LIB_SRC) $(CLI_SRC) $(HEADERS) $(FLAGS_FILE) Makefile
	find $(BUILD)/obj -name '*.gcda' -delete 2>/dev/null || true
	$(MAKE) PGO=generate $(BIN)
	$(BIN) check -q -j1 $(TRAIN_PGN) >/dev/null; [ $$? -le 1 ]
	$(BIN) check -q -j2 $(TRAIN_PGN) >/dev/null; [ $$? -le 1 ]
	$(BIN) convert samples/pgn/*.pgn >/dev/null
	$(BIN) reconcile -f json -j2 --pairs samples/sheets >/dev/null; [ $$? -le 1 ]
	$(BIN) perft --depth 5 >/dev/null
	$(BIN) perft --depth 4 --epd samples/perft/chess960-sample.epd >/dev/null
	$(MAKE) PGO=use $(BIN)
else
$(LIB): $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

$(BIN): $(CLI_OBJ) $(LIB)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS) $(CLI_OBJ) $(LIB) $(LDLIBS_ALL) -o $@
endif

# The unit tests see the library's own headers; the pool, a part of the
# program, is tested with its source.
$(BUILD)/tests/%: tests/unit/%.c $(wildcard tests/unit/*.h) $(LIB) $(HEADERS) $(FLAGS_FILE)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) -Itests/unit $(CFLAGS_ALL) $(LDFLAGS) $< $(if $(filter test_pool,$*),src/cli/pool.c) \
		$(LIB) -lcmocka $(LDLIBS_ALL) -o $@

# Installs whatever Debian packages are missing, through sudo unless root.
# A no-op when everything is there; on a system without dpkg it only says
# what it would need.
define install_packages
	@missing=""; \
	if ! command -v dpkg-query >/dev/null 2>&1; then \
		echo "deps: not a Debian system; make sure these are installed: $(1)"; exit 0; \
	fi; \
	for p in $(1); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "deps: installing$$missing"; \
		if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
		$$sudo apt-get update -qq && \
		$$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call install_packages,$(DEPS_BUILD) $(DEPS_CHECK))

deps-bench: deps
	$(call install_packages,$(DEPS_BENCH))

deps-model: deps-bench
	$(call install_packages,$(DEPS_MODEL))

# Trains models/notation2.traineddata from scratch (models/notation/train.sh:
# under four hours on two cores before the wider top's runs, which took
# 76 min more here, and the width lines' run 34 min more, lines and all,
# on the sheets of models/notation2.txt); src/ocr/model.c follows it at
# the next build. NAME=notation NPM_PAIRS=200 with the first 32 npm fonts
# is the recipe of models/notation.traineddata (models/notation.txt).
# Its last step continues notation2 into models/notationc.traineddata,
# taught capitals (6 min here; CAPS= empty: none).
model: deps-model all $(BUILD)/tools/sheet-pairs $(BUILD)/tools/cell-lines
	models/notation/train.sh -j 2 $(BUILD)

# The house style is .clang-format's: a file that differs from what
# clang-format makes of it fails the lint (fix with `make format`).
FORMATTED := $(filter-out src/ocr/layouts.c src/ocr/model.c,$(sort $(wildcard src/*.[ch] src/*/*.[ch] tests/*/*.[ch] samples/*/*.[ch])))

format:
	clang-format -i $(FORMATTED)

lint:
	clang-format --dry-run --Werror $(FORMATTED)
	cppcheck --quiet --error-exitcode=1 --std=c11 --enable=warning,performance,portability \
		--inline-suppr --suppress=missingIncludeSystem -isrc/ocr/model.c -Isrc src tests/unit tests/bench tests/tools
	clang-tidy --quiet $(filter-out src/ocr/model.c,$(LIB_SRC)) $(CLI_SRC) tests/bench/core.c -- $(CPPFLAGS_ALL) -std=c11
	@for m in man/*.[15]; do out=$$(groff -k -Tutf8 -man -ww -z $$m 2>&1); \
		if [ -n "$$out" ]; then echo "$$m: $$out"; exit 1; fi; done

# Unit tests and command-line tests against the build in $(BUILD). The
# release build checks the perft suites deeper than the sanitizer build,
# whose value lies in memory errors, not in more nodes.
PROFILE ?= full
check: all $(UNIT_BIN) $(BUILD)/bench/core $(BUILD)/samples/check-file $(BUILD)/tools/sheet-pairs \
		$(BUILD)/bench/hcs_decode $(BUILD)/tools/cell-lines
	tests/run.sh $(BUILD) $(PROFILE)

# Pairs of scoresheets with slips at known places, made from real games,
# for measuring partiar reconcile (tests/cli/reconcile.sh, make bench).
$(BUILD)/tools/sheet-pairs: tests/tools/sheet-pairs.c tests/tools/games.h $(LIB) $(PUBLIC_INC)/partiar.h $(FLAGS_FILE)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_PUBLIC) $(CFLAGS_ALL) $(LDFLAGS) $< $(LIB) $(LDLIBS_ALL) -o $@

# Cuts training lines for the notation model from rendered sheets.
# Its -H draws cells in Hershey's stroke fonts instead (tests/tools/hershey.c).
$(BUILD)/tools/cell-lines: tests/tools/cell-lines.c tests/tools/hershey.c tests/tools/hershey.h tests/tools/rng.h \
		$(LIB) $(HEADERS) $(FLAGS_FILE)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) $(LDFLAGS) $(filter %.c,$^) $(LIB) $(LDLIBS_ALL) -o $@

# Learns the decoder's move prior from real games (tests/tools/move-prior.sh);
# it counts by the library's own classes of moves, so it sees its headers.
$(BUILD)/tools/move-prior: tests/tools/move-prior.c tests/tools/games.h $(LIB) $(HEADERS) $(FLAGS_FILE)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) $(LDFLAGS) $< $(LIB) $(LDLIBS_ALL) -o $@

# The decoder on the HCS scoresheets, pair by pair and cell by cell.
$(BUILD)/bench/hcs_decode: tests/bench/hcs_decode.c $(LIB) $(PUBLIC_INC)/partiar.h $(FLAGS_FILE)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_PUBLIC) $(CFLAGS_ALL) $(LDFLAGS) $< $(LIB) $(LDLIBS_ALL) -o $@

# samples/library/check-file.c: a program on the library, as a user builds it.
$(BUILD)/samples/check-file: samples/library/check-file.c $(LIB) $(PUBLIC_INC)/partiar.h $(FLAGS_FILE)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_PUBLIC) $(CFLAGS_ALL) $(LDFLAGS) $< $(LIB) $(LDLIBS_ALL) -o $@

check-san:
	$(MAKE) BUILD=build/san SAN=1 OPT=-O1 PGO=0 LTO= PROFILE=quick check

test: deps
	$(MAKE) lint
	$(MAKE) check
	$(MAKE) check-san
	$(MAKE) fuzz-smoke
	@echo "test: the release build and the sanitizer build together:"
	@cat build/test-counts build/san/test-counts | awk '{ p += $$1; f += $$2 } END { print p " passed, " f " failed" }'

demo: deps all
	tests/demo.sh $(BUILD)

bench: deps-bench all $(BUILD)/bench/core $(BUILD)/tools/sheet-pairs $(BUILD)/bench/hcs_decode
	tests/bench/perft.sh $(BIN)
	tests/bench/check.sh $(BIN)
	tests/bench/hostile.sh $(BIN)
	tests/bench/reconcile.sh $(BUILD)

# partiar ocr on synthetic handwritten scans and the typed sheets: a table
# per font and noise level (tests/bench/ocr.sh says what each column is).
bench-ocr: deps-bench all $(BUILD)/tools/sheet-pairs
	tests/bench/ocr.sh $(BUILD)

# partiar ocr without a layout file on handwritten scans: of every
# shipped layout with --layout detect, and of forms partiar does not ship
# (tests/bench/forms) as it reads unasked; the moves each way against
# each sheet read with its own layout (the sets kept in
# $(BUILD)/detect-bench and $(BUILD)/detect-forms).
empty :=
space := $(empty) $(empty)
comma := ,
UNSHIPPED_FORMS := $(subst $(space),$(comma),$(sort $(wildcard tests/bench/forms/*.layout)))
bench-detect: deps-bench all $(BUILD)/tools/sheet-pairs
	tests/tools/detect-bench.sh --partiar $(BIN) $(BUILD)/detect-bench
	tests/tools/detect-bench.sh --partiar $(BIN) --layouts $(UNSHIPPED_FORMS) $(BUILD)/detect-forms

# The floor under the check: its reader and its move reader alone.
$(BUILD)/bench/core: tests/bench/core.c $(LIB) $(HEADERS) $(FLAGS_FILE)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) $(LDFLAGS) $< $(LIB) $(LDLIBS_ALL) -o $@

# libFuzzer needs clang; the harnesses link the library sources directly so
# that everything is built with the fuzzer's coverage instrumentation, and
# for this machine, so that the SIMD paths are fuzzed too.
FUZZ_FLAGS = -std=c11 -g -O1 $(ARCH_FLAGS) -Isrc -D_POSIX_C_SOURCE=200809L -DPT_DEBUG -fsanitize=fuzzer,address,undefined
FUZZ_BIN := $(FUZZ_SRC:tests/fuzz/%.c=build/fuzz/%)

build/fuzz/%: tests/fuzz/%.c tests/unit/pieces.h $(LIB_SRC) $(HEADERS)
	@mkdir -p $(@D)
	clang $(FUZZ_FLAGS) $< $(LIB_SRC) $(OCR_LIBS) -lz -lpthread -lm -o $@

fuzz-build: $(FUZZ_BIN)

# ASan keeps freed memory in a quarantine (256 MB unless told) to catch a
# use after free. The image harness frees megabytes an input: a CI run
# stopped on libFuzzer's 2 GB limit on resident memory with 24 MB live and
# 1.97 GB in quarantine. 64 MB still catches a use soon after the free; it
# comes last so that it holds whatever ASAN_OPTIONS the caller has set.
FUZZ_ENV = ASAN_OPTIONS="$${ASAN_OPTIONS:+$$ASAN_OPTIONS:}quarantine_size_mb=64"

# A short fixed-seed run of every harness, so that make test keeps them
# building and catches what their seeds already reach. New inputs go to a
# scratch corpus under build/, never into the committed seeds.
fuzz-smoke: fuzz-build
	@for f in $(FUZZ_BIN); do \
		name=$$(basename $$f); \
		rm -rf build/fuzz/smoke-$$name; mkdir -p build/fuzz/smoke-$$name; \
		$(FUZZ_ENV) $$f -seed=1 -runs=20000 -max_total_time=15 -max_len=4096 -artifact_prefix=build/fuzz/ \
			build/fuzz/smoke-$$name tests/fuzz/seeds/$$name >build/fuzz/$$name.log 2>&1 \
			|| { tail -n 30 build/fuzz/$$name.log; exit 1; }; \
		echo "fuzz-smoke $$name: $$(grep -o 'Done [0-9]* runs' build/fuzz/$$name.log)"; \
	done

fuzz: deps fuzz-build
	@for f in $(FUZZ_BIN); do \
		name=$$(basename $$f); corpus=build/fuzz/corpus-$$name; \
		mkdir -p $$corpus; \
		echo "fuzz: $$name for $(FUZZ_SECONDS) s"; \
		$(FUZZ_ENV) $$f -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -artifact_prefix=build/fuzz/ $$corpus tests/fuzz/seeds/$$name || exit 1; \
	done

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include \
		$(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/man/man5
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/partiar
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/libpartiar.a
	install -m 644 src/partiar.h $(DESTDIR)$(PREFIX)/include/partiar.h
	install -m 644 man/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 man/*.5 $(DESTDIR)$(PREFIX)/share/man/man5/

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/partiar $(DESTDIR)$(PREFIX)/lib/libpartiar.a \
		$(DESTDIR)$(PREFIX)/include/partiar.h
	for m in man/*.1; do rm -f $(DESTDIR)$(PREFIX)/share/man/man1/$$(basename $$m); done
	for m in man/*.5; do rm -f $(DESTDIR)$(PREFIX)/share/man/man5/$$(basename $$m); done

clean:
	rm -rf build
