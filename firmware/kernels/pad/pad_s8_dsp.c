/* PAD and PADV2, int8, dsp backend: pad_rows.h's runs through newlib's memset and memcpy (word stores and loads
 * on these cores), where the reference moves element by element. */
#include <string.h>

#include "pad_rows.h"

static inline void fill(int8_t *dst, int8_t value, int32_t n)
{
    if (n > 0) { /* most rows have no padding on one side or both: no call */
        memset(dst, value, (size_t)n);
    }
}

static inline void copy(int8_t *dst, const int8_t *src, int32_t n)
{
    memcpy(dst, src, (size_t)n);
}

void mg_pad_s8_dsp(const mg_pad_params *p, const int8_t *input, int8_t value, int8_t *output)
{
    MG_PAD_ROWS(p, input, value, output, fill, copy);
}

static mg_status invoke(mg_node *node)
{
    mg_pad_s8_dsp(node->params, mg_input(node, 0)->data, mg_pad_value_s8(node), mg_output(node, 0)->data);
    return MG_OK;
}

/* The catalog gives this backend int8 nodes only. */
const mg_registration mg_register_pad_dsp = {0, 0, mg_pad_prepare, invoke};
