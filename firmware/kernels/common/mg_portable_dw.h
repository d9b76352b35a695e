/* The portable DEPTHWISE_CONV_2D's shared pieces (depthwise_conv_2d_s8_portable.c and
 * depthwise_conv_2d_3x3_planes_s8_portable.c): how the kernels stage values and where a channel's weights lie. */
#ifndef MG_PORTABLE_DW_H
#define MG_PORTABLE_DW_H

#include <stdint.h>

#include "depthwise_conv_2d.h"
#include "mg_portable_dot.h"

/* ARMv7-M reads the staged values with LDRSB at immediate offsets: they stay int8 there; elsewhere (ARMv6-M, whose
 * LDRSB takes a register offset only, and the host build) they are staged as x + 128, and the channel's constant
 * takes 128 times its weights' sum off the sums. */
#if defined(__ARM_ARCH_7M__)
#define MG_PORTABLE_DW_STAGE_BIAS 0u
#else
#define MG_PORTABLE_DW_STAGE_BIAS 0x808080u
#endif

/* Channel c's nine weights (4 bytes apart: the generated layout, by groups of four channels). */
static inline const int8_t *mg_portable_dw_weights(const mg_depthwise_conv_2d_portable_params *p, int32_t c)
{
    return (const int8_t *)p->weights + (c & ~(MG_PORTABLE_GROUP - 1)) * 9 + (c & (MG_PORTABLE_GROUP - 1));
}

/* What the staging bias adds to channel c's window sums: 128 times its weights' sum. */
static inline uint32_t mg_portable_dw_staging_bias(const mg_depthwise_conv_2d_portable_params *p, int32_t c)
{
    if (!MG_PORTABLE_DW_STAGE_BIAS) {
        return 0;
    }
    const int8_t *w = mg_portable_dw_weights(p, c);
    return (uint32_t)(w[0] + w[4] + w[8] + w[12] + w[16] + w[20] + w[24] + w[28] + w[32]) << 7;
}

#endif
