/* The runtime's tensor-scale lookup (mg_tensor_scales.h): a tensor's quantization scales in the model flatbuffer
 * in flash, model.subgraphs[0].tensors[t].quantization.scale (tensorflow/lite/schema/schema.fbs).
 * Every position is checked against the model's size, so a corrupt model yields NULL, never a read outside it. */
#include <string.h>

#include "mg_plan.h"
#include "mg_tensor_scales.h"

/* Schema field numbers. */
enum { MODEL_SUBGRAPHS = 2, SUBGRAPH_TENSORS = 0, TENSOR_QUANTIZATION = 4, QUANTIZATION_SCALE = 2 };

typedef struct {
    const uint8_t *data;
    uint32_t size; /* at least 8 */
} blob;

static uint32_t load32(const blob *m, uint32_t pos)
{
    uint32_t v;
    memcpy(&v, m->data + pos, sizeof v);
    return v;
}

static uint32_t load16(const blob *m, uint32_t pos)
{
    uint16_t v;
    memcpy(&v, m->data + pos, sizeof v);
    return v;
}

/* Where the offset stored at pos points; 0 when pos or the target is out of range. */
static uint32_t follow(const blob *m, uint32_t pos)
{
    if (pos > m->size - 4) {
        return 0;
    }
    uint32_t target = pos + load32(m, pos);
    return target > pos && target <= m->size - 4 ? target : 0;
}

/* The table, vector or string that field `field` of the table at `table` refers to; 0 when absent. */
static uint32_t field_ref(const blob *m, uint32_t table, uint32_t field)
{
    if (table == 0) {
        return 0;
    }
    uint32_t vtable = table - load32(m, table); /* a signed offset back; a wrap lands out of range */
    uint32_t entry = 4 + 2 * field;
    if (vtable > m->size - 4 || vtable + entry + 2 > m->size || entry + 2 > load16(m, vtable)) {
        return 0;
    }
    uint32_t offset = load16(m, vtable + entry);
    return offset ? follow(m, table + offset) : 0;
}

/* The table at element `index` of the vector of tables at `vector`; 0 when out of range. */
static uint32_t element(const blob *m, uint32_t vector, uint32_t index)
{
    if (vector == 0 || index >= load32(m, vector) || index >= (m->size - vector) / 4 - 1) {
        return 0;
    }
    return follow(m, vector + 4 + 4 * index);
}

const uint8_t *mg_flatbuffer_tensor_scales(const uint8_t *model, uint32_t model_size, int32_t tensor, uint32_t count)
{
    const blob m = {model, model_size};
    if (model_size < 8) {
        return 0;
    }
    uint32_t graph = element(&m, field_ref(&m, follow(&m, 0), MODEL_SUBGRAPHS), 0);
    uint32_t t = element(&m, field_ref(&m, graph, SUBGRAPH_TENSORS), (uint32_t)tensor);
    uint32_t scales = field_ref(&m, field_ref(&m, t, TENSOR_QUANTIZATION), QUANTIZATION_SCALE);
    if (scales == 0 || load32(&m, scales) != count || count > (m.size - scales - 4) / 4) {
        return 0;
    }
    return model + scales + 4;
}

const uint8_t *mg_tensor_scales(int32_t tensor, uint32_t count)
{
    return mg_flatbuffer_tensor_scales(MG_ACTIVE_PLAN.model, MG_ACTIVE_PLAN.model_size, tensor, count);
}
