#include "mg_copy.h"
#include "split.h"

void mg_split_copy(const mg_split_params *p, int32_t index, const void *input, void *output, size_t elem_size)
{
    const size_t run = (size_t)p->copy_sizes[index] * elem_size;
    const uint8_t *in = (const uint8_t *)input + (size_t)p->offsets[index] * elem_size;
    uint8_t *out = output;
    for (int32_t k = 0; k < p->outer_size; ++k) {
        mg_copy_run(out, in, run);
        in += (size_t)p->input_run * elem_size;
        out += run;
    }
}
