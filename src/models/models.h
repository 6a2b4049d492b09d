/* models/: statistics, fits, barrier patterns and the cost model: arithmetic on plain numbers, no MPI; includes only base/. */
#ifndef MPIGAUGE_MODELS_H
#define MPIGAUGE_MODELS_H

#include "models/pattern.h"
#include "models/predict.h"
#include "models/stats.h"

#endif
