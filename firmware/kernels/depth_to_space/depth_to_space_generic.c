/* DEPTH_TO_SPACE, float32 and int8: TFLite's reference_ops::DepthToSpace (TFLite Micro's depth_to_space.cc). */
#include "depth_to_space.h"

void mg_depth_to_space_generic(const mg_depth_to_space_params *p, const void *input, void *output)
{
    mg_strided_copy(p, input, output);
}
