/* NOT_EQUAL, bool: TFLite's reference_ops::NotEqualNoScaling (TFLite Micro's comparisons.cc). */
#include "comparisons.h"
#include "mg_binary_loop.h"

void mg_not_equal_b(const mg_comparisons_params *p, const uint8_t *input1, const uint8_t *input2, uint8_t *output)
{
    MG_BINARY_LOOP(p, input1, input2, output, MG_NOT_EQUAL_STEP);
}
