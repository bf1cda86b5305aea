# bench/bench.mk - `make bench`: prints figures (time, steps, right-hand-side
# evaluations, events, significant correct digits) for every built-in
# scenario, and the same study under SciPy's solve_ivp DOP853 (the paper's
# method) where python3-scipy is installed, with the ratios; then the
# work-precision comparison of studies 1 and 2 against SUNDIALS (ARKODE
# ERKStep, CVODE Adams: bench/peers.c) and SciPy (bench/wp.c), with the
# floor of the right-hand side, and the instruction counts against
# bench/instructions.txt (bench/instructions.sh).
BENCH = $(BUILD)/bench
BENCH_WP = $(BUILD)/bench-wp
PKG_BENCH = $(PKG_BUILD) libsundials-dev python3 python3-scipy valgrind
SUNDIALS_LIBS = -lsundials_arkode -lsundials_cvode -lsundials_nvecserial \
                -lsundials_sunnonlinsolfixedpoint

.PHONY: bench deps-bench
$(BENCH): bench/bench.c $(LIB)
	$(CC) $(ALL_CFLAGS) $< $(LIB) $(LDLIBS) -o $@

# peers.c sees collide's public interface alone.
$(BUILD)/obj/bench/peers.o: bench/peers.c bench/peers.h include/collide.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) $(CFLAGS) -Iinclude -c $< -o $@

$(BENCH_WP): bench/wp.c $(BUILD)/obj/bench/peers.o $(LIB)
	$(CC) $(ALL_CFLAGS) -Ibench $< $(BUILD)/obj/bench/peers.o $(LIB) \
	    $(SUNDIALS_LIBS) $(LDLIBS) -o $@

deps-bench:
	@scripts/ensure-packages $(PKG_BENCH)

bench: deps-bench
	$(MAKE) --no-print-directory $(BENCH) $(BENCH_WP) $(EXE) \
	    $(BUILD)/tests/test_mp
	@sh bench/run.sh $(BUILD)
