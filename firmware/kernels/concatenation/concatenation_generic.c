#include "concatenation.h"
#include "mg_copy.h"

void mg_concatenation_generic(const mg_concatenation_params *p, size_t element_size, const void *const *inputs,
                              void *output)
{
    uint8_t *out = output;
    for (int32_t k = 0; k < p->outer_size; ++k) {
        for (int32_t i = 0; i < p->num_inputs; ++i) {
            const size_t bytes = (size_t)p->copy_sizes[i] * element_size;
            mg_copy_run(out, (const uint8_t *)inputs[i] + (size_t)k * bytes, bytes);
            out += bytes;
        }
    }
}
