/* UNPACK: splits the input along an axis into `count` outputs, each without that axis. */
#ifndef MG_UNPACK_H
#define MG_UNPACK_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"
#include "pack.h"

typedef mg_pack_params mg_unpack_params; /* PACK's layout, read the other way */

/* Writes output `index` from its slots of the input. */
void mg_unpack_copy(const mg_unpack_params *p, int32_t index, const void *input, void *output, size_t elem_size);

extern const mg_registration mg_register_unpack;

#endif
