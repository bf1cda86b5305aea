# collide - top-level build.  `make` builds build/collide and the library;
# `make demo` runs the paper's first study; `make check` runs every test and
# the proof check.  Both install the Debian packages they lack.
CC      ?= gcc
CSTD     = -std=c11
WARN     = -Wall -Wextra -Werror -pedantic
OPT     ?= -O3 -g
CFLAGS  ?=
# The layers of the tree, bottom to top (doc/design.md, "Layers"): src/base
# the text buffers and growing arrays; src/model and src/kernel the proved
# core (proofs/proofs.mk); src/system assembles the model (the laws'
# registry, the domain); include/ the public header's declarations
# (status codes); src/rules what both engines share and that does not
# depend on the precision (the guards table, the names, the run's options
# and records, the Zeno ring, the sample grid); src/io the text and files;
# src/b64 and src/mp the two engines; src/api the public interface
# include/collide.h; tools/ the command-line program. Each layer is
# compiled with itself and the layers below it alone on the include path
# (LAYER_INC), so that a name of a layer above does not compile there;
# tests/cli/layers.sh checks every include against this order. The
# program is compiled with include/ and tools/ alone (TOOL_CFLAGS).
LAYERS   = src/base src/model src/kernel src/system include src/rules \
           src/io src/b64 src/mp src/api
INC      = $(LAYERS:%=-I%) -Itools
LAYER_INC_src/base   = -Isrc/base
LAYER_INC_src/model  = $(LAYER_INC_src/base) -Isrc/model
LAYER_INC_src/kernel = $(LAYER_INC_src/model) -Isrc/kernel
LAYER_INC_src/system = $(LAYER_INC_src/kernel) -Isrc/system
LAYER_INC_include    = $(LAYER_INC_src/system) -Iinclude
LAYER_INC_src/rules  = $(LAYER_INC_include) -Isrc/rules
LAYER_INC_src/io     = $(LAYER_INC_src/rules) -Isrc/io
LAYER_INC_src/b64    = $(LAYER_INC_src/io) -Isrc/b64
LAYER_INC_src/mp     = $(LAYER_INC_src/b64) -Isrc/mp
LAYER_INC_src/api    = $(LAYER_INC_src/mp) -Isrc/api
# the include path of the layer of the C file $<
LAYER_INC = $(LAYER_INC_$(patsubst %/,%,$(dir $<)))
BASE_CFLAGS = $(CSTD) $(WARN) $(OPT) $(CFLAGS) -pthread
ALL_CFLAGS = $(BASE_CFLAGS) $(INC) -I$(BUILD)/gen
LIB_CFLAGS = $(BASE_CFLAGS) $(LAYER_INC) -I$(BUILD)/gen
TOOL_CFLAGS = $(BASE_CFLAGS) -Iinclude -Itools
LDLIBS   = -lmpfr -lgmp -lm -pthread

