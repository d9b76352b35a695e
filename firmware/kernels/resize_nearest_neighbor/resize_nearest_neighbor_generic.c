#include <string.h>

#include "resize_nearest_neighbor.h"

void mg_resize_nearest_neighbor_generic(const mg_resize_nearest_neighbor_params *p, size_t element_size,
                                        const void *input, void *output)
{
    const size_t pixel = (size_t)p->depth * element_size;
    const size_t row = (size_t)p->input_width * pixel;
    const uint8_t *image = input;
    uint8_t *out = output;
    for (int32_t b = 0; b < p->batches; ++b) {
        for (int32_t y = 0; y < p->output_height; ++y) {
            const uint8_t *in_row = image + (size_t)p->source_rows[y] * row;
            for (int32_t x = 0; x < p->output_width; ++x) {
                memcpy(out, in_row + (size_t)p->source_columns[x] * pixel, pixel);
                out += pixel;
            }
        }
        image += (size_t)p->input_height * row;
    }
}
