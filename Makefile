# collide - top-level build.  `make` builds build/collide and the library;
# `make demo` runs the paper's first study; `make check` runs every test and
# the proof check.  Both install the Debian packages they lack.
CC      ?= gcc
CSTD     = -std=c11
WARN     = -Wall -Wextra -Werror -pedantic
OPT     ?= -O3 -g
CFLAGS  ?=
ALL_CFLAGS = $(CSTD) $(WARN) $(OPT) $(CFLAGS) -pthread -Isrc
LDLIBS   = -lmpfr -lgmp -lm -pthread

BUILD    = build
LIB_SRC  = $(filter-out src/main.c,$(wildcard src/*.c))
LIB_OBJ  = $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
LIB      = $(BUILD)/libcollide.a
EXE      = $(BUILD)/collide

# Debian packages each target needs (installed on demand by
# scripts/ensure-packages when missing).
PKG_BUILD  = gcc make libc6-dev libmpfr-dev libgmp-dev
PKG_CHECK  = $(PKG_BUILD) frama-c-base why3 z3 cvc4 cvc5

.PHONY: all demo check test deps-build deps-check clean reference
all: $(EXE)

$(BUILD)/obj/%.o: src/%.c $(wildcard src/*.h) | $(BUILD)/obj
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(EXE): src/main.c $(LIB)
	$(CC) $(ALL_CFLAGS) $< $(LIB) $(LDLIBS) -o $@

$(BUILD)/obj:
	mkdir -p $@

deps-build:
	@scripts/ensure-packages $(PKG_BUILD)

deps-check:
	@scripts/ensure-packages $(PKG_CHECK)

demo: deps-build
	$(MAKE) --no-print-directory all
	$(EXE) run study1

check: deps-check
	$(MAKE) --no-print-directory all
	$(MAKE) --no-print-directory test
	$(MAKE) --no-print-directory proofs
	$(MAKE) --no-print-directory mutants

# The reference result sets of reference_data/ (reference_data/README.md):
# checked high-precision runs, each with its meta.json.
reference: deps-build
	$(MAKE) --no-print-directory all
	sh reference_data/generate.sh $(BUILD)

clean:
	rm -rf $(BUILD)

include tests/tests.mk
include proofs/proofs.mk
include bench/bench.mk
include figures/figures.mk
