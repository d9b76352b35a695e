/* SPACE_TO_BATCH_ND, float32 and int8: TFLite's reference_ops::SpaceToBatchND (TFLite Micro's
 * space_to_batch_nd.cc), one pixel of channels at a time, copied or zeroed. */
#include <string.h>

#include "space_to_batch_nd.h"

void mg_space_to_batch_nd_generic(const mg_space_to_batch_nd_params *p, const void *input, void *output)
{
    const size_t pixel = (size_t)p->depth * (size_t)p->element_size;
    const uint8_t *in = input;
    uint8_t *out = output;
    for (int32_t b = 0; b < p->output_batches; ++b) {
        const int32_t input_batch = b % p->input_batches;
        const int32_t tile = b / p->input_batches;
        const int32_t shift_h = tile / p->block_width - p->pad_top, shift_w = tile % p->block_width - p->pad_left;
        for (int32_t y = 0; y < p->output_height; ++y) {
            const int32_t in_y = y * p->block_height + shift_h;
            for (int32_t x = 0; x < p->output_width; ++x) {
                const int32_t in_x = x * p->block_width + shift_w;
                if (in_y < 0 || in_y >= p->input_height || in_x < 0 || in_x >= p->input_width) {
                    memset(out, 0, pixel);
                } else {
                    const int32_t in_pixel = (input_batch * p->input_height + in_y) * p->input_width + in_x;
                    memcpy(out, in + (size_t)in_pixel * pixel, pixel);
                }
                out += pixel;
            }
        }
    }
}
