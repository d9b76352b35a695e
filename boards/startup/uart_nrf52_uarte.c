/* Nordic nRF52 UARTE (UART with EasyDMA), polled transmit only. EasyDMA reads from RAM only, so each
 * byte goes through a one-byte buffer in .bss; ENDTX says the buffer was read and may be reused.
 * -D flags from the board JSON: MG_UART_TX_PIN (PSEL.TXD value: pin number, port 1 adds 32),
 * MG_UART_BAUDRATE_REG (the BAUDRATE register value, 0x01D7E000 for 115200) and, optionally,
 * MG_UART_GPIO_BASE (the TX pin's GPIO port, 0x50000000 for P0) to drive the pin high as an output, the
 * idle level Nordic asks for while the UARTE does not own the pin.
 * The clocks are left at their reset state: the UARTE runs from the internal 64 MHz HFINT oscillator,
 * close enough for 115200 baud in practice (start the HFXO crystal for an exact rate). */
#include "mg_board.h"

#ifndef MG_UART_BASE
#error "MG_UART_BASE must give the UARTE's base address"
#endif
#ifndef MG_UART_TX_PIN
#error "MG_UART_TX_PIN must give the TX pin (PSEL.TXD)"
#endif
#ifndef MG_UART_BAUDRATE_REG
#define MG_UART_BAUDRATE_REG 0x01D7E000u /* 115200 baud */
#endif

#define REG(offset) (*(volatile uint32_t *)(MG_UART_BASE + (offset)))
#define TASKS_STARTTX REG(0x008u)
#define EVENTS_ENDTX REG(0x120u)
#define ENABLE REG(0x500u)
#define PSEL_TXD REG(0x50Cu)
#define BAUDRATE REG(0x524u)
#define TXD_PTR REG(0x544u)
#define TXD_MAXCNT REG(0x548u)
#define CONFIG REG(0x56Cu)
#define ENABLE_UARTE 8u
#define GPIO_OUTSET_OFFSET 0x508u
#define GPIO_DIRSET_OFFSET 0x518u

static volatile uint8_t tx_byte; /* in RAM, where EasyDMA can read it */

void mg_uart_init(void)
{
    ENABLE = 0;
#if defined(MG_UART_GPIO_BASE)
    *(volatile uint32_t *)(MG_UART_GPIO_BASE + GPIO_OUTSET_OFFSET) = 1u << ((MG_UART_TX_PIN)&31u);
    *(volatile uint32_t *)(MG_UART_GPIO_BASE + GPIO_DIRSET_OFFSET) = 1u << ((MG_UART_TX_PIN)&31u);
#endif
    PSEL_TXD = MG_UART_TX_PIN;
    BAUDRATE = MG_UART_BAUDRATE_REG;
    CONFIG = 0; /* 8N1, no flow control */
    ENABLE = ENABLE_UARTE;
}

void mg_uart_putc(char c)
{
    tx_byte = (uint8_t)c;
    EVENTS_ENDTX = 0;
    TXD_PTR = (uint32_t)(uintptr_t)&tx_byte;
    TXD_MAXCNT = 1;
    __asm volatile("dmb" : : : "memory"); /* the byte is in RAM before EasyDMA is told to read it */
    TASKS_STARTTX = 1;
    while (!EVENTS_ENDTX) {
    }
}
