/* ZEROS_LIKE, every type: TFLite Micro's zeros_like.cc resetZeros. */
#include <string.h>

#include "zeros_like.h"

void mg_zeros_like_generic(const mg_zeros_like_params *p, void *output)
{
    memset(output, 0, (size_t)p->bytes);
}
