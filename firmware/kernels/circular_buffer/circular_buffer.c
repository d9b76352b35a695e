/* CIRCULAR_BUFFER (circular_buffer.h). The output is a variable tensor: the planner keeps its bytes for the whole
 * run, so the rows shifted in by earlier invokes are still there. */
#include <string.h>

#include "circular_buffer.h"

void mg_circular_buffer_s8(const mg_circular_buffer_params *p, const int8_t *input, int8_t *output)
{
    const size_t kept = (size_t)(p->num_slots - 1) * (size_t)p->depth;
    memmove(output, output + p->depth, kept);
    memcpy(output + kept, input, (size_t)p->depth);
}

static mg_status prepare(mg_node *node)
{
    const mg_circular_buffer_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0), *output = node->num_outputs == 1 ? mg_output(node, 0) : NULL;
    if (node->num_inputs != 1 || !input || !output || input->type != MG_INT8 || output->type != MG_INT8 ||
        mg_num_elements(input) < p->depth || mg_num_elements(output) < p->num_slots * p->depth) {
        return mg_fail(node, "CIRCULAR_BUFFER: the int8 tensors differ from the generated sizes");
    }
    /* TFLite Micro's allocation resets variable tensors to their zero point and its prepare starts the count */
    memset(output->data, p->zero_point, mg_tensor_bytes(output));
    *p->cycles_until_run = p->cycles_max;
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_circular_buffer_params *p = node->params;
    mg_circular_buffer_s8(p, mg_input(node, 0)->data, mg_output(node, 0)->data);
    if (--*p->cycles_until_run != 0) {
        return MG_ABORT;
    }
    *p->cycles_until_run = p->cycles_max;
    return MG_OK;
}

const mg_registration mg_register_circular_buffer = {0, 0, prepare, invoke};
