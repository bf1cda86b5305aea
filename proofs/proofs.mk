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
#   make mutants                    the mutation test: each mutant of
#                                   proofs/mutants/ must make WP fail
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
WP_CORE += src/dop853.c

# Functions whose bodies are not proved: their contracts are assumptions
# (libm), listed in proofs/README.md.
WP_SKIP     = powabs,dop853_call_rhs,dop853_fabs,dop853_fmax,dop853_fmin,dop853_sqrt,dop853_pow
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

# The mutation test (proofs/mutants/README.md): a copy of a core function
# broken on purpose must make WP fail, and the unbroken copy must prove.
MUT_TIMEOUT = 20

.PHONY: mutants
mutants:
	@MUT_TIMEOUT='$(MUT_TIMEOUT)' sh proofs/run-mutants.sh $(BUILD)
