/* Raspberry Pi RP2040: UART0 (an Arm PL011) on GPIO0, polled transmit only, plus the RP2040's boot2.
 * The RP2040 starts on its ring oscillator (about 6 MHz, varying from part to part), useless for a baud rate, so
 * this driver first starts the crystal oscillator (12 MHz on the Pico) and moves clk_ref, and with it clk_sys
 * (its reset source is clk_ref), the CPU and SysTick, onto it; clk_peri, the UART's clock, follows clk_sys.
 * Peripherals leave reset only when asked (RESETS). -D flags: MG_UART_CLOCK_HZ (the crystal) and MG_UART_BAUD. */
#include "mg_board.h"
#include "rp2040_boot2.h"

#ifndef MG_UART_BASE
#error "MG_UART_BASE must give the UART's base address"
#endif
#if !defined(MG_UART_CLOCK_HZ) || !defined(MG_UART_BAUD)
#error "MG_UART_CLOCK_HZ and MG_UART_BAUD must give the crystal's frequency and the baud rate"
#endif

#define REG(addr) (*(volatile uint32_t *)(addr))
#define ATOMIC_CLEAR 0x3000u /* every APB register's write-to-clear-bits alias */

#define RESETS_RESET 0x4000C000u
#define RESETS_RESET_DONE REG(0x4000C008u)
#define RESET_IO_BANK0 (1u << 5)
#define RESET_PADS_BANK0 (1u << 8)
#define RESET_UART0 (1u << 22)

#define XOSC_CTRL REG(0x40024000u)
#define XOSC_STATUS REG(0x40024004u)
#define XOSC_STARTUP REG(0x4002400Cu)
#define XOSC_FREQ_RANGE_1_15MHZ 0xAA0u
#define XOSC_ENABLE (0xFABu << 12)
#define XOSC_STABLE (1u << 31)
/* The start-up delay counts 256 crystal cycles per unit: about 1 ms. */
#define XOSC_STARTUP_DELAY (((MG_UART_CLOCK_HZ) / 1000u + 128u) / 256u)

#define CLK_REF_CTRL REG(0x40008030u)
#define CLK_REF_SELECTED REG(0x40008038u)
#define CLK_PERI_CTRL REG(0x40008048u)
#define CLK_REF_SRC_XOSC 2u
#define CLK_PERI_ENABLE (1u << 11) /* AUXSRC 0: clk_sys */

#define GPIO0_CTRL REG(0x40014004u)
#define GPIO_FUNC_UART 2u

#define UART_DR REG(MG_UART_BASE + 0x000u)
#define UART_FR REG(MG_UART_BASE + 0x018u)
#define UART_IBRD REG(MG_UART_BASE + 0x024u)
#define UART_FBRD REG(MG_UART_BASE + 0x028u)
#define UART_LCRH REG(MG_UART_BASE + 0x02Cu)
#define UART_CR REG(MG_UART_BASE + 0x030u)
#define FR_TXFF (1u << 5)
#define LCRH_FEN (1u << 4)
#define LCRH_WLEN_8 (3u << 5)
#define CR_UARTEN 1u
#define CR_TXE (1u << 8)

void mg_uart_init(void)
{
    XOSC_CTRL = XOSC_FREQ_RANGE_1_15MHZ;
    XOSC_STARTUP = XOSC_STARTUP_DELAY;
    XOSC_CTRL = XOSC_FREQ_RANGE_1_15MHZ | XOSC_ENABLE;
    while (!(XOSC_STATUS & XOSC_STABLE)) {
    }
    CLK_REF_CTRL = CLK_REF_SRC_XOSC; /* glitchless: wait until the switch has happened */
    while (!(CLK_REF_SELECTED & (1u << CLK_REF_SRC_XOSC))) {
    }
    CLK_PERI_CTRL = CLK_PERI_ENABLE;

    const uint32_t blocks = RESET_IO_BANK0 | RESET_PADS_BANK0 | RESET_UART0;
    REG(RESETS_RESET + ATOMIC_CLEAR) = blocks;
    while ((RESETS_RESET_DONE & blocks) != blocks) {
    }
    GPIO0_CTRL = GPIO_FUNC_UART;

    /* Divisor = clock / (16 * baud) as 16.6 fixed point, rounded. */
    const uint32_t div64 = (uint32_t)((4ull * (MG_UART_CLOCK_HZ) + (MG_UART_BAUD) / 2u) / (MG_UART_BAUD));
    UART_IBRD = div64 >> 6;
    UART_FBRD = div64 & 0x3Fu;
    UART_LCRH = LCRH_WLEN_8 | LCRH_FEN; /* 8N1; writing LCRH also latches the divisors */
    UART_CR = CR_UARTEN | CR_TXE;
}

void mg_uart_putc(char c)
{
    while (UART_FR & FR_TXFF) {
    }
    UART_DR = (uint8_t)c;
}
