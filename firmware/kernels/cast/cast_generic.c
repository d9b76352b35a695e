/* CAST, every type pair: TFLite Micro's cast.cc copyCast (std::transform with static_cast). */
#include "cast.h"

#define CAST_LOOP(IN_T, OUT_T)                                                                                         \
    do {                                                                                                               \
        const IN_T *in_ = input;                                                                                       \
        OUT_T *out_ = output;                                                                                          \
        for (int32_t i = 0; i < p->count; ++i) {                                                                       \
            out_[i] = (OUT_T)in_[i];                                                                                   \
        }                                                                                                              \
    } while (0)

#define CAST_FROM(IN_T)                                                                                                \
    switch (p->output_type) {                                                                                          \
    case MG_INT8: CAST_LOOP(IN_T, int8_t); return MG_OK;                                                               \
    case MG_INT16: CAST_LOOP(IN_T, int16_t); return MG_OK;                                                             \
    case MG_INT32: CAST_LOOP(IN_T, int32_t); return MG_OK;                                                             \
    case MG_UINT32: CAST_LOOP(IN_T, uint32_t); return MG_OK;                                                           \
    case MG_FLOAT32: CAST_LOOP(IN_T, float); return MG_OK;                                                             \
    default: return MG_ERROR;                                                                                          \
    }

mg_status mg_cast_generic(const mg_cast_params *p, const void *input, void *output)
{
    switch (p->input_type) {
    case MG_INT8: CAST_FROM(int8_t)
    case MG_INT16: CAST_FROM(int16_t)
    case MG_INT32: CAST_FROM(int32_t)
    case MG_UINT32: CAST_FROM(uint32_t)
    case MG_FLOAT32: CAST_FROM(float)
    case MG_BOOL: CAST_FROM(uint8_t)
    default: return MG_ERROR;
    }
}
