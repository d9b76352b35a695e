/* PAD and PADV2: the input surrounded by a constant (up to 5-D). PADV2 takes the constant from a scalar
 * tensor; PAD uses 0 (float) or the output zero point (int8). */
#ifndef MG_PAD_H
#define MG_PAD_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"

#define MG_PAD_DIMS 5

typedef struct {
    const int32_t *output_dims;  /* MG_PAD_DIMS entries: the output shape, extended with leading 1s */
    const int32_t *left_padding; /* MG_PAD_DIMS entries, 0 for the added leading dimensions */
    const int32_t *right_padding;
    int32_t input_count; /* elements of the input, and of the output: checked in prepare */
    int32_t output_count;
    int32_t has_value_tensor; /* 1: the pad value is the third input's element */
    int32_t default_value;    /* otherwise: the integer pad value (int8: the output zero point) ... */
    float default_value_f;    /* ... or the float one */
} mg_pad_params;

/* Any element type: `element_size` bytes per element, `pad_value` points to one element. */
void mg_pad_generic(const mg_pad_params *p, size_t element_size, const void *input, const void *pad_value,
                    void *output);

/* The family's prepare: the counts against the plan, the types, the PADV2 value's shape. */
mg_status mg_pad_prepare(mg_node *node);

/* The dsp and mve int8 kernels: pad_rows.h's walk, runs filled and copied (newlib's memset/memcpy, Helium's
 * tail-predicated VSTRB/VLDRB loops). */
void mg_pad_s8_dsp(const mg_pad_params *p, const int8_t *input, int8_t value, int8_t *output);
void mg_pad_s8_mve(const mg_pad_params *p, const int8_t *input, int8_t value, int8_t *output);

/* The int8 pad value: the PADV2 value tensor's element, or PAD's output zero point. */
static inline int8_t mg_pad_value_s8(const mg_node *node)
{
    const mg_pad_params *p = node->params;
    return p->has_value_tensor ? *(const int8_t *)mg_input(node, 2)->data : (int8_t)p->default_value;
}

extern const mg_registration mg_register_pad;
extern const mg_registration mg_register_pad_dsp;
extern const mg_registration mg_register_pad_mve;

#endif
