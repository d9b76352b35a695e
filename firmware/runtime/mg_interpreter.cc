#include "mg_interpreter.h"

#include <string.h>

#include "mg_board.h"
#include "mg_flatbuffer.h"

#if __has_include("mg_build_config.h")
#include "mg_build_config.h"  // generated per project
#endif
#ifndef MG_VERBOSE
#define MG_VERBOSE 0
#endif

// Defined inside a linkage block: `extern "C" T x = v;` alone reads as "extern and initialized" to GCC and warns.
extern "C" {
const char* mg_failure_reason = nullptr;
}

namespace {
mcugen::Interpreter* g_interpreter = nullptr;  // the one the kernels' mg_invoke_subgraph calls reach
}

#ifdef MG_MULTI_MODEL
extern "C" {
const mg_plan* mg_active_plan = nullptr;
}
#endif

extern "C" mg_status mg_invoke_subgraph(uint32_t subgraph) {
  if (!g_interpreter || subgraph >= g_interpreter->num_subgraphs()) {
    mg_failure_reason = "a node invokes a subgraph the model lacks";
    return MG_ERROR;
  }
  return g_interpreter->InvokeSubgraph(subgraph, false) ? MG_OK : MG_ERROR;
}

extern "C" const mg_tensor* mg_subgraph_tensor(uint32_t subgraph, int is_output, uint32_t index) {
  return g_interpreter ? g_interpreter->SubgraphTensor(subgraph, is_output != 0, index) : nullptr;
}

namespace mcugen {
namespace {

// Schema field numbers (tensorflow/lite/schema/schema.fbs).
enum { kModelOperatorCodes = 1, kModelSubgraphs = 2, kModelBuffers = 4 };
enum { kCodeDeprecated = 0, kCodeCustom = 1, kCodeVersion = 2, kCodeBuiltin = 3 };
enum { kGraphTensors = 0, kGraphInputs = 1, kGraphOutputs = 2, kGraphOperators = 3 };
enum { kTensorShape = 0, kTensorType = 1, kTensorBuffer = 2 };
enum { kOpOpcodeIndex = 0, kOpInputs = 1, kOpOutputs = 2, kOpCustomOptions = 5 };
enum { kBufferData = 0 };

// Appends text and numbers to a fixed buffer (no printf on the device).
class Message {
 public:
  Message(char* buf, uint32_t size) : buf_(buf), size_(size) { buf_[0] = 0; }
  Message& operator<<(const char* s) {
    while (*s && len_ + 1 < size_) buf_[len_++] = *s++;
    buf_[len_] = 0;
    return *this;
  }
  Message& operator<<(int32_t v) {
    char digits[12];
    int n = 0;
    uint32_t u = v < 0 ? 0u - static_cast<uint32_t>(v) : static_cast<uint32_t>(v);
    do {
      digits[n++] = static_cast<char>('0' + u % 10);
      u /= 10;
    } while (u);
    if (v < 0) digits[n++] = '-';
    char text[12];
    for (int i = 0; i < n; ++i) text[i] = digits[n - 1 - i];
    text[n] = 0;
    return *this << static_cast<const char*>(text);
  }

