/* The dsp backend's MAC core (Cortex-M4/M7/M33), shared by CONV_2D and FULLY_CONNECTED as mg_mve_matmul.h is by the
 * mve kernels: four int8 weights in one word become two SXTB16 halves, (w0, w2) and (w1, w3), and each meets an
 * operand pair of int16 values, (x0, x2) and (x1, x3), in two SMLAD: 4 MACs in two instructions once the halves
 * are loaded. CONV_2D keeps one filter row's halves against six columns, FULLY_CONNECTED one input's halves
 * against four weight rows; both are written with these pieces, in assembly on the device (the register
 * allocation of their loops is fixed) and in C on the host. DEPTHWISE_CONV_2D pairs its weights ahead of time
 * (SMLAD plus SMLABB per tap column) and does not use them. */
#ifndef MG_DSP_MAC_H
#define MG_DSP_MAC_H

#include <stdint.h>

#include "mg_dsp.h"

/* acc + w0 * x0 + w1 * x1 + w2 * x2 + w3 * x3 for the SXTB16 halves (w02, w13) of a weight word and the operand
 * pairs (x02, x13). */
static inline int32_t mg_dsp_mac4(int32_t acc, uint32_t w02, uint32_t w13, uint32_t x02, uint32_t x13)
{
    return dsp_smlad(w13, x13, dsp_smlad(w02, x02, acc));
}

/* The same from the weight word itself. */
static inline int32_t mg_dsp_mac4_word(int32_t acc, uint32_t w, uint32_t x02, uint32_t x13)
{
    return mg_dsp_mac4(acc, dsp_sxtb16(w), dsp_sxtb16_ror8(w), x02, x13);
}

/* The assembly pieces (register names as string literals):
 * MG_DSP_ASM_LOAD_HALVES loads the word at [base] (base += 4) into lo and splits it: lo = (b0, b2), hi = (b1, b3);
 * MG_DSP_ASM_MAC4 adds lo * x02 + hi * x13 (both SMLAD) to acc. */
#define MG_DSP_ASM_LOAD_HALVES(base, lo, hi)                                                                           \
    "ldr " lo ", [" base "], #4\n\t"                                                                                   \
    "sxtb16 " hi ", " lo ", ror #8\n\t"                                                                                \
    "sxtb16 " lo ", " lo "\n\t"
#define MG_DSP_ASM_MAC4(acc, lo, hi, x02, x13)                                                                         \
    "smlad " acc ", " lo ", " x02 ", " acc "\n\t"                                                                      \
    "smlad " acc ", " hi ", " x13 ", " acc "\n\t"

/* Declares a0-a3, acc[0] to acc[3] pinned to r0-r3 (GNU C register variables), for the assembly loops that name
 * their registers (LDM fills fixed registers in order, and the loops need nearly all of them). */
#define MG_DSP_ACC4_IN_R0_R3(acc)                                                                                      \
    register int32_t a0 __asm__("r0") = (acc)[0];                                                                      \
    register int32_t a1 __asm__("r1") = (acc)[1];                                                                      \
    register int32_t a2 __asm__("r2") = (acc)[2];                                                                      \
    register int32_t a3 __asm__("r3") = (acc)[3]

#endif
