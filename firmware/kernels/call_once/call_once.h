/* CALL_ONCE (TFLite Micro's call_once.cc): invokes its init subgraph at the first invoke only. */
#ifndef MG_CALL_ONCE_H
#define MG_CALL_ONCE_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    uint32_t init_subgraph; /* checked by the generator: exists and is not the primary subgraph */
} mg_call_once_params;

extern const mg_registration mg_register_call_once;

#endif
