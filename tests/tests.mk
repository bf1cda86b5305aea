# tests/tests.mk - the test programs (tests/test_*.c, one per module or
# claim) and the command-line tests (tests/cli/*.sh).  `make test` builds
# and runs them all through tests/run.sh, which prints the closing line
# "N passed, N failed". tests/test_differential.c runs seeds 1 to 48 of
# its random scenarios here (COLLIDE_DIFF_FIRST, COLLIDE_DIFF_COUNT change
# the window; make stress in the Makefile runs more).
TEST_SRC  = $(wildcard tests/test_*.c)
TEST_BIN  = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
TEST_OBJ  = $(BUILD)/tests/check.o $(BUILD)/tests/sim_fixture.o

.PHONY: test
$(BUILD)/tests/check.o: tests/check.c tests/check.h
	@mkdir -p $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) -Itests -c $< -o $@

$(BUILD)/tests/sim_fixture.o: tests/sim_fixture.c tests/sim_fixture.h $(LIB_HDR) $(TOOL_HDR)
	@mkdir -p $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) -Itests -c $< -o $@

$(BUILD)/tests/test_%: tests/test_%.c $(TEST_OBJ) $(TOOLS) $(LIB) tests/check.h tests/sim_fixture.h
	@mkdir -p $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) -Itests $< $(TEST_OBJ) $(TOOLS) $(LIB) $(LDLIBS) -o $@

# test_result_dir plays a kernel without renameat2, failing renames,
# locks and opens, and a directory that changes between two steps:
# renameat2, renameat, flock, openat and unlinkat (a directory swapped
# for a symbolic link at the worst moment) wrapped by the program itself.
$(BUILD)/tests/test_result_dir: tests/test_result_dir.c $(TEST_OBJ) $(TOOLS) $(LIB) tests/check.h tests/sim_fixture.h
	@mkdir -p $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) -Itests $< $(TEST_OBJ) $(TOOLS) $(LIB) -Wl,--wrap=renameat2 \
	    -Wl,--wrap=renameat -Wl,--wrap=flock -Wl,--wrap=openat \
	    -Wl,--wrap=unlinkat $(LDLIBS) -o $@

# tests/test_locale.c needs the locale de_DE.UTF-8: generated here when
# missing (scripts/ensure-locale; the test says "skipped" without it).
test: $(TEST_BIN) $(EXE)
	@scripts/ensure-locale de_DE.UTF-8
	@sh tests/run.sh $(BUILD) $(TEST_BIN)

# build/collide-fault: collide with the allocation, file and process
# functions it calls wrapped by tests/fault/wrap.c, whose environment
# variable COLLIDE_FAULT makes one chosen call fail (tests/cli/fault.sh).
FAULT_EXE  = $(BUILD)/collide-fault
FAULT_WRAP = malloc calloc realloc strdup strndup fopen open fdopen fflush \
             fclose fsync rename link mkdir mkdtemp mkstemp opendir \
             renameat renameat2 flock fdopendir pthread_create posix_spawnp \
             open_memstream openat mkdirat
FAULT_LDFLAGS = $(patsubst %,-Wl$(comma)--wrap=%,$(FAULT_WRAP))
comma := ,

$(FAULT_EXE): tools/main.c tests/fault/wrap.c $(TOOLS) $(LIB)
	$(CC) $(ALL_CFLAGS) tools/main.c tests/fault/wrap.c $(TOOLS) $(LIB) \
	    $(FAULT_LDFLAGS) $(LDLIBS) -o $@

test: $(FAULT_EXE)

# For each bug that examples/export_trajectory.py injects with --bug, the
# smallest rows per flow interval (3 ... 400) at which collide audit finds
# it: a measurement, not a test (tests/cli/audit_bugs.sh --sampling).
.PHONY: audit-sampling
audit-sampling: $(EXE)
	sh tests/cli/audit_bugs.sh $(BUILD) --sampling
