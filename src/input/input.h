/* input/: the command line (one option table), the record parser, the side files (coordinates, pattern files), diagnostics and --list; uses kernels/ and topologies/ (their tables), registry/, models/ and base/. */
#ifndef MPIGAUGE_INPUT_H
#define MPIGAUGE_INPUT_H

#include "input/coords.h"
#include "input/diag.h"
#include "input/list.h"
#include "input/options.h"
#include "input/parser.h"
#include "input/pattern_file.h"
#include "registry/record.h"
#include "input/share.h"
#include "registry/sizes.h"
#include "input/thread_scan.h"

#endif
