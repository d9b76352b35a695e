/* CMSDK APB UART0 of the MPS2 boards (QEMU mps2-an386), polled transmit. The MPS3 AN547 has the same UART at
 * another address: build with -DUART0_BASE=0x59303000u (its Secure alias) there. */
#include "console.h"

#include <stdint.h>

#ifndef UART0_BASE
#define UART0_BASE 0x40004000u
#endif
#define UART_DATA (*(volatile uint32_t *)(UART0_BASE + 0x00u))
#define UART_STATE (*(volatile uint32_t *)(UART0_BASE + 0x04u))
#define UART_CTRL (*(volatile uint32_t *)(UART0_BASE + 0x08u))
#define UART_BAUDDIV (*(volatile uint32_t *)(UART0_BASE + 0x10u))

void console_init(void)
{
    UART_BAUDDIV = 16u;
    UART_CTRL = 1u; /* transmit enable */
}

static void put(char c)
{
    while (UART_STATE & 1u) { /* transmit buffer full */
    }
    UART_DATA = (uint8_t)c;
}

void console_write(const char *text)
{
    while (*text) {
        put(*text++);
    }
}

void console_write_int(int value)
{
    char digits[12];
    int n = 0;
    unsigned u = value < 0 ? 0u - (unsigned)value : (unsigned)value;
    do {
        digits[n++] = (char)('0' + u % 10u);
        u /= 10u;
    } while (u);
    if (value < 0) {
        put('-');
    }
    while (n) {
        put(digits[--n]);
    }
}

void console_write_hex(const void *data, size_t bytes)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < bytes; ++i) {
        put("0123456789abcdef"[p[i] >> 4]);
        put("0123456789abcdef"[p[i] & 15u]);
    }
}
