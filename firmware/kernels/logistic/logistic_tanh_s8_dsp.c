/* int8 LOGISTIC and TANH in the dsp backend (Cortex-M4/M7/M33): with the node's quantization fixed, each output is
 * a function of its input byte alone, so the generator computes the 256 outputs with the reference kernels'
 * integer steps (ops/_activation_table.py) and this kernel looks its inputs up: four bytes a word (one load, four
 * table loads, one store), the last count % 4 one at a time. Element-wise: the output may overwrite the input
 * (each word is read before it is written). */
#pragma GCC optimize("O2")
#include <string.h>

#include "logistic.h"
#include "mg_elementwise.h"

static void lookup(const mg_logistic_params *p, const int8_t *input, int8_t *output)
{
    const uint8_t *table = (const uint8_t *)p->backend_table;
    const int32_t count = p->count;
    int32_t i = 0;
    for (; i + 4 <= count; i += 4) {
        uint32_t v;
        memcpy(&v, input + i, 4);
        const uint32_t r = (uint32_t)table[v & 0xFFu] | (uint32_t)table[(v >> 8) & 0xFFu] << 8 |
                           (uint32_t)table[(v >> 16) & 0xFFu] << 16 | (uint32_t)table[v >> 24] << 24;
        memcpy(output + i, &r, 4);
    }
    for (; i < count; ++i) {
        output[i] = (int8_t)table[(uint8_t)input[i]];
    }
}

static mg_status invoke(mg_node *node)
{
    lookup(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data);
    return MG_OK;
}

/* int8 nodes only (the catalog entries claim no others). */
const mg_registration mg_register_logistic_tanh_s8_dsp = {0, 0, mg_prepare_unary_s8, invoke};
