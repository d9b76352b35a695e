/* TFLite's reference_ops::BatchMatMul<int8_t, int32_t>: int32 sums of offset products, then
 * MultiplyByQuantizedMultiplier, the output offset and the int8 clamp. */
#include "batch_matmul.h"

void mg_batch_matmul_s8(const mg_batch_matmul_params *p, const int8_t *lhs, const int8_t *rhs, int8_t *output)
{
    const int32_t lhs_offset = p->lhs_offset, rhs_offset = p->rhs_offset;
#define S8_PRODUCT(l, r) ((l) + lhs_offset) * ((r) + rhs_offset)
#define S8_FINISH(total) mg_batch_matmul_requantize_s8(p, total)
    MG_BATCH_MATMUL_WALK(p, lhs, rhs, output, int32_t, S8_PRODUCT, S8_FINISH)
#undef S8_PRODUCT
#undef S8_FINISH
}
