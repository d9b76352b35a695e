/* Shared helpers of the data-movement kernels (RESHAPE, SQUEEZE, EXPAND_DIMS, SHAPE, PACK, UNPACK, SPLIT,
 * SPLIT_V, TRANSPOSE, STRIDED_SLICE, CONCATENATION). They move elements without looking at them, so one
 * implementation serves every type of the same size; floats move as their 32-bit patterns, bit for bit. */
#ifndef MG_COPY_H
#define MG_COPY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "mg_kernel.h"

/* Type sets, one bit per TFLite type code, for the checks in prepare. */
#define MG_COPY_TYPE_BIT(type) (1u << (type))
#define MG_COPY_TYPES_8_16_32_F                                                                                        \
    (MG_COPY_TYPE_BIT(MG_INT8) | MG_COPY_TYPE_BIT(MG_INT16) | MG_COPY_TYPE_BIT(MG_INT32) | MG_COPY_TYPE_BIT(MG_FLOAT32))
#define MG_COPY_TYPES_8_16_F (MG_COPY_TYPE_BIT(MG_INT8) | MG_COPY_TYPE_BIT(MG_INT16) | MG_COPY_TYPE_BIT(MG_FLOAT32))
#define MG_COPY_TYPES_8_16_32_F_B (MG_COPY_TYPES_8_16_32_F | MG_COPY_TYPE_BIT(MG_BOOL))
/* every type mg_copy_type_size sizes (RESHAPE and SQUEEZE move any type in TFLite Micro) */
#define MG_COPY_TYPES_ALL (MG_COPY_TYPES_8_16_32_F_B | MG_COPY_TYPE_BIT(MG_INT64) | MG_COPY_TYPE_BIT(MG_UINT8))

/* Bytes per element of the types these kernels move, 0 for any other type. */
static inline size_t mg_copy_type_size(uint8_t type)
{
    switch (type) {
    case MG_INT8:
    case MG_UINT8:
    case MG_BOOL: return 1;
    case MG_INT16: return 2;
    case MG_INT32:
    case MG_FLOAT32: return 4;
    case MG_INT64: return 8;
    default: return 0;
    }
}

/* 1 when `type` is in the set `types` (MG_COPY_TYPE_BIT ORed together). */
static inline int mg_copy_type_in(uint8_t type, uint32_t types)
{
    return type < 32 && (types & MG_COPY_TYPE_BIT(type)) != 0;
}

/* Copies a run of bytes, or nothing when it is already there: the planner made the destination a view of the
 * source (docs/kernels.md, "Views"). */
static inline void mg_copy_run(void *dst, const void *src, size_t nbytes)
{
    if (dst != src && nbytes > 0) {
        memcpy(dst, src, nbytes);
    }
}

/* Copies `count` elements of `elem_size` bytes, reading every `step` elements of src (step may be negative),
 * writing dst contiguously. */
static inline void mg_copy_gather(void *dst, const void *src, int32_t count, int32_t step, size_t elem_size)
{
    int32_t i;
    if (count <= 0) {
        return;
    }
    if (step == 1) {
        memcpy(dst, src, (size_t)count * elem_size);
        return;
    }
    switch (elem_size) {
    case 1: {
        int8_t *d = dst;
        const int8_t *s = src;
        for (i = 0; i < count; ++i) d[i] = s[(ptrdiff_t)i * step];
        break;
    }
    case 2: {
        int16_t *d = dst;
        const int16_t *s = src;
        for (i = 0; i < count; ++i) d[i] = s[(ptrdiff_t)i * step];
        break;
    }
    case 4: {
        int32_t *d = dst;
        const int32_t *s = src;
        for (i = 0; i < count; ++i) d[i] = s[(ptrdiff_t)i * step];
        break;
    }
    default: {
        uint8_t *d = dst;
        const uint8_t *s = src;
        for (i = 0; i < count; ++i) {
            memcpy(d + (size_t)i * elem_size, s + (ptrdiff_t)i * step * (ptrdiff_t)elem_size, elem_size);
        }
        break;
    }
    }
}

#endif
