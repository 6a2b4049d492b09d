# mpigauge: make, make check, make clean; make man, make docs (the
# generated man page and reference); make install, make uninstall.  MPICC= chooses the MPI compiler
# wrapper, MPIRUN= the launcher the tests use.  Both name MPICH where Debian
# installs it beside Open MPI (installing openmpi-bin makes plain mpicc and
# mpirun Open MPI's); elsewhere they are plain mpicc and mpirun.
#   Open MPI: make clean && make MPICC=mpicc.openmpi \
#                 MPIRUN="mpirun.openmpi --oversubscribe" check
MPICC ?= $(shell command -v mpicc.mpich >/dev/null 2>&1 && echo mpicc.mpich || echo mpicc)
MPIRUN ?= $(shell command -v mpirun.mpich >/dev/null 2>&1 && echo mpirun.mpich || echo mpirun)
CFLAGS ?= -O2 -g
# Warnings as errors where the project's own checks build (make check,
# make asan, make unit; CI passes WERROR=1 to every build): a packager's
# plain make or make install warns but is not stopped by a new compiler's
# new warning.  WERROR=0 or 1 on the command line decides either way.
ifneq ($(filter check check-quick asan unit,$(MAKECMDGOALS)),)
WERROR ?= 1
endif
WERROR ?= 0
# -pthread: the threaded calls' pool (src/kernels/threads.c: POSIX
# threads, no OpenMP runtime to agree on between MPI wrappers)
WARN = -std=c11 -Wall -Wextra $(if $(filter 1,$(WERROR)),-Werror) -D_GNU_SOURCE -pthread
# the project's flags go after the user's CPPFLAGS, CFLAGS, LDFLAGS and
# LDLIBS (environment or command line), which are kept
override CPPFLAGS += -Isrc -Itopologies
# the source tree's path is left out of the objects (-g's file names), so
# that two build folders give the same binary
REPRO = -ffile-prefix-map=$(CURDIR)=.
# the libraries as pkg-config gives them where they ship a .pc, by name
# otherwise
PKG_LIBS := $(shell pkg-config --libs gsl jansson hwloc sqlite3 2> /dev/null)
LIBS = $(if $(PKG_LIBS),$(PKG_LIBS),-lgsl -lgslcblas -ljansson -lhwloc -lsqlite3) -lm -pthread

# PAPI=0 builds without PAPI (--papi is then an error); objects go apart
PAPI ?= 1
ifeq ($(PAPI),1)
override CPPFLAGS += -DHAVE_PAPI
PKG_PAPI := $(shell pkg-config --libs papi 2> /dev/null)
LIBS += $(if $(PKG_PAPI),$(PKG_PAPI),-lpapi)
else
NOPAPI = -nopapi
endif

# `make asan check`: AddressSanitizer + UBSan build, every UB fatal
ifneq ($(filter asan,$(MAKECMDGOALS)),)
CFLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
MODE = -asan
endif

# objects apart per compiler wrapper, the compiler under it (MPICH_CC,
# OMPI_CC: CI's clang stage, which would otherwise reuse gcc's objects)
# and mode; the stamp relinks the binaries when any of them changes
UNDER_CC = $(if $(MPICH_CC),-$(notdir $(MPICH_CC)))$(if $(OMPI_CC),-$(notdir $(OMPI_CC)))
BUILD = build/$(notdir $(firstword $(MPICC)))$(UNDER_CC)$(MODE)$(NOPAPI)
STAMP = build/.last-build
$(shell mkdir -p build; [ "$$(cat $(STAMP) 2>/dev/null)" = "$(BUILD)" ] || echo "$(BUILD)" > $(STAMP))

