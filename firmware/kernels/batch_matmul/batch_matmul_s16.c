/* TFLite's reference_ops::BatchMatMul<int16_t, int64_t> (zero points 0): int64 sums, the int64
 * MultiplyByQuantizedMultiplier and the int16 clamp. */
#include "batch_matmul.h"
#include "mg_fixedpoint.h"
#include "mg_fixedpoint64.h"

void mg_batch_matmul_s16(const mg_batch_matmul_params *p, const int16_t *lhs, const int16_t *rhs, int16_t *output)
{
#define S16_PRODUCT(l, r) (int64_t)(l) * (r)
#define S16_FINISH(total)                                                                                              \
    (int16_t) mg_clamp(mg_multiply_by_quantized_multiplier_64(total, p->output_multiplier, p->output_shift) +          \
                           p->output_offset,                                                                           \
                       INT16_MIN, INT16_MAX)
    MG_BATCH_MATMUL_WALK(p, lhs, rhs, output, int64_t, S16_PRODUCT, S16_FINISH)
#undef S16_PRODUCT
#undef S16_FINISH
}
