/* The board services on the build machine, so the same generated sources run under host gcc in tests:
 * the console is stdout, the input region is the file named by MCUGEN_INPUTS, and ticks are always 0. */
#include <stdio.h>
#include <stdlib.h>

#include "mg_board.h"

static uint8_t *input_data;
static uint32_t input_size;

void mg_board_init(void)
{
    const char *path = getenv("MCUGEN_INPUTS");
    FILE *f = path ? fopen(path, "rb") : NULL;
    if (!f) {
        return;
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    input_data = malloc((size_t)size + 16);
    input_size = (uint32_t)fread(input_data, 1, (size_t)size, f);
    fclose(f);
}

void mg_board_putc(char c)
{
    putchar(c);
}

void mg_board_puts(const char *s)
{
    fputs(s, stdout);
}

uint64_t mg_board_ticks(void)
{
    return 0;
}

void mg_board_exit(int status)
{
    fflush(stdout);
    exit(status);
}

void mg_board_input_region(const uint8_t **start, uint32_t *size)
{
    *start = input_data;
    *size = input_size;
}

uint32_t mg_board_stack_used(void)
{
    return 0;
}

uint32_t mg_board_stack_size(void)
{
    return 0;
}
