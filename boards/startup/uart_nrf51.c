/* Nordic nRF51 UART (the micro:bit's nRF51822; no EasyDMA, unlike the nRF52's UARTE), polled transmit only:
 * each byte goes into TXD and the TXDRDY event says it has left.
 * -D flags from the board JSON: MG_UART_TX_PIN (PSELTXD, the pin number) and MG_UART_BAUDRATE_REG (the
 * BAUDRATE register value, 0x01D7E000 for 115200). The UART runs from the 16 MHz HFCLK it has at reset. */
#include "mg_board.h"

#ifndef MG_UART_BASE
#error "MG_UART_BASE must give the UART's base address"
#endif
#ifndef MG_UART_TX_PIN
#error "MG_UART_TX_PIN must give the TX pin (PSELTXD)"
#endif
#ifndef MG_UART_BAUDRATE_REG
#define MG_UART_BAUDRATE_REG 0x01D7E000u /* 115200 baud */
#endif

#define REG(offset) (*(volatile uint32_t *)(MG_UART_BASE + (offset)))
#define TASKS_STARTTX REG(0x008u)
#define EVENTS_TXDRDY REG(0x11Cu)
#define ENABLE REG(0x500u)
#define PSELTXD REG(0x50Cu)
#define TXD REG(0x51Cu)
#define BAUDRATE REG(0x524u)
#define CONFIG REG(0x56Cu)
#define ENABLE_UART 4u

void mg_uart_init(void)
{
    ENABLE = 0;
    PSELTXD = MG_UART_TX_PIN;
    BAUDRATE = MG_UART_BAUDRATE_REG;
    CONFIG = 0; /* 8N1, no flow control */
    ENABLE = ENABLE_UART;
    TASKS_STARTTX = 1;
}

void mg_uart_putc(char c)
{
    EVENTS_TXDRDY = 0;
    TXD = (uint8_t)c;
    while (!EVENTS_TXDRDY) {
    }
}
