/* The C99 interface between the mcugen runtime and its kernels.
 *
 * A kernel is a registration (init/free/prepare/invoke). It sees its node's input and output tensors and
 * a parameter block the generator computed ahead of time (quantized multipliers, activation ranges, ...),
 * so no kernel needs floating-point set-up math or heap memory on the device. */
#ifndef MG_KERNEL_H
#define MG_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* MG_ABORT: the node ends this invoke early without error and the nodes after it do not run (TFLite Micro's
 * kTfLiteAbort, returned by CIRCULAR_BUFFER between its periods); the model then gives no outputs this invoke. */
typedef enum { MG_OK = 0, MG_ERROR = 1, MG_ABORT = 2 } mg_status;

/* TFLite TensorType values, as stored in the model. */
enum {
    MG_FLOAT32 = 0,
    MG_FLOAT16 = 1, /* only as float16 weights kept in flash, widened by the float kernels (mg_half.h) */
    MG_INT32 = 2,
    MG_UINT8 = 3,
    MG_INT64 = 4,
    MG_BOOL = 6,
    MG_INT16 = 7,
    MG_INT8 = 9,
    MG_UINT64 = 12,   /* TFLite Micro's signal filter bank accumulators */
    MG_RESOURCE = 13, /* the int32 id of a resource variable */
    MG_UINT32 = 15,
    MG_INT4 = 17 /* only as int4 weights kept packed in flash, two to a byte (mg_int4.h) */
};

typedef struct {
    void *data;          /* in the arena, or in the model (constants) */
    const int32_t *dims; /* the shape, read in place from the model */
    uint8_t num_dims;
    uint8_t type;
} mg_tensor;

/* Every tensor of every subgraph, generated in flash (arena_plan.c): kernels read these structs and write only
 * through their data pointers. */
extern const mg_tensor mg_tensors[];

/* The parameter block of a custom op's node: its FlexBuffers custom options, in place in the model. */
typedef struct {
    const uint8_t *data;
    uint32_t size;
} mg_custom_options;

/* MG_SINGLE_SUBGRAPH: set by the build flags of a firmware whose model has one subgraph (platformio.ini). Its nodes
 * then index mg_tensors itself and lack the `tensors` field, 4 bytes of RAM each. The host build compiles the runtime
 * and kernels once for every model, so it never sets it. */
typedef struct mg_node {
#ifndef MG_SINGLE_SUBGRAPH
    const mg_tensor *tensors; /* its subgraph's tensors in mg_tensors: the indices below count from here */
#endif
    const int32_t *inputs; /* tensor indices, in place in the model; -1 marks an omitted input */
    const int32_t *outputs;
    uint8_t num_inputs;
    uint8_t num_outputs;
    uint16_t index;
    const void *params;    /* the generator's parameter block for this node */
    void *scratch;         /* planner-placed scratch memory, NULL if the kernel declares none */
    uint32_t scratch_size; /* bytes at scratch, as the kernel's *_scratch_size() asked */
    void *user_data;       /* set by init, when a kernel keeps state */
} mg_node;

typedef struct {
    mg_status (*init)(mg_node *node);    /* optional */
    void (*free)(mg_node *node);         /* optional */
    mg_status (*prepare)(mg_node *node); /* checks shapes and types once */
    mg_status (*invoke)(mg_node *node);
} mg_registration;

/* The tensors a node's input and output indices count from: its subgraph's. */
static inline const mg_tensor *mg_node_tensors(const mg_node *node)
{
#ifdef MG_SINGLE_SUBGRAPH
    (void)node;
    return mg_tensors;
#else
    return node->tensors;
#endif
}

static inline mg_tensor *mg_input(const mg_node *node, int i)
{
    return (i < node->num_inputs && node->inputs[i] >= 0) ? (mg_tensor *)&mg_node_tensors(node)[node->inputs[i]] : NULL;
}

static inline mg_tensor *mg_output(const mg_node *node, int i)
{
    return (mg_tensor *)&mg_node_tensors(node)[node->outputs[i]];
}

static inline int32_t mg_num_elements(const mg_tensor *t)
{
    int32_t n = 1;
    for (int i = 0; i < t->num_dims; ++i) {
        n *= t->dims[i];
    }
    return n;
}

/* Bytes per element of a TFLite type, 0 for types the runtime cannot hold or that pack several to a byte (int4). */
static inline uint32_t mg_type_size(uint8_t type)
{
    switch (type) {
    case MG_FLOAT32:
    case MG_INT32:
    case MG_RESOURCE:
    case MG_UINT32: return 4;
    case MG_INT64:
    case MG_UINT64: return 8;
    case MG_INT16:
    case MG_FLOAT16: return 2;
    case MG_INT8:
    case MG_UINT8:
    case MG_BOOL: return 1;
    default: return 0;
    }
}

static inline uint32_t mg_tensor_bytes(const mg_tensor *t)
{
    if (t->type == MG_INT4) { /* packed two to a byte */
        return ((uint32_t)mg_num_elements(t) + 1u) / 2u;
    }
    return (uint32_t)mg_num_elements(t) * mg_type_size(t->type);
}

/* Why the last kernel call failed: one slot for the whole graph, since the runtime stops at the first failure
 * (a field per node would cost RAM on every node). */
extern const char *mg_failure_reason;

static inline mg_status mg_fail(mg_node *node, const char *reason)
{
    (void)node;
    mg_failure_reason = reason;
    return MG_ERROR;
}

/* Runs every node of another subgraph of the model (CALL_ONCE, IF, WHILE); the runtime defines it. */
mg_status mg_invoke_subgraph(uint32_t subgraph);
/* A subgraph's input (is_output 0) or output tensor number `index`, NULL when it has none. */
const mg_tensor *mg_subgraph_tensor(uint32_t subgraph, int is_output, uint32_t index);

#ifdef __cplusplus
}
#endif

#endif
