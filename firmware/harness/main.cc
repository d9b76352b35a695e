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

void PutU64(uint64_t v) {
  char digits[21];
  int n = 0;
  do {
    digits[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v);
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

void PutOutput(uint32_t set, uint32_t index, const mg_tensor& tensor) {
  mg_board_puts("MCUGEN OUTPUT ");
  PutU64(set);
  mg_board_putc(' ');
  PutU64(index);
  mg_board_putc(' ');
  const uint8_t* bytes = static_cast<const uint8_t*>(tensor.data);
  for (uint32_t i = 0, n = mcugen::TensorBytes(tensor); i < n; ++i) {
    mg_board_putc("0123456789abcdef"[bytes[i] >> 4]);
    mg_board_putc("0123456789abcdef"[bytes[i] & 15]);
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

// The input sets the host wrote, or one all-zero set when there are none.
uint32_t InputSets(mcugen::Interpreter& interpreter, const uint8_t** data) {
  const uint8_t* region = nullptr;
  uint32_t region_size = 0;
  mg_board_input_region(&region, &region_size);
  InputHeader header = {0, 0, 0, 0};
  if (region && region_size >= sizeof header) memcpy(&header, region, sizeof header);
  uint32_t set_bytes = 0;
  for (uint32_t i = 0; i < interpreter.num_inputs(); ++i) set_bytes += mcugen::TensorBytes(*interpreter.input(i));
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

}  // namespace

int main() {
  mg_board_init();
  mg_board_puts("MCUGEN BOOT\n");
  static mcugen::Interpreter interpreter(ModelOpResolver(), g_plan);
  if (!interpreter.Init()) {
    mg_board_puts("MCUGEN ERROR ");
    mg_board_puts(interpreter.error());
    mg_board_putc('\n');
    return 1;
  }
  const uint8_t* data = nullptr;
  uint32_t num_sets = InputSets(interpreter, &data);
  uint32_t set_bytes = 0;
  for (uint32_t i = 0; i < interpreter.num_inputs(); ++i) set_bytes += mcugen::TensorBytes(*interpreter.input(i));
  for (uint32_t set = 0; set < num_sets; ++set) {
    const uint8_t* set_data = data ? data + set * set_bytes : nullptr;
    LoadInputs(interpreter, set_data);
    uint64_t start = mg_board_ticks();
    // A stateful model's sets are the steps of one stream: each runs once, profiled (its cost then includes the
    // profiling's few instructions per node). Otherwise a second, profiled run gives the per-node costs; the
    // arena reuses input memory, so the inputs are loaded again.
    bool ok = interpreter.Invoke(g_plan.stateful != 0);
    uint64_t ticks = mg_board_ticks() - start;
    if (ok && !g_plan.stateful) {
      LoadInputs(interpreter, set_data);
      ok = interpreter.Invoke(true);
    }
    if (!ok) {
      mg_board_puts("MCUGEN ERROR ");
      mg_board_puts(interpreter.error());
      mg_board_putc('\n');
      return 1;
    }
    PutLine("MCUGEN COST ", set, -1, ticks);
    for (uint32_t n = 0; n < interpreter.num_nodes(); ++n) {
      PutLine("MCUGEN NODE ", set, static_cast<int32_t>(n), g_plan.node_ticks[n]);
    }
    for (uint32_t i = 0; i < interpreter.num_outputs(); ++i) PutOutput(set, i, *interpreter.output(i));
  }
  if (!interpreter.ArenaGuardsIntact()) {
    mg_board_puts("MCUGEN ERROR arena guard words were overwritten: a kernel wrote outside the arena\n");
    return 1;
  }
  PutLine("MCUGEN STACK ", mg_board_stack_used(), -1, mg_board_stack_size());
  mg_board_puts("MCUGEN DONE\n");
  return 0;
}
