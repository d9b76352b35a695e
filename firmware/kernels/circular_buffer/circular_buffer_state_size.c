/* CIRCULAR_BUFFER's state: the invokes left before it lets the graph run on. Compiled alone for the build machine
 * too (ops/_scratch.py). */
#include "circular_buffer.h"

size_t mg_circular_buffer_state_size(void)
{
    return sizeof(int32_t);
}
