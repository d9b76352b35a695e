#include "mg_copy.h"
#include "unpack.h"

void mg_unpack_copy(const mg_unpack_params *p, int32_t index, const void *input, void *output, size_t elem_size)
{
    const size_t run = (size_t)p->copy_size * elem_size;
    const uint8_t *in = (const uint8_t *)input + (size_t)index * run;
    uint8_t *out = output;
    for (int32_t k = 0; k < p->outer_size; ++k) {
        mg_copy_run(out, in, run);
        in += (size_t)p->count * run;
        out += run;
    }
}
