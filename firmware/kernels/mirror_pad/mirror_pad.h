/* MIRROR_PAD (TFLite Micro's mirror_pad.cc): the input extended by its own mirror image along each padded axis,
 * REFLECT (the edge element once) or SYMMETRIC (the edge element twice); float32 and int8, as bytes. The
 * generator maps each output coordinate to its input coordinate (TFLite's GetInputDimension) as per-axis offset
 * tables, walked by mg_table_copy.h. */
#ifndef MG_MIRROR_PAD_H
#define MG_MIRROR_PAD_H

#include <stdint.h>

#include "mg_kernel.h"
#include "mg_table_copy.h"

typedef mg_table_copy_params mg_mirror_pad_params;

void mg_mirror_pad_generic(const mg_mirror_pad_params *p, const void *input, void *output);

extern const mg_registration mg_register_mirror_pad;

#endif
