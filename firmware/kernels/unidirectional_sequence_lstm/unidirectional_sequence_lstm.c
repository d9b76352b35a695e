/* UNIDIRECTIONAL_SEQUENCE_LSTM registration (TFLite Micro's unidirectional_sequence_lstm.cc Prepare and Eval,
 * LstmTensors::ValidateTensorStatus): the standard LSTM's tensors against the generated sizes, the variants'
 * tensors absent, float32, int8 or int16x8 types; the states cleared once (TFLite Micro resets variable tensors
 * when it allocates them). */
#include <string.h>

#include "unidirectional_sequence_lstm.h"

enum { INPUT = 0, INPUT_WEIGHTS = 1, RECURRENT_WEIGHTS = 5, BIAS = 12, HIDDEN = 18, CELL = 19, INPUTS = 24 };

static int sized(const mg_tensor *t, int32_t elements, uint8_t type)
{
    return t && mg_num_elements(t) == elements && t->type == type;
}

static int variants_absent(const mg_node *node)
{
    static const uint8_t variant_inputs[] = {9, 10, 11, 16, 17, 20, 21, 22, 23};
    for (size_t i = 0; i < sizeof variant_inputs; ++i) {
        if (mg_input(node, variant_inputs[i])) {
            return 0;
        }
    }
    return 1;
}

/* The tensor types of a float32 LSTM or an int8 one (int16 cell state, int32 biases). */
typedef struct {
    uint8_t activations, weights, bias, cell;
} lstm_types;

static int tensors_fit(const mg_node *node, const mg_unidirectional_sequence_lstm_params *p, const lstm_types *t)
{
    const int32_t rows = p->batches * p->steps, state = p->batches * p->units;
    int ok = sized(mg_input(node, INPUT), rows * p->input_size, t->activations) &&
             sized(mg_output(node, 0), rows * p->units, t->activations) &&
             sized(mg_input(node, HIDDEN), state, t->activations) && sized(mg_input(node, CELL), state, t->cell);
    for (int g = 0; g < MG_LSTM_GATES; ++g) {
        ok = ok && sized(mg_input(node, INPUT_WEIGHTS + g), p->units * p->input_size, t->weights) &&
             sized(mg_input(node, RECURRENT_WEIGHTS + g), p->units * p->units, t->weights) &&
             sized(mg_input(node, BIAS + g), p->units, t->bias);
    }
    return ok;
}

mg_status mg_unidirectional_sequence_lstm_prepare_states(mg_node *node)
{
    const mg_unidirectional_sequence_lstm_params *p = node->params;
    if (node->num_inputs != INPUTS || node->num_outputs != 1 || !variants_absent(node) || !mg_input(node, INPUT)) {
        return mg_fail(node, "needs the 24 inputs of a standard LSTM without peepholes, projection or layer norm");
    }
    const uint8_t type = mg_input(node, INPUT)->type;
    const int is_int8 = type == MG_INT8 || type == MG_INT16; /* int8 weights */
    const lstm_types types = type == MG_INT8    ? (lstm_types){MG_INT8, MG_INT8, MG_INT32, MG_INT16}
                             : type == MG_INT16 ? (lstm_types){MG_INT16, MG_INT8, MG_INT64, MG_INT16}
                                                : (lstm_types){MG_FLOAT32, MG_FLOAT32, MG_FLOAT32, MG_FLOAT32};
    if (is_int8 && p->activation_bytes != (int32_t)mg_type_size(type)) {
        return mg_fail(node, "the activation type differs from the generated plan");
    }
    if (!tensors_fit(node, p, &types)) {
        return mg_fail(node, "the tensors differ from the generated plan");
    }
    /* an int8 hidden state starts at its zero point, as TFLite Micro's ResetVariableTensors fills it */
    memset(mg_input(node, HIDDEN)->data, type == MG_INT8 ? p->hidden_zero_point : 0,
           mg_tensor_bytes(mg_input(node, HIDDEN)));
    memset(mg_input(node, CELL)->data, 0, mg_tensor_bytes(mg_input(node, CELL)));
    return MG_OK;
}

mg_status mg_unidirectional_sequence_lstm_prepare(mg_node *node)
{
    const mg_status status = mg_unidirectional_sequence_lstm_prepare_states(node);
    if (status != MG_OK) {
        return status;
    }
    const mg_unidirectional_sequence_lstm_params *p = node->params;
    const uint8_t type = mg_input(node, INPUT)->type;
    const int32_t cell_bytes = type == MG_INT8 || type == MG_INT16 ? 2 : 4;
    if (node->scratch_size < mg_unidirectional_sequence_lstm_scratch_size(p->batches, p->units, cell_bytes)) {
        return mg_fail(node, "scratch smaller than mg_unidirectional_sequence_lstm_scratch_size");
    }
    return MG_OK;
}

void mg_lstm_node_data(const mg_node *node, mg_lstm_data *d)
{
    *d = (mg_lstm_data){
        mg_input(node, INPUT)->data, {0}, {0}, {0}, mg_input(node, HIDDEN)->data, mg_input(node, CELL)->data,
        mg_output(node, 0)->data};
    for (int g = 0; g < MG_LSTM_GATES; ++g) {
        d->input_weights[g] = mg_input(node, INPUT_WEIGHTS + g)->data;
        d->recurrent_weights[g] = mg_input(node, RECURRENT_WEIGHTS + g)->data;
        d->bias[g] = mg_input(node, BIAS + g)->data;
    }
}

static mg_status invoke(mg_node *node)
{
    mg_lstm_data d;
    mg_lstm_node_data(node, &d);
    if (mg_input(node, INPUT)->type != MG_FLOAT32) {
        mg_unidirectional_sequence_lstm_s8(node->params, &d, node->scratch);
    } else {
        mg_unidirectional_sequence_lstm_f32(node->params, &d, node->scratch);
    }
    return MG_OK;
}

const mg_registration mg_register_unidirectional_sequence_lstm = {0, 0, mg_unidirectional_sequence_lstm_prepare,
                                                                  invoke};
