/* A keyword-spotter style application that uses a model library only through its C API (kws.h).
 *
 * Feature frames arrive one at a time as floats (here from a deterministic generator standing in for a
 * microphone front end); the application keeps a sliding window of the latest frames in the model's input
 * type (mcugen_set_float quantizes them for an int8 model), copies the window into the model's input before
 * every invoke (the arena reuses input memory, so the input does not survive an invoke) and reports each output
 * and the best-scoring class. Generate the library with
 *   mcugen generate MODEL --board mps2-an386 -o generated/kws --as library --name kws */
#include <stdint.h>
#include <string.h>

#include "console.h"
#include "kws.h"

#define NUM_STEPS 6
#define WINDOW_MAX_BYTES 16384

static uint8_t window[WINDOW_MAX_BYTES]; /* the latest frames, oldest first, in the input's type */
static uint32_t feature_source = 12345u;

/* The next feature value: a linear congruential generator's top byte as a signed number (the test replays it). */
static float next_feature(void)
{
    feature_source = feature_source * 1664525u + 1013904223u;
    return (float)(int8_t)(feature_source >> 24);
}

/* Elements per frame: the input holds its second dimension's worth of frames (e.g. [1, 49, 10, 1]: 49 frames of
 * 10 features), or is one frame. */
static size_t frame_elements(const mcugen_tensor *input)
{
    size_t n = mcugen_num_elements(input);
    return input->rank >= 2 && input->dims[1] > 0 ? n / (size_t)input->dims[1] : n;
}

/* Slides the window by one frame and appends the next frame's features, converted to the input's type. */
static void push_frame(const mcugen_tensor *input)
{
    mcugen_tensor view = *input; /* the input's type and quantization, over our window */
    view.data = window;
    size_t n = mcugen_num_elements(input), frame = frame_elements(input), element = input->bytes / n;
    memmove(window, window + frame * element, (n - frame) * element);
    for (size_t i = n - frame; i < n; ++i) {
        mcugen_set_float(&view, i, next_feature());
    }
}

static void report(int step)
{
    for (int o = 0; o < kws_num_outputs(); ++o) {
        const mcugen_tensor *output = kws_output(o);
        console_write("step ");
        console_write_int(step);
        console_write(" output ");
        console_write_int(o);
        console_write(" ");
        console_write_hex(output->data, output->bytes);
        console_write("\n");
    }
    console_write("step ");
    console_write_int(step);
    console_write(" best ");
    console_write_int(mcugen_argmax(kws_output(0))); /* the first of equal top scores */
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
    if (kws_init() != MCUGEN_OK) {
        return fail(kws_error());
    }
    if (kws_num_inputs() != 1 || kws_input(0)->bytes > WINDOW_MAX_BYTES) {
        return fail("this example feeds one input of at most WINDOW_MAX_BYTES");
    }
    const mcugen_tensor *input = kws_input(0);
    for (int step = 0; step < NUM_STEPS; ++step) {
        if (step == NUM_STEPS / 2 && kws_init() != MCUGEN_OK) { /* a reset halfway (after a wake-up, say) */
            return fail(kws_error());
        }
        push_frame(input);
        memcpy(input->data, window, input->bytes);
        if (kws_invoke() != MCUGEN_OK) {
            return fail(kws_error());
        }
        report(step);
    }
    console_write("done\n");
    return 0;
}
