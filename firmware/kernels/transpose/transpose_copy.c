#include "mg_copy.h"
#include "transpose.h"

void mg_transpose_copy(const mg_transpose_params *p, const void *input, void *output, size_t elem_size)
{
    const int32_t *n = p->out_shape;
    const int32_t *s = p->in_steps;
    const uint8_t *in = input;
    uint8_t *out = output;
    const size_t row = (size_t)n[4] * elem_size;
    for (int32_t i0 = 0; i0 < n[0]; ++i0) {
        for (int32_t i1 = 0; i1 < n[1]; ++i1) {
            for (int32_t i2 = 0; i2 < n[2]; ++i2) {
                for (int32_t i3 = 0; i3 < n[3]; ++i3) {
                    const size_t at = (size_t)(i0 * s[0] + i1 * s[1] + i2 * s[2] + i3 * s[3]);
                    mg_copy_gather(out, in + at * elem_size, n[4], s[4], elem_size);
                    out += row;
                }
            }
        }
    }
}
