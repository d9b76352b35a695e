#include <string.h>

#include "pad.h"

/* TFLite's PadImpl: walk the output in order; a position inside every dimension's padding takes the next
 * input element, any other takes the pad value. */
void mg_pad_generic(const mg_pad_params *p, size_t element_size, const void *input, const void *pad_value, void *output)
{
    const int32_t *d = p->output_dims;
    const int32_t *l = p->left_padding;
    const int32_t *r = p->right_padding;
    const uint8_t *in = input;
    uint8_t *out = output;
    for (int32_t i0 = 0; i0 < d[0]; ++i0) {
        const int pad0 = i0 < l[0] || i0 >= d[0] - r[0];
        for (int32_t i1 = 0; i1 < d[1]; ++i1) {
            const int pad1 = pad0 || i1 < l[1] || i1 >= d[1] - r[1];
            for (int32_t i2 = 0; i2 < d[2]; ++i2) {
                const int pad2 = pad1 || i2 < l[2] || i2 >= d[2] - r[2];
                for (int32_t i3 = 0; i3 < d[3]; ++i3) {
                    const int pad3 = pad2 || i3 < l[3] || i3 >= d[3] - r[3];
                    for (int32_t i4 = 0; i4 < d[4]; ++i4) {
                        if (pad3 || i4 < l[4] || i4 >= d[4] - r[4]) {
                            memcpy(out, pad_value, element_size);
                        } else {
                            memcpy(out, in, element_size);
                            in += element_size;
                        }
                        out += element_size;
                    }
                }
            }
        }
    }
}
