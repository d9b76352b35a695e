/* Arm PL011 UART, polled transmit only. The Stellaris LM3S6965's UART0 is a PL011 (with Luminary's ID
 * registers), which is how QEMU's lm3s6965evb models it.
 * Optional -D flags from the board JSON ("uart": {"defines": ...}):
 *   MG_UART_CLOCK_REG, MG_UART_CLOCK_BIT   a clock-gating register to set first (Stellaris RCGC1);
 *   MG_UART_CLOCK_HZ, MG_UART_BAUD         the UART clock and the baud rate for the divisors. */
#include "mg_board.h"

#ifndef MG_UART_BASE
#error "MG_UART_BASE must give the UART's base address"
#endif

#define REG(offset) (*(volatile uint32_t *)(MG_UART_BASE + (offset)))
#define UART_DR REG(0x000u)
#define UART_FR REG(0x018u)
#define UART_IBRD REG(0x024u)
#define UART_FBRD REG(0x028u)
#define UART_LCRH REG(0x02Cu)
#define UART_CTL REG(0x030u)
#define FR_TXFF (1u << 5)
#define LCRH_FEN (1u << 4)
#define LCRH_WLEN_8 (3u << 5)
#define CTL_UARTEN 1u
#define CTL_TXE (1u << 8)

void mg_uart_init(void)
{
#if defined(MG_UART_CLOCK_REG)
    *(volatile uint32_t *)(MG_UART_CLOCK_REG) |= (MG_UART_CLOCK_BIT);
    (void)*(volatile uint32_t *)(MG_UART_CLOCK_REG); /* a few cycles before the UART may be touched */
#endif
    UART_CTL = 0; /* the divisors may only change while the UART is disabled */
#if defined(MG_UART_CLOCK_HZ) && defined(MG_UART_BAUD)
    /* Divisor = clock / (16 * baud) as 16.6 fixed point, rounded. */
    const uint32_t div64 = (uint32_t)((4ull * (MG_UART_CLOCK_HZ) + (MG_UART_BAUD) / 2u) / (MG_UART_BAUD));
    UART_IBRD = div64 >> 6;
    UART_FBRD = div64 & 0x3Fu;
#endif
    UART_LCRH = LCRH_WLEN_8 | LCRH_FEN; /* 8N1; writing LCRH also latches the divisors */
    UART_CTL = CTL_UARTEN | CTL_TXE;
}

void mg_uart_putc(char c)
{
    while (UART_FR & FR_TXFF) {
    }
    UART_DR = (uint8_t)c;
}
