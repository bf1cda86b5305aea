# bench/bench.mk - `make bench`: prints figures (time, steps, right-hand-side
# evaluations, events, significant correct digits) for every built-in
# scenario, and the same study under SciPy's solve_ivp DOP853 (the paper's
# method) where python3-scipy is installed, with the ratios.
BENCH = $(BUILD)/bench

.PHONY: bench
$(BENCH): bench/bench.c $(LIB)
	$(CC) $(ALL_CFLAGS) $< $(LIB) $(LDLIBS) -o $@

bench: $(BENCH) $(EXE) $(BUILD)/tests/test_mp
	@sh bench/run.sh $(BUILD)
