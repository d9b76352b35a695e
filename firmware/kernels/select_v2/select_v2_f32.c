/* SELECT_V2, float: TFLite's reference_ops::Select / BroadcastSelect5DSlow (TFLite Micro's select.cc). */
#include "select_v2.h"

void mg_select_v2_f32(const mg_select_v2_params *p, const uint8_t *condition, const float *x, const float *y,
                      float *output)
{
    MG_SELECT_LOOP(p, condition, x, y, output);
}
