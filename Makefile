# ABCPress developer entry points. `make demo` and `make test` are all a newcomer needs.
SWIFT ?= swift
# Extra flags for scripts/bootstrap, e.g. `make setup BOOTSTRAP_FLAGS=--dev-tools`.
BOOTSTRAP_FLAGS ?=
ABCPRESS := .build/release/abcpress
EXAMPLE := Documentation/Examples/tunebook.abc
FORMAT_PATHS := Sources Tests Package.swift
# Tunes `make test` cross-checks against abc2midi, and the agreement `make crosscheck` needs.
CROSSCHECK_SAMPLE ?= 150
CROSSCHECK_THRESHOLD ?= 95

.PHONY: all setup build release demo test lint format clean crosscheck bench

all: build

## setup: install missing Debian packages and fetch the music fonts into Fonts/
setup:
	scripts/bootstrap $(BOOTSTRAP_FLAGS)

## build: debug build
build: setup
	$(SWIFT) build

## release: optimised build of .build/release/abcpress
release: setup
	$(SWIFT) build -c release

## demo: engrave the example tune book into out/ as PDF, PNG (one per page) and SVG (one per page)
demo: release
	mkdir -p out
	rm -f out/tunebook.pdf out/tunebook-*.png out/tunebook-*.svg out/tunebook.png out/tunebook.svg
	$(ABCPRESS) render $(EXAMPLE) -o out/tunebook.pdf
	$(ABCPRESS) render $(EXAMPLE) -o out/tunebook.png
	$(ABCPRESS) render $(EXAMPLE) -o out/tunebook.svg
	ls -l out/

## test: lint, build the tests, run them, then cross-check a small MIDI sample against abc2midi
test: setup
	$(MAKE) --no-print-directory lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --disable-xctest
	scripts/crosscheck --sample $(CROSSCHECK_SAMPLE) --abcpress .build/debug/abcpress --quiet

## crosscheck: compare `abcpress midi` with abc2midi on every corpus tune (fetches the corpus once)
crosscheck: release
	scripts/crosscheck --abcpress $(ABCPRESS) --threshold $(CROSSCHECK_THRESHOLD)

## bench: time `abcpress check` and `render` against abcm2ps on the corpus tune book
bench: setup
	scripts/bench

## lint: check formatting and style with swift-format (ships with the toolchain)
lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format $(FORMAT_PATHS)

## format: rewrite the sources in place with swift-format
format:
	$(SWIFT) format format --in-place --recursive --configuration .swift-format $(FORMAT_PATHS)

## clean: remove build products and demo output
clean:
	rm -rf .build out
