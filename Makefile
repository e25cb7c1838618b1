# The two commands of the README's quick start, and a few more for development.
.PHONY: demo test lint format deps build

# Installs what is missing, builds, and runs vault on the example vault.
demo: deps
	swift build
	.build/debug/vault check ExampleVault

# Runs the whole test suite.
test: deps
	swift test

deps:
	scripts/install-deps

build: deps
	swift build

lint:
	swift format lint --strict -r Sources Tests

format:
	swift format format -i -r Sources Tests
