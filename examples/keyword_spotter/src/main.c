/* A keyword-spotter style application that uses a model library only through its C API (kws.h).
 *
 * Feature frames arrive one at a time (here from a deterministic generator standing in for a microphone front
 * end); the application keeps a sliding window of the latest frames, copies it into the model's input before
 * every invoke (the arena reuses input memory, so the input does not survive an invoke) and reports each
 * output and the best-scoring class. Generate the library with
 *   mcugen generate MODEL --board mps2-an386 -o generated/kws --as library --name kws */
#include <stdint.h>
#include <string.h>

#include "console.h"
#include "kws.h"

#define NUM_STEPS 6
#define WINDOW_MAX_BYTES 16384

static uint8_t window[WINDOW_MAX_BYTES]; /* the latest frames, oldest first */
static uint32_t frame_source = 12345u;

/* The next byte of the next feature frame: a linear congruential generator (the test replays it). */
static uint8_t next_feature_byte(void)
{
    frame_source = frame_source * 1664525u + 1013904223u;
    return (uint8_t)(frame_source >> 24);
}

/* The input's frames: its second dimension when it has one (e.g. [1, frames, features]), else one frame. */
static size_t frame_bytes(const mcugen_tensor *input)
{
    return input->rank >= 2 && input->dims[1] > 0 ? input->bytes / (size_t)input->dims[1] : input->bytes;
}

static void report(int step)
{
    int best = 0;
    float best_score = -1e30f;
    for (int o = 0; o < kws_num_outputs(); ++o) {
        const mcugen_tensor *output = kws_output(o);
        console_write("step ");
        console_write_int(step);
        console_write(" output ");
        console_write_int(o);
        console_write(" ");
        console_write_hex(output->data, output->bytes);
        console_write("\n");
        if (o == 0) {
            size_t elements = output->bytes / (output->type == MCUGEN_INT16     ? 2
                                               : output->type == MCUGEN_FLOAT32 ? 4
                                                                                : 1);
            for (size_t i = 0; i < elements; ++i) {
                float score = mcugen_get_float(output, i);
                if (score > best_score) {
                    best_score = score;
                    best = (int)i;
                }
            }
        }
    }
    console_write("step ");
    console_write_int(step);
    console_write(" best ");
    console_write_int(best);
    console_write("\n");
}

static int fail(const char *why)
{
    console_write("error: ");
    console_write(why);
    console_write("\n");
    return 1;
}

int main(void)
{
    console_init();
    if (kws_init() != 0) {
        return fail(kws_error());
    }
    if (kws_num_inputs() != 1 || kws_input(0)->bytes > WINDOW_MAX_BYTES) {
        return fail("this example feeds one input of at most WINDOW_MAX_BYTES");
    }
    const mcugen_tensor *input = kws_input(0);
    size_t frame = frame_bytes(input);
    for (int step = 0; step < NUM_STEPS; ++step) {
        if (step == NUM_STEPS / 2 && kws_init() != 0) { /* a reset halfway (after a wake-up, say) */
            return fail(kws_error());
        }
        memmove(window, window + frame, input->bytes - frame);
        for (size_t i = input->bytes - frame; i < input->bytes; ++i) {
            window[i] = next_feature_byte();
        }
        memcpy(input->data, window, input->bytes);
        if (kws_invoke() != 0) {
            return fail(kws_error());
        }
        report(step);
    }
    console_write("done\n");
    return 0;
}
