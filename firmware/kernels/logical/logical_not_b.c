/* LOGICAL_NOT, bool: !v as TFLite Micro's elementwise.cc LogicalNotEval (bools are bytes 0 or 1). */
#include "elementwise.h"

void mg_logical_not_b(const mg_elementwise_params *p, const uint8_t *input, uint8_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        output[i] = input[i] ? 0 : 1;
    }
}
