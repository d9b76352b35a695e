/* BATCH_MATMUL (TFLite Micro's batch_matmul.cc): output[b][m][n] = sum_k lhs[b][m][k] * rhs[b][k][n], with lhs
 * stored transposed ([k][m]) when adj_x and rhs ([n][k]) when adj_y, and up to three batch dimensions broadcast
 * (a batch stride of 0 repeats an operand). TFLite Micro transposes operands into buffers first; the kernels here
 * read them in place through the steps below, adding the same terms in the same order (k ascending), so no
 * scratch is needed. int8 and int16 requantize one per-tensor multiplier and clamp to the type's range. */
#ifndef MG_BATCH_MATMUL_H
#define MG_BATCH_MATMUL_H

#include <stddef.h>
#include <stdint.h>

#include "mg_fixedpoint.h"
#include "mg_kernel.h"

#define MG_BATCH_MATMUL_BATCH_DIMS 3 /* rank 5: three batch dimensions */

typedef struct {
    const int32_t *batches;     /* output batch dimensions (MG_BATCH_MATMUL_BATCH_DIMS, leading ones 1) */
    const int32_t *lhs_strides; /* per batch dimension, elements between lhs matrices (0: broadcast) */
    const int32_t *rhs_strides;
    int32_t lhs_elements; /* the operands' element counts, checked by prepare */
    int32_t rhs_elements;
    int32_t rows;    /* M */
    int32_t cols;    /* N */
    int32_t depth;   /* K */
    int32_t lhs_row; /* element steps: lhs[m][k] at m * lhs_row + k * lhs_step */
    int32_t lhs_step;
    int32_t rhs_col; /* rhs[k][n] at n * rhs_col + k * rhs_step */
    int32_t rhs_step;
    int32_t lhs_offset; /* integer: minus the zero points (int16: 0) */
    int32_t rhs_offset;
    int32_t output_offset;
    int32_t output_multiplier; /* integer: lhs_scale * rhs_scale / output_scale as Q31 and shift */
    int32_t output_shift;
    /* mve, a constant rhs: its matrices as rows of k when stored [k][n] (int8 packed in words), and per matrix its
     * requantization table (mg_mve.h), made by the generator as TFLite Micro transposes a constant rhs once;
     * dsp: table is one dsp_channel (mg_dsp_requant.h) where the fast requantization is exact; else 0 */
    const int32_t *rhs_rows;
    const int32_t *table;
} mg_batch_matmul_params;

/* Every output element in order, as FINISH(total of PRODUCT(lhs value, rhs value) over k ascending, in ACC_T). */
#define MG_BATCH_MATMUL_WALK(p, lhs, rhs, output, ACC_T, PRODUCT, FINISH)                                              \
    for (int32_t b0_ = 0; b0_ < (p)->batches[0]; ++b0_) {                                                              \
        for (int32_t b1_ = 0; b1_ < (p)->batches[1]; ++b1_) {                                                          \
            for (int32_t b2_ = 0; b2_ < (p)->batches[2]; ++b2_) {                                                      \
                const int32_t l_ = b0_ * (p)->lhs_strides[0] + b1_ * (p)->lhs_strides[1] + b2_ * (p)->lhs_strides[2];  \
                const int32_t r_ = b0_ * (p)->rhs_strides[0] + b1_ * (p)->rhs_strides[1] + b2_ * (p)->rhs_strides[2];  \
                for (int32_t m_ = 0; m_ < (p)->rows; ++m_) {                                                           \
                    for (int32_t n_ = 0; n_ < (p)->cols; ++n_) {                                                       \
                        ACC_T total_ = 0;                                                                              \
                        for (int32_t k_ = 0; k_ < (p)->depth; ++k_) {                                                  \
                            total_ += PRODUCT((lhs)[l_ + m_ * (p)->lhs_row + k_ * (p)->lhs_step],                      \
                                              (rhs)[r_ + n_ * (p)->rhs_col + k_ * (p)->rhs_step]);                     \
                        }                                                                                              \
                        *(output)++ = FINISH(total_);                                                                  \
                    }                                                                                                  \
                }                                                                                                      \
            }                                                                                                          \
        }                                                                                                              \
    }

/* The family's prepare, every backend's: operand and output types and counts, at least `scratch` bytes of scratch
 * when scratch > 0. */
mg_status mg_batch_matmul_prepare(mg_node *node, size_t scratch);

/* The int16 backends' scratch: the operands stored the other way gathered into rows of k (every rhs column when
 * rhs is [k][n], one lhs row when lhs is [k][m]), int16 values. */
static inline size_t mg_batch_matmul_s16_gathered(int32_t cols, int32_t depth, int32_t lhs_step, int32_t rhs_step)
{
    const int32_t rows = (rhs_step != 1 ? cols : 0) + (lhs_step != 1 ? 1 : 0);
    return (size_t)rows * (size_t)depth * sizeof(int16_t);
}

