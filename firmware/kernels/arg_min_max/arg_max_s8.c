/* ARG_MAX, int8: TFLite's reference_ops::ArgMinMax with TFLite Micro's GreaterFn. */
#include "arg_min_max.h"

void mg_arg_max_s8(const mg_arg_min_max_params *p, const int8_t *input, int32_t *output)
{
    MG_ARG_MIN_MAX_LOOP(int8_t, p, input, output, MG_ARG_GREATER);
}
