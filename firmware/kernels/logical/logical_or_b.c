/* LOGICAL_OR, bool: TFLite Micro's logical_common.cc LogicalOr. */
#include "logical.h"
#include "mg_binary_loop.h"

#define STEP(a, b) (uint8_t)((a) || (b))

void mg_logical_or_b(const mg_logical_params *p, const uint8_t *input1, const uint8_t *input2, uint8_t *output)
{
    MG_BINARY_LOOP(p, input1, input2, output, STEP);
}
