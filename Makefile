# The two commands of the README's quick start, and a few more for development.
.PHONY: demo test lint format deps build release install bench

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
	swift format lint --strict -r Sources Tests Benchmarks

format:
	swift format format -i -r Sources Tests Benchmarks

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
