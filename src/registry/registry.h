/* registry/: the tables of everything mpigauge knows by name (calls, datatypes, ops, pair criteria, patterns, topologies); includes only models/ and base/. */
#ifndef MPIGAUGE_REGISTRY_H
#define MPIGAUGE_REGISTRY_H

/* Each table is an array of plain structs whose first member is the
 * name, reached through one generic lookup.  Adding an entry means
 * writing one function and adding one table line; no benchmark is
 * edited.  Records point at entries of these tables, never copy them. */

#include "registry/table.h"
#include "registry/datatypes.h"
#include "registry/ops.h"
#include "registry/patterns.h"
#include "registry/topologies.h"
#include "registry/pairs.h"
#include "registry/calls.h"

#endif
