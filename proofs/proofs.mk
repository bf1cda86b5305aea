# proofs/proofs.mk - `make proofs`: Frama-C/WP and its smoke tests on the
# proved core of collide, and the Why3 theories (see proofs/README.md).
# A C file is in the proved set when it is in WP_CORE (below).  The run installs
# the Debian packages it lacks (PKG_PROOFS in Makefile), prints the goals
# done per file as it goes, writes $(BUILD)/proofs/summary.txt, report.json
# and junit.xml, changes no file of the tree, and prints
# "proofs: N goals, P proved, U unproved"; it fails when a goal is unproved
# or a smoke test fails. Then, when all is proved, make proof-coverage.
#
#   make proofs                     prove: WP's cache is the committed
#                                   proofs/wp-cache, read, plus
#                                   $(BUILD)/proofs/wp-cache, where new
#                                   results go
#   make proofs WP_CACHE=none       the cold check: every prover runs
#   make proofs WP_CACHE=replay     read proofs/wp-cache only, write nothing
#   make proofs WP_CACHE=offline    no prover runs: an uncached goal fails
#   make proofs-cache               prove, then make proofs/wp-cache the
#                                   entries this proof uses, for a commit
#   make proofs-selftest            the report writers on a sample log
#                                   (well-formed JUnit XML and JSON)
#   make mutants                    the mutation campaign, a sample
#   make mutants-families           N mutants of each family, drawn
#   make mutants-full               the whole mutation campaign
#   make mutants-whole MUT_FILES=F  every mutant of F, witness first
#   make mutants-selftest           the generator on a known text
# The proved core: every C file of src/model (the laws, the hybrid data of
# H_c, H_r and H_f, the ledger, the observables, the derived quantities)
# and src/kernel (DOP853, the root finder, the event selection); of
# src/rules, the guards table, its reset and its ledger at a jump
# (impact_data.c), the Zeno screen (zeno.c), the run's checks (run_rules.c:
# the ledger's bound, cap and verdict, the sample grid), a collision's row
# as a closed dispatch (contact.c), the initial state (initial.c) and the
# names of components, transitions and modes (names.c); of src/system, the
# checks of the proof's domain (domain.c, law_domain_spec.c), the error
# bands of the laws' switching functions (law_noise.c) and the applied
# forces (model.c); of src/b64, the binary64 engine's decision
# rules on sampled numbers (engine_rules.c, spec/engine_rules.acsl), the
# flow map's translation unit (flow_map.c: the rate of chi, Eqs. 74/81,
# and of the quadratures, Eqs. 21, 22, 201, 202) and the driver's
# arithmetic that calls no function of the model (impact_rules.c,
# spec/impact_rules.acsl), and the binary64 engine (engine.c: the calls
# into the instance through wrappers whose contracts are assumed, a few
# small functions proved, the rest in WP_SKIP for now). Nothing else is
# proved (proofs/README.md).
WP_CORE  = $(sort $(wildcard src/model/*.c src/kernel/*.c) src/rules/impact_data.c \
                  src/rules/run_rules.c src/rules/contact.c src/rules/initial.c src/rules/names.c \
                  src/rules/zeno.c src/b64/engine_rules.c src/b64/flow_map.c \
                  src/system/domain.c src/system/law_domain_spec.c src/system/law_noise.c src/system/model.c \
                  src/b64/impact_rules.c src/b64/engine.c src/b64/impact.c)

# Functions whose bodies are not proved: their contracts are assumptions
# (libm), listed in proofs/README.md.
WP_SKIP     = powabs,ipow,derived_sqrt,derived_pow,dop853_call_rhs,dop853_fabs,dop853_fmax,dop853_fmin,dop853_sqrt,dop853_pow,domain_breach_set,law_breach,domain_breach_component,domain_breach_text,input_cos,input_sin,plus_infinity,rhs,call_flow,call_guard,call_guard_rate,call_guard_component,call_enabled,call_reset,call_in_flow_set,call_in_jump_set,call_in_c_and_d_at_event,call_nswitch,call_switching,call_switching_noise,call_next_breakpoint,call_mode_name,call_component_name,call_outside_domain,call_cancelled,call_on_flow,call_on_event,root_eval,state_error,switching_noise_at,switching_values,describe_state,fail,sample_step,locate,guard_depends_on,margin_resolution,margin_before,guard_band,guard_touch,near_miss,hidden_dip,enclosure_split,enclosure_ready,examine_piece,enclose_interval,screen_guard,screen_events,screen_switching,zeno_fail,switching_secant,switching_cap,predict_switching,screen,step_refused,reject,accept,one_step,engine_run,call_law_phi,call_law_psi,impact_contact_force,call_law_phi_rate,call_law_storage,call_law_dissipation_rate,double_bits,law_key,memo_find,memo_keep,memo_phi,memo_phi_rate,impact_flow_chi,impact_flow,flow,guard,guard_rate,guard_component,enabled,reset,in_flow,in_jump,in_c_and_d_at_event,nswitch,switching,switching_noise,next_breakpoint,add_sample,cmp_double,sample_times,sample_piece,contact_quantity,quantity_rate,quantity_at,rate_at,rate_root_max,piece_samples_of,piece_xc_bound,may_exceed,piece_max,track_scale,contact_storage_change,contact_storage_terms,piece_step_error,on_flow,b64_column,b64_zero,b64_undefined,b64_time,b64_component,b64_absolute,b64_storage,b64_raise,b64_raise_force,b64_dissipation,b64_formula,b64_is_zero,b64_is_undefined,begin_contact,close_contact,end_contact,sample_at_event,on_event,mode_name,component_name,finish,shown,ledger_failure,describe_end,check_ledger,outside_domain,ask_cancel,note_model_domain,sim_run
WP_PROVERS  = cvc5
WP_FALLBACK = z3
WP_TIMEOUT  = 60
WP_PAR      = 2
WP_JOBS     = 2
WP_CACHE   ?= local
WP_CACHEDIR = proofs/wp-cache
WP_CACHE_PRUNE ?= no
# WP's smoke tests (-wp-smoke-tests): a contradictory precondition, loop
# invariant, behavior assumption or callee postcondition fails the run;
# unreachable code is listed (WP_SMOKE_DEAD_CODE=fail makes it a failure).
WP_SMOKE    ?= yes
WP_SMOKE_TIMEOUT = 2
WP_SMOKE_DEAD_CODE ?= report

.PHONY: proofs proofs-cache proofs-selftest deps-proofs
proofs: deps-proofs
	@sh proofs/test-report.sh $(BUILD)
	@WP_PROVERS='$(WP_PROVERS)' WP_FALLBACK='$(WP_FALLBACK)' \
	 WP_TIMEOUT='$(WP_TIMEOUT)' WP_PAR='$(WP_PAR)' WP_JOBS='$(WP_JOBS)' \
	 WP_CACHE='$(WP_CACHE)' WP_CACHEDIR='$(WP_CACHEDIR)' \
	 WP_CACHE_PRUNE='$(WP_CACHE_PRUNE)' WP_SKIP='$(WP_SKIP)' \
	 WP_SMOKE='$(WP_SMOKE)' WP_SMOKE_TIMEOUT='$(WP_SMOKE_TIMEOUT)' \
	 WP_SMOKE_DEAD_CODE='$(WP_SMOKE_DEAD_CODE)' \
	 sh proofs/run-proofs.sh $(BUILD) $(WP_CORE)
	@$(MAKE) --no-print-directory proof-coverage

# proofs/wp-cache for a commit: the entries the proof of the whole core
# uses are added, the others removed.
proofs-cache:
	@$(MAKE) --no-print-directory proofs WP_CACHE=update WP_CACHE_PRUNE=yes

proofs-selftest:
	@scripts/ensure-packages libxml2-utils
	@sh proofs/test-report.sh $(BUILD)

deps-proofs:
	@scripts/ensure-packages $(PKG_PROOFS)

# The mutation campaign (proofs/mutants/README.md): mutants generated over
# every function of WP_CORE (minus WP_SKIP), with the static inline
# functions of the headers a file of it includes (flow_map.h through
# flow_map.c: found by proofs/mutate.py), and the named ones of
# proofs/mutants/*.mut, each run through WP on its own function; and over
# the tested families MUT_TESTED, the engine and the driver, outside the
# proved set: their mutants are killed by a witness alone (a study or a
# test whose result differs), reported apart from the kills by a goal.
#   make mutants                    the named list and a fixed sample
#   make mutants-families           the named list and MUT_PER_FAMILY
#                                   mutants of each file, drawn with MUT_SEED
#   make mutants-full               every generated mutant
#   make mutants-full MUT_FILES=src/kernel/select.c      one file
#   make mutants-whole MUT_FILES=src/model/derived.c     one file whole,
#                                   witness first: a witness (function,
#                                   study, test) kills with no goal run;
#                                   WP runs only on the mutants without
#                                   one (failed: undecided; proved: a
#                                   survivor, possibly equivalent)
#   make mutants MUT_IDS=select-012,ledger_jump_sign   given mutants
#   make mutants-list               every mutant's id and edit, run nothing
#   make mutants-cache              make mutants from an empty cache, its
#                                   prover answers then written to
#                                   proofs/mutants/wp-cache (to commit)
# The provers' answers at the step budget do not depend on the machine or
# its load: make mutants reads those of proofs/mutants/wp-cache (MUT_CACHE
# = committed), so that only goals whose text changed since the last make
# mutants-cache go to the provers; MUT_CACHE=update also adds the answers
# of this run to them (new named mutants, say); MUT_CACHE=none proves
# every goal again.
# The budget that decides a goal: prover steps (cvc5 --rlimit, z3 rlimit),
# the same verdict under any load; the wall-clock limit is a safety net
# far beyond it.
MUT_STEPS        = 3000000
MUT_TIMEOUT      = 120
MUT_INPUTS       = 3000
# MUT_WP=no: the witnesses alone, no prover
MUT_WP          ?= yes
MUT_JOBS         = 2
MUT_SAMPLE       = 2
MUT_PER_FAMILY  ?= 2
MUT_SEED         = 13
# files outside WP_CORE mutated with witnesses alone (a file that enters
# WP_CORE leaves this list's treatment by itself)
MUT_TESTED       = $(sort $(wildcard src/b64/engine.c src/b64/impact*.c src/rules/impact_data.c \
                     src/rules/sim.c src/rules/zeno.c src/rules/names.c src/rules/contact.c \
                     src/rules/contact_run.c))
MUT_CACHE       ?= committed
MUT_FILES       ?=
MUT_IDS         ?=
MUT_SRC         ?=
MUT_ENV = MUT_STEPS='$(MUT_STEPS)' MUT_TIMEOUT='$(MUT_TIMEOUT)' MUT_INPUTS='$(MUT_INPUTS)' \
	  MUT_WP='$(MUT_WP)' MUT_CACHE='$(MUT_CACHE)' \
	  MUT_JOBS='$(MUT_JOBS)' MUT_SAMPLE='$(MUT_SAMPLE)' MUT_SEED='$(MUT_SEED)' \
	  MUT_PER_FAMILY='$(MUT_PER_FAMILY)' MUT_TESTED='$(MUT_TESTED)' \
	  MUT_FILES='$(MUT_FILES)' MUT_IDS='$(MUT_IDS)' MUT_SRC='$(MUT_SRC)' \
	  WP_CORE='$(WP_CORE)' WP_SKIP='$(WP_SKIP)'

.PHONY: mutants mutants-cache mutants-families mutants-full mutants-whole mutants-list mutants-selftest
mutants: $(LIB) $(TOOLS)
	@$(MUT_ENV) sh proofs/run-mutants.sh $(BUILD) sample
mutants-cache: $(LIB) $(TOOLS)
	@$(MAKE) --no-print-directory mutants MUT_CACHE=record
mutants-families: $(LIB) $(TOOLS)
	@$(MUT_ENV) sh proofs/run-mutants.sh $(BUILD) families
mutants-full: $(LIB) $(TOOLS)
	@$(MUT_ENV) sh proofs/run-mutants.sh $(BUILD) full
mutants-whole: $(LIB) $(TOOLS)
	@$(MUT_ENV) sh proofs/run-mutants.sh $(BUILD) whole
mutants-list:
	@$(MUT_ENV) sh proofs/run-mutants.sh $(BUILD) list
mutants-selftest:
	@python3 proofs/mutate.py --selftest

# Proof coverage (proofs/proof-coverage.sh): `collide run study1`, `run
# study2` and `run study1 --precision 128` with a --coverage build in
# $(BUILD)/proofcov; gcov's executed lines and functions against the
# proved set (WP_CORE minus WP_SKIP; the goals of $(BUILD)/proofs/report.json
# when present), and those whose contract fixes their result, per folder
# (proofs/proof_coverage.py says how). Prints "proof coverage: ..." and
# "simulation code: ..." per run; writes $(BUILD)/proofs/coverage.json and
# $(BUILD)/proofs/coverage-outside.txt (what is outside, and why).
.PHONY: proof-coverage
proof-coverage:
	@scripts/ensure-packages $(PKG_BUILD) python3
	@$(MAKE) --no-print-directory BUILD=$(BUILD)/proofcov \
	    OPT="-O0 -g --coverage" LDLIBS="--coverage $(LDLIBS)" $(BUILD)/proofcov/collide
	@sh proofs/proof-coverage.sh $(BUILD) '$(WP_CORE)' '$(WP_SKIP)'
