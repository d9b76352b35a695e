/* mcugen's shared types for a model compiled into a library (mcugen generate --as library).
 *
 * Every generated model library exposes its inputs and outputs as mcugen_tensor records, says what it is in an
 * mcugen_model_info record and reports failures as mcugen_status codes. This header also holds the helpers that
 * turn float values into a quantized tensor's integers and back, with TFLite's formula (q = round(x / scale) +
 * zero_point, clamped; x = (q - zero_point) * scale), and that rank an output's scores. See docs/embedding.md. */
#ifndef MCUGEN_H
#define MCUGEN_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* TFLite TensorType values (the `type` field). */
enum {
    MCUGEN_FLOAT32 = 0,
    MCUGEN_INT32 = 2,
    MCUGEN_UINT8 = 3,
    MCUGEN_INT64 = 4,
    MCUGEN_BOOL = 6,
    MCUGEN_INT16 = 7,
    MCUGEN_INT8 = 9,
    MCUGEN_UINT32 = 15
};

/* What every function returning int reports: 0 on success, otherwise one of these (NAME_error() adds detail). */
typedef enum {
    MCUGEN_OK = 0,
    MCUGEN_ERROR_PREPARE = 1,         /* init: the runtime refused the model or a node (NAME_error() says why) */
    MCUGEN_ERROR_NOT_INITIALIZED = 2, /* invoke before a successful init */
    MCUGEN_ERROR_INVOKE = 3,          /* a kernel failed during invoke (NAME_error() says which node) */
    MCUGEN_ERROR_ARENA_OVERRUN = 4,   /* a kernel wrote outside the arena: its guard bytes changed */
    MCUGEN_ERROR_ARENA_TOO_SMALL = 5, /* the buffer is smaller than NAME_ARENA_BUFFER_BYTES (NAME_error() says) */
    MCUGEN_ERROR_BAD_ARGUMENT = 6,    /* a NULL pointer or an index out of range */
    MCUGEN_ERROR_TYPE = 7,            /* the tensor's type cannot hold or give the value asked for */
    MCUGEN_ERROR_STATEFUL = 8,        /* a model that keeps state between invokes has only the static instance */
    MCUGEN_NO_OUTPUT = 9              /* not an error: the invoke ended early (a CIRCULAR_BUFFER between its periods),
                                         so the outputs are not this invoke's */
} mcugen_status;

/* A short English text for a status (never NULL). */
static inline const char *mcugen_status_text(int status)
{
    switch (status) {
    case MCUGEN_OK: return "ok";
    case MCUGEN_ERROR_PREPARE: return "the model could not be prepared";
    case MCUGEN_ERROR_NOT_INITIALIZED: return "init has not succeeded";
    case MCUGEN_ERROR_INVOKE: return "a kernel failed during invoke";
    case MCUGEN_ERROR_ARENA_OVERRUN: return "a kernel wrote outside the arena";
    case MCUGEN_ERROR_ARENA_TOO_SMALL: return "the arena buffer is too small";
    case MCUGEN_ERROR_BAD_ARGUMENT: return "a NULL pointer or an index out of range";
    case MCUGEN_ERROR_TYPE: return "the tensor's type does not allow this conversion";
    case MCUGEN_ERROR_STATEFUL: return "a stateful model has only its static instance";
    case MCUGEN_NO_OUTPUT: return "the invoke ended early: no new outputs";
    default: return "unknown status";
    }
}

typedef struct {
    void *data; /* the tensor's bytes (in the arena) */
    size_t bytes;
    int32_t rank;
    const int32_t *dims;
    int32_t type; /* TFLite TensorType: 0 float32, 2 int32, 3 uint8, 7 int16, 9 int8, ... */
    float scale;  /* 0 when the tensor is not quantized */
    int32_t zero_point;
    const char *name; /* the tensor's name in the model ("" when it has none) */
} mcugen_tensor;

/* What a generated model is and needs (NAME_info()); every figure is the generator's, fixed at generation. */
typedef struct {
    const char *name;           /* the API prefix (--name) */
    const char *model_file;     /* the .tflite file it was generated from */
    const char *model_sha256;   /* the SHA-256 of that file, 64 lowercase hex digits */
    const char *mcugen_version; /* the mcugen that generated it */
    size_t arena_bytes;         /* the memory plan's arena (tensors that are not constants) */
    size_t arena_buffer_bytes;  /* what NAME_init_with_arena and NAME_context_init need: NAME_ARENA_BUFFER_BYTES */
    size_t persistent_bytes;    /* state kept between invokes (resource variables), apart from the arena */
    size_t model_flash_bytes;   /* the model in flash (the flatbuffer, read in place); code comes on top */
    uint64_t macs;              /* multiply-accumulates of one invoke, as mcugen plan --nodes counts them */
    int32_t num_nodes;          /* the operators of the main subgraph */
    const char *ops;            /* the distinct operators, space-separated, e.g. "CONV_2D SOFTMAX" */
    int32_t num_inputs;
    int32_t num_outputs;
} mcugen_model_info;

