/* Keyword spotting from raw audio as a stream, on the device: two models of one library (preprocessor.h,
 * classifier.h). The audio (audio.c: 1 s of 16 kHz int16 samples) arrives in 30 ms frames every 20 ms; each
 * frame goes through the audio front end, whose 40 features are appended to a window of the last 49 feature
 * rows held here; once the window is full, the classifier scores it. The front end keeps its noise estimate from
 * frame to frame (its state is not in the shared arena), and the two models share one arena, so each model's
 * inputs are written right before its invoke and its outputs read right after.
 *
 * Prints every frame's features and the classifier's outputs in hex, and the SysTick ticks of each invoke
 * (under QEMU's -icount shift=0 a tick is 40 instructions on the mps2-an386, 31.25 on the mps3-an547). */
#include <stdint.h>
#include <string.h>

#include "classifier.h"
#include "console.h"
#include "preprocessor.h"

#define SAMPLE_RATE 16000
#define FRAME_SAMPLES 480  /* 30 ms */
#define STRIDE_SAMPLES 320 /* 20 ms */
#define WINDOW_MAX_BYTES 4096

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define SYST_MAX 0x00FFFFFFu

extern const int16_t audio_samples[SAMPLE_RATE]; /* audio.c */

static int8_t window[WINDOW_MAX_BYTES]; /* the last feature rows, oldest first */

/* SysTick counting down on the processor clock, no interrupt: an invoke takes far fewer than 2^24 ticks. */
static void clock_start(void)
{
    SYST_RVR = SYST_MAX;
    SYST_CVR = 0u;
    SYST_CSR = 5u;
    while (SYST_CVR == 0u) { /* the first tick loads RVR */
    }
}

static uint32_t ticks_since(uint32_t start)
{
    return (start - SYST_CVR) & SYST_MAX;
}

static int fail(const char *why)
{
    console_write("error: ");
    console_write(why);
    console_write("\n");
    return 1;
}

static void report_ticks(uint32_t ticks)
{
    console_write(" ticks ");
    console_write_int((int)ticks);
    console_write("\n");
}

/* One frame through the front end; its features appended to the window. */
static int preprocess(int frame, size_t row_bytes, size_t window_bytes)
{
    const mcugen_tensor *in = preprocessor_input(0);
    memcpy(in->data, &audio_samples[frame * STRIDE_SAMPLES], in->bytes);
    uint32_t start = SYST_CVR;
    if (preprocessor_invoke() != MCUGEN_OK) {
        return fail(preprocessor_error());
    }
    uint32_t ticks = ticks_since(start);
    const mcugen_tensor *features = preprocessor_output(0);
    memmove(window, window + row_bytes, window_bytes - row_bytes);
    memcpy(window + window_bytes - row_bytes, features->data, row_bytes);
    console_write("frame ");
    console_write_int(frame);
    console_write(" features ");
    console_write_hex(features->data, row_bytes);
    report_ticks(ticks);
    return 0;
}

static int classify(size_t window_bytes)
{
    memcpy(classifier_input(0)->data, window, window_bytes);
    uint32_t start = SYST_CVR;
    if (classifier_invoke() != MCUGEN_OK) {
        return fail(classifier_error());
    }
    uint32_t ticks = ticks_since(start);
    for (int o = 0; o < classifier_num_outputs(); ++o) {
        console_write("classifier output ");
        console_write_int(o);
        console_write(" ");
        console_write_hex(classifier_output(o)->data, classifier_output(o)->bytes);
        console_write("\n");
    }
    console_write("classifier best ");
    console_write_int(mcugen_argmax(classifier_output(0)));
    report_ticks(ticks);
    return 0;
}

int main(void)
{
    console_init();
    if (preprocessor_init() != MCUGEN_OK) {
        return fail(preprocessor_error());
    }
    if (classifier_init() != MCUGEN_OK) {
        return fail(classifier_error());
    }
    const mcugen_tensor *samples = preprocessor_input(0), *window_input = classifier_input(0);
    size_t row_bytes = preprocessor_output(0)->bytes, window_bytes = window_input->bytes;
    if (samples->bytes != FRAME_SAMPLES * sizeof(int16_t) || window_bytes > WINDOW_MAX_BYTES ||
        window_bytes % row_bytes != 0) {
        return fail("the models' shapes are not a 480-sample front end and a window of its feature rows");
    }
    memset(window, (int)window_input->zero_point, window_bytes); /* silence before the first frame */
    clock_start();
    int frames = (SAMPLE_RATE - FRAME_SAMPLES) / STRIDE_SAMPLES + 1;
    for (int frame = 0; frame < frames; ++frame) {
        if (preprocess(frame, row_bytes, window_bytes) != 0) {
            return 1;
        }
    }
    if (classify(window_bytes) != 0) { /* the window now holds the whole second */
        return 1;
    }
    console_write("done\n");
    return 0;
}
