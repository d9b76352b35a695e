/* IF and WHILE registrations (TFLite Micro's if.cc and while.cc). */
#include <string.h>

#include "control_flow.h"

enum { SUBGRAPH_INPUT = 0, SUBGRAPH_OUTPUT = 1 };

static void copy(const mg_tensor *to, const mg_tensor *from)
{
    if (to->data != from->data) {
        memmove(to->data, from->data, mg_tensor_bytes(from));
    }
}

/* The node's inputs from `first` on into the subgraph's inputs, in order. */
static void copy_node_inputs(const mg_node *node, uint32_t first, uint32_t subgraph)
{
    for (uint32_t i = 0; first + i < node->num_inputs; ++i) {
        copy(mg_subgraph_tensor(subgraph, SUBGRAPH_INPUT, i), mg_input(node, (int)(first + i)));
    }
}

static mg_status invoke_if(mg_node *node)
{
    const mg_control_flow_params *p = node->params;
    uint32_t branch = *(const uint8_t *)mg_input(node, 0)->data ? p->then_subgraph : p->else_subgraph;
    copy_node_inputs(node, 1, branch);
    if (mg_invoke_subgraph(branch) != MG_OK) {
        return MG_ERROR; /* the failing node of the branch set the reason */
    }
    for (uint32_t i = 0; i < node->num_outputs; ++i) {
        copy(mg_output(node, (int)i), mg_subgraph_tensor(branch, SUBGRAPH_OUTPUT, i));
    }
    return MG_OK;
}

/* The loop's values live in the body's inputs: the condition reads a copy, the body's outputs replace them. */
static mg_status invoke_while(mg_node *node)
{
    const mg_control_flow_params *p = node->params;
    uint32_t cond = p->then_subgraph, body = p->else_subgraph, count = node->num_inputs;
    copy_node_inputs(node, 0, body);
    for (;;) {
        for (uint32_t i = 0; i < count; ++i) {
            copy(mg_subgraph_tensor(cond, SUBGRAPH_INPUT, i), mg_subgraph_tensor(body, SUBGRAPH_INPUT, i));
        }
        if (mg_invoke_subgraph(cond) != MG_OK) {
            return MG_ERROR;
        }
        if (!*(const uint8_t *)mg_subgraph_tensor(cond, SUBGRAPH_OUTPUT, 0)->data) {
            break;
        }
        if (mg_invoke_subgraph(body) != MG_OK) {
            return MG_ERROR;
        }
        for (uint32_t i = 0; i < count; ++i) {
            copy(mg_subgraph_tensor(body, SUBGRAPH_INPUT, i), mg_subgraph_tensor(body, SUBGRAPH_OUTPUT, i));
        }
    }
    for (uint32_t i = 0; i < count; ++i) {
        copy(mg_output(node, (int)i), mg_subgraph_tensor(body, SUBGRAPH_INPUT, i));
    }
    return MG_OK;
}

const mg_registration mg_register_if = {0, 0, 0, invoke_if};
const mg_registration mg_register_while = {0, 0, 0, invoke_while};
