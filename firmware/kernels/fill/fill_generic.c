/* FILL, every type: TFLite's reference_ops::Fill, the value's bytes copied into each element. */
#include <string.h>

#include "fill.h"

void mg_fill_generic(const mg_fill_params *p, const void *value, void *output)
{
    uint8_t *out = output;
    for (int32_t i = 0; i < p->count; ++i) {
        memcpy(out + (size_t)i * (size_t)p->element_size, value, (size_t)p->element_size);
    }
}
