/* EMBEDDING_LOOKUP registration: checks the node against its parameters, then copies or dequantizes rows. */
#include "embedding_lookup.h"

static mg_status prepare(mg_node *node)
{
    const mg_embedding_lookup_params *p = node->params;
    const mg_tensor *ids = mg_input(node, 0);
    const mg_tensor *table = mg_input(node, 1);
    if (!ids || !table || node->num_outputs != 1) {
        return mg_fail(node, "needs row numbers, a table and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    const int types_ok = ids->type == MG_INT32 && (table->type == MG_FLOAT32 || table->type == MG_INT8) &&
                         output->type == (p->dequantize ? MG_FLOAT32 : table->type);
    if (!types_ok || mg_num_elements(ids) != p->lookups || mg_num_elements(table) != p->rows * p->row_elements ||
        mg_num_elements(output) != p->lookups * p->row_elements) {
        return mg_fail(node, "the tensors differ from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_embedding_lookup_params *p = node->params;
    const int32_t *ids = mg_input(node, 0)->data;
    const void *table = mg_input(node, 1)->data;
    void *output = mg_output(node, 0)->data;
    const mg_status status = p->dequantize ? mg_embedding_lookup_s8(p, ids, table, output)
                                           : mg_embedding_lookup_generic(p, ids, table, output);
    return status == MG_OK ? MG_OK : mg_fail(node, "embedding row number out of range");
}

const mg_registration mg_register_embedding_lookup = {0, 0, prepare, invoke};
