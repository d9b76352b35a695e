/* SLICE, every type: TFLite's reference_ops::Slice (TFLite Micro's slice.cc). */
#include "slice.h"

void mg_slice_generic(const mg_slice_params *p, const void *input, void *output)
{
    mg_strided_copy(p, input, output);
}
