/* The backend prepare for int4 weights (mg_prepare_weighted.h): a type file, left out of firmwares without int4
 * weights. */
#include "mg_prepare_weighted.h"

mg_status mg_prepare_weighted_backend_int4(mg_node *node, int32_t input_elements, int32_t weight_elements,
                                           int32_t output_elements, const void *table, size_t int4_scratch)
{
    if (mg_prepare_weighted_shapes(node, input_elements, weight_elements, output_elements)) {
        return MG_ERROR;
    }
    if (mg_input(node, 0)->type != MG_INT8 || mg_input(node, 1)->type != MG_INT4 ||
        mg_output(node, 0)->type != MG_INT8) {
        return mg_fail(node, "tensor types or shapes differ from the generated plan");
    }
    if (!table || (int4_scratch && (!node->scratch || node->scratch_size < int4_scratch))) {
        return mg_fail(node, "table or scratch missing from the generated plan");
    }
    return MG_OK;
}