SRC = $(wildcard src/*.c src/*/*.c) $(wildcard topologies/*.c)
OBJ = $(patsubst %.c,$(BUILD)/%.o,$(SRC))
LIBOBJ = $(filter-out $(BUILD)/src/main.o,$(OBJ))
UNIT_SRC = $(wildcard tests/unit/*.c) tests/fuzz/fuzz_input.c tests/fuzz/replay.c
UNIT_OBJ = $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/unit/*.c))
TEST_DEPS = $(patsubst %.c,$(BUILD)/%.d,$(UNIT_SRC))

BIN ?= mpigauge
all: $(BIN)

$(BIN): $(OBJ) $(LINK_EXTRA) $(STAMP)
	$(MPICC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJ) $(LINK_EXTRA) $(LIBS) $(LDLIBS)

# the tests also run a build without PAPI (its objects apart, under -nopapi)
ifneq ($(BIN),tests/mpigauge-nopapi)
tests/mpigauge-nopapi: $(SRC) $(wildcard src/*.h src/*/*.h) $(STAMP)
	$(MAKE) --no-print-directory PAPI=0 BIN=$@ MPICC="$(MPICC)" WERROR=$(WERROR) $@
endif

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(MPICC) $(WARN) $(CFLAGS) $(REPRO) $(CPPFLAGS) -MMD -MP -c $< -o $@

tests/unit_tests: $(LIBOBJ) $(UNIT_OBJ) $(STAMP)
	$(MPICC) $(CFLAGS) $(LDFLAGS) -o $@ $(LIBOBJ) $(UNIT_OBJ) $(LIBS) $(LDLIBS)

bench/bare_loops: bench/bare_loops.c $(STAMP)
	$(MPICC) $(WARN) $(CFLAGS) -o $@ $<

asan:
	@true

# make smpi: ./mpigauge-smpi, built with SimGrid's smpicc (PAPI off; a
# shared object that smpirun runs), platforms/costs.so, the plug-in every
# platform runs with, and platforms/hosts, which lists a platform's hosts
# as SimGrid loads it; scripts/simulate.sh runs them (docs/simulated.md)
SMPICC ?= smpicc
SIMGRID_LIBS ?= -lsimgrid
# and tests/mpigauge-smpi-skew, the same objects with tests/skew.c linked
# in: its MPI_Wtime skews SimGrid's simulated clock per rank, so that
# tests/clock.sh fits skewed clocks in simulated time, the same every run
smpi: platforms/costs.so platforms/hosts
	@command -v $(SMPICC) > /dev/null || { echo "make smpi needs $(SMPICC) (apt-get install libsimgrid-dev simgrid)"; exit 1; }
	$(MAKE) --no-print-directory MPICC=$(SMPICC) PAPI=0 BIN=mpigauge-smpi mpigauge-smpi
	$(MAKE) --no-print-directory MPICC=$(SMPICC) PAPI=0 BIN=tests/mpigauge-smpi-skew \
	    LINK_EXTRA=build/smpicc-nopapi/tests/skew.o tests/mpigauge-smpi-skew

platforms/costs.so: platforms/costs.cpp platforms/costs.hpp
	$(CXX) -std=c++17 -O2 -fPIC -shared -Wall -Wextra -Werror -o $@ $< $(SIMGRID_LIBS)

platforms/hosts: platforms/hosts.cpp platforms/costs.hpp
	$(CXX) -std=c++17 -O2 -Wall -Wextra -Werror -o $@ $< $(SIMGRID_LIBS)

tests/fuzz_replay: $(LIBOBJ) $(BUILD)/tests/fuzz/fuzz_input.o $(BUILD)/tests/fuzz/replay.o $(STAMP)
	$(MPICC) $(CFLAGS) $(LDFLAGS) -o $@ $(LIBOBJ) $(BUILD)/tests/fuzz/fuzz_input.o $(BUILD)/tests/fuzz/replay.o $(LIBS) $(LDLIBS)

# make fuzz [FUZZ_SECONDS=600]: libFuzzer (clang) on both parsers, seeded
# from inputs/; new corpus entries go to tests/fuzz/corpus, crashes to
# tests/fuzz/regressions (which `make check` replays)
FUZZ_SECONDS ?= 60
FUZZ_SRC = $(filter-out src/main.c,$(SRC)) tests/fuzz/fuzz_input.c
build/fuzz_input: $(FUZZ_SRC) $(wildcard src/*.h src/*/*.h)
	@command -v clang > /dev/null || { echo "make fuzz needs clang (apt-get install clang)"; exit 1; }
	MPICH_CC=clang OMPI_CC=clang $(MPICC) -std=c11 -D_GNU_SOURCE -g -O1 \
	    -fsanitize=fuzzer,address,undefined $(CPPFLAGS) -o $@ $(FUZZ_SRC) $(LIBS)

