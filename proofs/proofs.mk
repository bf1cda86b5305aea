# proofs/proofs.mk - `make proofs`: Frama-C/WP on the proved core of
# collide (see proofs/README.md).  Adding a file to the proved set is one
# line in WP_CORE.  The run writes proofs/summary.txt and prints, as its
# last line, "proofs: N goals, P proved, U unproved"; it fails when any
# goal is unproved.
#
#   make proofs                     prove, reusing and updating the cache
#   make proofs WP_CACHE=replay     CI: reuse the cache, do not update it
#   make proofs WP_CACHE=offline    replay the cache only, no prover runs
#   make proofs WP_CACHE=none       ignore the cache
#   make mutants                    the mutation campaign, a sample
#   make mutants-full               the whole mutation campaign
WP_CORE  = src/powabs.c
WP_CORE += src/law_check.c
WP_CORE += src/law_boucwen.c
WP_CORE += src/law_shccl.c
WP_CORE += src/law_bwshccl.c
WP_CORE += src/law_bwmcl.c
WP_CORE += src/law_clamped.c
WP_CORE += src/hybrid.c
WP_CORE += src/select.c
WP_CORE += src/rootfind.c
WP_CORE += src/ledger.c
WP_CORE += src/passivity.c
WP_CORE += src/observables.c
WP_CORE += src/derived.c
WP_CORE += src/dop853.c

# Functions whose bodies are not proved: their contracts are assumptions
# (libm), listed in proofs/README.md.
WP_SKIP     = powabs,derived_sqrt,derived_pow,dop853_call_rhs,dop853_fabs,dop853_fmax,dop853_fmin,dop853_sqrt,dop853_pow
WP_PROVERS  = cvc5
WP_FALLBACK = z3
WP_TIMEOUT  = 60
WP_PAR      = 2
WP_JOBS     = 2
WP_CACHE   ?= update
WP_CACHEDIR = proofs/wp-cache

.PHONY: proofs
proofs:
	@WP_PROVERS='$(WP_PROVERS)' WP_FALLBACK='$(WP_FALLBACK)' \
	 WP_TIMEOUT='$(WP_TIMEOUT)' WP_PAR='$(WP_PAR)' WP_JOBS='$(WP_JOBS)' \
	 WP_CACHE='$(WP_CACHE)' \
	 WP_CACHEDIR='$(WP_CACHEDIR)' WP_SKIP='$(WP_SKIP)' \
	 sh proofs/run-proofs.sh $(BUILD) $(WP_CORE)

# The mutation campaign (proofs/mutants/README.md): mutants generated over
# every function of WP_CORE (minus WP_SKIP) and the named ones of
# proofs/mutants/*.mut, each run through WP on its own function.
#   make mutants                    the named list and a fixed sample
#   make mutants-full               every generated mutant
#   make mutants-full MUT_FILES=src/select.c      one file
#   make mutants MUT_IDS=select-012,ledger_jump_sign   given mutants
MUT_TIMEOUT      = 10
MUT_TIMEOUT_LONG = 30
MUT_JOBS         = 2
MUT_SAMPLE       = 8
MUT_SEED         = 13
MUT_FILES       ?=
MUT_IDS         ?=
MUT_SRC         ?=
MUT_ENV = MUT_TIMEOUT='$(MUT_TIMEOUT)' MUT_TIMEOUT_LONG='$(MUT_TIMEOUT_LONG)' \
	  MUT_JOBS='$(MUT_JOBS)' MUT_SAMPLE='$(MUT_SAMPLE)' MUT_SEED='$(MUT_SEED)' \
	  MUT_FILES='$(MUT_FILES)' MUT_IDS='$(MUT_IDS)' MUT_SRC='$(MUT_SRC)' \
	  WP_CORE='$(WP_CORE)' WP_SKIP='$(WP_SKIP)'

.PHONY: mutants mutants-full
mutants:
	@$(MUT_ENV) sh proofs/run-mutants.sh $(BUILD) sample
mutants-full:
	@$(MUT_ENV) sh proofs/run-mutants.sh $(BUILD) full
