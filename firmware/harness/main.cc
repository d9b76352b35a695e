// The test harness of every mcugen firmware: boots, binds and prepares the model, then runs every input
// set the host placed in the board's input region and prints costs and outputs (see docs/protocol.md).
#include <string.h>

#include "mg_board.h"
#include "mg_interpreter.h"
#include "mg_op_resolver.h"

const mcugen::OpResolver& ModelOpResolver();  // the generated op_resolver.cc

namespace {

constexpr uint32_t kInputMagic = 0x4E49474Du;  // "MGIN"

struct InputHeader {
  uint32_t magic;
  uint32_t num_sets;
  uint32_t set_bytes;
  uint32_t reserved;
};

// v / 10 in place, returning v % 10, from 32-bit divisions (the low word 16 bits at a time, so that each
// dividend stays below 10 * 2^16): a 64-bit division would link libgcc's __udivmoddi4, about 760 B, into every
// firmware that prints a cost.
uint32_t DivideBy10(uint64_t& v) {
  const uint32_t high = static_cast<uint32_t>(v >> 32), low = static_cast<uint32_t>(v);
  const uint32_t mid = (high % 10) << 16 | low >> 16;
  const uint32_t bottom = (mid % 10) << 16 | (low & 0xFFFFu);
  v = static_cast<uint64_t>(high / 10) << 32 | (mid / 10) << 16 | bottom / 10;
  return bottom % 10;
}

void PutU64(uint64_t v) {
  char digits[21];
  int n = 0;
  do { digits[n++] = static_cast<char>('0' + DivideBy10(v)); } while (v);
  while (n) mg_board_putc(digits[--n]);
}

void PutLine(const char* tag, uint32_t set, int32_t index, uint64_t value) {
  mg_board_puts(tag);
  PutU64(set);
  if (index >= 0) {
    mg_board_putc(' ');
    PutU64(static_cast<uint32_t>(index));
  }
  mg_board_putc(' ');
  PutU64(value);
  mg_board_putc('\n');
}

// An invoke that ended early (Interpreter::aborted) gave no outputs: they are printed as zeros, as the reference
// reports them.
void PutOutput(uint32_t set, uint32_t index, const mg_tensor& tensor, bool aborted) {
  mg_board_puts("MCUGEN OUTPUT ");
  PutU64(set);
  mg_board_putc(' ');
  PutU64(index);
  mg_board_putc(' ');
  const uint8_t* bytes = static_cast<const uint8_t*>(tensor.data);
  for (uint32_t i = 0, n = mcugen::TensorBytes(tensor); i < n; ++i) {
    const uint8_t byte = aborted ? 0 : bytes[i];
    mg_board_putc("0123456789abcdef"[byte >> 4]);
    mg_board_putc("0123456789abcdef"[byte & 15]);
  }
  mg_board_putc('\n');
}

// Copies one input set into the input tensors (zeros when the host wrote none).
void LoadInputs(mcugen::Interpreter& interpreter, const uint8_t* data) {
  for (uint32_t i = 0; i < interpreter.num_inputs(); ++i) {
    const mg_tensor* input = interpreter.input(i);
    uint32_t bytes = mcugen::TensorBytes(*input);
    if (data) {
      memcpy(input->data, data, bytes);
      data += bytes;
    } else
      memset(input->data, 0, bytes);
  }
}

// The input sets the host wrote (each `set_bytes` long), or one all-zero set when there are none.
uint32_t InputSets(uint32_t set_bytes, const uint8_t** data) {
  const uint8_t* region = nullptr;
  uint32_t region_size = 0;
  mg_board_input_region(&region, &region_size);
  InputHeader header = {0, 0, 0, 0};
  if (region && region_size >= sizeof header) memcpy(&header, region, sizeof header);
  uint32_t capacity = region_size > sizeof header ? region_size - static_cast<uint32_t>(sizeof header) : 0;
  if (header.magic != kInputMagic || header.set_bytes != set_bytes || set_bytes == 0 ||
      header.num_sets > capacity / set_bytes) {
    mg_board_puts("MCUGEN NOINPUT\n");
    *data = nullptr;
    return 1;
  }
  *data = region + sizeof header;
  return header.num_sets;
}

uint32_t InputBytes(mcugen::Interpreter& interpreter) {
  uint32_t bytes = 0;
  for (uint32_t i = 0; i < interpreter.num_inputs(); ++i) bytes += mcugen::TensorBytes(*interpreter.input(i));
  return bytes;
}

bool Failed(const char* what) {
  mg_board_puts("MCUGEN ERROR ");
  mg_board_puts(what);
  mg_board_putc('\n');
  return false;
}

// Runs one input set; `ticks` receives the cost of the first run. A stateful model's sets are the steps of one
// stream: each runs once, profiled (its cost then includes the profiling's few instructions per node). Otherwise
// a second, profiled run gives the per-node costs; the arena reuses input memory, so the inputs are loaded again.
bool RunSet(mcugen::Interpreter& interpreter, const mg_plan& plan, const uint8_t* set_data, uint64_t* ticks) {
  LoadInputs(interpreter, set_data);
  uint64_t start = mg_board_ticks();
  bool ok = interpreter.Invoke(plan.stateful != 0);
  *ticks = mg_board_ticks() - start;
  if (ok && !plan.stateful) {
    LoadInputs(interpreter, set_data);
    ok = interpreter.Invoke(true);
  }
  return ok || Failed(interpreter.error());
}

int Finish(bool guards_intact) {
  if (!guards_intact) {
    Failed("arena guard words were overwritten: a kernel wrote outside the arena");
    return 1;
  }
  PutLine("MCUGEN STACK ", mg_board_stack_used(), -1, mg_board_stack_size());
  mg_board_puts("MCUGEN DONE\n");
  return 0;
}

}  // namespace

