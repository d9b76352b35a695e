/* TRANSPOSE: output[i0..i4] = input at sum(i_d * in_steps[d]), the permutation folded into the steps. */
#ifndef MG_TRANSPOSE_H
#define MG_TRANSPOSE_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"

#define MG_TRANSPOSE_DIMS 5 /* shapes arrive padded in front with 1s to this rank */

typedef struct {
    int32_t num_elements;     /* of the input, and of the output */
    const int32_t *out_shape; /* MG_TRANSPOSE_DIMS output dimensions */
    const int32_t *in_steps;  /* MG_TRANSPOSE_DIMS: input elements between neighbours along each output axis */
} mg_transpose_params;

void mg_transpose_copy(const mg_transpose_params *p, const void *input, void *output, size_t elem_size);

/* The family's prepare: the types and counts against the plan. */
mg_status mg_transpose_prepare(mg_node *node);

/* The dsp and mve int8 kernels: the same walk, each output row gathered four bytes a word (dsp) or eight a
 * gather load (mve), a contiguous row copied. */
void mg_transpose_s8_dsp(const mg_transpose_params *p, const int8_t *input, int8_t *output);
void mg_transpose_s8_mve(const mg_transpose_params *p, const int8_t *input, int8_t *output);

/* The walk of both: ROW(out, in, n, step) for every output row of n = out_shape[4] elements, read `step`
 * (in_steps[4]) apart from in. */
#define MG_TRANSPOSE_ROWS(p, input, output, ROW)                                                                       \
    do {                                                                                                               \
        const int32_t *n_ = (p)->out_shape, *s_ = (p)->in_steps;                                                       \
        int8_t *out_ = (output);                                                                                       \
        for (int32_t i0 = 0; i0 < n_[0]; ++i0) {                                                                       \
            for (int32_t i1 = 0; i1 < n_[1]; ++i1) {                                                                   \
                for (int32_t i2 = 0; i2 < n_[2]; ++i2) {                                                               \
                    for (int32_t i3 = 0; i3 < n_[3]; ++i3, out_ += n_[4]) {                                            \
                        ROW(out_, (input) + i0 * s_[0] + i1 * s_[1] + i2 * s_[2] + i3 * s_[3], n_[4], s_[4]);          \
                    }                                                                                                  \
                }                                                                                                      \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)

extern const mg_registration mg_register_transpose;
extern const mg_registration mg_register_transpose_dsp;
extern const mg_registration mg_register_transpose_mve;

#endif
