#include "mg_copy.h"
#include "pack.h"

void mg_pack_copy(const mg_pack_params *p, int32_t index, const void *input, void *output, size_t elem_size)
{
    const size_t run = (size_t)p->copy_size * elem_size;
    const uint8_t *in = input;
    uint8_t *out = (uint8_t *)output + (size_t)index * run;
    for (int32_t k = 0; k < p->outer_size; ++k) {
        mg_copy_run(out, in, run);
        in += run;
        out += (size_t)p->count * run;
    }
}
