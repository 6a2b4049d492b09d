/* families.c: what each call family is called (--list, the prose,
 * run.json); plain data, so every layer may name a family */
#include "registry/registry.h"

const char *family_name(enum family f)
{
    switch (f) {
    case FAM_P2P: return "point-to-point";
    case FAM_COLL: return "collective";
    case FAM_REDUCE: return "reduction";
    case FAM_SYNC: return "synchronisation";
    case FAM_IO: return "I/O";
    case FAM_MULTI: return "multi-pair";
    case FAM_RMA: return "one-sided";
    }
    return "?";
}
