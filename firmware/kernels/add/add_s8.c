/* int8 ADD: TFLite's reference_integer_ops::Add (BroadcastAdd6DSlow), in output order: mg_add_sub_element's
 * arithmetic with the three requantizations' constants made once per invoke (mg_requantizer, bit-exact). */
#include "add.h"
#include "mg_broadcast.h"

typedef struct {
    mg_requantizer input1, input2, output;
    int32_t input1_offset, input2_offset, left_shift, output_offset, act_min, act_max;
} add_constants;

static inline int8_t add_element(const add_constants *c, int32_t x1, int32_t x2)
{
    const int32_t shifted1 = (c->input1_offset + x1) * (1 << c->left_shift);
    const int32_t shifted2 = (c->input2_offset + x2) * (1 << c->left_shift);
    const int32_t sum = mg_requantizer_apply(&c->input1, shifted1) + mg_requantizer_apply(&c->input2, shifted2);
    const int32_t raw = mg_requantizer_apply(&c->output, sum);
    return (int8_t)mg_clamp(raw + c->output_offset, c->act_min, c->act_max);
}

#define ADD_ELEMENT(params, x1, x2) add_element(&constants, x1, x2) /* the walk's parameters: p */

void mg_add_s8(const mg_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    const add_constants constants = {mg_requantizer_make(p->input1_multiplier, p->input1_shift),
                                     mg_requantizer_make(p->input2_multiplier, p->input2_shift),
                                     mg_requantizer_make(p->output_multiplier, p->output_shift),
                                     p->input1_offset,
                                     p->input2_offset,
                                     p->left_shift,
                                     p->output_offset,
                                     p->act_min,
                                     p->act_max};
    MG_BCAST_MAP(int8_t, p, input1, input2, output, ADD_ELEMENT);
}
