/* Microchip SAM D21 SERCOM in USART mode, polled transmit only.
 * The chip starts on OSC8M divided by 8 (1 MHz), too slow for 115200 baud, so this driver first sets the
 * OSC8M prescaler to 1: generic clock 0, the CPU (and SysTick) and the SERCOM then run at 8 MHz
 * (MG_UART_CLOCK_HZ). -D flags from the board JSON: MG_UART_GCLK_ID (the SERCOM's core clock channel),
 * MG_UART_APBC_BIT (its PM.APBCMASK bit), MG_UART_PORT_GROUP (the TX pin's PORT group base),
 * MG_UART_TX_PIN, MG_UART_TX_PMUX (the pin's peripheral function, 3 = D) and MG_UART_TXPO (the TX pad). */
#include "mg_board.h"

#ifndef MG_UART_BASE
#error "MG_UART_BASE must give the SERCOM's base address"
#endif
#if !defined(MG_UART_CLOCK_HZ) || !defined(MG_UART_BAUD)
#error "MG_UART_CLOCK_HZ and MG_UART_BAUD must give the SERCOM clock and the baud rate"
#endif

#define REG32(addr) (*(volatile uint32_t *)(addr))
#define REG16(addr) (*(volatile uint16_t *)(addr))
#define REG8(addr) (*(volatile uint8_t *)(addr))

#define SYSCTRL_OSC8M REG32(0x40000820u)
#define OSC8M_PRESC_MASK (3u << 8)
#define PM_APBCMASK REG32(0x40000420u)
#define GCLK_STATUS REG8(0x40000C01u)
#define GCLK_CLKCTRL REG16(0x40000C02u)
#define GCLK_STATUS_SYNCBUSY 0x80u
#define GCLK_CLKCTRL_CLKEN (1u << 14) /* generator 0 (GEN = 0) */

#define PORT_PMUX(n) REG8((MG_UART_PORT_GROUP) + 0x30u + (n))
#define PORT_PINCFG(n) REG8((MG_UART_PORT_GROUP) + 0x40u + (n))
#define PINCFG_PMUXEN 1u

#define USART_CTRLA REG32(MG_UART_BASE + 0x00u)
#define USART_CTRLB REG32(MG_UART_BASE + 0x04u)
#define USART_BAUD REG16(MG_UART_BASE + 0x0Cu)
#define USART_INTFLAG REG8(MG_UART_BASE + 0x18u)
#define USART_SYNCBUSY REG32(MG_UART_BASE + 0x1Cu)
#define USART_DATA REG16(MG_UART_BASE + 0x28u)
#define CTRLA_ENABLE (1u << 1)
#define CTRLA_MODE_INTERNAL_CLOCK (1u << 2)
#define CTRLA_TXPO(pad) ((uint32_t)(pad) << 16)
#define CTRLA_DORD_LSB_FIRST (1u << 30)
#define CTRLB_TXEN (1u << 16) /* CHSIZE 0: 8 bits, no parity, one stop bit */
#define INTFLAG_DRE 1u
#define SYNCBUSY_ENABLE_CTRLB 6u
/* Arithmetic baud with 16x oversampling: BAUD = 65536 * (1 - 16 * baud / clock), rounded. */
#define USART_BAUD_VALUE                                                                                               \
    ((uint16_t)(65536u - (uint32_t)((65536ull * 16u * (MG_UART_BAUD) + (MG_UART_CLOCK_HZ) / 2u) / (MG_UART_CLOCK_HZ))))

void mg_uart_init(void)
{
    SYSCTRL_OSC8M &= ~OSC8M_PRESC_MASK; /* 8 MHz undivided */
    PM_APBCMASK |= MG_UART_APBC_BIT;
    GCLK_CLKCTRL = (uint16_t)(GCLK_CLKCTRL_CLKEN | (MG_UART_GCLK_ID));
    while (GCLK_STATUS & GCLK_STATUS_SYNCBUSY) {
    }
    const uint32_t pin = MG_UART_TX_PIN, shift = 4u * (pin % 2u);
    PORT_PMUX(pin / 2u) = (uint8_t)((PORT_PMUX(pin / 2u) & ~(0xFu << shift)) | ((MG_UART_TX_PMUX) << shift));
    PORT_PINCFG(pin) |= PINCFG_PMUXEN;
    USART_CTRLA = CTRLA_MODE_INTERNAL_CLOCK | CTRLA_TXPO(MG_UART_TXPO) | CTRLA_DORD_LSB_FIRST;
    USART_CTRLB = CTRLB_TXEN;
    USART_BAUD = USART_BAUD_VALUE;
    while (USART_SYNCBUSY & SYNCBUSY_ENABLE_CTRLB) {
    }
    USART_CTRLA |= CTRLA_ENABLE;
    while (USART_SYNCBUSY & SYNCBUSY_ENABLE_CTRLB) {
    }
}

void mg_uart_putc(char c)
{
    while (!(USART_INTFLAG & INTFLAG_DRE)) {
    }
    USART_DATA = (uint8_t)c;
}