fuzz: build/fuzz_input
	mkdir -p tests/fuzz/corpus tests/fuzz/regressions
	./build/fuzz_input -max_total_time=$(FUZZ_SECONDS) -timeout=10 -max_len=4096 \
	    -artifact_prefix=tests/fuzz/regressions/ tests/fuzz/corpus

# the bench programs are built (warnings as errors) so that make bench cannot rot
check: mpigauge tests/unit_tests tests/corrupt.so tests/launchvary.so tests/skew.so tests/slowcall.so tests/callnames.so tests/fakegpu.so tests/fuzz_replay tests/mpigauge-nopapi tests/counter_probe tools/gen_man tools/gen_reference bench/bare_loops bench/pattern_scale
	MPIRUN="$(MPIRUN)" SMPI_TESTS="$(SMPI_TESTS)" SUITES="$(SUITES)" bash tests/run.sh

# make check-quick: the contributor's loop, a few minutes on a 2-core VM:
# the unit tests, the parser corpus, style, docs, and every call's
# conformance (with the fault injector) on 2 ranks
check-quick: mpigauge tests/unit_tests tests/corrupt.so tests/fakegpu.so tests/fuzz_replay tools/gen_man tools/gen_reference
	MPIRUN="$(MPIRUN)" SUITES="style docs conformance" CONFORMANCE_RANKS=2 bash tests/run.sh

unit: tests/unit_tests
	./tests/unit_tests

