/* VAR_HANDLE, READ_VARIABLE and ASSIGN_VARIABLE (TFLite Micro's var_handle.cc, read_variable.cc,
 * assign_variable.cc and micro_resource_variable.cc). The generator resolves every variable and places it in
 * the persistent region (mg_persistent, apart from the arena), so a node copies to or from a fixed address. */
#ifndef MG_RESOURCE_VARIABLE_H
#define MG_RESOURCE_VARIABLE_H

#include <stdint.h>

#include "mg_kernel.h"

extern uint8_t mg_persistent[]; /* arena_plan.c: every variable's state, kept across invokes */

typedef struct {
    int32_t resource_id; /* written to the handle's int32 resource tensor, as TFLite Micro does */
} mg_var_handle_params;

typedef struct {
    uint8_t *data;  /* the variable's state in mg_persistent */
    uint32_t bytes; /* its size: every read and assign of it moves exactly this many bytes */
    int32_t fill;   /* ASSIGN_VARIABLE: the byte the state starts filled with (its first value's zero point) */
} mg_resource_variable_params;

extern const mg_registration mg_register_var_handle;
extern const mg_registration mg_register_read_variable;
extern const mg_registration mg_register_assign_variable;

#endif
