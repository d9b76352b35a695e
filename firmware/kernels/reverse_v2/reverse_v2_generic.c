/* REVERSE_V2, every type: TFLite's reference_ops::Reverse (TFLite Micro's reverse.cc). */
#include "reverse_v2.h"

void mg_reverse_v2_generic(const mg_reverse_v2_params *p, const void *input, void *output)
{
    mg_strided_copy(p, input, output);
}
