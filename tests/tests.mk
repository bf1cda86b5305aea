# tests/tests.mk - the test programs (tests/test_*.c, one per module or
# claim) and the command-line tests (tests/cli/*.sh).  `make test` builds
# and runs them all through tests/run.sh, which prints the closing line
# "N passed, N failed".
TEST_SRC  = $(wildcard tests/test_*.c)
TEST_BIN  = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
TEST_OBJ  = $(BUILD)/tests/check.o $(BUILD)/tests/sim_fixture.o

.PHONY: test
$(BUILD)/tests/check.o: tests/check.c tests/check.h
	@mkdir -p $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) -Itests -c $< -o $@

$(BUILD)/tests/sim_fixture.o: tests/sim_fixture.c tests/sim_fixture.h $(wildcard src/*.h)
	@mkdir -p $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) -Itests -c $< -o $@

$(BUILD)/tests/test_%: tests/test_%.c $(TEST_OBJ) $(LIB) tests/check.h tests/sim_fixture.h
	@mkdir -p $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) -Itests $< $(TEST_OBJ) $(LIB) $(LDLIBS) -o $@

test: $(TEST_BIN) $(EXE)
	@sh tests/run.sh $(BUILD) $(TEST_BIN)
