# Two commands do everything on a fresh Debian machine (as root, or with sudo):
#   make demo   set up, then generate, build, run and verify the bundled model on the default board
#   make test   set up, then run the whole test suite in parallel, one worker per core (JOBS=N to change)
#   make test-host  the host lane only (`pytest -m "not qemu"`): no PlatformIO, no QEMU, a few minutes
#   make lint   ruff and clang-format over generator/ tests/ firmware/ boards/ examples/ (checks only; .ci/run runs it first)
# Set-up is idempotent: it installs only what is missing and takes seconds when everything is there.

VENV      := .venv
PY        := $(VENV)/bin/python
MCUGEN    := $(VENV)/bin/mcugen
STAMP     := $(VENV)/.installed
APT_PKGS  := gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm gcc openocd
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
MODEL     ?= tests/fixtures/mlp_int8.tflite
BOARD     ?= mps2-an386
PYTEST_ARGS ?=
JOBS      ?= $(shell nproc)
# xdist: one worker per core; tests sharing an expensive module fixture carry one xdist_group and run on one worker
PYTEST    := $(PY) -m pytest -n $(JOBS) --dist loadgroup
LINT_DIRS := generator tests firmware boards examples
# C++ (the runtime and harness) has its own clang-format style; every other .c/.h is C.
CXX_SOURCES := $(wildcard firmware/*/*.cc) firmware/runtime/mg_flatbuffer.h firmware/runtime/mg_interpreter.h \
               firmware/runtime/mg_op_resolver.h
C_SOURCES   = $(filter-out $(CXX_SOURCES),$(shell find $(LINT_DIRS) -name '*.[ch]' | sort))

.PHONY: setup apt apt-test apt-lint venv demo docs test test-host lint bench clean

setup: apt venv

# Debian packages: the cross toolchain, newlib, QEMU, the host gcc the generator compiles the kernels' scratch
# sizes with (and g++: the host build of the runtime and harness, which the tests' host lane runs), OpenOCD
# for `mcugen flash` (plus venv support when python3 lacks it).
apt:
	@missing=""; \
	command -v arm-none-eabi-gcc >/dev/null || missing="$$missing gcc-arm-none-eabi"; \
	[ -f /usr/lib/arm-none-eabi/newlib/libc.a ] || [ -f /usr/lib/arm-none-eabi/lib/libc.a ] || missing="$$missing libnewlib-arm-none-eabi"; \
	command -v qemu-system-arm >/dev/null || missing="$$missing qemu-system-arm"; \
	command -v gcc >/dev/null || missing="$$missing gcc"; \
	command -v g++ >/dev/null || missing="$$missing g++"; \
	command -v openocd >/dev/null || missing="$$missing openocd"; \
	python3 -c 'import venv, ensurepip' 2>/dev/null || missing="$$missing python3-venv"; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# The tests also render the HTML size report in headless Chromium and build the embedding example with CMake.
apt-test:
	@missing=""; for tool in chromium cmake; do command -v $$tool >/dev/null || missing="$$missing $$tool"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# clang-format for `make lint`.
apt-lint:
	@command -v clang-format >/dev/null || { echo "installing Debian packages: clang-format"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends clang-format; }

venv: $(STAMP)

$(STAMP): pyproject.toml
	@[ -x $(PY) ] || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	@touch $@

demo: setup
	$(MCUGEN) verify $(MODEL) --board $(BOARD) --random 10 --seed 1

test: setup apt-test
	$(PYTEST) --durations=15 $(PYTEST_ARGS)

test-host: setup
	$(PYTEST) -m "not qemu" $(PYTEST_ARGS)

# docs/ops.md is generated from the kernel catalog (a test fails when it is stale): run after adding a kernel.
docs: setup
	$(MCUGEN) ops --markdown > docs/ops.md

lint: venv apt-lint
	$(VENV)/bin/ruff check $(LINT_DIRS)
	$(VENV)/bin/ruff format --check $(LINT_DIRS)
	clang-format --dry-run -Werror $(C_SOURCES)
	clang-format --dry-run -Werror --style=file:.clang-format-cxx $(CXX_SOURCES)

# Rewrites docs/benchmarks.md: every zoo model and two fixtures (bench.FIXTURE_MODELS) on every QEMU board, beside TFLite Micro's figures.
BENCH_BOARDS := mps2-an386 mps2-an500 mps3-an547 mps2-an385 mps2-an385-m0plus mps2-an505 lm3s6965evb netduinoplus2
bench: setup
	$(MCUGEN) bench $(addprefix --board ,$(BENCH_BOARDS)) --write docs/benchmarks.md

clean:
	rm -rf $(VENV) .pytest_cache
