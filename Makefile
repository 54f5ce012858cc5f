# fiu top-level driver over CMake + CTest. `make help` lists targets.
BUILD ?= build
JOBS  ?= $(shell nproc 2>/dev/null || echo 2)
CTEST  = cd $(BUILD) && ctest --no-tests=error --output-on-failure -j$(JOBS)
VERILATOR ?= verilator
RTL_SRCS = $(sort $(wildcard rtl/*.sv))

.PHONY: help deps configure build sim test regress regress-shards regress-slurm bench lint clean alpha-study wave wave-png synth fuzz formal coverage install regs render

help:
	@echo "fiu targets:"
	@echo "  make sim      main regression (CTest label sim), building only the targets its tests run;"
	@echo "               installs missing packages first"
	@echo "  make test     whole test suite except the long and synth labels (what CI runs)"
	@echo "  make regress  long regressions: SHARDS seed-range shards run locally, then ctest -L long"
	@echo "               [LONG_TESTS=regex LONG_SCALE=100], building only what they run"
	@echo "  make regress-shards [SHARDS=8 VECTORS=1e7 SEED0=1 SEEDS_PER_SHARD=1]  the shards only"
	@echo "  make regress-slurm [... SLURM_ARGS=...]  the shards as one Slurm job array (docs/verification.md)"
	@echo "  make bench    benchmarks (throughput figures, not tests; co-simulation speeds, the SV bench's"
	@echo "               lane checks/s beside tb_cosim_l4, FST sizes,"
	@echo "               RTL requests per clock on the throughput and corner mixes);"
	@echo "               BENCH_QUICK=1: each once on small counts (a smoke run: CTest flows.bench)"
	@echo "  make alpha-study [ALPHA_ARGS=...]  exhaustive alpha-lowering study (docs/alpha-test.md)"
	@echo "  make wave TEST=<case> [SEED=n] [REQ=k] [LANE=i]"
	@echo "               rerun a co-simulation case, trace the cycles around request k, open GTKWave"
	@echo "  make wave-png TEST=<case> ... [PNG=file]  the same view rendered to a PNG under Xvfb"
	@echo "  make synth [SYNTH_ARGS=...]  Yosys + nextpnr flow: build/synth/report.md (docs/synthesis.md)"
	@echo "  make fuzz [FUZZ_SECONDS=60]  libFuzzer targets (clang, ASan+UBSan), each FUZZ_SECONDS s;"
	@echo "               crash inputs in $(BUILD)/fuzz/artifacts/ (docs/verification.md, Fuzzing)"
	@echo "  make coverage [COVERAGE_ARGS=--quick]  functional coverage of the quick run and code coverage"
	@echo "               (cmodel gcov, rtl Verilator line/toggle) in $(BUILD)/coverage/index.html;"
	@echo "               --quick: the CI subset in $(BUILD)/coverage-quick/ (docs/verification.md)"
	@echo "  make formal [FORMAL_TASKS=\"bmc prove cover broken\"]  SymbiYosys jobs of fiu_top and fiu_axil"
	@echo "               (default task bmc; tasks: scripts/formal.sh --help; docs/verification.md)"
	@echo "  make render [RENDER_OUT=dir RENDER_ARGS=...]  four scenes through the C model and the"
	@echo "               Verilated RTL as PNG, compared pixel for pixel (docs/render.md)"
	@echo "  make lint     verilator -Wall --lint-only on rtl/"
	@echo "  make install PREFIX=dir  cmake --install: libfiu, headers, fiu-model, CMake package, fiu.pc (docs/ip.md)"
	@echo "  make regs     regenerate fiu_regs.h and the IP-XACT file from rtl/regs/fiu_regs.rdl (scripts/regs.sh);"
	@echo "               REGS_ARGS=--check: compare them with the .rdl only, write nothing"
	@echo "  make deps     install missing Debian packages (scripts/deps.sh)"
	@echo "  make clean    remove $(BUILD)/"

deps:
	@scripts/deps.sh

LONG ?= OFF
# CMAKE_ARGS: more -D options for the configure step (e.g. -DFIU_COSIM_PGO=OFF).
CMAKE_ARGS ?=

# The code model query: CMake writes which target produces which file (scripts/test_targets.py).
configure: deps
	@mkdir -p $(BUILD)/.cmake/api/v1/query && touch $(BUILD)/.cmake/api/v1/query/codemodel-v2
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DFIU_LONG_TESTS=$(LONG) $(CMAKE_ARGS) >/dev/null

# Every build step: cmake --build, retried after a configure (scripts/cmake_build.sh).
CMAKE_BUILD = scripts/cmake_build.sh $(BUILD) $(JOBS)
build: configure
	@$(CMAKE_BUILD)

# sim builds only the targets its tests (label sim) need, asked of CTest; test builds everything.
SIM_TARGETS = scripts/test_targets.py --build $(BUILD) --who "make sim"
sim: configure
	@t=$$($(SIM_TARGETS) -- -L sim) && echo "make sim: building" $$t && $(CMAKE_BUILD) --target $$t
	@$(SIM_TARGETS) --stage built -- -L sim
	@scripts/sim_report.sh $(BUILD) $(JOBS)

# long (long regressions) and synth (the full FPGA flow, tens of minutes) have their own targets.
test: build
	$(CTEST) -LE '^(long|synth)$$'

# Long regression (docs/verification.md, "Long regression and Slurm"): SHARDS shards of VECTORS
# lane vectors, shard i on seeds SEED0 + i*SEEDS_PER_SHARD ..., JOBS at a time (scripts/regress.py),
# then the long-labelled CTest tests (LONG_TESTS: a ctest -R regex among them; LONG_SCALE: their
# case counts over the quick ones); builds only what these run; fails if either half fails.
SHARDS ?= 8
VECTORS ?= 1e7
SEED0 ?= 1
SEEDS_PER_SHARD ?= 1
LONG_TESTS ?=
LONG_SCALE ?= 100
REGRESS_OUT ?= $(BUILD)/regress
REGRESS_TARGETS = tb_dotadd test_f32_mpfr tb_cosim_l4
REGRESS_ARGS = --build $(BUILD) --shards $(SHARDS) --vectors $(VECTORS) --seed0 $(SEED0) --seeds-per-shard $(SEEDS_PER_SHARD)
REGRESS_LONG = -L long $(if $(LONG_TESTS),-R '$(LONG_TESTS)')
REGRESS_SEL = scripts/test_targets.py --build $(BUILD) --who "make regress"
SLURM_ARGS ?=

regress:
	@$(MAKE) --no-print-directory configure LONG=ON CMAKE_ARGS="$(CMAKE_ARGS) -DFIU_LONG_SCALE=$(LONG_SCALE)"
	@t=$$($(REGRESS_SEL) -- $(REGRESS_LONG)) && t=$$(printf '%s\n' $(REGRESS_TARGETS) $$t | sort -u) && \
	  echo "make regress: building" $$t && $(CMAKE_BUILD) --target $$t
	@$(REGRESS_SEL) --stage built -- $(REGRESS_LONG)
	@mkdir -p $(REGRESS_OUT); s=PASS; \
	scripts/regress.py run $(REGRESS_ARGS) --out $(REGRESS_OUT) -j $(JOBS) || s=FAIL; \
	{ (cd $(BUILD) && ctest $(REGRESS_LONG) --no-tests=error --output-on-failure -j$(JOBS)); echo $$? > $(REGRESS_OUT)/long.rc; } \
	  | tee $(REGRESS_OUT)/long.log; \
	l=$$(sed -n 's/.*tests passed, \([0-9]*\) tests\{0,1\} failed out of \([0-9]*\).*/\1 \2/p' $(REGRESS_OUT)/long.log); \
	set -- $${l:-0 0}; l="long tests $$(($$2 - $$1)) of $$2 passed"; \
	[ "$$(cat $(REGRESS_OUT)/long.rc)" = 0 ] && [ $$s = PASS ] && r=PASS || r=FAIL; \
	echo "make regress: shards $$s, $$l; $$r"; [ $$r = PASS ]

regress-shards: configure
	@$(CMAKE_BUILD) --target $(REGRESS_TARGETS)
	@scripts/regress.py run $(REGRESS_ARGS) --out $(REGRESS_OUT) -j $(JOBS)

regress-slurm: configure
	@$(CMAKE_BUILD) --target $(REGRESS_TARGETS)
	@scripts/slurm/submit.sh $(REGRESS_ARGS) --out $(REGRESS_OUT)-slurm $(SLURM_ARGS)

# ALPHA_ARGS: alpha_study's options (e.g. --quick --quiet: the subset of CTest alpha_study_quick).
ALPHA_ARGS ?=
alpha-study: build
	$(BUILD)/tb/model/alpha/alpha_study $(ALPHA_ARGS)

# BENCH_QUICK=1: every benchmark once on small counts (CTest flows.bench; a smoke run, its figures
# mean nothing).
BENCH_QUICK ?=
BQ = $(if $(BENCH_QUICK),$(1))
bench: build
	@scripts/bench_summary.sh --host
	@mkdir -p $(BUILD)/bench
	@$(BUILD)/tb/bench/bench_f32 $(call BQ,--rounds 1) >$(BUILD)/bench/f32.txt && cat $(BUILD)/bench/f32.txt
	@$(BUILD)/tb/bench/bench_model $(call BQ,--rounds 1) >$(BUILD)/bench/model.txt && cat $(BUILD)/bench/model.txt
	@scripts/bench_cosim.sh $(call BQ,--count 2000 --rounds 1 --speed-count 5000) $(BUILD) >$(BUILD)/bench/cosim.txt && cat $(BUILD)/bench/cosim.txt
	@scripts/bench_sv.sh $(call BQ,--count 2000 --rounds 1) $(BUILD) >$(BUILD)/bench/sv.txt && cat $(BUILD)/bench/sv.txt
	@scripts/bench_wave.sh $(call BQ,--quick) $(BUILD)
	@scripts/bench_throughput.sh $(call BQ,--count 2000) $(BUILD)
	@scripts/bench_summary.sh $(BUILD)/bench

WAVE_ARGS = --build $(BUILD) $(if $(SEED),--seed $(SEED)) $(if $(REQ),--req $(REQ)) $(if $(LANE),--lane $(LANE)) $(TEST)

wave: build
	@scripts/wave.sh $(WAVE_ARGS)

wave-png: build
	@scripts/wave.sh --png $(or $(PNG),$(BUILD)/wave/$(TEST).png) $(WAVE_ARGS)

# The FPGA flow (docs/synthesis.md); scripts/synth.sh --help lists SYNTH_ARGS. SYNTH_VARIANTS:
# the second ECP5 configuration placed and routed beside the default one (DEEP, spec 8.5).
SYNTH_ARGS ?=
SYNTH_VARIANTS ?= --ecp5-variant deep:DEEP=1
synth: deps
	@scripts/synth.sh --out $(BUILD)/synth -j$(JOBS) --seeds "1 2 3" $(SYNTH_VARIANTS) $(SYNTH_ARGS)

# Fuzzing (docs/verification.md "Fuzzing"): its own clang build in $(BUILD)/fuzz, no configure needed.
FUZZ_SECONDS ?= 60
fuzz:
	@scripts/fuzz.sh --seconds $(FUZZ_SECONDS) --build-dir $(BUILD)/fuzz -j $(JOBS)

# Code and functional coverage (docs/verification.md, "Code coverage"): scripts/coverage.sh --help.
COVERAGE_ARGS ?=
coverage: deps
	@scripts/coverage.sh --build $(BUILD) -j$(JOBS) $(COVERAGE_ARGS)

# The formal proof of the handshake (scripts/formal.sh --help; needs the venv of requirements.txt).
FORMAL_TASKS ?= bmc
formal:
	@scripts/formal.sh --out $(BUILD)/formal $(foreach t,$(FORMAL_TASKS),--task $(t))

# Triangles to pixels (docs/render.md): only fiu-render is built (one Verilated fiu_top, LANES=4).
RENDER_OUT ?= $(BUILD)/render
RENDER_ARGS ?=
render: configure
	@$(CMAKE_BUILD) --target fiu-render
	@$(BUILD)/tb/render/fiu-render --out $(RENDER_OUT) $(RENDER_ARGS)

lint:
	@if [ -z "$(RTL_SRCS)" ]; then echo "lint: no RTL sources in rtl/ yet"; \
	else $(VERILATOR) -Wall --lint-only --assert -Irtl --top-module fiu_top rtl/fiu_pkg.sv $(filter-out rtl/fiu_pkg.sv,$(RTL_SRCS)) rtl/fiu.vlt && echo "lint: clean"; fi

# fiu as IP (docs/ip.md): the installed library and the register map's generated files.
PREFIX ?= /usr/local
install: build
	@cmake --install $(BUILD) --prefix $(PREFIX)

# REGS_ARGS=--check: only compare the checked-in files with the .rdl, write nothing.
REGS_ARGS ?=
regs:
	@scripts/regs.sh $(REGS_ARGS)

clean:
	rm -rf $(BUILD)
