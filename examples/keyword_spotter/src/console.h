/* The example's console: text out of the MPS2 board's UART (the application's own driver, not mcugen's). */
#ifndef CONSOLE_H
#define CONSOLE_H

#include <stddef.h>

void console_init(void);
void console_write(const char *text);
void console_write_int(int value);
void console_write_hex(const void *data, size_t bytes);

#endif
