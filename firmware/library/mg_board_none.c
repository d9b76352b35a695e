/* The board services of a model library: the application owns the console and the clock, so the runtime's
 * verbose trace goes nowhere and its tick counter (read only by profiled runs, which the library never asks
 * for) stays at zero. */
#include "mg_board.h"

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
    return 0;
}
