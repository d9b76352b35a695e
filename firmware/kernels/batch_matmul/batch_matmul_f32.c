/* TFLite's reference_ops::BatchMatMul for float32: float sums over k ascending, no activation. */
#include "batch_matmul.h"

void mg_batch_matmul_f32(const mg_batch_matmul_params *p, const float *lhs, const float *rhs, float *output)
{
#define F32_PRODUCT(l, r) (l) * (r)
#define F32_FINISH(total) (total)
    MG_BATCH_MATMUL_WALK(p, lhs, rhs, output, float, F32_PRODUCT, F32_FINISH)
#undef F32_PRODUCT
#undef F32_FINISH
}
