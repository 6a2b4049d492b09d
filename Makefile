# mpigauge: make, make check, make clean.  MPICC= chooses the MPI compiler
# wrapper, MPIRUN= the launcher the tests use.  Both name MPICH where Debian
# installs it beside Open MPI (installing openmpi-bin makes plain mpicc and
# mpirun Open MPI's); elsewhere they are plain mpicc and mpirun.
#   Open MPI: make clean && make MPICC=mpicc.openmpi \
#                 MPIRUN="mpirun.openmpi --oversubscribe" check
MPICC ?= $(shell command -v mpicc.mpich >/dev/null 2>&1 && echo mpicc.mpich || echo mpicc)
MPIRUN ?= $(shell command -v mpirun.mpich >/dev/null 2>&1 && echo mpirun.mpich || echo mpirun)
CFLAGS ?= -O2 -g
WARN = -std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE
CPPFLAGS += -Isrc -Itopologies
LIBS = -lgsl -lgslcblas -ljansson -lhwloc -lm

# `make asan check`: AddressSanitizer + UBSan build, every UB fatal
ifneq ($(filter asan,$(MAKECMDGOALS)),)
CFLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
MODE = -asan
endif

# objects apart per compiler wrapper and mode; the stamp relinks the
# binaries when either changes
BUILD = build/$(notdir $(firstword $(MPICC)))$(MODE)
STAMP = build/.last-build
$(shell mkdir -p build; [ "$$(cat $(STAMP) 2>/dev/null)" = "$(BUILD)" ] || echo "$(BUILD)" > $(STAMP))

SRC = $(wildcard src/*.c) $(wildcard topologies/*.c)
OBJ = $(patsubst %.c,$(BUILD)/%.o,$(SRC))
LIBOBJ = $(filter-out $(BUILD)/src/main.o,$(OBJ))
UNIT_SRC = $(wildcard tests/unit/*.c)
UNIT_OBJ = $(patsubst %.c,$(BUILD)/%.o,$(UNIT_SRC))

all: mpigauge

mpigauge: $(OBJ) $(STAMP)
	$(MPICC) $(CFLAGS) -o $@ $(OBJ) $(LIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(MPICC) $(WARN) $(CFLAGS) $(CPPFLAGS) -MMD -MP -c $< -o $@

tests/unit_tests: $(LIBOBJ) $(UNIT_OBJ) $(STAMP)
	$(MPICC) $(CFLAGS) -o $@ $(LIBOBJ) $(UNIT_OBJ) $(LIBS)

bench/bare_pingpong: bench/bare_pingpong.c $(STAMP)
	$(MPICC) $(WARN) $(CFLAGS) -o $@ $<

asan:
	@true

check: mpigauge tests/unit_tests tests/corrupt.so
	MPIRUN="$(MPIRUN)" bash tests/run.sh

unit: tests/unit_tests
	./tests/unit_tests

bench: mpigauge bench/bare_pingpong
	MPIRUN="$(MPIRUN)" bash bench/run.sh

clean:
	rm -rf build mpigauge tests/unit_tests tests/corrupt.so bench/bare_pingpong tests/tmp

.PHONY: all asan check unit bench clean

-include $(OBJ:.o=.d) $(UNIT_OBJ:.o=.d)

# plain flags even under asan: it is preloaded into mpirun too
tests/corrupt.so: tests/corrupt.c $(STAMP)
	$(MPICC) $(WARN) -O2 -g -shared -fPIC -o $@ $<
