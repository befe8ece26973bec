# ABCPress developer entry points. `make demo` and `make test` are all a newcomer needs.
SWIFT ?= swift
# Extra flags for scripts/bootstrap, e.g. `make setup BOOTSTRAP_FLAGS=--dev-tools`.
BOOTSTRAP_FLAGS ?=
ABCPRESS := .build/release/abcpress
# Release builds link the Swift runtime and Foundation statically: a binary that runs
# without the toolchain and starts in half the time (dynamic loading was a third of a
# one-tune PNG's run). They are optimised at link time across all modules (LLVM's full
# LTO at -O3, inlining up to a cost of 700 where 225 is LLVM's default: −7 % of a dump's
# instructions, −6 % of a book's; the same bytes out; 2 % more code). The flags live in
# scripts/release-flags, which scripts/bench and scripts/bench-cpu read too: other flags
# would rebuild everything.
RELEASE_FLAGS := $(shell cat scripts/release-flags)
EXAMPLE := Documentation/Examples/tunebook.abc
FORMAT_PATHS := Sources Tests Package.swift Examples
# Tunes `make test` cross-checks against abc2midi, and the agreement `make crosscheck` needs.
CROSSCHECK_SAMPLE ?= 150
CROSSCHECK_THRESHOLD ?= 98
# Tunes `make test` exports as MusicXML and reads back with music21 and MuseScore.
INTEROP_SAMPLE ?= 400

.PHONY: all setup build release demo test lint format clean crosscheck bench bench-cpu corpus gallery fuzz interop songs \
  install uninstall docs deb
# Where `make install` puts ABCPress (DESTDIR for packagers' staging folders).
PREFIX ?= /usr/local
DESTDIR ?=

all: build

## setup: install missing Debian packages and fetch the music fonts into Fonts/
setup:
	scripts/bootstrap $(BOOTSTRAP_FLAGS)

## build: debug build
build: setup
	$(SWIFT) build

## release: optimised, self-contained build of .build/release/abcpress
release: setup
	$(SWIFT) build $(RELEASE_FLAGS)

## demo: engrave the example tune book into out/ as PDF, PNG (one per page) and SVG (one per page)
demo: release
	mkdir -p out
	rm -f out/tunebook.pdf out/tunebook-*.png out/tunebook-*.svg out/tunebook.png out/tunebook.svg
	$(ABCPRESS) render $(EXAMPLE) -o out/tunebook.pdf
	$(ABCPRESS) render $(EXAMPLE) -o out/tunebook.png
	$(ABCPRESS) render $(EXAMPLE) -o out/tunebook.svg
	ls -l out/

## test: lint, build, fetch the corpus, cross-check a MIDI sample against abc2midi, build and
## check the Debian package, drive `serve` in a browser and attack it (the release build
## exports a 16 MB book), cross-check a MusicXML sample against music21 and MuseScore, build
## and run the library example (Examples/TuneCard), then run every test (the corpus collision
## and round-trip tests included); the Swift Testing summary is the last line
test: setup corpus
	scripts/bootstrap --interop
	$(MAKE) --no-print-directory lint
	$(SWIFT) build --build-tests
	scripts/crosscheck --sample $(CROSSCHECK_SAMPLE) --chords --threshold 95 --abcpress .build/debug/abcpress --quiet
	scripts/check-editors .build/debug/abcpress
	$(MAKE) --no-print-directory deb
	.cache/venv/bin/python scripts/check-serve .build/debug/abcpress --release $(ABCPRESS)
	scripts/interop --sample $(INTEROP_SAMPLE) --imports 60 --musescore --abcpress .build/debug/abcpress \
	  .cache/corpus/big.abc
	$(SWIFT) build --package-path Examples/TuneCard
	Examples/TuneCard/.build/debug/TuneCard $(EXAMPLE) .build/tune-card.pdf Fonts
	ABCPRESS_REQUIRE_CORPUS=1 $(SWIFT) test --disable-xctest

## docs: reference documentation of the ABCPress library with the toolchain's docc, into
## .build/docs (open .build/docs/index.html through a web server, or use `docc preview`)
docs:
	$(SWIFT) build --target ABCPress --scratch-path .build/docs-build \
	  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc .build/docs-build/symbol-graphs
	docc convert Sources/ABCPress/ABCPress.docc \
	  --additional-symbol-graph-dir .build/docs-build/symbol-graphs \
	  --fallback-display-name ABCPress --fallback-bundle-identifier org.abcpress.ABCPress \
	  --output-path .build/docs
	@echo "docs: .build/docs (e.g. docc preview Sources/ABCPress/ABCPress.docc --additional-symbol-graph-dir .build/docs-build/symbol-graphs)"