 private:
  char* buf_;
  uint32_t size_;
  uint32_t len_ = 0;
};

bool Aligned(uint32_t pos, uint32_t alignment) { return pos % alignment == 0; }

// True when each of `count` tensor indices names one of `num_tensors` tensors, or is -1 where `omittable` is 1
// (an operator's omitted optional input): the unsigned sum moves -1 to 0 and every other negative index past the end.
bool ValidIndices(const int32_t* indices, uint32_t count, uint32_t num_tensors, uint32_t omittable) {
  for (uint32_t k = 0; k < count; ++k)
    if (static_cast<uint32_t>(indices[k]) + omittable >= num_tensors + omittable) return false;
  return true;
}

// One line per lookup or prepare in verbose builds: "MCUGEN VERBOSE <stage> node N (OP): <result>".
void Trace(const char* stage, uint32_t node, const char* op, const char* result, const char* detail) {
  if (!MG_VERBOSE) return;
  char line[160];
  Message m(line, sizeof line);
  m << "MCUGEN VERBOSE " << stage << " node " << static_cast<int32_t>(node) << " (" << op << "): " << result;
  if (detail) m << " " << detail;
  mg_board_puts(line);
  mg_board_putc('\n');
}

}  // namespace

uint32_t TypeSize(uint8_t type) { return mg_type_size(type); }

uint32_t TensorBytes(const mg_tensor& tensor) { return mg_tensor_bytes(&tensor); }

bool Interpreter::FailModel(const char* what) {
  Message(error_, sizeof error_) << "model: " << what;
  return false;
}

bool Interpreter::Fail(const char* stage, uint32_t node, const char* what, const char* detail) {
  Message m(error_, sizeof error_);
  m << stage << " failed at node " << static_cast<int32_t>(node) << " (" << plan_.op_names[node] << "): " << what;
  if (detail) m << detail;
  return false;
}

bool Interpreter::Init() {
  if (model_size_ < 8 || memcmp(model_ + 4, "TFL3", 4) != 0) return FailModel("no TFL3 identifier");
  memset(plan_.arena - MG_ARENA_GUARD_BYTES, MG_ARENA_GUARD_PATTERN, MG_ARENA_GUARD_BYTES);
  memset(plan_.arena + plan_.arena_size, MG_ARENA_GUARD_PATTERN, MG_ARENA_GUARD_BYTES);
  FlatBlob blob(model_, model_size_);
  FlatTable model(blob, blob.Follow(0));
  uint32_t num_subgraphs = 0;
  model.Vector(kModelSubgraphs, 4, &num_subgraphs);
  if (!blob.ok() || num_subgraphs != this->num_subgraphs())
    return FailModel("subgraphs differ from the generated plan");
  for (uint32_t s = 0; s < this->num_subgraphs(); ++s) {
    FlatTable subgraph = model.VectorTable(kModelSubgraphs, s);
    if (!ParseTensors(blob, model, subgraph, s) || !BindNodes(blob, model, subgraph, s)) return false;
  }
#ifndef MG_SINGLE_SUBGRAPH
  g_interpreter = this;  // else no node may run another subgraph: mg_invoke_subgraph fails
#endif
#ifdef MG_MULTI_MODEL
  mg_active_plan = &plan_;  // prepare reads this model's scales (mg_tensor_scales)
#endif
  for (uint32_t i = 0; i < plan_.num_nodes; ++i) {
    mg_node& node = plan_.nodes[i];
    const mg_registration* reg = plan_.registrations[i];
    if (reg->init && reg->init(&node) != MG_OK) return Fail("init", i, "", mg_failure_reason);
    bool prepared = !reg->prepare || reg->prepare(&node) == MG_OK;
    Trace("prepare", i, plan_.op_names[i], prepared ? "ok" : "failed:", prepared ? nullptr : mg_failure_reason);
    if (!prepared) return Fail("prepare", i, "", mg_failure_reason);
  }
  return true;
}

// The tensor table was generated from this model: every entry must say what the model says (type, shape in
// place, data in the model or inside the arena), or the model in flash is not the one the firmware was made for.
// Then the subgraph's inputs and outputs, indices into that table; subgraph 0's are what an inference reads and
// writes, and with several subgraphs IF and WHILE read the plan's copy, which must be these.
bool Interpreter::ParseTensors(FlatBlob& blob, FlatTable& model, FlatTable& subgraph, uint32_t index) {
  const mg_subgraph& plan = Subgraph(index);
  uint32_t num_tensors = 0, num_buffers = 0;
  subgraph.Vector(kGraphTensors, 4, &num_tensors);
  model.Vector(kModelBuffers, 4, &num_buffers);
  if (num_tensors != plan.num_tensors) return FailModel("tensor count differs from the generated plan");
  for (uint32_t i = 0; i < num_tensors; ++i) {
    FlatTable t = subgraph.VectorTable(kGraphTensors, i);
    const mg_tensor& tensor = plan_.tensors[plan.first_tensor + i];
    uint32_t num_dims = 0;
    uint32_t dims = t.Vector(kTensorShape, 4, &num_dims);
    uint8_t type = t.U8(kTensorType, MG_FLOAT32);
    uint32_t buffer = t.U32(kTensorBuffer, 0);
    uint32_t data_len = 0, data = 0;
    if (buffer < num_buffers) data = model.VectorTable(kModelBuffers, buffer).Vector(kBufferData, 1, &data_len);
    if (!blob.ok() || num_dims > 8 || !Aligned(dims, 4) || (TypeSize(type) == 0 && type != MG_INT4))
      return FailModel("corrupt tensor table");
    const int32_t* model_dims = num_dims ? reinterpret_cast<const int32_t*>(model_ + dims) : nullptr;
    if (tensor.type != type || tensor.num_dims != num_dims || (num_dims && tensor.dims != model_dims)) {
      return FailModel("tensor types or shapes differ from the generated plan");
    }
    // A tensor the model holds data for is a constant, in place there; any other one of some bytes lies inside the
    // arena (one of none can be read or written through nothing).
    uint32_t bytes = TensorBytes(tensor);
    if (data_len != 0) {
      if (data_len != bytes || !Aligned(data, 4)) return FailModel("constant tensor data mismatch");
      if (tensor.data != model_ + data) return FailModel("tensor data differs from the generated plan");
    } else if (bytes != 0) {
      uintptr_t offset = reinterpret_cast<uintptr_t>(tensor.data) - reinterpret_cast<uintptr_t>(plan_.arena);
      if (offset > plan_.arena_size || bytes > plan_.arena_size - offset) {
        return FailModel("tensor does not match the arena plan");
      }
    }
  }
  uint32_t num_in = 0, num_out = 0;
  uint32_t in = subgraph.Vector(kGraphInputs, 4, &num_in);
  uint32_t out = subgraph.Vector(kGraphOutputs, 4, &num_out);
  const int32_t* inputs = reinterpret_cast<const int32_t*>(model_ + in);
  const int32_t* outputs = reinterpret_cast<const int32_t*>(model_ + out);
  if (!blob.ok() || !Aligned(in, 4) || !Aligned(out, 4)) return FailModel("corrupt tensor table");
#ifndef MG_SINGLE_SUBGRAPH
  if (num_in != plan.num_inputs || num_out != plan.num_outputs || (num_in && inputs != plan.inputs) ||
      (num_out && outputs != plan.outputs)) {
    return FailModel("subgraph inputs or outputs differ from the generated plan");
  }
#endif
  if (!ValidIndices(inputs, num_in, num_tensors, 0) || !ValidIndices(outputs, num_out, num_tensors, 0))
    return FailModel("bad tensor index");
  if (index == 0) {
    inputs_ = inputs;
    outputs_ = outputs;
    num_inputs_ = num_in;
    num_outputs_ = num_out;
  }
  return true;
}

const mg_tensor* Interpreter::SubgraphTensor(uint32_t subgraph, bool is_output, uint32_t index) const {
  if (subgraph >= num_subgraphs()) return nullptr;
  const mg_subgraph s = Subgraph(subgraph);
  if (index >= (is_output ? s.num_outputs : s.num_inputs)) return nullptr;
  return &plan_.tensors[s.first_tensor + static_cast<uint32_t>((is_output ? s.outputs : s.inputs)[index])];
}

bool Interpreter::BindNodes(FlatBlob& blob, FlatTable& model, FlatTable& subgraph, uint32_t index) {
  const mg_subgraph& plan = Subgraph(index);
  uint32_t num_ops = 0, num_codes = 0;
  subgraph.Vector(kGraphOperators, 4, &num_ops);
  model.Vector(kModelOperatorCodes, 4, &num_codes);
  if (num_ops != plan.num_nodes) return FailModel("operator count differs from the generated plan");
  for (uint32_t local = 0; local < num_ops; ++local) {
    uint32_t i = plan.first_node + local;  // the node's entry in the plan's tables
    FlatTable op = subgraph.VectorTable(kGraphOperators, local);
    uint32_t code_index = op.U32(kOpOpcodeIndex, 0);
    if (code_index >= num_codes) return FailModel("bad operator code index");
    FlatTable code = model.VectorTable(kModelOperatorCodes, code_index);
    int32_t builtin = code.I32(kCodeBuiltin, 0);
    int32_t deprecated = static_cast<int8_t>(code.U8(kCodeDeprecated, 0));
    if (deprecated > builtin) builtin = deprecated;
    int32_t version = code.I32(kCodeVersion, 1);
    uint32_t name_len = 0;
    uint32_t name = code.Vector(kCodeCustom, 1, &name_len);

    mg_node& node = plan_.nodes[i];
    uint32_t n_in = 0, n_out = 0, n_opt = 0;
    uint32_t in = op.Vector(kOpInputs, 4, &n_in);
    uint32_t out = op.Vector(kOpOutputs, 4, &n_out);
    uint32_t opt = op.Vector(kOpCustomOptions, 1, &n_opt);
    if (builtin == kBuiltinCustom && n_opt) {  // a custom node's parameter block points at its options
      const mg_custom_options* options = static_cast<const mg_custom_options*>(plan_.node_params[i]);
      if (!options || options->data != model_ + opt || options->size != n_opt) {
        return FailModel("custom options differ from the generated plan");
      }
    }
    if (!blob.ok() || !Aligned(in, 4) || !Aligned(out, 4) || n_in > 255 || n_out > 255) {
      return FailModel("corrupt operator table");
    }
    node = mg_node{
#ifndef MG_SINGLE_SUBGRAPH
        plan_.tensors + plan.first_tensor,
#endif
        reinterpret_cast<const int32_t*>(model_ + in),
        reinterpret_cast<const int32_t*>(model_ + out),
        static_cast<uint8_t>(n_in),
        static_cast<uint8_t>(n_out),
        static_cast<uint16_t>(i),
        plan_.node_params[i],
        plan_.scratch_offsets[i] == MG_NO_SCRATCH ? nullptr : plan_.arena + plan_.scratch_offsets[i],
        plan_.scratch_sizes[i],
        nullptr};
    if (!ValidIndices(node.inputs, n_in, plan.num_tensors, 1) ||
        !ValidIndices(node.outputs, n_out, plan.num_tensors, 0))
      return FailModel("bad tensor index");
    const mg_registration* reg = builtin == kBuiltinCustom
                                     ? resolver_.FindOp(reinterpret_cast<const char*>(model_ + name), name_len, version)
                                     : resolver_.FindOp(builtin, version, plan_.node_backends[i]);
    Trace("lookup", i, plan_.op_names[i], reg ? "found" : "missing", nullptr);
    if (!reg) {
      Message m(error_, sizeof error_);
      m << "lookup failed at node " << static_cast<int32_t>(i) << ": Didn't find op for ";
      m << (builtin == kBuiltinCustom ? "custom op '" : "builtin opcode '") << plan_.op_names[i];
      m << "' version '" << version << "'";
      return false;
    }
    plan_.registrations[i] = reg;
  }
  return true;
}

bool Interpreter::ArenaGuardsIntact() const {
  for (uint32_t i = 0; i < MG_ARENA_GUARD_BYTES; ++i) {
    if (plan_.arena[-1 - static_cast<int32_t>(i)] != MG_ARENA_GUARD_PATTERN) return false;
    if (plan_.arena[plan_.arena_size + i] != MG_ARENA_GUARD_PATTERN) return false;
  }
  return true;
}

#ifdef MG_MULTI_MODEL
bool Interpreter::Invoke(bool profile) {
  g_interpreter = this;
  mg_active_plan = &plan_;
  aborted_ = false;
  return InvokeSubgraph(0, profile);
}
#endif

bool Interpreter::InvokeSubgraph(uint32_t subgraph, bool profile) {
  const mg_subgraph& plan = Subgraph(subgraph);
  const uint32_t end = plan.first_node + plan.num_nodes;
  for (uint32_t step = plan.first_node; step < end; ++step) {
    uint32_t i = plan_.node_order[step];
    uint64_t start = profile ? mg_board_ticks() : 0;
    mg_status status = plan_.registrations[i]->invoke(&plan_.nodes[i]);
    if (profile) plan_.node_ticks[i] = static_cast<uint32_t>(mg_board_ticks() - start);
    if (status == MG_OK) continue;
    if (status != MG_ABORT) return Fail("invoke", i, "", mg_failure_reason);
    // The nodes after it wait for a later invoke, as in TFLite Micro (the generator allows such a node in
    // subgraph 0 only, so the early end is always the whole invoke's).
    aborted_ = true;
    for (uint32_t rest = step + 1; profile && rest < end; ++rest) plan_.node_ticks[plan_.node_order[rest]] = 0;
    return true;
  }
  return true;
}

}  // namespace mcugen
