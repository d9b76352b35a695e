/* SELECT_V2, int16: TFLite's reference_ops::Select / BroadcastSelect5DSlow (TFLite Micro's select.cc). */
#include "select_v2.h"

void mg_select_v2_s16(const mg_select_v2_params *p, const uint8_t *condition, const int16_t *x, const int16_t *y,
                      int16_t *output)
{
    MG_SELECT_LOOP(p, condition, x, y, output);
}
