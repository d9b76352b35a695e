/* SOFTMAX (portable backend: Cortex-M0/M0+, M3) registration: the generator names the dsp backend's kernels
 * (softmax_s8_dsp.c, softmax_s16_dsp.c), which on a core without the DSP extension are their plain C (mg_dsp.h): a
 * table lookup per exp instead of the reference's fixed-point series (a 4-class int8 row on the Cortex-M0+: 6,960
 * instructions on the reference kernel). */
#include "softmax.h"

MG_SOFTMAX_BACKEND_REGISTRATION(portable);
