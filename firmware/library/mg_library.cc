// mg_library.h's shared init and invoke: one copy in a library however many models it holds.
#include "mg_library.h"

#include <string.h>

extern "C" uint32_t (*mg_library_clock)(void);  // mg_board_none.c: the profiler's clock, read by mg_board_ticks

namespace {

constexpr size_t Align16(size_t n) { return (n + 15) & ~static_cast<size_t>(15); }

int Failed(mg_library_instance* instance, int status, const char* why) {
  instance->error_text = why;
  return status;
}

// The plan over the caller's buffer: the arena between its guard bytes (aligned to 16), then the tensor table and
// the node storage (the layout NAME_ARENA_BUFFER_BYTES counts); g_plan's tables, with every tensor in the arena
// moved to the buffer's arena, and the input and output records likewise.
void PlanOver(mg_library_instance* instance, const mg_library_model& model, unsigned char* buffer, mcugen_tensor* own) {
  const mg_plan& given = *model.plan;
  mg_plan& plan = instance->plan;
  plan = given;
  unsigned char* base = reinterpret_cast<unsigned char*>((reinterpret_cast<uintptr_t>(buffer) + 15) & ~15u);
  plan.arena = base + MG_ARENA_GUARD_BYTES;
  mg_tensor* tensors = reinterpret_cast<mg_tensor*>(base + Align16(2 * MG_ARENA_GUARD_BYTES + given.arena_size));
  for (uint32_t i = 0; i < plan.num_tensors; ++i) {
    tensors[i] = given.tensors[i];
    uintptr_t offset = reinterpret_cast<uintptr_t>(tensors[i].data) - reinterpret_cast<uintptr_t>(given.arena);
    if (offset <= given.arena_size) tensors[i].data = plan.arena + offset;  // (else a constant, in place)
  }
  plan.tensors = tensors;
  plan.nodes = reinterpret_cast<mg_node*>(tensors + plan.num_tensors);
  plan.registrations = reinterpret_cast<const mg_registration**>(plan.nodes + plan.num_nodes);
  plan.node_ticks = reinterpret_cast<uint32_t*>(plan.registrations + plan.num_nodes);
  for (int i = 0; i < model.num_inputs + model.num_outputs; ++i) {
    const mcugen_tensor& from = i < model.num_inputs ? model.inputs[i] : model.outputs[i - model.num_inputs];
    own[i] = from;
    uintptr_t offset = reinterpret_cast<uintptr_t>(from.data) - reinterpret_cast<uintptr_t>(given.arena);
    if (offset < given.arena_size) own[i].data = plan.arena + offset;  // (else a constant, in place)
  }
  instance->inputs = own;
  instance->outputs = own + model.num_inputs;
}

}  // namespace

int mg_library_init(mg_library_instance* instance, const mg_library_model& model, void* buffer, size_t bytes,
                    mcugen_tensor* own) {
  instance->ready = nullptr;
  if (buffer && bytes < model.buffer_bytes) return Failed(instance, MCUGEN_ERROR_ARENA_TOO_SMALL, model.too_small);
  if (buffer && model.stateful) return Failed(instance, MCUGEN_ERROR_STATEFUL, model.stateful);
  if (buffer) {
    PlanOver(instance, model, static_cast<unsigned char*>(buffer), own);
  } else {
    instance->plan = *model.plan;
    instance->inputs = model.inputs;
    instance->outputs = model.outputs;
  }
  memset(instance->plan.arena, 0, instance->plan.arena_size);  // a fresh start: no tensor survives from before
  auto* interpreter =
      new (instance->interpreter_storage, mg_in_storage{}) mcugen::Interpreter(model.resolver(), instance->plan);
  if (!interpreter->Init()) return Failed(instance, MCUGEN_ERROR_PREPARE, interpreter->error());
  instance->ready = interpreter;
  instance->error_text = "";
  return MCUGEN_OK;
}

int mg_library_invoke(mg_library_instance* instance, const mg_library_profiler& profiler) {
  mcugen::Interpreter* interpreter = instance->ready;
  if (!interpreter) return Failed(instance, MCUGEN_ERROR_NOT_INITIALIZED, "init has not succeeded");
  bool profile = profiler.clock && profiler.callback;
  mg_library_clock = profile ? profiler.clock : nullptr;
  if (!interpreter->Invoke(profile)) return Failed(instance, MCUGEN_ERROR_INVOKE, interpreter->error());
  if (!interpreter->ArenaGuardsIntact()) {
    return Failed(instance, MCUGEN_ERROR_ARENA_OVERRUN,
                  "arena guard bytes were overwritten: a kernel wrote outside the arena");
  }
  for (uint32_t step = 0; profile && step < interpreter->num_nodes(); ++step) {
    uint32_t node = instance->plan.node_order[step];
    profiler.callback(profiler.user, static_cast<int32_t>(node), instance->plan.op_names[node],
                      instance->plan.node_ticks[node]);
  }
  instance->error_text = "";
  return interpreter->aborted() ? MCUGEN_NO_OUTPUT : MCUGEN_OK;
}
