/* TRANSPOSE, int8, dsp backend (Cortex-M4/M7/M33). When some outer output axis reads consecutive input bytes (with
 * the last axis a 2-D transpose: NHWC to NCHW, a matrix's transpose), blocks of 4x4 bytes of that plane: four
 * words loaded (each one input run, four output rows' bytes of one column), transposed in registers (byte pairs by
 * masks and shifts, then PKHBT/PKHTB) and stored as four words, 24 instructions per 16 bytes; else
 * MG_TRANSPOSE_ROWS's walk, each output row gathered four bytes a word (four LDRB, the shifts folded into the ORRs,
 * one STR; unaligned allowed) or copied when contiguous. The reference moves byte by byte. */
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

/* Four words a0..a3 (byte j of a_k: row j, column k) into rows: out_j = (column 0..3 of row j). */
static inline void block4x4(int8_t *out, int32_t out_stride, const int8_t *in, int32_t step)
{
    const uint32_t a0 = dsp_ld32(in), a1 = dsp_ld32(in + step), a2 = dsp_ld32(in + 2 * step);
    const uint32_t a3 = dsp_ld32(in + 3 * step);
    const uint32_t even01 = (a0 & 0x00FF00FFu) | (a1 & 0x00FF00FFu) << 8; /* rows 0, 2: columns 0, 1 */
    const uint32_t odd01 = (a0 >> 8 & 0x00FF00FFu) | (a1 & 0xFF00FF00u);  /* rows 1, 3: columns 0, 1 */
    const uint32_t even23 = (a2 & 0x00FF00FFu) | (a3 & 0x00FF00FFu) << 8;
    const uint32_t odd23 = (a2 >> 8 & 0x00FF00FFu) | (a3 & 0xFF00FF00u);
    dsp_st32(out, dsp_pkhbt(even01, even23));
    dsp_st32(out + out_stride, dsp_pkhbt(odd01, odd23));
    dsp_st32(out + 2 * out_stride, dsp_pkhtb(even23, even01));
    dsp_st32(out + 3 * out_stride, dsp_pkhtb(odd23, odd01));
}

/* A 2-D transpose: rows x cols outputs, row r at out + r * out_row, out[r][c] = in[r + c * step]. */
static void plane(int8_t *out, int32_t out_row, const int8_t *in, int32_t rows, int32_t cols, int32_t step)
{
    int32_t r = 0;
    for (; r + 4 <= rows; r += 4) {
        int32_t c = 0;
        for (; c + 4 <= cols; c += 4) {
            block4x4(out + r * out_row + c, out_row, in + r + c * step, step);
        }
        for (; c < cols; ++c) {
            for (int32_t j = 0; j < 4; ++j) {
                out[(r + j) * out_row + c] = in[r + j + c * step];
            }
        }
    }
    for (; r < rows; ++r) {
        row(out + r * out_row, in + r, cols, step);
    }
}

void mg_transpose_s8_dsp(const mg_transpose_params *p, const int8_t *input, int8_t *output)
{
    const int32_t *n = p->out_shape, *s = p->in_steps;
    int32_t a = -1; /* an outer output axis that reads consecutive input bytes: with the last axis, a 2-D transpose */
    for (int32_t d = 0; d < MG_TRANSPOSE_DIMS - 1; ++d) {
        if (s[d] == 1 && n[d] >= 4) {
            a = d;
        }
    }
    if (a < 0 || s[4] == 1) {
        MG_TRANSPOSE_ROWS(p, input, output, row);
        return;
    }
    int32_t out_steps[MG_TRANSPOSE_DIMS], ext[3], in_step[3], out_step[3], k = 0;
    out_steps[4] = 1;
    for (int32_t d = MG_TRANSPOSE_DIMS - 2; d >= 0; --d) {
        out_steps[d] = out_steps[d + 1] * n[d + 1];
    }
    for (int32_t d = 0; d < MG_TRANSPOSE_DIMS - 1; ++d) { /* the other three outer axes, outermost first */
        if (d != a) {
            ext[k] = n[d];
            in_step[k] = s[d];
            out_step[k++] = out_steps[d];
        }
    }
    for (int32_t i0 = 0; i0 < ext[0]; ++i0) {
        for (int32_t i1 = 0; i1 < ext[1]; ++i1) {
            for (int32_t i2 = 0; i2 < ext[2]; ++i2) {
                plane(output + i0 * out_step[0] + i1 * out_step[1] + i2 * out_step[2], out_steps[a],
                      input + i0 * in_step[0] + i1 * in_step[1] + i2 * in_step[2], n[a], n[4], s[4]);
            }
        }
    }
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
