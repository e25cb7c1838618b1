# The two commands of the README's quick start, and a few more for development.
.PHONY: demo test lint format deps build release install bench fuzz man completions

# Installs what is missing, builds, and runs vault on the example vault.
demo: deps
	swift build --product vault
	.build/debug/vault today --vault ExampleVault --today 2026-11-23

# Runs the whole test suite, with the real programs formats are checked against.
test: deps
	scripts/install-test-deps
	swift test
	scripts/test-in-zones

deps:
	scripts/install-deps

build: deps
	swift build

lint:
	swift format lint --strict -r Sources Tests Benchmarks Fuzz
	scripts/check-macos-watcher

format:
	swift format format -i -r Sources Tests Benchmarks Fuzz

# vault as it is shipped: optimised, with the Swift runtime linked in (it starts 10 ms faster),
# and stripped of its symbols: .build-release/vault, and beside it vault-serve, the server
# `vault serve` hands over to, and vault-merge-driver (docs/PERFORMANCE.md).
# The unstripped build product stays in .build-release/release/ for debugging and the benchmark.
release: deps
	swift build -c release --static-swift-stdlib --scratch-path .build-release
	strip -o .build-release/vault .build-release/release/vault
	strip -o .build-release/vault-serve .build-release/release/vault-serve
	strip -o .build-release/vault-merge-driver .build-release/release/vault-merge-driver

PREFIX ?= $(HOME)/.local
install: release man completions
	install -d $(PREFIX)/bin $(PREFIX)/share/man/man1 $(PREFIX)/share/bash-completion/completions \
		$(PREFIX)/share/zsh/site-functions $(PREFIX)/share/fish/vendor_completions.d
	install .build-release/vault $(PREFIX)/bin/vault
	install .build-release/vault-serve $(PREFIX)/bin/vault-serve
	install .build-release/vault-merge-driver $(PREFIX)/bin/vault-merge-driver
	install -m 644 .build/man/vault.1 $(PREFIX)/share/man/man1/vault.1
	install -m 644 .build/completions/vault.bash $(PREFIX)/share/bash-completion/completions/vault
	install -m 644 .build/completions/_vault $(PREFIX)/share/zsh/site-functions/_vault
	install -m 644 .build/completions/vault.fish $(PREFIX)/share/fish/vendor_completions.d/vault.fish

# The man page, from the commands' help by argument-parser's generate-manual plugin:
# .build/man/vault.1 (`man -l .build/man/vault.1` reads it).
man: deps
	swift package --allow-writing-to-package-directory generate-manual
	mkdir -p .build/man
	cp .build/plugins/GenerateManual/outputs/vault/vault.1 .build/man/vault.1

# Shell completions from the commands (argument-parser): .build/completions/.
completions: build
	mkdir -p .build/completions
	.build/debug/vault --generate-completion-script bash > .build/completions/vault.bash
	.build/debug/vault --generate-completion-script zsh > .build/completions/_vault
	.build/debug/vault --generate-completion-script fish > .build/completions/vault.fish

# Times vault on synthetic vaults of 1,000 to 100,000 notes beside find and cmark
# (docs/PERFORMANCE.md), then the views with vault watch running beside khal and taskwarrior on
# the same data (scripts/bench-peers). BENCH_ARGS="--sizes 10000 --runs 3" for a quicker run.
bench: release
	scripts/install-bench-deps
	.build-release/release/vault-bench $(BENCH_ARGS)
	scripts/bench-peers $(PEERS_ARGS) $$(ls -d /tmp/vault-bench/vault-* | sort -t- -k3 -n)

# No note stalls the reader: every pathological recipe at 1 MB, then mutations of
# ExampleVault's notes for FUZZ_SECONDS, each read in under a second, optimised as shipped.
# Fails on a crash or a slow input, and saves it in /tmp/vault-fuzz to run with
# `vault-fuzz files FILE`. FUZZ_SEED picks other mutations (CI keeps one, so it is repeatable).
FUZZ_SECONDS ?= 60
FUZZ_SEED ?= 22
fuzz: deps
	swift build -c release --product vault-fuzz --scratch-path .build-release
	.build-release/release/vault-fuzz fixtures
	.build-release/release/vault-fuzz mutate --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED)
