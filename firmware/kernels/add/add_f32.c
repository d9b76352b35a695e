/* float32 ADD: TFLite's reference Add with the fused activation, broadcasting, in output order. */
#include "add.h"
#include "mg_broadcast.h"

static inline float add_element(const mg_add_params *p, float x1, float x2)
{
    return mg_activation_f32(x1 + x2, p->act_min_f, p->act_max_f);
}

void mg_add_f32(const mg_add_params *p, const float *input1, const float *input2, float *output)
{
    MG_BCAST_MAP(float, p, input1, input2, output, add_element);
}
