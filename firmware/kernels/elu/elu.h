/* ELU (TFLite Micro's elu.cc): x < 0 ? exp(x) - 1 : x. float32 calls expm1f as TFLite's reference Elu calls
 * std::expm1; int8 looks each value up in a 256-entry table the generator computes as TFLite Micro's
 * PopulateLookupTable does (float math on the dequantized value, rounded to the output quantization). */
#ifndef MG_ELU_H
#define MG_ELU_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t count;        /* elements */
    const int32_t *table; /* int8: the output for input value v at table[(uint8_t)v] (the generator writes
                           * parameter arrays as int32) */
} mg_elu_params;

void mg_elu_f32(const mg_elu_params *p, const float *input, float *output);
void mg_elu_s8(const mg_elu_params *p, const int8_t *input, int8_t *output);

extern const mg_registration mg_register_elu;

#endif