BUILD    = build
LIB_SRC  = $(wildcard $(LAYERS:%=%/*.c))
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
LIB_HDR  = $(wildcard $(LAYERS:%=%/*.h))
LIB      = $(BUILD)/libcollide.a
TOOL_SRC = $(filter-out tools/main.c tools/sweep_mpi.c,$(wildcard tools/*.c))
TOOL_OBJ = $(TOOL_SRC:%.c=$(BUILD)/obj/%.o)
TOOL_HDR = $(wildcard tools/*.h)
TOOLS    = $(BUILD)/libcollide-tools.a
EXE      = $(BUILD)/collide
MPICC   ?= mpicc
MPI_EXE  = $(BUILD)/collide-mpi

# Debian packages each target needs (installed on demand by
# scripts/ensure-packages when missing). The tests of plot (gnuplot) and
# of the MPI sweep (Open MPI) are skipped without them, so the test runs
# of make check and make coverage install them (without gnuplot, plot.c
# had 64.3% of its branches covered instead of 83.2%, and src/ 89.2%
# instead of 90.3%). Without python3-scipy the audit of trajectories of
# another implementation (examples/export_trajectory.py, tests/cli/audit.sh
# and audit_bugs.sh) is skipped. tests/test_locale.c runs under the locale
# de_DE.UTF-8, which make test generates from the package locales.
PKG_BUILD  = gcc make libc6-dev libmpfr-dev libgmp-dev
PKG_MPI    = libopenmpi-dev openmpi-bin
PKG_PLOT   = gnuplot-nox
PKG_COVERAGE = $(PKG_BUILD) $(PKG_MPI) $(PKG_PLOT) lcov
PKG_FUZZ   = clang libclang-rt-14-dev
PKG_PROOFS = frama-c-base why3 z3 cvc4 cvc5 libxml2-utils
PKG_INSTALL = $(PKG_BUILD) pkgconf binutils
PKG_CHECK  = $(PKG_BUILD) $(PKG_MPI) $(PKG_PLOT) $(PKG_FUZZ) lcov valgrind \
             $(PKG_PROOFS) python3 python3-scipy pkgconf binutils help2man \
             locales

.PHONY: all demo check test deps-build deps-check deps-mpi mpi clean reference
all: $(EXE)

# The source revision of the build that meta.json names (scripts/revision):
# looked at on every make, its header rewritten only when it changes, so
# that an unchanged revision rebuilds nothing.
REVISION_H = $(BUILD)/gen/collide_revision.h
.PHONY: FORCE
FORCE:
$(REVISION_H): FORCE
	@scripts/revision $@
$(BUILD)/obj/src/io/meta.o $(BUILD)/pic/src/io/meta.o: $(REVISION_H)

$(BUILD)/obj/%.o: %.c $(LIB_HDR) $(TOOL_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(LIB_CFLAGS) -c $< -o $@

$(BUILD)/obj/tools/%.o: tools/%.c include/collide.h include/collide_aux.h $(TOOL_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(TOOL_CFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

# The commands of the program (all of tools/ but main.c), for build/collide
# and for the tests of the commands.
$(TOOLS): $(TOOL_OBJ)
	rm -f $@
	ar rcs $@ $^

$(EXE): tools/main.c $(TOOLS) $(LIB)
	$(CC) $(TOOL_CFLAGS) $< $(TOOLS) $(LIB) $(LDLIBS) -o $@

# build/collide-mpi: the same program, whose `collide sweep` runs over the
# ranks of mpirun (tools/sweep_mpi.c; doc/sweeps.md).
$(MPI_EXE): tools/main.c tools/sweep_mpi.c $(TOOLS) $(LIB) $(LIB_HDR) $(TOOL_HDR)
	@mkdir -p $(BUILD)/obj
	$(MPICC) $(TOOL_CFLAGS) -Dmain=collide_main -c tools/main.c \
	    -o $(BUILD)/obj/main-mpi.o
	$(MPICC) $(TOOL_CFLAGS) tools/sweep_mpi.c $(BUILD)/obj/main-mpi.o \
	    $(TOOLS) $(LIB) $(LDLIBS) -o $@

mpi: deps-mpi
	$(MAKE) --no-print-directory $(MPI_EXE)

deps-build:
	@scripts/ensure-packages $(PKG_BUILD)

deps-check:
	@scripts/ensure-packages $(PKG_CHECK)

deps-mpi:
	@scripts/ensure-packages $(PKG_BUILD) $(PKG_MPI)

demo: deps-build
	$(MAKE) --no-print-directory all
	$(EXE) run study1

check: deps-check
	$(MAKE) --no-print-directory all
	$(MAKE) --no-print-directory mpi
	$(MAKE) --no-print-directory test
	$(MAKE) --no-print-directory install-check
	$(MAKE) --no-print-directory python-check
	$(MAKE) --no-print-directory man-check
	$(MAKE) --no-print-directory sanitize
	$(MAKE) --no-print-directory valgrind
	$(MAKE) --no-print-directory coverage
	$(MAKE) --no-print-directory fuzz-short
	$(MAKE) --no-print-directory proofs

# libFuzzer campaigns (clang, ASan, UBSan) on the scenario parser and on
# collide audit's CSV reading, from the seeds of tests/fuzz/ (see
# tests/fuzz/run.sh): a short one in make check, a longer one by hand.
FUZZ_SHORT = 15
FUZZ_LONG  = 600
.PHONY: fuzz fuzz-short
fuzz-short:
	@scripts/ensure-packages $(PKG_BUILD) $(PKG_FUZZ)
	@sh tests/fuzz/run.sh $(BUILD) $(FUZZ_SHORT)
fuzz:
	@scripts/ensure-packages $(PKG_BUILD) $(PKG_FUZZ)
	@sh tests/fuzz/run.sh $(BUILD) $(FUZZ_LONG)

# The differential test on more scenarios than make test runs: seeds
# STRESS_FIRST to STRESS_FIRST + STRESS_COUNT - 1 of tests/test_differential.c
# (random valid scenarios, each run in binary64 and at 128 bits;
# doc/tests.md). A failure prints its seed and its scenario file;
# `build/tests/test_differential --seed S` runs it again, `--print` writes
# the file. The last line reads "test_differential: N passed, N failed".
STRESS_FIRST = 1
STRESS_COUNT = 500
.PHONY: stress
stress: deps-build $(BUILD)/tests/test_differential
	COLLIDE_DIFF_FIRST=$(STRESS_FIRST) COLLIDE_DIFF_COUNT=$(STRESS_COUNT) \
	    $(BUILD)/tests/test_differential

# The whole test suite under AddressSanitizer and UndefinedBehaviorSanitizer
# (a separate build in $(BUILD)/sanitize); any report fails a test. The
# last line reads "sanitize: N checks passed under ASan and UBSan, R
# sanitizer reports".
SAN = -fsanitize=address,undefined -fno-omit-frame-pointer \
      -fno-sanitize-recover=undefined
.PHONY: sanitize
sanitize: deps-build
	$(MAKE) --no-print-directory BUILD=$(BUILD)/sanitize OPT="-O1 -g $(SAN)" \
	    LDLIBS="$(SAN) $(LDLIBS)" test
	@sh tests/sanitize_summary.sh $(BUILD)/sanitize

# Line and branch coverage of src/ and tools/ by the test suite (a separate build in
# $(BUILD)/coverage; .gcda files beside its objects merge over the test
# programs): lcov and genhtml write $(BUILD)/coverage/html; the last line
# is "coverage: lines L%, branches B%"; fails below 95% or 90%.
.PHONY: coverage
coverage:
	@scripts/ensure-packages $(PKG_COVERAGE)
	@find $(BUILD)/coverage -name '*.gcda' -delete 2>/dev/null || true
	@rm -f $(BUILD)/coverage/collide-mpi  # relinked by sweep_mpi.sh, never stale
	$(MAKE) --no-print-directory BUILD=$(BUILD)/coverage \
	    OPT="-O0 -g --coverage" LDLIBS="--coverage $(LDLIBS)" test
	@sh tests/coverage.sh $(BUILD)/coverage

# Valgrind memcheck on the command-line runs (tests/valgrind.sh).
.PHONY: valgrind
valgrind: all
	@scripts/ensure-packages valgrind
	@sh tests/valgrind.sh $(BUILD)

# The reference result sets of reference_data/ (reference_data/README.md):
# checked high-precision runs, each with its meta.json.
reference: deps-build
	$(MAKE) --no-print-directory all
	sh reference_data/generate.sh $(BUILD)

# The high-precision engine's equations, generated from spec/*.acsl
# (proofs/spec2tape.py): the laws' tapes into src/mp/mp_law_spec.c, the
# derived quantities, flow, storage, supply, residual and observables
# into src/mp/mp_spec.h and mp_spec.c.  They are committed so that a
# build needs no Python; tests/cli/spec2tape.sh fails when they are not
# current.  Run after changing spec/ or the generator.  The laws' proof
# domains of spec/law_domain.acsl likewise (proofs/spec2domain.py) into
# src/system/law_domain_spec.c, the table domain.c checks parameters
# against (tests/cli/spec2domain.sh).
.PHONY: tapes
tapes:
	@scripts/ensure-packages python3
	python3 proofs/spec2tape.py spec src/mp
	python3 proofs/spec2domain.py spec src/system

clean:
	rm -rf $(BUILD)

# ---- the library as a C library is installed ----------------------------
# build/libcollide.so.SOVERSION.MINOR.PATCH (soname libcollide.so.SOVERSION,
# COLLIDE_SOVERSION of include/collide.h: the binary interface's number)
# and the static
# library of the install, build/dist/libcollide.a, are made of
# position-independent objects compiled with -fvisibility=hidden: only the
# functions that include/collide.h and collide_aux.h mark COLLIDE_API are exported, and in
# the static library every other symbol is made local (ld -r, objcopy
# --localize-hidden). build/libcollide.a, of every internal name, is the
# one the program and the tests link.
VERSION  := $(shell sed -n 's/^\#define COLLIDE_VERSION "\(.*\)"/\1/p' include/collide.h)
SOVERSION := $(shell sed -n 's/^\#define COLLIDE_SOVERSION \([0-9]*\)$$/\1/p' include/collide.h)
MINOR    := $(word 2,$(subst ., ,$(VERSION)))
PATCH    := $(word 3,$(subst ., ,$(VERSION)))
SONAME    = libcollide.so.$(SOVERSION)
SO_FILE   = libcollide.so.$(SOVERSION).$(MINOR).$(PATCH)
SO        = $(BUILD)/$(SO_FILE)
DIST_LIB  = $(BUILD)/dist/libcollide.a
PIC_OBJ   = $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
PREFIX   ?= /usr/local
DESTDIR  ?=
BINDIR    = $(PREFIX)/bin
LIBDIR    = $(PREFIX)/lib
INCLUDEDIR = $(PREFIX)/include
MANDIR    = $(PREFIX)/share/man
DOCDIR    = $(PREFIX)/share/doc/collide
# the documentation make install puts under DOCDIR (README.md links the
# manual as doc/NAME.md, so the manual goes to DOCDIR/doc), and the
# examples under DOCDIR/examples
DOC_FILES = README.md LICENSE CITATION.cff
MANUAL_FILES = $(wildcard doc/*.md)
EXAMPLE_FILES = $(wildcard examples/*)
PKGCONFIGDIR = $(LIBDIR)/pkgconfig
# the date of the man page (help2man honours SOURCE_DATE_EPOCH)
RELEASE_DATE = 2026-12-04

.PHONY: shared install uninstall install-check man man-check
$(BUILD)/pic/%.o: %.c $(LIB_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(LIB_CFLAGS) -fPIC -fvisibility=hidden -c $< -o $@

$(SO): $(PIC_OBJ)
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--no-undefined $(PIC_OBJ) \
	    $(LDLIBS) -o $@

$(DIST_LIB): $(PIC_OBJ)
	@mkdir -p $(BUILD)/dist
	ld -r $(PIC_OBJ) -o $(BUILD)/dist/collide.o
	objcopy --localize-hidden $(BUILD)/dist/collide.o
	rm -f $@
	ar rcs $@ $(BUILD)/dist/collide.o

# collide.pc names the PREFIX, LIBDIR and INCLUDEDIR of the install being
# made: written afresh by each make install (a file target would keep the
# PREFIX of the first install and install it under the next).
define make_pc
	@mkdir -p $(BUILD)
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|; s|@INCLUDEDIR@|$(INCLUDEDIR)|; s|@VERSION@|$(VERSION)|' \
	    collide.pc.in > $(BUILD)/collide.pc
endef

shared: $(SO) $(DIST_LIB)

install: $(EXE) $(SO) $(DIST_LIB) collide.pc.in
	$(make_pc)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) \
	    $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(PKGCONFIGDIR)
	install -m 755 $(EXE) $(DESTDIR)$(BINDIR)/collide
	install -m 644 include/collide.h $(DESTDIR)$(INCLUDEDIR)/collide.h
	install -m 644 include/collide_aux.h $(DESTDIR)$(INCLUDEDIR)/collide_aux.h
	install -m 644 $(DIST_LIB) $(DESTDIR)$(LIBDIR)/libcollide.a
	install -m 755 $(SO) $(DESTDIR)$(LIBDIR)/$(SO_FILE)
	ln -sf $(SO_FILE) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libcollide.so
	install -m 644 $(BUILD)/collide.pc $(DESTDIR)$(PKGCONFIGDIR)/collide.pc
	install -m 644 doc/collide.1 $(DESTDIR)$(MANDIR)/man1/collide.1
	install -m 644 doc/collide-scenario.5 \
	    $(DESTDIR)$(MANDIR)/man5/collide-scenario.5
	install -d $(DESTDIR)$(DOCDIR)/examples $(DESTDIR)$(DOCDIR)/doc
	install -m 644 $(DOC_FILES) $(DESTDIR)$(DOCDIR)
	install -m 644 $(MANUAL_FILES) $(DESTDIR)$(DOCDIR)/doc
	install -m 644 $(EXAMPLE_FILES) $(DESTDIR)$(DOCDIR)/examples

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/collide $(DESTDIR)$(INCLUDEDIR)/collide.h \
	    $(DESTDIR)$(INCLUDEDIR)/collide_aux.h \
	    $(DESTDIR)$(LIBDIR)/libcollide.a \
	    $(DESTDIR)$(LIBDIR)/$(SO_FILE) \
	    $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libcollide.so \
	    $(DESTDIR)$(PKGCONFIGDIR)/collide.pc \
	    $(DESTDIR)$(MANDIR)/man1/collide.1 \
	    $(DESTDIR)$(MANDIR)/man5/collide-scenario.5 \
	    $(DOC_FILES:%=$(DESTDIR)$(DOCDIR)/%) \
	    $(MANUAL_FILES:%=$(DESTDIR)$(DOCDIR)/%) \
	    $(EXAMPLE_FILES:%=$(DESTDIR)$(DOCDIR)/%)
	rmdir $(DESTDIR)$(DOCDIR)/examples $(DESTDIR)$(DOCDIR)/doc \
	    $(DESTDIR)$(DOCDIR) 2>/dev/null || true

# A staging install under $(BUILD)/stage, then examples/run_scenario.c
# built against it through pkg-config (shared and static) and run, the
# exported symbols checked (collide_ only), and make uninstall checked to
# leave nothing (tests/install.sh).
install-check: deps-build
	@scripts/ensure-packages $(PKG_INSTALL)
	@sh tests/install.sh $(BUILD)

# The Python package (python/, ctypes over the shared library): its pytest
# suite (python/tests) against build/libcollide.so.SOVERSION.MINOR.PATCH and
# build/collide, then an offline install (pip, no network, no build
# isolation) into a scratch virtual environment, whose package must run.
# Debian's python3 (with NumPy), not another on PATH.
PYTHON     = /usr/bin/python3
PKG_PYTHON = python3 python3-numpy python3-pytest python3-setuptools \
             python3-pip python3-venv
.PHONY: python-check
python-check: deps-build
	@scripts/ensure-packages $(PKG_PYTHON)
	$(MAKE) --no-print-directory $(EXE) $(SO)
	COLLIDE_LIB=$(abspath $(SO)) COLLIDE_EXE=$(abspath $(EXE)) \
	    PYTHONDONTWRITEBYTECODE=1 $(PYTHON) -m pytest -p no:cacheprovider \
	    python/tests
	rm -rf $(BUILD)/python-venv
	$(PYTHON) -m venv --system-site-packages $(BUILD)/python-venv
	$(BUILD)/python-venv/bin/pip install -q --no-index --no-build-isolation \
	    --no-deps ./python
	rm -rf python/build python/collide.egg-info
	cd $(BUILD) && COLLIDE_LIB=$(abspath $(SO)) python-venv/bin/python -c \
	    'import collide; r = collide.run("study1"); \
	    assert "python-venv" in collide.__file__ and len(r.collisions) > 0; \
	    print("python-check: installed package ran study1:", \
	    len(r.collisions), "collisions")'

# The man pages and the key tables of the manual, each generated from the
# program's own text so that the reference exists once:
# - doc/collide.1 by help2man from `collide --help`, `collide --version`
#   and the --help of each command (scripts/man-commands.sh adds the
#   SYNOPSIS of every command's usage lines, EXAMPLES and SEE ALSO);
# - doc/collide-scenario.5 and the key tables of doc/scenario.md from the
#   reader's key table and the laws' parameters (src/io/scenario_keys.c, read
#   by $(BUILD)/scenario-keys, formatted by scripts/man-scenario.sh).
# man-check fails when one of them is not current.
MAN_NAME = repeated binary collinear impacts as hybrid systems
MAN_PAGES = doc/collide.1 doc/collide-scenario.5
KEYS_EXE  = $(BUILD)/scenario-keys
KEYS_BEGIN = <!-- keys: generated by make man from src/io/scenario.c -->
KEYS_END   = <!-- end of keys -->

$(KEYS_EXE): scripts/scenario-keys.c $(LIB) $(LIB_HDR)
	@mkdir -p $(BUILD)
	$(CC) $(ALL_CFLAGS) $< $(LIB) $(LDLIBS) -o $@

# make_man DIR: writes DIR/collide.1, DIR/collide-scenario.5 and
# DIR/scenario.md (doc/scenario.md with its key tables regenerated).
define make_man
	@mkdir -p $(1) $(BUILD)
	@sh scripts/man-commands.sh $(EXE) > $(BUILD)/man-commands.h2m
	@SOURCE_DATE_EPOCH=$$(date -u -d $(RELEASE_DATE) +%s) help2man --no-info \
	    --name "$(MAN_NAME)" --include $(BUILD)/man-commands.h2m \
	    --output $(1)/collide.1 $(EXE)
	@$(KEYS_EXE) > $(BUILD)/scenario-keys.tsv
	@sh scripts/man-scenario.sh man $(BUILD)/scenario-keys.tsv $(EXE) \
	    $(VERSION) $(RELEASE_DATE) > $(1)/collide-scenario.5
	@sh scripts/man-scenario.sh md $(BUILD)/scenario-keys.tsv > $(BUILD)/scenario-keys.md
	@awk -v b='$(KEYS_BEGIN)' -v e='$(KEYS_END)' -v t=$(BUILD)/scenario-keys.md \
	    '$$0 == b { print; while ((getline l < t) > 0) print l; skip = 1; next } \
	     $$0 == e { skip = 0 } !skip' doc/scenario.md > $(1)/scenario.md.new
	@grep -qxF '$(KEYS_END)' $(1)/scenario.md.new && mv $(1)/scenario.md.new $(1)/scenario.md
endef

man: $(EXE) $(KEYS_EXE)
	@scripts/ensure-packages help2man
	$(call make_man,$(BUILD)/man)
	cp $(BUILD)/man/collide.1 $(BUILD)/man/collide-scenario.5 doc/
	cp $(BUILD)/man/scenario.md doc/scenario.md

man-check: $(EXE) $(KEYS_EXE)
	@scripts/ensure-packages help2man
	$(call make_man,$(BUILD)/man-check)
	@st=0; for f in collide.1 collide-scenario.5 scenario.md; do \
	    if cmp -s $(BUILD)/man-check/$$f doc/$$f; then \
	        echo "man-check: doc/$$f is current"; \
	    else diff doc/$$f $(BUILD)/man-check/$$f | head -20; \
	        echo "man-check: doc/$$f is not current: make man"; st=1; fi; \
	done; exit $$st

include tests/tests.mk
include proofs/proofs.mk
include bench/bench.mk
include figures/figures.mk
