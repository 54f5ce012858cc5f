# fiu top-level driver over CMake + CTest. `make help` lists targets.
BUILD ?= build
JOBS  ?= $(shell nproc 2>/dev/null || echo 2)
CTEST  = cd $(BUILD) && ctest --no-tests=error --output-on-failure -j$(JOBS)
VERILATOR ?= verilator
RTL_SRCS = $(sort $(wildcard rtl/*.sv))

.PHONY: help deps configure build sim test regress bench lint clean alpha-study wave wave-png synth

help:
	@echo "fiu targets:"
	@echo "  make sim      main regression (installs missing packages first)"
	@echo "  make test     whole test suite except the deep and synth labels (what CI runs)"
	@echo "  make regress  deep regressions (ctest -L deep)"
	@echo "  make bench    benchmarks (throughput figures, not tests; co-simulation speeds, FST sizes,"
	@echo "               RTL requests per clock on the throughput and corner mixes)"
	@echo "  make alpha-study  exhaustive alpha-lowering study (docs/alpha-test.md)"
	@echo "  make wave TEST=<case> [SEED=n] [REQ=k] [LANE=i]"
	@echo "               rerun a co-simulation case, trace the cycles around request k, open GTKWave"
	@echo "  make wave-png TEST=<case> ... [PNG=file]  the same view rendered to a PNG under Xvfb"
	@echo "  make synth [SYNTH_ARGS=...]  Yosys + nextpnr flow: build/synth/report.md (docs/synthesis.md)"
	@echo "  make lint     verilator -Wall --lint-only on rtl/"
	@echo "  make deps     install missing Debian packages (scripts/deps.sh)"
	@echo "  make clean    remove $(BUILD)/"

deps:
	@scripts/deps.sh

DEEP ?= OFF

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DFIU_DEEP_TESTS=$(DEEP) >/dev/null

build: configure
	@cmake --build $(BUILD) -j$(JOBS)

sim: build
	@scripts/sim_report.sh $(BUILD) $(JOBS)

# deep (long regressions) and synth (the full FPGA flow, tens of minutes) have their own targets.
test: build
	$(CTEST) -LE '^(deep|synth)$$'

regress:
	@$(MAKE) --no-print-directory build DEEP=ON
	$(CTEST) -L deep

alpha-study: build
	$(BUILD)/tb/model/alpha/alpha_study

bench: build
	@$(BUILD)/tb/bench/bench_f32
	@$(BUILD)/tb/bench/bench_model
	@scripts/bench_cosim.sh $(BUILD)
	@scripts/bench_wave.sh $(BUILD)
	@scripts/bench_throughput.sh $(BUILD)

WAVE_ARGS = --build $(BUILD) $(if $(SEED),--seed $(SEED)) $(if $(REQ),--req $(REQ)) $(if $(LANE),--lane $(LANE)) $(TEST)

wave: build
	@scripts/wave.sh $(WAVE_ARGS)

wave-png: build
	@scripts/wave.sh --png $(or $(PNG),$(BUILD)/wave/$(TEST).png) $(WAVE_ARGS)

# The FPGA flow (docs/synthesis.md); scripts/synth.sh --help lists SYNTH_ARGS.
SYNTH_ARGS ?=
synth: deps
	@scripts/synth.sh --out $(BUILD)/synth -j$(JOBS) $(SYNTH_ARGS)

lint:
	@if [ -z "$(RTL_SRCS)" ]; then echo "lint: no RTL sources in rtl/ yet"; \
	else $(VERILATOR) -Wall --lint-only -Irtl --top-module fiu_top rtl/fiu_pkg.sv $(filter-out rtl/fiu_pkg.sv,$(RTL_SRCS)) && echo "lint: clean"; fi

clean:
	rm -rf $(BUILD)