# the generators of the man page and docs/reference.md, linked with the
# tables they print (tools/); `make man`, `make docs` rewrite the
# committed files, tests/docs.sh checks that they are current
TOOLS_OBJ = $(patsubst %.c,$(BUILD)/%.o,$(wildcard tools/*.c))
tools/gen_man: $(BUILD)/tools/gen_man.o $(LIBOBJ) $(STAMP)
	$(MPICC) $(CFLAGS) $(LDFLAGS) -o $@ $(BUILD)/tools/gen_man.o $(LIBOBJ) $(LIBS) $(LDLIBS)

tools/gen_reference: $(BUILD)/tools/gen_reference.o $(BUILD)/tools/gen_columns.o $(BUILD)/tools/gen_common.o $(LIBOBJ) $(STAMP)
	$(MPICC) $(CFLAGS) $(LDFLAGS) -o $@ $(BUILD)/tools/gen_reference.o $(BUILD)/tools/gen_columns.o $(BUILD)/tools/gen_common.o $(LIBOBJ) $(LIBS) $(LDLIBS)

man: tools/gen_man
	./tools/gen_man > man/mpigauge.1.tmp && mv man/mpigauge.1.tmp man/mpigauge.1

docs: tools/gen_reference
	./tools/gen_reference > docs/reference.md.tmp && mv docs/reference.md.tmp docs/reference.md
	./tools/gen_reference exit-statuses > build/exit-statuses.md
	bash tools/splice_readme.sh README.md build/exit-statuses.md > build/README.md
	mv build/README.md README.md

# make install [PREFIX=/usr/local] [DESTDIR=]: the binary, its man page,
# the user scripts and the shipped inputs (docs/developing.md, Installing);
# make uninstall removes exactly those
PREFIX ?= /usr/local
INSTALL_SCRIPTS = compare.sh full_matrix.sh pairs_heatmap.sh plot.sh plotlib.sh \
                  report.sh report_set.sh report_trend.sh reportlib.sh report_facts.jq report_record.jq \
                  report_records.jq seed_table.sh sweep.sh mpigauge.sbatch
INSTALL_INPUTS = $(patsubst inputs/%,%,$(wildcard inputs/*.in inputs/graphs/* inputs/blocks/*))
D = $(DESTDIR)$(PREFIX)
# every path is quoted in the shell, so a PREFIX or DESTDIR with blanks
# works; one with a character that would end the quoting is refused
# before anything is made or removed
UNQUOTABLE = $(findstring ",$(D))$(findstring `,$(D))$(findstring $$,$(D))$(findstring \,$(D))
check-prefix:
	$(if $(strip $(UNQUOTABLE)),$(error PREFIX and DESTDIR may not contain '"', '`', '$$' or '\': "$(D)"))
	@case "$(D)" in /*) ;; *) echo 'make: PREFIX (or DESTDIR) must be an absolute path, not "$(D)"' >&2; exit 2 ;; esac
# the binary as built (by make, with its MPICC and PAPI): built here only
# where there is none, so that install never relinks it otherwise
install: $(if $(wildcard mpigauge),,mpigauge) check-prefix
	install -d "$(D)/bin" "$(D)/share/man/man1" "$(D)/share/mpigauge/scripts" \
	    "$(D)/share/mpigauge/inputs/graphs" "$(D)/share/mpigauge/inputs/blocks"
	install -m 755 mpigauge "$(D)/bin/mpigauge"
	install -m 644 man/mpigauge.1 "$(D)/share/man/man1/mpigauge.1"
	install -d "$(D)/share/doc/mpigauge"
	install -m 644 LICENSE CHANGES "$(D)/share/doc/mpigauge"
	for f in $(INSTALL_SCRIPTS); do install -m 755 "scripts/$$f" "$(D)/share/mpigauge/scripts/$$f" || exit 1; done
	for f in $(INSTALL_INPUTS); do install -m 644 "inputs/$$f" "$(D)/share/mpigauge/inputs/$$f" || exit 1; done

uninstall: check-prefix
	rm -f "$(D)/bin/mpigauge" "$(D)/share/man/man1/mpigauge.1" \
	    "$(D)/share/doc/mpigauge/LICENSE" "$(D)/share/doc/mpigauge/CHANGES"
	for f in $(INSTALL_SCRIPTS); do rm -f "$(D)/share/mpigauge/scripts/$$f" || exit 1; done
	for f in $(INSTALL_INPUTS); do rm -f "$(D)/share/mpigauge/inputs/$$f" || exit 1; done
	-rmdir "$(D)/share/mpigauge/inputs/graphs" "$(D)/share/mpigauge/inputs/blocks" \
	    "$(D)/share/mpigauge/inputs" \
	    "$(D)/share/mpigauge/scripts" "$(D)/share/mpigauge" "$(D)/share/doc/mpigauge" 2>/dev/null

# make dist: mpigauge-VERSION.tar.gz and its .sha256, of what builds,
# tests and documents mpigauge (the tracked files below; not .ci/,
# results/, nor the Spack and EasyBuild recipes, which name the tarball's
# checksum), made alike from alike sources (sorted names, owner 0, the
# time of the last commit that changed one of its files, gzip -n): a
# recipe's new checksum does not change the tarball it names; make distcheck unpacks it in a scratch
# folder, builds it with warnings as errors, runs the unit tests and a
# conformance run on 2 ranks with --check, installs into a staging
# DESTDIR and runs the installed binary (docs/developing.md, A release)
VERSION := $(shell sed -n 's/^\#define MPIGAUGE_VERSION "\(.*\)"/\1/p' src/input/options.h)
DIST = mpigauge-$(VERSION)
DIST_PATHS = Makefile README.md LICENSE CHANGES bench docs inputs man packaging/reframe \
             platforms schema scripts src tests tools topologies
dist:
	@git rev-parse --git-dir > /dev/null 2>&1 || { echo "make dist: needs the git checkout (its list of files)" >&2; exit 2; }
	@[ -n "$(VERSION)" ] || { echo "make dist: no MPIGAUGE_VERSION in src/input/options.h" >&2; exit 2; }
	rm -f $(DIST).tar.gz $(DIST).tar.gz.sha256
	git ls-files -z -- $(DIST_PATHS) | \
	    tar --null -T - --sort=name --owner=0 --group=0 --numeric-owner \
	        --mtime="@$$(git log -1 --format=%ct -- $(DIST_PATHS))" --transform 's,^,$(DIST)/,' \
	        -cf - | gzip -n -9 > $(DIST).tar.gz.tmp
	mv $(DIST).tar.gz.tmp $(DIST).tar.gz
	sha256sum $(DIST).tar.gz > $(DIST).tar.gz.sha256
	@cat $(DIST).tar.gz.sha256

distcheck: dist
	MPIRUN="$(MPIRUN)" MPICC="$(MPICC)" bash scripts/distcheck.sh $(DIST)

bench/pattern_scale: bench/pattern_scale.c $(LIBOBJ) $(STAMP)
	$(MPICC) $(WARN) $(CFLAGS) $(CPPFLAGS) -o $@ $< $(LIBOBJ) $(LIBS)

bench: mpigauge bench/bare_loops bench/pattern_scale
	MPIRUN="$(MPIRUN)" bash bench/run.sh

# issue 36's measurements of launch sets (docs/report.md): a few minutes
bench-sets: mpigauge tests/launchvary.so
	MPIRUN="$(MPIRUN)" bash bench/launch_sets.sh

# issue 57's live experiment (docs/report.md, Results over time): thirty
# sets over two builds, the second slowing ALLREDUCE; a few minutes
bench-trend: mpigauge tests/mpigauge-nopapi tests/launchvary.so
	MPIRUN="$(MPIRUN)" bash bench/trend_live.sh

# what only a live machine can show, printed with the machine and date and
# never asserted (tests/ assert the same exactly in simulated time or on
# recorded runs): the clock model against real skewed clocks, the platform
# round trip with fresh real runs on two hosts
bench-live: mpigauge tests/skew.so
	MPIRUN="$(MPIRUN)" bash bench/clock.sh
	MPIRUN="$(MPIRUN)" bash bench/round_trip.sh

valgrind: mpigauge
	MPIRUN="$(MPIRUN)" bash scripts/valgrind.sh

clean:
	rm -rf build mpigauge mpigauge-smpi tests/mpigauge-smpi-skew platforms/costs.so platforms/hosts tests/mpigauge-nopapi tests/unit_tests tests/corrupt.so tests/launchvary.so tests/skew.so tests/slowcall.so tests/callnames.so tests/fakegpu.so tests/counter_probe tests/fuzz_replay bench/bare_loops bench/pattern_scale tests/tmp tools/gen_man tools/gen_reference

.PHONY: all asan check check-quick unit bench bench-sets bench-trend bench-live fuzz valgrind clean man docs install uninstall check-prefix smpi dist distcheck

-include $(OBJ:.o=.d) $(TEST_DEPS) $(TOOLS_OBJ:.o=.d)

# what this machine can count, for tests/measure.sh (no MPI in it)
tests/counter_probe: tests/counter_probe.c $(STAMP)
	$(CC) $(WARN) -O2 $(filter -DHAVE_PAPI,$(CPPFLAGS)) -o $@ $< $(filter -lpapi,$(LIBS))

# plain flags even under asan: it is preloaded into mpirun too
# tests/launches.sh: launches that differ on purpose (tests/launchvary.c)
tests/launchvary.so: tests/launchvary.c $(STAMP)
	$(MPICC) $(WARN) -O2 -g -shared -fPIC -o $@ tests/launchvary.c

tests/corrupt.so: tests/corrupt.c tests/corrupt_nbc.c tests/corrupt_nbr.c tests/corrupt_io.c tests/corrupt.h src/kernels/tags.h $(STAMP)
	$(MPICC) $(WARN) -Isrc -O2 -g -shared -fPIC -o $@ tests/corrupt.c tests/corrupt_nbc.c tests/corrupt_nbr.c tests/corrupt_io.c

# tests/compose.sh: one collective slowed on purpose (plain flags, as corrupt.so)
tests/slowcall.so: tests/slowcall.c $(STAMP)
	$(MPICC) $(WARN) -O2 -g -shared -fPIC -o $@ tests/slowcall.c

# tests/largecount.sh: which _c functions a run called (plain flags, as corrupt.so)
tests/callnames.so: tests/callnames.c $(STAMP)
	$(MPICC) $(WARN) -O2 -g -shared -fPIC -o $@ tests/callnames.c

# tests/devices.sh: a GPU runtime backed by host memory (MPIGAUGE_GPU_RUNTIME;
# plain flags and plain cc: it is no MPI program, and is dlopen'ed)
tests/fakegpu.so: tests/fakegpu.c $(STAMP)
	$(CC) $(WARN) -O2 -g -shared -fPIC -o $@ tests/fakegpu.c

# the skewed clocks of tests/clock.sh (plain flags, as corrupt.so)
tests/skew.so: tests/skew.c $(STAMP)
	$(MPICC) $(WARN) -O2 -g -shared -fPIC -o $@ tests/skew.c
