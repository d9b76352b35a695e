#include <string.h>

#include "reshape.h"

void mg_reshape_copy(const void *input, void *output, size_t nbytes)
{
    if (input != output && nbytes > 0) {
        memcpy(output, input, nbytes);
    }
}
