# figures/figures.mk - `make figures`: the paper's Figs. 4, 5 and 6 drawn by
# `collide plot` (tools/plot.c) into build/figures/ as PNG, SVG and PDF:
#   fig4a, fig4b  study 1 (Table I, BWMCL): states against time, contacts
#                 shaded; observables against the collision index
#   fig5a, fig5b  study 2 (Table II, BWSHCCL): the same
#   fig6          study 3 (Table III): x against time under SHCCL, BWSHCCL
#                 and BWMCL, commencements and separations marked, -x_c^s
#   loop1, loop2  the force-indentation loops (F_c against -x_c) of the
#                 collisions of studies 1 and 2
# The figures' gnuplot scripts and tables stay in build/figures/runs/.
# gnuplot (Debian gnuplot-nox) is installed on demand.
PKG_FIGURES = $(PKG_BUILD) gnuplot-nox
FIG_DIR     = $(BUILD)/figures
FIG_STUDY3  = study3-shccl study3-bwshccl study3-bwmcl

.PHONY: figures deps-figures
deps-figures:
	@scripts/ensure-packages $(PKG_FIGURES)

figures: deps-figures
	$(MAKE) --no-print-directory all
	$(EXE) plot study1 --out $(FIG_DIR)/runs --format png,svg,pdf
	$(EXE) plot study2 --out $(FIG_DIR)/runs --format png,svg,pdf
	$(EXE) plot $(FIG_STUDY3) --out $(FIG_DIR)/runs --format png,svg,pdf
	@set -e; for e in png svg pdf; do \
	    for f in study1-state:fig4a study1-observables:fig4b \
	             study2-state:fig5a study2-observables:fig5b compare:fig6 \
	             study1-loop:loop1 study2-loop:loop2; do \
	        cp $(FIG_DIR)/runs/$${f%%:*}.$$e $(FIG_DIR)/.$${f#*:}.$$e.tmp; \
	        mv $(FIG_DIR)/.$${f#*:}.$$e.tmp $(FIG_DIR)/$${f#*:}.$$e; \
	    done; \
	done
	@ls $(FIG_DIR)/fig*