/* Elements src[i * step] for i < n into dst, for each of `rows` rows (row r at r * row_step). */
static inline void mg_batch_matmul_gather_s16(const int16_t *src, int32_t rows, int32_t row_step, int32_t step,
                                              int32_t n, int16_t *dst)
{
    for (int32_t r = 0; r < rows; ++r, src += row_step, dst += n) {
        for (int32_t i = 0; i < n; ++i) {
            dst[i] = src[i * step];
        }
    }
}

/* The int16 backends' walk: every lhs row as a contiguous row of k (gathered into scratch when lhs is [k][m])
 * meets its matrix's rhs rows of k (gathered once per rhs matrix when rhs is [k][n]): OUTPUT_ROW(p, x, rhs rows,
 * their step, output row) writes the row's cols outputs. */
#define MG_BATCH_MATMUL_S16_ROWS(p, lhs, rhs, output, scratch, OUTPUT_ROW)                                             \
    do {                                                                                                               \
        const int32_t depth_ = (p)->depth, gather_rhs_ = (p)->rhs_step != 1, gather_lhs_ = (p)->lhs_step != 1;         \
        int16_t *rhs_rows_ = (scratch), *x_ = rhs_rows_ + (gather_rhs_ ? (p)->cols * depth_ : 0);                      \
        int16_t *out_ = (output);                                                                                      \
        int32_t gathered_ = -1; /* the rhs matrix now in rhs_rows_, by its offset */                                   \
        for (int32_t b0_ = 0; b0_ < (p)->batches[0]; ++b0_) {                                                          \
            for (int32_t b1_ = 0; b1_ < (p)->batches[1]; ++b1_) {                                                      \
                for (int32_t b2_ = 0; b2_ < (p)->batches[2]; ++b2_) {                                                  \
                    const int32_t l_ =                                                                                 \
                        b0_ * (p)->lhs_strides[0] + b1_ * (p)->lhs_strides[1] + b2_ * (p)->lhs_strides[2];             \
                    const int32_t r_ =                                                                                 \
                        b0_ * (p)->rhs_strides[0] + b1_ * (p)->rhs_strides[1] + b2_ * (p)->rhs_strides[2];             \
                    if (gather_rhs_ && r_ != gathered_) {                                                              \
                        mg_batch_matmul_gather_s16((rhs) + r_, (p)->cols, (p)->rhs_col, (p)->rhs_step, depth_,         \
                                                   rhs_rows_);                                                         \
                        gathered_ = r_;                                                                                \
                    }                                                                                                  \
                    const int16_t *rows_ = gather_rhs_ ? rhs_rows_ : (rhs) + r_;                                       \
                    const int32_t rhs_col_ = gather_rhs_ ? depth_ : (p)->rhs_col;                                      \
                    for (int32_t m_ = 0; m_ < (p)->rows; ++m_, out_ += (p)->cols) {                                    \
                        const int16_t *row_ = (lhs) + l_ + m_ * (p)->lhs_row;                                          \
                        if (gather_lhs_) {                                                                             \
                            mg_batch_matmul_gather_s16(row_, 1, 0, (p)->lhs_step, depth_, x_);                         \
                            row_ = x_;                                                                                 \
                        }                                                                                              \
                        OUTPUT_ROW((p), row_, rows_, rhs_col_, out_);                                                  \
                    }                                                                                                  \
                }                                                                                                      \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)

/* A backend's int16 output row for MG_BATCH_MATMUL_S16_ROWS, from its DOT2(x, w0, w1, n, &s0, &s1) (one lhs row x
 * against two rhs rows, exact int64 sums): the row of outputs of lhs row x against the rhs rows (row n at
 * n * rhs_col), each sum requantized as TFLite Micro's reference does. */
#define MG_BATCH_MATMUL_S16_OUTPUT_ROW(DOT2)                                                                           \
    static inline int16_t output_of(const mg_batch_matmul_params *p, int64_t total)                                    \
    {                                                                                                                  \
        const int32_t v = mg_multiply_by_quantized_multiplier_64(total, p->output_multiplier, p->output_shift);        \
        return (int16_t)mg_clamp(v + p->output_offset, INT16_MIN, INT16_MAX);                                          \
    }                                                                                                                  \
    static void output_row(const mg_batch_matmul_params *p, const int16_t *x, const int16_t *rhs, int32_t rhs_col,     \
                           int16_t *out)                                                                               \
    {                                                                                                                  \
        const int32_t depth = p->depth, cols = p->cols;                                                                \
        int32_t n = 0;                                                                                                 \
        int64_t s0, s1;                                                                                                \
        for (; n + 2 <= cols; n += 2) {                                                                                \
            DOT2(x, rhs + n * rhs_col, rhs + (n + 1) * rhs_col, depth, &s0, &s1);                                      \
            out[n] = output_of(p, s0);                                                                                 \
            out[n + 1] = output_of(p, s1);                                                                             \
        }                                                                                                              \
        if (n < cols) {                                                                                                \
            DOT2(x, rhs + n * rhs_col, rhs + n * rhs_col, depth, &s0, &s1);                                            \
            out[n] = output_of(p, s0);                                                                                 \
        }                                                                                                              \
    }

/* Defines mg_register_batch_matmul_<backend>: the family's prepare (int8 or int16, the backend's scratch for that
 * type), then the backend's kernel of the node's type. */
#define MG_BATCH_MATMUL_BACKEND_REGISTRATION(backend)                                                                  \
    static mg_status prepare(mg_node *node)                                                                            \
    {                                                                                                                  \
        const mg_batch_matmul_params *p = node->params;                                                                \
        const mg_tensor *lhs = mg_input(node, 0);                                                                      \
        if (!lhs || (lhs->type != MG_INT8 && lhs->type != MG_INT16)) {                                                 \
            return mg_fail(node, "tensor types or shapes differ from the generated plan");                             \
        }                                                                                                              \
        return mg_batch_matmul_prepare(                                                                                \
            node, lhs->type == MG_INT8                                                                                 \
                      ? mg_batch_matmul_s8_##backend##_scratch_size(p->cols, p->depth)                                 \
                      : mg_batch_matmul_s16_##backend##_scratch_size(p->cols, p->depth, p->lhs_step, p->rhs_step));    \
    }                                                                                                                  \
    static mg_status invoke(mg_node *node)                                                                             \
    {                                                                                                                  \
        const mg_tensor *lhs = mg_input(node, 0);                                                                      \
        if (lhs->type == MG_INT8) {                                                                                    \
            mg_batch_matmul_s8_##backend(node->params, lhs->data, mg_input(node, 1)->data, mg_output(node, 0)->data,   \
                                         node->scratch);                                                               \
        } else {                                                                                                       \
            mg_batch_matmul_s16_##backend(node->params, lhs->data, mg_input(node, 1)->data, mg_output(node, 0)->data,  \
                                          node->scratch);                                                              \
        }                                                                                                              \
        return MG_OK;                                                                                                  \
    }                                                                                                                  \
    const mg_registration mg_register_batch_matmul_##backend = {0, 0, prepare, invoke}

/* An int8 sum as the output value: TFLite's MultiplyByQuantizedMultiplier, the output offset, the int8 clamp. */
static inline int8_t mg_batch_matmul_requantize_s8(const mg_batch_matmul_params *p, int32_t total)
{
    const int32_t scaled = mg_multiply_by_quantized_multiplier(total, p->output_multiplier, p->output_shift);
    return (int8_t)mg_clamp(scaled + p->output_offset, INT8_MIN, INT8_MAX);
}

void mg_batch_matmul_s8(const mg_batch_matmul_params *p, const int8_t *lhs, const int8_t *rhs, int8_t *output);
void mg_batch_matmul_s16(const mg_batch_matmul_params *p, const int16_t *lhs, const int16_t *rhs, int16_t *output);
void mg_batch_matmul_f32(const mg_batch_matmul_params *p, const float *lhs, const float *rhs, float *output);

extern const mg_registration mg_register_batch_matmul;

/* ---- dsp backend (Cortex-M4/M7/M33: SMLAD), int8 and int16 ----
 * Each rhs matrix, transposed to rows of k and offset, is widened to int16 once (once per invoke when the batches
 * broadcast it), each lhs row once; four rhs rows at a time then meet the lhs row (mg_dsp_dot16.h). */
size_t mg_batch_matmul_s8_dsp_scratch_size(int32_t cols, int32_t depth);
void mg_batch_matmul_s8_dsp(const mg_batch_matmul_params *p, const int8_t *lhs, const int8_t *rhs, int8_t *output,
                            void *scratch);
/* int16: two rhs rows of k per pass over the lhs row, 64-bit sums with SMLALD; scratch: the operands stored the
 * other way gathered (mg_batch_matmul_s16_gathered). */
size_t mg_batch_matmul_s16_dsp_scratch_size(int32_t cols, int32_t depth, int32_t lhs_step, int32_t rhs_step);
void mg_batch_matmul_s16_dsp(const mg_batch_matmul_params *p, const int16_t *lhs, const int16_t *rhs, int16_t *output,
                             void *scratch);

extern const mg_registration mg_register_batch_matmul_dsp;

/* ---- mve backend (Cortex-M55 Helium), int8 and int16 ----
 * The mve matrix core (mg_mve_matmul.h) with the rhs matrix's columns as weight rows; the zero points through row
 * sums in the requantization table (generated for a constant rhs). Scratch: the table and the rhs terms, the rhs
 * matrix as rows of k when it is stored as [k][n], a gathered lhs row, interleaved pairs of lhs rows. */
size_t mg_batch_matmul_s8_mve_scratch_size(int32_t cols, int32_t depth);
void mg_batch_matmul_s8_mve(const mg_batch_matmul_params *p, const int8_t *lhs, const int8_t *rhs, int8_t *output,
                            void *scratch);
/* int16: two rhs rows of k per pass over the lhs row, eight products per VMLALDAVA into 64-bit sums; scratch as
 * the dsp kernel's. */
size_t mg_batch_matmul_s16_mve_scratch_size(int32_t cols, int32_t depth, int32_t lhs_step, int32_t rhs_step);
void mg_batch_matmul_s16_mve(const mg_batch_matmul_params *p, const int16_t *lhs, const int16_t *rhs, int16_t *output,
                             void *scratch);

extern const mg_registration mg_register_batch_matmul_mve;

#endif
