# The two commands of the README's quick start, and a few more for development.
.PHONY: demo test lint format deps build release install bench fuzz

# Installs what is missing, builds, and runs vault on the example vault.
demo: deps
	swift build
	.build/debug/vault today --vault ExampleVault --today 2026-11-23

# Runs the whole test suite.
test: deps
	swift test

deps:
	scripts/install-deps

build: deps
	swift build

lint:
	swift format lint --strict -r Sources Tests Benchmarks Fuzz

format:
	swift format format -i -r Sources Tests Benchmarks Fuzz

# vault as it is shipped: optimised, with the Swift runtime linked in (it starts 10 ms faster).
release: deps
	swift build -c release --static-swift-stdlib --scratch-path .build-release

PREFIX ?= $(HOME)/.local
install: release
	install -d $(PREFIX)/bin
	install .build-release/release/vault $(PREFIX)/bin/vault

# Times vault on synthetic vaults of 1,000 to 100,000 notes beside find and cmark
# (docs/PERFORMANCE.md). BENCH_ARGS="--sizes 10000 --runs 3" for a quicker run.
bench: release
	.build-release/release/vault-bench $(BENCH_ARGS)

# No note stalls the reader (issue 22): every pathological recipe at 1 MB, then mutations of
# ExampleVault's notes for FUZZ_SECONDS, each read in under a second, optimised as shipped.
# Fails on a crash or a slow input, and saves it in /tmp/vault-fuzz to run with
# `vault-fuzz files FILE`. FUZZ_SEED picks other mutations (CI keeps one, so it is repeatable).
FUZZ_SECONDS ?= 60
FUZZ_SEED ?= 22
fuzz: deps
	swift build -c release --product vault-fuzz --scratch-path .build-release
	.build-release/release/vault-fuzz fixtures
	.build-release/release/vault-fuzz mutate --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED)
