/* MySoftmax on the device: see my_softmax.py for the semantics. */
#include "my_softmax.h"

#include "mg_flexbuffers.h"

static mg_status prepare(mg_node *node)
{
    const mg_tensor *in = mg_input(node, 0);
    const mg_tensor *out = mg_output(node, 0);
    if (!in || in->type != MG_INT8 || out->type != MG_INT8 || mg_num_elements(in) != mg_num_elements(out)) {
        return mg_fail(node, "MySoftmax takes int8 and keeps the shape");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *in = mg_input(node, 0);
    const int8_t *x = in->data;
    int8_t *y = mg_output(node, 0)->data;
    const mg_custom_options *options = node->params;
    int32_t shift = 0;
    mg_flex_get_int(options->data, options->size, "shift", &shift);
    int32_t depth = in->dims[in->num_dims - 1];
    for (int32_t row = 0; row < mg_num_elements(in) / depth; ++row, x += depth, y += depth) {
        int32_t m = x[0], sum = 0;
        for (int32_t i = 1; i < depth; ++i) {
            m = x[i] > m ? x[i] : m;
        }
        for (int32_t i = 0; i < depth; ++i) {
            int32_t e = 15 - ((m - x[i]) >> shift);
            sum += 1 << (e > 0 ? e : 0);
        }
        for (int32_t i = 0; i < depth; ++i) {
            int32_t e = 15 - ((m - x[i]) >> shift);
            int32_t v = ((1 << (e > 0 ? e : 0)) << 8) / sum - 128;
            y[i] = (int8_t)(v < -128 ? -128 : (v > 127 ? 127 : v));
        }
    }
    return MG_OK;
}

const mg_registration mg_register_my_softmax = {0, 0, prepare, invoke};
