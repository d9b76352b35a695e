// The mcugen runtime: reads the model in flash, binds every node through the op resolver, places every
// tensor at the offset the generator planned, prepares each node once and invokes the graph.
#ifndef MG_INTERPRETER_H
#define MG_INTERPRETER_H

#include <stdint.h>

#include "mg_kernel.h"
#include "mg_op_resolver.h"
#include "mg_plan.h"

namespace mcugen {

class Interpreter {
 public:
  Interpreter(const OpResolver& resolver, const mg_plan& plan)
      : model_(plan.model), model_size_(plan.model_size), resolver_(resolver), plan_(plan) {}

  // Parses, binds and prepares; false with error() set on any failure.
  bool Init();
  // Runs subgraph 0's nodes in order; with profile set, the plan's node_ticks receive per-node SysTick counts.
  // A node may end the run early (MG_ABORT): Invoke still succeeds and aborted() says so.
#ifdef MG_MULTI_MODEL
  // Several models share the runtime: this one becomes the active one first (mg_invoke_subgraph, mg_active_plan).
  bool Invoke(bool profile);
#else
  bool Invoke(bool profile) {
    aborted_ = false;
    return InvokeSubgraph(0, profile);
  }
#endif
  // Runs the nodes of one subgraph, below num_subgraphs() (CALL_ONCE, IF and WHILE nodes run the others through
  // mg_invoke_subgraph, which checks the index).
  bool InvokeSubgraph(uint32_t subgraph, bool profile);

  // Subgraph 0's nodes: the first entries of the plan's node tables.
  uint32_t num_nodes() const { return Subgraph(0).num_nodes; }
  // A firmware built with MG_SINGLE_SUBGRAPH (mg_kernel.h) has no subgraph table: its plan is subgraph 0's, and
  // its inputs and outputs are read from the model alone.
#ifdef MG_SINGLE_SUBGRAPH
  uint32_t num_subgraphs() const { return 1; }
#else
  uint32_t num_subgraphs() const { return plan_.num_subgraphs; }
#endif
  // The last Invoke ended early (a CIRCULAR_BUFFER between its periods): the outputs are not this invoke's.
  bool aborted() const { return aborted_; }
  uint32_t num_inputs() const { return num_inputs_; }
  uint32_t num_outputs() const { return num_outputs_; }
  const mg_tensor* input(uint32_t i) const { return &plan_.tensors[inputs_[i]]; }
  const mg_tensor* output(uint32_t i) const { return &plan_.tensors[outputs_[i]]; }
  const char* error() const { return error_; }
  // A subgraph's input or output tensor, nullptr when it has none (IF and WHILE copy through these).
  const mg_tensor* SubgraphTensor(uint32_t subgraph, bool is_output, uint32_t index) const;
  // False when anything wrote into the guard bytes around the arena since Init().
  bool ArenaGuardsIntact() const;

 private:
  bool ParseTensors(class FlatBlob& blob, class FlatTable& model, class FlatTable& subgraph, uint32_t index);
  bool BindNodes(class FlatBlob& blob, class FlatTable& model, class FlatTable& subgraph, uint32_t index);
#ifdef MG_SINGLE_SUBGRAPH
  mg_subgraph Subgraph(uint32_t) const { return {0, plan_.num_tensors, 0, plan_.num_nodes, nullptr, 0, nullptr, 0}; }
#else
  mg_subgraph Subgraph(uint32_t subgraph) const { return plan_.subgraphs[subgraph]; }
#endif
  bool Fail(const char* stage, uint32_t node, const char* what, const char* detail);
  bool FailModel(const char* what);

  const uint8_t* model_;
  uint32_t model_size_;
  const OpResolver& resolver_;
  const mg_plan& plan_;
  const int32_t* inputs_ = nullptr;
  const int32_t* outputs_ = nullptr;
  uint32_t num_inputs_ = 0;
  uint32_t num_outputs_ = 0;
  bool aborted_ = false;
  char error_[160] = {0};
};

// Bytes per element of a TFLite type, 0 for types the runtime cannot hold.
uint32_t TypeSize(uint8_t type);
uint32_t TensorBytes(const mg_tensor& tensor);

}  // namespace mcugen

#endif
