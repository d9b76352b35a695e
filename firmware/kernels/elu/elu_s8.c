/* ELU, int8: TFLite Micro's elu.cc EvalUsingLookupTable. */
#include "elu.h"

void mg_elu_s8(const mg_elu_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        output[i] = (int8_t)p->table[(uint8_t)input[i]];
    }
}