/* Called once per node after a profiled invoke (NAME_set_profiler), in execution order: the node's index in the
 * model, its operator and the clock's ticks across it. */
typedef void (*mcugen_op_callback)(void *user, int32_t node, const char *op_name, uint32_t ticks);

/* Elements of a tensor (the product of its dims; 1 for a scalar). */
static inline size_t mcugen_num_elements(const mcugen_tensor *tensor)
{
    size_t n = 1;
    for (int32_t i = 0; i < tensor->rank; ++i) {
        n *= (size_t)tensor->dims[i];
    }
    return n;
}

/* Bytes of one element of a type the helpers convert, 0 for the others. */
static inline size_t mcugen_element_bytes_(int32_t type)
{
    switch (type) {
    case MCUGEN_FLOAT32:
    case MCUGEN_INT32: return 4;
    case MCUGEN_INT16: return 2;
    case MCUGEN_INT8:
    case MCUGEN_UINT8:
    case MCUGEN_BOOL: return 1;
    default: return 0;
    }
}

/* Whether `value` quantizes into the tensor: an int8, uint8 or int16 tensor with a positive scale. */
static inline int mcugen_is_quantized_(const mcugen_tensor *tensor)
{
    return (tensor->type == MCUGEN_INT8 || tensor->type == MCUGEN_UINT8 || tensor->type == MCUGEN_INT16) &&
           tensor->scale > 0.0f;
}

/* The integer of an int8, uint8 or int16 tensor that represents `value` (rounded half away from zero and
 * clamped to the type's range, as TFLite's converter quantizes). 0 for a tensor that is not quantized (a float
 * tensor, or scale 0): mcugen_to_quantized says so with MCUGEN_ERROR_TYPE. */
static inline int32_t mcugen_quantize(const mcugen_tensor *tensor, float value)
{
    if (!mcugen_is_quantized_(tensor)) {
        return 0;
    }
    int32_t lo = tensor->type == MCUGEN_UINT8 ? 0 : tensor->type == MCUGEN_INT16 ? -32768 : -128;
    int32_t hi = tensor->type == MCUGEN_UINT8 ? 255 : tensor->type == MCUGEN_INT16 ? 32767 : 127;
    float q = roundf(value / tensor->scale) + (float)tensor->zero_point;
    return q < (float)lo ? lo : q > (float)hi ? hi : (int32_t)q;
}

/* mcugen_quantize with an answer: MCUGEN_OK and *q set, or MCUGEN_ERROR_TYPE when the tensor is not quantized. */
static inline int mcugen_to_quantized(const mcugen_tensor *tensor, float value, int32_t *q)
{
    if (!q) {
        return MCUGEN_ERROR_BAD_ARGUMENT;
    }
    if (!mcugen_is_quantized_(tensor)) {
        return MCUGEN_ERROR_TYPE;
    }
    *q = mcugen_quantize(tensor, value);
    return MCUGEN_OK;
}

/* The real value the integer q of a quantized tensor stands for. */
static inline float mcugen_dequantize(const mcugen_tensor *tensor, int32_t q)
{
    return (float)(q - tensor->zero_point) * tensor->scale;
}

/* Element i of a tensor as a float: float32 as is, int8/uint8/int16 dequantized (as integers when scale is 0),
 * int32 and bool converted; 0 for an index out of range or another type (mcugen_read_float says which). */
static inline float mcugen_get_float(const mcugen_tensor *tensor, size_t i)
{
    size_t size = mcugen_element_bytes_(tensor->type);
    if (size == 0 || i >= tensor->bytes / size) {
        return 0.0f;
    }
    float scale = tensor->scale > 0.0f ? tensor->scale : 1.0f;
    int32_t zero_point = tensor->scale > 0.0f ? tensor->zero_point : 0;
    switch (tensor->type) {
    case MCUGEN_FLOAT32: return ((const float *)tensor->data)[i];
    case MCUGEN_INT8: return (float)(((const int8_t *)tensor->data)[i] - zero_point) * scale;
    case MCUGEN_UINT8: return (float)(((const uint8_t *)tensor->data)[i] - zero_point) * scale;
    case MCUGEN_INT16: return (float)(((const int16_t *)tensor->data)[i] - zero_point) * scale;
    case MCUGEN_INT32: return (float)((const int32_t *)tensor->data)[i];
    default: return ((const uint8_t *)tensor->data)[i] ? 1.0f : 0.0f; /* bool */
    }
}

