/* SELECT_V2, int8: TFLite's reference_ops::Select / BroadcastSelect5DSlow (TFLite Micro's select.cc). */
#include "select_v2.h"

void mg_select_v2_s8(const mg_select_v2_params *p, const uint8_t *condition, const int8_t *x, const int8_t *y,
                     int8_t *output)
{
    MG_SELECT_LOOP(p, condition, x, y, output);
}
