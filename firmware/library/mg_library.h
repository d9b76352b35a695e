// The part of a generated library's API that is the same for every model (mg_library.cc): init over the
// library's arena or a caller's buffer, invoke with the optional profiler. Each model's NAME.cc holds only its
// facts (an mg_library_model in flash) and the C functions of NAME.h, so a library of several models carries
// this code once.
#ifndef MG_LIBRARY_H
#define MG_LIBRARY_H

#include "mcugen.h"
#include "mg_interpreter.h"
#include "mg_op_resolver.h"

// The tag of our own placement form: <new>'s would need libstdc++'s headers, which an arm-none-eabi-gcc
// installation may lack (Debian ships them apart, in libstdc++-arm-none-eabi-dev).
struct mg_in_storage {};

// Constructs in storage the caller provides, as <new>'s placement form does; -fno-exceptions, so nothing throws.
inline void *operator new(decltype(sizeof 0), void *storage, mg_in_storage)
{
    return storage;
}

// One model's constant facts, as its NAME.cc states them.
struct mg_library_model {
    const mg_plan *plan;         // g_plan: the tables over the library's own arena
    const mcugen_tensor *inputs; // NAME_tensors.c's records over that arena
    const mcugen_tensor *outputs;
    int num_inputs, num_outputs;
    size_t buffer_bytes;   // NAME_ARENA_BUFFER_BYTES
    const char *too_small; // the error of a smaller buffer (it names the model and the bytes)
    const char *stateful;  // NULL, or the error of a caller's buffer for a model that keeps state between invokes
    const mcugen::OpResolver &(*resolver)(); // the resolver the model's nodes bind with
};

// The profiler NAME_set_profiler sets, one per model (off while either pointer is NULL).
struct mg_library_profiler {
    uint32_t (*clock)(void);
    mcugen_op_callback callback;
    void *user;
};

// One instance of a model: the static one (NAME_init, over the library's own arena and tables) or a NAME_context
// over a buffer of the caller's. The interpreter is built with placement new, never by a static constructor or a
// guarded local static: startup code need not run C++ constructors, and nothing needs libstdc++.
struct mg_library_instance {
    alignas(mcugen::Interpreter) unsigned char interpreter_storage[sizeof(mcugen::Interpreter)];
    mcugen::Interpreter *ready; // set once init succeeded
    const char *error_text;
    mg_plan plan; // g_plan, or a copy whose arena, tensor table and node storage lie in the caller's buffer
    const mcugen_tensor *inputs;
    const mcugen_tensor *outputs;
};

// Binds and prepares `model` over its own arena (buffer NULL) or over `buffer`, whose input and output records
// go to `own` (num_inputs + num_outputs of them). Returns an mcugen_status, with instance->error_text set.
int mg_library_init(mg_library_instance *instance, const mg_library_model &model, void *buffer, size_t bytes,
                    mcugen_tensor *own);

// Runs an initialised instance once, profiled when both of the profiler's pointers are set.
int mg_library_invoke(mg_library_instance *instance, const mg_library_profiler &profiler);

#endif
