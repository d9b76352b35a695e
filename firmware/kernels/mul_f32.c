#include "mul.h"
#include "broadcast.h"

void mg_mul_f32(const mg_mul_params *p, const float *input1, const float *input2, float *output)
{
    const int32_t inner = p->extents[MG_BCAST_DIMS - 1];
    const int32_t step1 = p->strides1[MG_BCAST_DIMS - 1];
    const int32_t step2 = p->strides2[MG_BCAST_DIMS - 1];
    mg_bcast_cursor cur = {{0}, 0, 0};
    for (int32_t r = mg_bcast_rows(p->extents); r > 0; --r) {
        const float *a = input1 + cur.offset1;
        const float *b = input2 + cur.offset2;
        for (int32_t i = 0; i < inner; ++i) {
            float v = a[i * step1] * b[i * step2];
            v = v < p->act_min_f ? p->act_min_f : v; /* std::max(v, min), then std::min(v, max) */
            *output++ = p->act_max_f < v ? p->act_max_f : v;
        }
        mg_bcast_next_row(&cur, p->extents, p->strides1, p->strides2);
    }
}
