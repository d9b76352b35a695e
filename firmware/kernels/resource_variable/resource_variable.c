/* VAR_HANDLE, READ_VARIABLE and ASSIGN_VARIABLE registrations (TFLite Micro's var_handle.cc, read_variable.cc,
 * assign_variable.cc): the state's buffer is filled with the first assigned value's zero point when the model
 * is prepared, then reads and assigns copy whole buffers. */
#include <string.h>

#include "resource_variable.h"

static mg_status invoke_var_handle(mg_node *node)
{
    const mg_var_handle_params *p = node->params;
    *(int32_t *)mg_output(node, 0)->data = p->resource_id;
    return MG_OK;
}

static mg_status prepare_read(mg_node *node)
{
    const mg_resource_variable_params *p = node->params;
    if (node->num_outputs != 1 || mg_tensor_bytes(mg_output(node, 0)) != p->bytes) {
        return mg_fail(node, "the output's size differs from the variable's");
    }
    return MG_OK;
}

static mg_status invoke_read(mg_node *node)
{
    const mg_resource_variable_params *p = node->params;
    memcpy(mg_output(node, 0)->data, p->data, p->bytes);
    return MG_OK;
}

static mg_status prepare_assign(mg_node *node)
{
    const mg_resource_variable_params *p = node->params;
    const mg_tensor *value = mg_input(node, 1);
    if (!value || mg_tensor_bytes(value) != p->bytes) {
        return mg_fail(node, "the value's size differs from the variable's");
    }
    memset(p->data, p->fill, p->bytes);
    return MG_OK;
}

static mg_status invoke_assign(mg_node *node)
{
    const mg_resource_variable_params *p = node->params;
    memcpy(p->data, mg_input(node, 1)->data, p->bytes);
    return MG_OK;
}

const mg_registration mg_register_var_handle = {0, 0, 0, invoke_var_handle};
const mg_registration mg_register_read_variable = {0, 0, prepare_read, invoke_read};
const mg_registration mg_register_assign_variable = {0, 0, prepare_assign, invoke_assign};
