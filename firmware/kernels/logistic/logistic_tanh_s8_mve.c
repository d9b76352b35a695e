/* int8 LOGISTIC and TANH in the mve backend (Cortex-M55 Helium): the generator's 256-entry table of the node's
 * outputs (ops/_activation_table.py, as for the dsp backend), sixteen inputs a vector as the byte offsets of one
 * gather load from it, the last vector tail-predicated. Element-wise: the output may overwrite the input (each
 * vector is read before it is written). */
#pragma GCC optimize("O3")
#include "logistic.h"
#include "mg_elementwise.h"

#if defined(__ARM_FEATURE_MVE)
#include <arm_mve.h>

static void lookup(const mg_logistic_params *p, const int8_t *input, int8_t *output)
{
    const uint8_t *table = (const uint8_t *)p->backend_table;
    const uint8_t *in = (const uint8_t *)input;
    uint8_t *out = (uint8_t *)output;
    for (int32_t n = p->count; n > 0; n -= 16, in += 16, out += 16) {
        const mve_pred16_t pred = vctp8q((uint32_t)n);
        const uint8x16_t bytes = vldrbq_z_u8(in, pred);
        vstrbq_p_u8(out, vldrbq_gather_offset_z_u8(table, bytes, pred), pred);
    }
}

static mg_status invoke(mg_node *node)
{
    lookup(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data);
    return MG_OK;
}

/* int8 nodes only (the catalog entries claim no others). */
const mg_registration mg_register_logistic_tanh_s8_mve = {0, 0, mg_prepare_unary_s8, invoke};

#endif