## deb: a Debian package of the release build, .build/abcpress_VERSION_ARCH.deb (scripts/make-deb),
## checked as a clean machine meets it (scripts/check-deb)
deb: release
	scripts/check-deb "$$(scripts/make-deb --binary $(ABCPRESS))"

## install: the program, music fonts, templates, themes, man page and shell completions
## under $(DESTDIR)$(PREFIX) (bin/, share/abcpress/, share/man/man1/, completions)
install: release
	scripts/install --prefix $(PREFIX) --destdir "$(DESTDIR)" --binary $(ABCPRESS)

## uninstall: remove what `make install` put under $(DESTDIR)$(PREFIX)
uninstall:
	scripts/install --uninstall --prefix $(PREFIX) --destdir "$(DESTDIR)"

## corpus: fetch the development corpus into .cache/corpus (once)
corpus:
	scripts/get-corpus

## crosscheck: compare `abcpress midi` with abc2midi on every corpus tune (fetches the corpus once),
## the melody alone and then with the accompaniment from chord symbols
crosscheck: release
	scripts/crosscheck --abcpress $(ABCPRESS) --threshold $(CROSSCHECK_THRESHOLD) --quiet
	scripts/crosscheck --chords --abcpress $(ABCPRESS) --threshold $(CROSSCHECK_THRESHOLD) --quiet

## gallery: ABCPress, abcm2ps, LilyPond and MuseScore (from the MusicXML export) side by side on 12 varied corpus tunes, the engraving details and the multi-voice set, into out/gallery; then the books (a session book from folders, a choir songbook in two columns with chord diagrams, a B-flat edition, a booklet) into out/gallery/books
gallery: release corpus
	scripts/bootstrap --dev-tools --interop
	scripts/gallery
	scripts/gallery-books

## interop: export every tune of the corpus tune book as MusicXML, read it back with music21
## (the notes must match `abcpress dump --notes`) and convert it with MuseScore 3 (no import
## errors); then read every MusicXML file of music21's corpus (other programs' MusicXML)
interop: release corpus
	scripts/bootstrap --interop
	scripts/interop --abcpress $(ABCPRESS) --musescore --imports 1000 .cache/corpus/big.abc

## songs: read the OpenScore Lieder songs beside the checkout (../shared/corpus/lieder, or
## ABCPRESS_LIEDER) and measure them against music21 (notes, lyrics), the files' own titles
## and MuseScore 3's layout (systems); prints each figure against its target
## (Documentation/songs.md); says so and succeeds when the songs are not there
songs: release
	scripts/bootstrap --interop
	scripts/songs --abcpress $(ABCPRESS) --musescore

## bench: ABCPress beside abcm2ps (+ ps2pdf, + ghostscript) on the corpus tune book, with
## peak memory, the -j 2 speed-up and the linear-scaling cases; prints ratios against the
## engine's targets (BENCH_RUNS=N for best of N, default 3)
BENCH_RUNS ?= 3
bench: setup corpus
	scripts/bootstrap --dev-tools
	scripts/bench $(BENCH_RUNS)

## bench-cpu: instructions (callgrind) per tune on the first 400 corpus tunes, one thread,
## beside abcm2ps: layout, check, book to PDF, the scaling cases' instructions per bar and
## per note, and the Lieder songs when ../shared is there
bench-cpu: setup corpus
	scripts/bootstrap --dev-tools
	scripts/bench-cpu

## fuzz: libFuzzer over the engine, MusicXML import, the editor service, the language server
## cache records and style and book files, FUZZ_SECONDS (default 600) shared among them (FUZZ_SECONDS_EACH=N for N
## each); crashes and timeouts go to .cache/fuzz/TARGET/artifacts
fuzz: setup corpus
	scripts/fuzz

## lint: check formatting and style with swift-format (ships with the toolchain)
lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format $(FORMAT_PATHS)

## format: rewrite the sources in place with swift-format
format:
	$(SWIFT) format format --in-place --recursive --configuration .swift-format $(FORMAT_PATHS)

## clean: remove build products and demo output
clean:
	rm -rf .build .build-fuzz out
