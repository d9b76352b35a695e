/* CIRCULAR_BUFFER (TFLite Micro's custom op of micro/kernels/circular_buffer.cc, older streaming keyword models):
 * each invoke shifts the int8 output, a variable tensor of num_slots rows of depth values, one row towards its
 * start and writes the input as the last row; then it ends the invoke early (MG_ABORT: the nodes after it wait)
 * unless cycles_max invokes have passed since it last let them run. */
#ifndef MG_CIRCULAR_BUFFER_H
#define MG_CIRCULAR_BUFFER_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"

extern uint8_t mg_persistent[]; /* arena_plan.c: the invokes left before the node lets the graph run on */

typedef struct {
    mg_custom_options options;
    int32_t num_slots;         /* the output's rows (its dimension 1) */
    int32_t depth;             /* values per row (the output's dimensions 2 and 3) */
    int32_t cycles_max;        /* the period: the nodes after it run every cycles_max-th invoke */
    int32_t zero_point;        /* the output's, which fills it at start as TFLite Micro's variable reset does */
    int32_t *cycles_until_run; /* in the persistent region */
} mg_circular_buffer_params;

size_t mg_circular_buffer_state_size(void);
void mg_circular_buffer_s8(const mg_circular_buffer_params *p, const int8_t *input, int8_t *output);

#endif
