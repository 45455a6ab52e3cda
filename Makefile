# Quick start: `make run` builds and runs the main job, `make test` builds and runs every test.
# Both first install missing Debian packages (`make setup`: scripts/setup.sh, which asks apt-get
# only for what is missing). `make` alone only builds: it installs nothing, and stops at the
# configuration naming what is missing (run `make setup` then).
BUILD ?= build
CMAKE_FLAGS ?=
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
NQ = $(BUILD)/nqueens
# The learners' page (web/, cmake/web.cmake) is built and tested with the rest, except in sanitizer
# builds (emcc takes no sanitizer; the plain build tests the page). WEB=OFF leaves it out.
WEB ?= $(if $(findstring NQ_SANITIZE=ON,$(CMAKE_FLAGS)),OFF,ON)

.PHONY: all setup build run test mutants bench install clean web serve

all: build

setup:
	@bash scripts/setup.sh

# The build expects what `make setup` installs: every tool the tests use, so a test that would
# skip a part fails, and a missing MPI stops the configuration (NQ_TEST_REQUIRE_ALL; CMAKE_FLAGS
# may turn it off). A plain `cmake -S . -B build` expects none of it.
build:
	cmake -S . -B $(BUILD) -DNQ_TEST_REQUIRE_ALL=ON -DNQ_WEB=$(WEB) $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

# The main job: the first solutions of the eight-queens puzzle, then the counts for n = 1..14.
run: setup
	@$(MAKE) --no-print-directory build
	@echo "The first 3 of the 92 solutions of the eight-queens puzzle:"
	@$(NQ) solve 8 --format board --limit 3
	@echo "Solutions (total and fundamental) for n = 1..14:"
	@for n in 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do \
	  printf 'n=%-3s total=%-8s unique=%s\n' $$n "$$($(NQ) count $$n)" "$$($(NQ) count $$n --unique)"; \
	done

test: setup
	@$(MAKE) --no-print-directory build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# Planted bugs the suite must catch (tests/mutants/, scripts/mutants.sh): slow, not part of test.
# MUTANTS="name or module ..." runs some of them.
mutants: setup
	bash scripts/mutants.sh $(MUTANTS)

# The learners' page in $(BUILD)/web/, and a local server for it at http://127.0.0.1:8000/.
web: build
	cmake --build $(BUILD) --target web

serve: web
	@echo "The page: http://127.0.0.1:8000/ (Ctrl-C stops the server)"
	python3 -m http.server 8000 --bind 127.0.0.1 --directory $(BUILD)/web

bench: setup
	@$(MAKE) --no-print-directory build
	bash bench/run

install: build
	cmake --install $(BUILD) $(if $(PREFIX),--prefix $(PREFIX),)

clean:
	rm -rf $(BUILD)