/* mcugen_get_float with an answer: MCUGEN_OK and *value set, MCUGEN_ERROR_BAD_ARGUMENT for an index out of range,
 * MCUGEN_ERROR_TYPE for a type it does not convert (int64, uint32, ...). */
static inline int mcugen_read_float(const mcugen_tensor *tensor, size_t i, float *value)
{
    size_t size = mcugen_element_bytes_(tensor->type);
    if (size == 0) {
        return MCUGEN_ERROR_TYPE;
    }
    if (!value || i >= tensor->bytes / size) {
        return MCUGEN_ERROR_BAD_ARGUMENT;
    }
    *value = mcugen_get_float(tensor, i);
    return MCUGEN_OK;
}

/* Stores `value` as element i of a float32 tensor, or of a quantized int8, uint8 or int16 tensor (quantized):
 * MCUGEN_OK; MCUGEN_ERROR_TYPE for any other tensor (int32, bool, or an integer tensor without a scale: a real
 * value has no exact integer there), which is left unchanged; MCUGEN_ERROR_BAD_ARGUMENT for an index out of
 * range. */
static inline int mcugen_set_float(const mcugen_tensor *tensor, size_t i, float value)
{
    if (tensor->type != MCUGEN_FLOAT32 && !mcugen_is_quantized_(tensor)) {
        return MCUGEN_ERROR_TYPE;
    }
    if (i >= tensor->bytes / mcugen_element_bytes_(tensor->type)) {
        return MCUGEN_ERROR_BAD_ARGUMENT;
    }
    switch (tensor->type) {
    case MCUGEN_FLOAT32: ((float *)tensor->data)[i] = value; break;
    case MCUGEN_INT8: ((int8_t *)tensor->data)[i] = (int8_t)mcugen_quantize(tensor, value); break;
    case MCUGEN_UINT8: ((uint8_t *)tensor->data)[i] = (uint8_t)mcugen_quantize(tensor, value); break;
    default: ((int16_t *)tensor->data)[i] = (int16_t)mcugen_quantize(tensor, value); break;
    }
    return MCUGEN_OK;
}

/* Whether element a of the tensor ranks above element b: the larger value, the lower index on a tie. Values
 * compare as stored (a quantized tensor's order is its real values' order, its scale being positive). */
static inline int mcugen_ranks_above_(const mcugen_tensor *tensor, size_t a, size_t b)
{
    if (tensor->type == MCUGEN_FLOAT32) {
        float x = ((const float *)tensor->data)[a], y = ((const float *)tensor->data)[b];
        return x > y || (x == y && a < b);
    }
    int32_t x, y;
    switch (tensor->type) {
    case MCUGEN_INT8: x = ((const int8_t *)tensor->data)[a], y = ((const int8_t *)tensor->data)[b]; break;
    case MCUGEN_INT16: x = ((const int16_t *)tensor->data)[a], y = ((const int16_t *)tensor->data)[b]; break;
    case MCUGEN_INT32: x = ((const int32_t *)tensor->data)[a], y = ((const int32_t *)tensor->data)[b]; break;
    default: x = ((const uint8_t *)tensor->data)[a], y = ((const uint8_t *)tensor->data)[b]; break;
    }
    return x > y || (x == y && a < b);
}

/* The indices of the k largest elements, largest first (the lower index first among equal values), written to
 * indices[0..]: how many were written (k, or fewer when the tensor has fewer elements; 0 for a type it does not
 * rank, such as int64). Costs k passes over the tensor: meant for class scores. */
static inline size_t mcugen_top_k(const mcugen_tensor *tensor, size_t k, int32_t *indices)
{
    size_t size = mcugen_element_bytes_(tensor->type);
    size_t n = size ? tensor->bytes / size : 0;
    size_t found = 0;
    for (; found < k && found < n; ++found) {
        size_t best = n;
        for (size_t i = 0; i < n; ++i) {
            int taken = 0;
            for (size_t j = 0; j < found && !taken; ++j) {
                taken = (size_t)indices[j] == i;
            }
            if (!taken && (best == n || mcugen_ranks_above_(tensor, i, best))) {
                best = i;
            }
        }
        indices[found] = (int32_t)best;
    }
    return found;
}

/* The index of the largest element (the first of equal ones), -1 for an empty tensor or a type it does not rank. */
static inline int32_t mcugen_argmax(const mcugen_tensor *tensor)
{
    int32_t best;
    return mcugen_top_k(tensor, 1, &best) == 1 ? best : -1;
}

#ifdef __cplusplus
}
#endif

#endif
