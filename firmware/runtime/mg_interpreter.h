// The mcugen runtime: reads the model in flash, binds every node through the op resolver, places every
// tensor at the offset the generator planned, prepares each node once and invokes the graph.
#ifndef MG_INTERPRETER_H
#define MG_INTERPRETER_H

#include <stdint.h>

#include "mg_kernel.h"
#include "mg_op_resolver.h"

namespace mcugen {

constexpr uint32_t kConstantTensor = 0xFFFFFFFFu;  // tensor_offsets entry of a tensor held in the model
constexpr int32_t kNoScratch = -1;

// Everything the generator decided ahead of time (arena_plan.c and node_params.c).
struct Plan {
  uint8_t* arena;
  uint32_t arena_size;
  uint32_t num_tensors;
  uint32_t num_nodes;
  const uint32_t* tensor_offsets;     // per tensor: arena offset, or kConstantTensor
  const int32_t* scratch_offsets;     // per node: arena offset of its scratch, or kNoScratch
  const void* const* node_params;     // per node
  const char* const* op_names;        // per node, for messages
  mg_tensor* tensors;                 // storage for num_tensors
  mg_node* nodes;                     // storage for num_nodes
  const mg_registration** registrations;  // storage for num_nodes, filled by the lookup
};

class Interpreter {
 public:
  Interpreter(const uint8_t* model, uint32_t model_size, const OpResolver& resolver, const Plan& plan)
      : model_(model), model_size_(model_size), resolver_(resolver), plan_(plan) {}

  // Parses, binds and prepares; false with error() set on any failure.
  bool Init();
  // Runs every node in order; node_ticks (num_nodes entries, may be null) receives per-node SysTick counts.
  bool Invoke(uint64_t* node_ticks);

  uint32_t num_inputs() const { return num_inputs_; }
  uint32_t num_outputs() const { return num_outputs_; }
  mg_tensor* input(uint32_t i) { return &plan_.tensors[inputs_[i]]; }
  mg_tensor* output(uint32_t i) { return &plan_.tensors[outputs_[i]]; }
  const char* error() const { return error_; }

 private:
  bool ParseTensors(class FlatBlob& blob, class FlatTable& model, class FlatTable& subgraph);
  bool BindNodes(class FlatBlob& blob, class FlatTable& model, class FlatTable& subgraph);
  bool Fail(const char* stage, uint32_t node, const char* what, const char* detail);
  bool FailModel(const char* what);

  const uint8_t* model_;
  uint32_t model_size_;
  const OpResolver& resolver_;
  Plan plan_;
  const int32_t* inputs_ = nullptr;
  const int32_t* outputs_ = nullptr;
  uint32_t num_inputs_ = 0;
  uint32_t num_outputs_ = 0;
  char error_[160] = {0};
};

// Bytes per element of a TFLite type, 0 for types the runtime cannot hold.
uint32_t TypeSize(uint8_t type);
uint32_t TensorBytes(const mg_tensor& tensor);

}  // namespace mcugen

#endif
