#include "broadcast.h"
#include "mg_fixedpoint.h"
#include "mul.h"

/* One element, as TFLite's reference MulElementwise: offset both inputs, multiply, rescale, offset, clamp. */
static inline int8_t mul_one(const mg_mul_params *p, int32_t x1, int32_t x2)
{
    const int32_t product = (p->input1_offset + x1) * (p->input2_offset + x2);
    const int32_t raw = mg_multiply_by_quantized_multiplier(product, p->output_multiplier, p->output_shift);
    return (int8_t)mg_clamp(p->output_offset + raw, p->act_min, p->act_max);
}

void mg_mul_s8(const mg_mul_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    const int32_t inner = p->extents[MG_BCAST_DIMS - 1];
    const int32_t step1 = p->strides1[MG_BCAST_DIMS - 1];
    const int32_t step2 = p->strides2[MG_BCAST_DIMS - 1];
    mg_bcast_cursor cur = {{0}, 0, 0};
    for (int32_t r = mg_bcast_rows(p->extents); r > 0; --r) {
        const int8_t *a = input1 + cur.offset1;
        const int8_t *b = input2 + cur.offset2;
        for (int32_t i = 0; i < inner; ++i) {
            *output++ = mul_one(p, a[i * step1], b[i * step2]);
        }
        mg_bcast_next_row(&cur, p->extents, p->strides1, p->strides2);
    }
}
