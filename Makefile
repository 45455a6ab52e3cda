# Quick start: `make run` builds and runs the main job, `make test` builds and runs every test.
# Each first installs the Debian packages it needs and lacks (scripts/setup.sh, which asks apt-get
# only for what is missing; scripts/packages.txt lists them by part): `make run` those of the
# library and the program only (a compiler, CMake, yajl, zlib) and builds only the program, in
# seconds; `make test` everything the suite uses (MPI, Slurm, Python, the page's Emscripten and
# Chromium ...); `make web` and `make docs` those of the page and of the guide. `make` alone only
# builds: it installs nothing, and stops at the configuration naming what is missing (run
# `make setup` then).
BUILD ?= build
CMAKE_FLAGS ?=
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
NQ = $(BUILD)/nqueens
# The learners' page (web/, cmake/web.cmake) is built and tested with the rest, except in sanitizer
# builds (emcc takes no sanitizer; the plain build tests the page). WEB=OFF leaves it out.
WEB ?= $(if $(findstring NQ_SANITIZE=ON,$(CMAKE_FLAGS)),OFF,ON)
# Every configuration asks CMake again whether Python's headers are there (-UNQ_PYTHON): a build
# folder first configured without them (by `make run` on a fresh machine) would otherwise keep
# the Python package out after `make test` installed them. CMAKE_FLAGS come last and win.
CONFIGURE = cmake -S . -B $(BUILD) -UNQ_PYTHON
# A build folder not configured yet is configured for the program alone by `make run`, `make web`
# and `make docs` (no tests: their packages come with `make test`); one already configured keeps
# its configuration.
FRESH = $(if $(wildcard $(BUILD)/CMakeCache.txt),,-DNQ_BUILD_TESTS=OFF -DNQ_TEST_REQUIRE_ALL=OFF -DNQ_WEB=OFF)

.PHONY: all setup setup-run setup-web setup-docs build run test mutants bench install clean web serve docs

all: build

setup:
	@bash scripts/setup.sh

# Parts of it (scripts/packages.txt): the program's build alone, the page's, the guide's.
setup-run:
	@bash scripts/setup.sh run
setup-web:
	@bash scripts/setup.sh run web
setup-docs:
	@bash scripts/setup.sh run docs

# The build expects what `make setup` installs: every tool the tests use, so a test that would
# skip a part fails, and a missing MPI stops the configuration (NQ_TEST_REQUIRE_ALL; CMAKE_FLAGS
# may turn it off). A plain `cmake -S . -B build` expects none of it.
build:
	$(CONFIGURE) -DNQ_BUILD_TESTS=ON -DNQ_TEST_REQUIRE_ALL=ON -DNQ_WEB=$(WEB) $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

# The main job: the first solutions of the eight-queens puzzle, then the counts for n = 1..14.
# Only the program is built (its library and itself); the configuration's and the compiler's
# output go to $(BUILD)/run.log, shown only when something fails.
run: setup-run
	@echo "building $(NQ) (log: $(BUILD)/run.log)"
	@mkdir -p $(BUILD)
	@{ $(CONFIGURE) $(FRESH) $(CMAKE_FLAGS) && cmake --build $(BUILD) -j $(JOBS) --target nqueens; } \
	  >$(BUILD)/run.log 2>&1 || { tail -40 $(BUILD)/run.log; echo "make run: the build failed (whole log: $(BUILD)/run.log)"; exit 1; }
	@echo "The first 3 of the 92 solutions of the eight-queens puzzle:"
	@$(NQ) solve 8 --format board --limit 3
	@echo "Solutions (total and fundamental) for n = 1..14:"
	@for n in 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do \
	  printf 'n=%-3s total=%-8s unique=%s\n' $$n "$$($(NQ) count $$n)" "$$($(NQ) count $$n --unique)"; \
	done
	@echo "The program is $(NQ); to type 'nqueens' as the examples do: export PATH=\"$(abspath $(BUILD)):\$$PATH\""

test: setup
	@$(MAKE) --no-print-directory build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# Planted bugs the suite must catch (tests/mutants/, scripts/mutants.sh): slow, not part of test.
# MUTANTS="name or module ..." runs some of them.
mutants: setup
	bash scripts/mutants.sh $(MUTANTS)

# The learners' page in $(BUILD)/web/ (only the page and what it needs is built), and a local
# server for it at http://127.0.0.1:8000/.
web: setup-web
	$(CONFIGURE) $(FRESH) -DNQ_WEB=ON $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS) --target web

serve: web
	@echo
	@echo "    The page: http://127.0.0.1:8000/    (Ctrl-C stops the server)"
	@echo
	@python3 -m http.server 8000 --bind 127.0.0.1 --directory $(BUILD)/web

# The guide (doc/: Sphinx, MyST, Doxygen, breathe) in $(BUILD)/doc/html/; warnings are errors.
docs: setup-docs
	$(CONFIGURE) $(FRESH) -DNQ_PYTHON=ON -DNQ_DOCS=ON $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS) --target docs

bench: setup
	@$(MAKE) --no-print-directory build
	bash bench/run

install: build
	cmake --install $(BUILD) $(if $(PREFIX),--prefix $(PREFIX),)

clean:
	rm -rf $(BUILD)
