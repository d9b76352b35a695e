/* SignalEnergy (TFLite Micro's signal/src/energy.cc): re^2 + im^2 of each complex int16 value in
 * [start_index, end_index), wrapping to uint32 as there (-32768 in both parts gives 2^31). TFLite Micro leaves
 * the other outputs as they were; they are written 0 here, so that nothing depends on old arena bytes. */
#include <string.h>

#include "signal.h"

void mg_signal_energy_s16(const mg_signal_energy_params *p, const int16_t *input, uint32_t *output)
{
    memset(output, 0, (size_t)p->start_index * sizeof(uint32_t));
    for (int32_t i = p->start_index; i < p->end_index; ++i) {
        const int32_t re = input[2 * i], im = input[2 * i + 1];
        output[i] = (uint32_t)(re * re) + (uint32_t)(im * im);
    }
    memset(output + p->end_index, 0, (size_t)(p->count - p->end_index) * sizeof(uint32_t));
}

static mg_status prepare(mg_node *node)
{
    const mg_signal_energy_params *p = node->params;
    if (node->num_inputs != 1 || node->num_outputs != 1 ||
        !mg_signal_tensor_is(mg_input(node, 0), MG_INT16, 2 * p->count) ||
        !mg_signal_tensor_is(mg_output(node, 0), MG_UINT32, p->count)) {
        return mg_fail(node, "SignalEnergy: the tensors differ from the generated sizes");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_signal_energy_s16(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_signal_energy = {0, 0, prepare, invoke};
