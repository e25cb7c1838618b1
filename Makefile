# The two commands of the README's quick start, and a few more for development.

.PHONY: demo test lint format deps build release install dist bench fuzz fuzz-program fuzz-run man completions

# Installs what is missing, builds, and runs vault on the example vault.
demo: deps
	swift build --product vault
	.build/debug/vault today --vault ExampleVault --now 2026-11-23T07:30

# Runs the whole test suite, with the real programs formats are checked against.
# - Built as `swift build --build-tests` builds (scripts/check-warnings too): `swift test` plans the
#   build otherwise, and compiles Hummingbird again, each time it follows the other (SwiftPM 6.3);
#   then run by scripts/run-tests (the test program itself on Linux: 15 s less a run).
# - The python3 the oracles were installed for comes first on the PATH, with the programs pip put
#   beside it (vdirsyncer, khal...): pyenv's shims cost a bash and five programs per call, 5 % of
#   the suite's CPU.
# - The test oracles install (apt and pip: mostly waiting on the network) while the compiler
#   works: a fresh machine waits for the longer of the two, not for both.
TEST_PATH = $$(python3 -c 'import os, sys; print(os.path.dirname(sys.executable))' 2>/dev/null || echo /usr/bin):$$PATH
test: deps
	@log=$$(mktemp); scripts/install-test-deps >"$$log" 2>&1 & oracles=$$!; \
	swift build --build-tests; built=$$?; \
	wait $$oracles; installed=$$?; cat "$$log"; rm -f "$$log"; \
	if [ $$installed -ne 0 ]; then echo "error: scripts/install-test-deps failed" >&2; fi; \
	[ $$built -eq 0 ] && [ $$installed -eq 0 ]
	PATH="$(TEST_PATH)" scripts/run-tests
	PATH="$(TEST_PATH)" scripts/test-in-zones

deps:
	scripts/install-deps

build: deps
	swift build

lint:
	swift format lint --strict -r Sources Tests Benchmarks Fuzz
	scripts/check-macos-watcher

format:
	swift format format -i -r Sources Tests Benchmarks Fuzz

# vault optimised as shipped, with the Swift runtime linked in (it starts 10 ms faster) and the
# version stamped (scripts/version), for the benchmark: .build-release/release/ (docs/PERFORMANCE.md).
STATIC := $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib)
release: deps
	swift build -c release $(STATIC) --scratch-path .build-release $$(scripts/version --stamp .build-release/stamp)

# The packages: dist/vault_<version>_<arch>.deb (checked by lintian) and
# dist/vault-<version>-linux-<arch>.tar.gz, each with vault, vault-serve and vault-merge-driver
# (release, stripped, stamped with the latest git tag), the man pages and the shell completions.
dist: deps
	scripts/make-dist

# The same programs, man pages and completions into PREFIX (bin/, share/); Homebrew's formula runs it.
PREFIX ?= $(HOME)/.local
install: deps
	scripts/make-dist --install $(PREFIX)

# The man page and the shell completions of a debug build, to read while working on the help:
# `man -l .build/man/vault.1`, .build/completions/.
man: build
	swift build --product generate-manual
	mkdir -p .build/man
	.build/debug/generate-manual .build/debug/vault --output-directory .build/man
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
# ExampleVault's notes for FUZZ_SECONDS, each read in under FUZZ_LIMIT seconds, optimised as
# shipped. Fails on a crash or a slow input, and saves it in /tmp/vault-fuzz to run with
# `vault-fuzz files FILE`. FUZZ_SEED picks other mutations (CI keeps one, so it is repeatable).
# FUZZ_BUILD=debug runs the debug build the tests made instead (CI: the optimised build of the
# reader costs 3.5 minutes on two cores), which reads 2.5 to 7.5 times slower, so with a limit
# of 15 s: what it still catches is a reading that grows faster than the note (minutes at 1 MB).
FUZZ_SECONDS ?= 60
FUZZ_SEED ?= 22
FUZZ_LIMIT ?= 1
FUZZ_BUILD ?= release
FUZZ := $(if $(filter debug,$(FUZZ_BUILD)),.build/debug/vault-fuzz,.build-release/release/vault-fuzz)
# `make fuzz` is `make fuzz-program fuzz-run`: the program built, then run (CI runs it beside
# another step, once built).
fuzz: fuzz-program
	$(MAKE) fuzz-run
fuzz-program: deps
	$(if $(filter debug,$(FUZZ_BUILD)),swift build --product vault-fuzz,swift build -c release --product vault-fuzz --scratch-path .build-release)
fuzz-run:
	$(FUZZ) fixtures --limit $(FUZZ_LIMIT)
	$(FUZZ) mutate --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED) --limit $(FUZZ_LIMIT)
