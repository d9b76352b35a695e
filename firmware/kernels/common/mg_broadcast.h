/* The broadcast walk shared by the element-wise binary kernels (ADD, SUB, MUL).
 *
 * The generator reduces the two input shapes to MG_BCAST_DIMS output extents (outermost first) and, per
 * input, an element stride for each dimension (0 where that input is broadcast). A kernel walks the output
 * in order, one innermost row at a time:
 *
 *     mg_bcast_cursor cur = {0};
 *     for (int32_t r = mg_bcast_rows(extents); r > 0; --r) {
 *         ... row of extents[MG_BCAST_DIMS - 1] elements from in1 + cur.offset1 and in2 + cur.offset2,
 *             stepping strides1[MG_BCAST_DIMS - 1] and strides2[MG_BCAST_DIMS - 1] ...
 *         mg_bcast_next_row(&cur, extents, strides1, strides2);
 *     }
 *
 * MG_BCAST_MAP below is that loop around a per-element function.
 */
#ifndef MG_BROADCAST_H
#define MG_BROADCAST_H

#include <stdint.h>

#define MG_BCAST_DIMS 6

typedef struct {
    int32_t index[MG_BCAST_DIMS - 1]; /* position in the outer dimensions */
    int32_t offset1;                  /* element offsets of the current row's start in each input */
    int32_t offset2;
} mg_bcast_cursor;

/* The number of innermost rows: the product of the outer extents (0 for an empty output). */
static inline int32_t mg_bcast_rows(const int32_t *extents)
{
    int32_t rows = 1;
    for (int d = 0; d < MG_BCAST_DIMS - 1; ++d) {
        rows *= extents[d];
    }
    return extents[MG_BCAST_DIMS - 1] > 0 ? rows : 0;
}

/* Advances the cursor to the next row, an odometer over the outer dimensions. */
static inline void mg_bcast_next_row(mg_bcast_cursor *c, const int32_t *extents, const int32_t *strides1,
                                     const int32_t *strides2)
{
    for (int d = MG_BCAST_DIMS - 2; d >= 0; --d) {
        c->offset1 += strides1[d];
        c->offset2 += strides2[d];
        if (++c->index[d] < extents[d]) {
            return;
        }
        c->index[d] = 0;
        c->offset1 -= strides1[d] * extents[d];
        c->offset2 -= strides2[d] * extents[d];
    }
}

/* The whole walk: writes ELEMENT(p, x1, x2) for every output element in order, x1 and x2 the elements of type T
 * of input1 and input2 it comes from (ELEMENT: the kernel's per-element function). */
#define MG_BCAST_MAP(T, p, input1, input2, output, ELEMENT)                                                            \
    do {                                                                                                               \
        const int32_t inner_ = (p)->extents[MG_BCAST_DIMS - 1];                                                        \
        const int32_t step1_ = (p)->strides1[MG_BCAST_DIMS - 1];                                                       \
        const int32_t step2_ = (p)->strides2[MG_BCAST_DIMS - 1];                                                       \
        mg_bcast_cursor cur_ = {{0}, 0, 0};                                                                            \
        for (int32_t r_ = mg_bcast_rows((p)->extents); r_ > 0; --r_) {                                                 \
            const T *a_ = (input1) + cur_.offset1;                                                                     \
            const T *b_ = (input2) + cur_.offset2;                                                                     \
            for (int32_t i_ = 0; i_ < inner_; ++i_) {                                                                  \
                *(output)++ = ELEMENT((p), a_[i_ * step1_], b_[i_ * step2_]);                                          \
            }                                                                                                          \
            mg_bcast_next_row(&cur_, (p)->extents, (p)->strides1, (p)->strides2);                                      \
        }                                                                                                              \
    } while (0)

#endif
