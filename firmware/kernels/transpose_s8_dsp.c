/* TRANSPOSE, int8, dsp backend (Cortex-M4/M7/M33): MG_TRANSPOSE_ROWS's walk, each output row of bytes read `step`
 * apart gathered four at a time into one word (four LDRB at register offsets, the shifts folded into the ORRs, one
 * STR, unaligned allowed), a contiguous row copied; the reference moves byte by byte. */
#pragma GCC optimize("O2")
#include <string.h>

#include "mg_dsp.h"
#include "transpose.h"

static inline void row(int8_t *out, const int8_t *in, int32_t n, int32_t step)
{
    if (step == 1) {
        memcpy(out, in, (size_t)n);
        return;
    }
    const uint8_t *s = (const uint8_t *)in;
    const int32_t step2 = 2 * step, step3 = 3 * step, step4 = 4 * step;
    int32_t i = 0;
    for (; i + 4 <= n; i += 4, s += step4) {
        dsp_st32(out + i,
                 (uint32_t)s[0] | (uint32_t)s[step] << 8 | (uint32_t)s[step2] << 16 | (uint32_t)s[step3] << 24);
    }
    for (; i < n; ++i, s += step) {
        out[i] = (int8_t)*s;
    }
}

void mg_transpose_s8_dsp(const mg_transpose_params *p, const int8_t *input, int8_t *output)
{
    MG_TRANSPOSE_ROWS(p, input, output, row);
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    int8_t *output = mg_output(node, 0)->data;
    if (output != (const int8_t *)input->data) { /* else a view: the permutation moves only axes of extent 1 */
        mg_transpose_s8_dsp(node->params, input->data, output);
    }
    return MG_OK;
}

/* The catalog gives this backend int8 nodes only. */
const mg_registration mg_register_transpose_dsp = {0, 0, mg_transpose_prepare, invoke};
