/* FULLY_CONNECTED (dsp backend) with int4 weights: the weights widened once per invoke into the start of the
 * scratch (eight values per word, mg_int4.h), then the int8 kernel (fully_connected_s8_dsp.c) with the rest of the
 * scratch, if it takes any. Each weight then serves every batch row: with one row the widening (about 2.5
 * instructions per weight) costs about twice the MACs. */
#include "fully_connected.h"
#include "mg_int4.h"

size_t mg_fully_connected_s4_dsp_scratch_size(int32_t weight_elements, int32_t int8_scratch)
{
    return mg_int4_widened_bytes(weight_elements) + (size_t)int8_scratch;
}

void mg_fully_connected_s4_dsp(const mg_fully_connected_dsp_params *p, const int8_t *input, const void *weights,
                               int8_t *output, void *scratch)
{
    const mg_fully_connected_shape *s = &p->shape;
    const int32_t elements = s->output_depth * s->accum_depth;
    int8_t *widened = scratch;
    mg_unpack_int4_all(weights, elements, widened);
    void *rest = mg_fully_connected_s8_dsp_scratch_size(s->accum_depth, s->output_depth)
                     ? widened + mg_int4_widened_bytes(elements)
                     : 0;
    mg_fully_connected_s8_dsp(p, input, widened, output, rest);
}
