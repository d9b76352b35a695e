/* The board services of a model library: the application owns the console and the clock, so the runtime's
 * verbose trace goes nowhere, and its tick counter (read only by profiled runs) is the clock the application
 * gave NAME_set_profiler (NAME.cc sets mg_library_clock for each profiled invoke). */
#include "mg_board.h"

uint32_t (*mg_library_clock)(void) = 0;

void mg_board_putc(char c)
{
    (void)c;
}

void mg_board_puts(const char *s)
{
    (void)s;
}

uint64_t mg_board_ticks(void)
{
    return mg_library_clock ? mg_library_clock() : 0;
}
