/* A row's largest element, as TFLite's reference SOFTMAX and LOG_SOFTMAX find it before exponentiating:
 * mg_row_max_f32, _s8 and _s16 start from the type's lowest value and keep max unless max < x (std::max). */
#ifndef MG_ROW_MAX_H
#define MG_ROW_MAX_H

#include <float.h>
#include <stdint.h>

#define MG_ROW_MAX(name, T, R, lowest)                                                                                 \
    static inline R name(const T *x, int32_t n)                                                                        \
    {                                                                                                                  \
        R max = lowest;                                                                                                \
        for (int32_t i = 0; i < n; ++i) {                                                                              \
            max = max < x[i] ? x[i] : max;                                                                             \
        }                                                                                                              \
        return max;                                                                                                    \
    }

MG_ROW_MAX(mg_row_max_f32, float, float, -FLT_MAX)
MG_ROW_MAX(mg_row_max_s8, int8_t, int32_t, INT8_MIN)
MG_ROW_MAX(mg_row_max_s16, int16_t, int32_t, INT16_MIN)

#endif
