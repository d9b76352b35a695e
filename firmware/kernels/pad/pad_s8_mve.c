/* PAD and PADV2, int8, mve backend: pad_rows.h's runs as tail-predicated Helium loops (mg_mve.h: 16 bytes a
 * VSTRB, or a VLDRB and a VSTRB), where the reference moves element by element. */
#include "pad_rows.h"

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve.h"

void mg_pad_s8_mve(const mg_pad_params *p, const int8_t *input, int8_t value, int8_t *output)
{
    MG_PAD_ROWS(p, input, value, output, mve_fill_s8, mve_copy_s8);
}

static mg_status invoke(mg_node *node)
{
    mg_pad_s8_mve(node->params, mg_input(node, 0)->data, mg_pad_value_s8(node), mg_output(node, 0)->data);
    return MG_OK;
}

/* The catalog gives this backend int8 nodes only. */
const mg_registration mg_register_pad_mve = {0, 0, mg_pad_prepare, invoke};

#endif
