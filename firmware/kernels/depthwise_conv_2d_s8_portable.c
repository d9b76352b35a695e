/* DEPTHWISE_CONV_2D int8 in the portable backend (depthwise_conv_2d.h): pixel by pixel, and per pixel output
 * channel by output channel, each read from its own input channel's window and written at once (the reference
 * float kernel's order, so an output may start below its input as there; above it when the rows run last first,
 * reverse_rows). */
#include "depthwise_conv_2d.h"
#include "mg_portable_dot.h"

/* The window's sum of x * w over rows x cols taps (x from `at`, steps of tap_step and row_step; w from `w`, rows
 * filter_width apart). */
static int32_t window_sum(const int8_t *at, const int8_t *w, int32_t rows, int32_t cols, int32_t tap_step,
                          int32_t row_step, int32_t filter_width)
{
    uint32_t sum = 0;
    if (cols == 3) { /* the common 3-wide window, unrolled */
        for (int32_t r = 0; r < rows; ++r, at += row_step, w += filter_width) {
            sum += (uint32_t)(at[0] * w[0]) + (uint32_t)(at[tap_step] * w[1]) + (uint32_t)(at[2 * tap_step] * w[2]);
        }
        return (int32_t)sum;
    }
    for (int32_t r = 0; r < rows; ++r, at += row_step, w += filter_width) {
        for (int32_t k = 0; k < cols; ++k) {
            sum += (uint32_t)(at[k * tap_step] * w[k]);
        }
    }
    return (int32_t)sum;
}

/* The same with the input offset added to every value (TFLite's sum), for windows the padding cuts. */
static int32_t offset_window_sum(const int8_t *at, const int8_t *w, int32_t rows, int32_t cols, int32_t tap_step,
                                 int32_t row_step, int32_t filter_width, int32_t input_offset)
{
    uint32_t sum = 0;
    for (int32_t r = 0; r < rows; ++r, at += row_step, w += filter_width) {
        for (int32_t k = 0; k < cols; ++k) {
            sum += (uint32_t)((at[k * tap_step] + input_offset) * w[k]);
        }
    }
    return (int32_t)sum;
}

void mg_depthwise_conv_2d_s8_portable(const mg_depthwise_conv_2d_portable_params *p, const int8_t *input,
                                      int8_t *output)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t depth = g->input_depth;
    const int32_t multiplier = g->output_depth / depth;
    const int32_t taps = g->filter_height * g->filter_width;
    const int32_t tap_step = g->dilation_width * depth;
    const int32_t row_step = g->dilation_height * g->input_width * depth;
    const int8_t *weights = (const int8_t *)p->weights;
    const int32_t lines = g->batches * g->output_height; /* output rows, over all batches */
    for (int32_t n = 0; n < lines; ++n) {
        const int32_t line = p->reverse_rows ? lines - 1 - n : n;
        const int32_t b = line / g->output_height, oy = line % g->output_height;
        const int8_t *image = input + b * g->input_height * g->input_width * depth;
        const mg_conv_span rs = mg_conv_row_span(g, oy);
        int8_t *out = output + line * g->output_width * g->output_depth;
        for (int32_t ox = 0; ox < g->output_width; ++ox, out += g->output_depth) {
            const mg_conv_span cs = mg_conv_col_span(g, ox);
            const int32_t rows = rs.end - rs.first, cols = cs.end - cs.first;
            const int whole = rows == g->filter_height && cols == g->filter_width;
            const int8_t *corner = image; /* the window's first tap inside the input (when any is) */
            if (rows > 0 && cols > 0) {
                corner += ((rs.origin + rs.first * g->dilation_height) * g->input_width + cs.origin +
                           cs.first * g->dilation_width) *
                          depth;
            }
            const int32_t first_tap = rs.first * g->filter_width + cs.first;
            for (int32_t o = 0; o < g->output_depth; ++o) {
                const int32_t *entry = p->channels + o * MG_PORTABLE_DW_ENTRY;
                const int8_t *at = corner + o / multiplier;
                const int8_t *w = weights + o * taps + first_tap;
                int32_t acc;
                if (rows <= 0 || cols <= 0) {
                    acc = entry[1];
                } else if (whole) {
                    acc = (int32_t)((uint32_t)entry[0] +
                                    (uint32_t)window_sum(at, w, rows, cols, tap_step, row_step, g->filter_width));
                } else {
                    acc = (int32_t)((uint32_t)entry[1] + (uint32_t)offset_window_sum(at, w, rows, cols, tap_step,
                                                                                     row_step, g->filter_width,
                                                                                     p->input_offset));
                }
                const int32_t scaled = mg_portable_multiply(acc, entry[2], entry[3]);
                out[o] = (int8_t)mg_clamp(scaled + p->output_offset, p->act_min, p->act_max);
            }
        }
    }
}
