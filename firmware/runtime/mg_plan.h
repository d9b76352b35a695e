/* Everything the generator decided ahead of time about one model (the generated arena_plan.c). */
#ifndef MG_PLAN_H
#define MG_PLAN_H

#include <stdint.h>

#include "mg_kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MG_NO_SCRATCH (-1)
#define MG_ARENA_GUARD_BYTES 16 /* painted bytes before and after the arena */
#define MG_ARENA_GUARD_PATTERN 0xA5u

/* Where one subgraph's tensors and nodes sit in the plan's flat tables, and its inputs and outputs (tensor
 * indices in place in the model; the runtime checks them against the model). */
typedef struct {
    uint32_t first_tensor;
    uint32_t num_tensors;
    uint32_t first_node;
    uint32_t num_nodes;
    const int32_t *inputs;
    uint32_t num_inputs;
    const int32_t *outputs;
    uint32_t num_outputs;
} mg_subgraph;

typedef struct {
    const uint8_t *model; /* the .tflite flatbuffer in flash */
    uint32_t model_size;
    uint8_t *arena; /* MG_ARENA_GUARD_BYTES of guard lie on each side */
    uint32_t arena_size;
    uint32_t num_tensors; /* of every subgraph: the tables below hold subgraph 0's entries, then 1's, ... */
    uint32_t num_nodes;
    const int32_t *scratch_offsets; /* per node: arena offset of its scratch, or MG_NO_SCRATCH */
    const uint32_t *scratch_sizes;  /* per node: bytes of scratch the planner reserved */
    const void *const *node_params; /* per node: the kernel's parameter block */
    const uint8_t *node_backends;   /* per node: which backend's kernel serves it (op_resolver.h) */
    const uint16_t *node_order;     /* each subgraph's execution order the planner chose (node indices) */
    const char *const *op_names;    /* per node, for messages */
    const mg_tensor *tensors;       /* every tensor, generated in flash; the runtime checks it against the model */
    mg_node *nodes;                 /* storage for num_nodes */
    const mg_registration **registrations; /* storage for num_nodes, filled by the op lookup */
    uint32_t *node_ticks;                  /* storage for num_nodes: per-node costs of a profiled run */
    uint32_t stateful;     /* 1: resource variables keep state across invokes, so each input set runs exactly once */
#ifndef MG_SINGLE_SUBGRAPH /* (mg_kernel.h) */
    uint32_t num_subgraphs;
    const mg_subgraph *subgraphs;
#endif
} mg_plan;

extern const mg_plan g_plan;

#ifdef MG_MULTI_MODEL
/* A firmware of several models (mcugen generate A B ...) names each plan NAME__g_plan; this is the one being
 * prepared or invoked (mg_interpreter.cc). */
extern const mg_plan *mg_active_plan;
#define MG_ACTIVE_PLAN (*mg_active_plan)
#else
#define MG_ACTIVE_PLAN g_plan
#endif

#ifdef __cplusplus
}
#endif

#endif
