# mpigauge: make, make check, make clean.  MPICC= chooses the MPI compiler
# wrapper (default mpicc), MPIRUN= the launcher the tests use.
MPICC ?= mpicc
MPIRUN ?= mpirun
CFLAGS ?= -O2 -g
WARN = -std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE
CPPFLAGS += -Isrc -Itopologies
LIBS = -lgsl -lgslcblas -ljansson -lhwloc -lm

SRC = $(wildcard src/*.c) $(wildcard topologies/*.c)
OBJ = $(patsubst %.c,build/%.o,$(SRC))
LIBOBJ = $(filter-out build/src/main.o,$(OBJ))
UNIT_SRC = $(wildcard tests/unit/*.c)
UNIT_OBJ = $(patsubst %.c,build/%.o,$(UNIT_SRC))

all: mpigauge

mpigauge: $(OBJ)
	$(MPICC) $(CFLAGS) -o $@ $(OBJ) $(LIBS)

build/%.o: %.c
	@mkdir -p $(dir $@)
	$(MPICC) $(WARN) $(CFLAGS) $(CPPFLAGS) -MMD -MP -c $< -o $@

tests/unit_tests: $(LIBOBJ) $(UNIT_OBJ)
	$(MPICC) $(CFLAGS) -o $@ $(LIBOBJ) $(UNIT_OBJ) $(LIBS)

bench/bare_pingpong: bench/bare_pingpong.c
	$(MPICC) $(WARN) $(CFLAGS) -o $@ $<

check: mpigauge tests/unit_tests tests/corrupt.so
	MPIRUN="$(MPIRUN)" bash tests/run.sh

unit: tests/unit_tests
	./tests/unit_tests

bench: mpigauge bench/bare_pingpong
	MPIRUN="$(MPIRUN)" bash bench/run.sh

clean:
	rm -rf build mpigauge tests/unit_tests tests/corrupt.so bench/bare_pingpong tests/tmp

.PHONY: all check unit bench clean

-include $(OBJ:.o=.d) $(UNIT_OBJ:.o=.d)

tests/corrupt.so: tests/corrupt.c
	$(MPICC) $(WARN) $(CFLAGS) -shared -fPIC -o $@ $<
