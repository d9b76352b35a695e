# Two commands do everything on a fresh Debian machine (as root, or with sudo):
#   make demo   set up, then generate, build, run and verify the bundled model on the default board
#   make test   set up, then run the test suite
# Set-up is idempotent: it installs only what is missing and takes seconds when everything is there.

VENV      := .venv
PY        := $(VENV)/bin/python
MCUGEN    := $(VENV)/bin/mcugen
STAMP     := $(VENV)/.installed
APT_PKGS  := gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
MODEL     ?= tests/fixtures/mlp_int8.tflite
BOARD     ?= mps2-an386
PYTEST_ARGS ?=

.PHONY: setup apt apt-test venv demo docs test bench clean

setup: apt venv

# Debian packages: the cross toolchain, newlib and QEMU (plus venv support when python3 lacks it).
apt:
	@missing=""; \
	command -v arm-none-eabi-gcc >/dev/null || missing="$$missing gcc-arm-none-eabi"; \
	[ -f /usr/lib/arm-none-eabi/newlib/libc.a ] || [ -f /usr/lib/arm-none-eabi/lib/libc.a ] || missing="$$missing libnewlib-arm-none-eabi"; \
	command -v qemu-system-arm >/dev/null || missing="$$missing qemu-system-arm"; \
	python3 -c 'import venv, ensurepip' 2>/dev/null || missing="$$missing python3-venv"; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# The tests also render the HTML size report in headless Chromium.
apt-test:
	@command -v chromium >/dev/null || { echo "installing Debian packages: chromium"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends chromium; }

venv: $(STAMP)

$(STAMP): pyproject.toml
	@[ -x $(PY) ] || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	@touch $@

demo: setup
	$(MCUGEN) verify $(MODEL) --board $(BOARD) --random 10 --seed 1

# docs/ops.md is generated from the kernel catalog: adding a kernel never means editing it by hand.
docs: setup
	$(MCUGEN) ops --markdown > docs/ops.md

test: setup apt-test docs
	$(PY) -m pytest $(PYTEST_ARGS)

# Rewrites docs/benchmarks.md: every zoo model on every QEMU board, beside TFLite Micro's figures.
BENCH_BOARDS := mps2-an386 mps2-an500 mps3-an547 mps2-an385 mps2-an505 lm3s6965evb netduinoplus2
bench: setup
	$(MCUGEN) bench $(addprefix --board ,$(BENCH_BOARDS)) --write docs/benchmarks.md

clean:
	rm -rf $(VENV) .pytest_cache