#ifndef MG_MULTI_MODEL
int main() {
  mg_board_init();
  mg_board_puts("MCUGEN BOOT\n");
  static mcugen::Interpreter interpreter(ModelOpResolver(), g_plan);
  if (!interpreter.Init()) {
    Failed(interpreter.error());
    return 1;
  }
  const uint8_t* data = nullptr;
  uint32_t set_bytes = InputBytes(interpreter);
  uint32_t num_sets = InputSets(set_bytes, &data);
  for (uint32_t set = 0; set < num_sets; ++set) {
    uint64_t ticks = 0;
    if (!RunSet(interpreter, g_plan, data ? data + set * set_bytes : nullptr, &ticks)) return 1;
    PutLine("MCUGEN COST ", set, -1, ticks);
    for (uint32_t n = 0; n < interpreter.num_nodes(); ++n) {
      PutLine("MCUGEN NODE ", set, static_cast<int32_t>(n), g_plan.node_ticks[n]);
    }
    for (uint32_t i = 0; i < interpreter.num_outputs(); ++i)
      PutOutput(set, i, *interpreter.output(i), interpreter.aborted());
  }
  return Finish(interpreter.ArenaGuardsIntact());
}
#else
#include "mg_models.h"  // generated: MG_NUM_MODELS, MG_MODEL_PLANS

// Several models (docs/protocol.md): each input set holds every model's inputs in order, and each set runs the
// models one after another (A, B, A, B, ...), so a model that shares the arena must survive the others' runs.
// Outputs and nodes are numbered across the models; MCUGEN MODEL lines give each model's cost.
int main() {
  mg_board_init();
  mg_board_puts("MCUGEN BOOT\n");
  static const mg_plan* const plans[MG_NUM_MODELS] = {MG_MODEL_PLANS};
  static mcugen::Interpreter models[MG_NUM_MODELS] = {MG_MODEL_INTERPRETERS};
  uint32_t set_bytes = 0;
  for (mcugen::Interpreter& model : models) {
    if (!model.Init()) {
      Failed(model.error());
      return 1;
    }
    set_bytes += InputBytes(model);
  }
  const uint8_t* data = nullptr;
  uint32_t num_sets = InputSets(set_bytes, &data);
  for (uint32_t set = 0; set < num_sets; ++set) {
    const uint8_t* set_data = data ? data + set * set_bytes : nullptr;
    uint64_t total = 0;
    uint32_t node = 0, output = 0;
    for (uint32_t m = 0; m < MG_NUM_MODELS; ++m) {
      uint64_t ticks = 0;
      if (!RunSet(models[m], *plans[m], set_data, &ticks)) return 1;
      if (set_data) set_data += InputBytes(models[m]);
      PutLine("MCUGEN MODEL ", set, static_cast<int32_t>(m), ticks);
      total += ticks;
      for (uint32_t n = 0; n < models[m].num_nodes(); ++n) {
        PutLine("MCUGEN NODE ", set, static_cast<int32_t>(node++), plans[m]->node_ticks[n]);
      }
      for (uint32_t i = 0; i < models[m].num_outputs(); ++i)
        PutOutput(set, output++, *models[m].output(i), models[m].aborted());
    }
    PutLine("MCUGEN COST ", set, -1, total);
  }
  bool intact = true;
  for (mcugen::Interpreter& model : models) intact = model.ArenaGuardsIntact() && intact;
  return Finish(intact);
}
#endif
