/* Arm CMSDK APB UART (the MPS2/MPS3 console), polled transmit only. */
#include "mg_board.h"

#ifndef MG_UART_BASE
#error "MG_UART_BASE must give the UART's base address"
#endif

#define UART_DATA (*(volatile uint32_t *)(MG_UART_BASE + 0x00u))
#define UART_STATE (*(volatile uint32_t *)(MG_UART_BASE + 0x04u))
#define UART_CTRL (*(volatile uint32_t *)(MG_UART_BASE + 0x08u))
#define UART_BAUDDIV (*(volatile uint32_t *)(MG_UART_BASE + 0x10u))
#define UART_STATE_TX_FULL 1u
#define UART_CTRL_TX_EN 1u

void mg_uart_init(void)
{
    UART_BAUDDIV = 16u; /* the smallest divider the CMSDK UART accepts */
    UART_CTRL = UART_CTRL_TX_EN;
}

void mg_uart_putc(char c)
{
    while (UART_STATE & UART_STATE_TX_FULL) {
    }
    UART_DATA = (uint8_t)c;
}
