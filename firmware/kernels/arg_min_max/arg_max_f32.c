/* ARG_MAX, float32: TFLite's reference_ops::ArgMinMax with TFLite Micro's GreaterFn. */
#include "arg_min_max.h"

void mg_arg_max_f32(const mg_arg_min_max_params *p, const float *input, int32_t *output)
{
    MG_ARG_MIN_MAX_LOOP(float, p, input, output, MG_ARG_GREATER);
}
