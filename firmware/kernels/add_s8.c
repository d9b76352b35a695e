#include "add.h"
#include "broadcast.h"
#include "mg_fixedpoint.h"

/* One element, as TFLite's reference AddFunc: offset, shift left, rescale each input, sum, rescale, clamp. */
static inline int8_t add_one(const mg_add_params *p, int32_t x1, int32_t x2)
{
    const int32_t shifted1 = (p->input1_offset + x1) * (1 << p->left_shift);
    const int32_t shifted2 = (p->input2_offset + x2) * (1 << p->left_shift);
    const int32_t scaled1 = mg_multiply_by_quantized_multiplier(shifted1, p->input1_multiplier, p->input1_shift);
    const int32_t scaled2 = mg_multiply_by_quantized_multiplier(shifted2, p->input2_multiplier, p->input2_shift);
    const int32_t raw = mg_multiply_by_quantized_multiplier(scaled1 + scaled2, p->output_multiplier, p->output_shift);
    return (int8_t)mg_clamp(raw + p->output_offset, p->act_min, p->act_max);
}

void mg_add_s8(const mg_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    const int32_t inner = p->extents[MG_BCAST_DIMS - 1];
    const int32_t step1 = p->strides1[MG_BCAST_DIMS - 1];
    const int32_t step2 = p->strides2[MG_BCAST_DIMS - 1];
    mg_bcast_cursor cur = {{0}, 0, 0};
    for (int32_t r = mg_bcast_rows(p->extents); r > 0; --r) {
        const int8_t *a = input1 + cur.offset1;
        const int8_t *b = input2 + cur.offset2;
        for (int32_t i = 0; i < inner; ++i) {
            *output++ = add_one(p, a[i * step1], b[i * step2]);
        }
        mg_bcast_next_row(&cur, p->extents, p->strides1, p->strides2);
    }
}
