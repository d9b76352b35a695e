/* IF and WHILE (TFLite Micro's if.cc and while.cc): run other subgraphs of the model by index, copying tensors
 * between the node and the subgraphs' inputs and outputs. The generator checked that every copied pair has the
 * same type and shape, so a copy is the tensors' bytes. */
#ifndef MG_CONTROL_FLOW_H
#define MG_CONTROL_FLOW_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    uint32_t then_subgraph; /* IF: run when the condition is true; WHILE: the condition subgraph */
    uint32_t else_subgraph; /* IF: run when it is false; WHILE: the body */
} mg_control_flow_params;

extern const mg_registration mg_register_if;
extern const mg_registration mg_register_while;

#endif
