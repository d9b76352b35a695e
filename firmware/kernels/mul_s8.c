/* int8 MUL: TFLite's reference_integer_ops::MulElementwise / BroadcastMul6DSlow, in output order. */
#include "add.h"
#include "mg_broadcast.h"

/* One element: offset both inputs, multiply, rescale, offset, clamp. */
static inline int8_t mul_element(const mg_mul_params *p, int32_t x1, int32_t x2)
{
    const int32_t product = (p->input1_offset + x1) * (p->input2_offset + x2);
    const int32_t raw = mg_multiply_by_quantized_multiplier(product, p->output_multiplier, p->output_shift);
    return (int8_t)mg_clamp(p->output_offset + raw, p->act_min, p->act_max);
}

void mg_mul_s8(const mg_mul_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    MG_BCAST_MAP(int8_t, p, input1, input2, output, mul_element);
}
