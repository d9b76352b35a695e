/* STM32F7/H7/L4-style USART (interrupt and status register ISR, transmit data register TDR): the same
 * peripheral family as the F4's but with another register map. Polled transmit only.
 * -D flags: as uart_stm32f4.c (MG_UART_RCC_*, MG_UART_GPIO_*, MG_UART_TX_*, MG_UART_CLOCK_HZ, MG_UART_BAUD).
 * The clock tree is left at its reset state, so MG_UART_CLOCK_HZ is the USART's reset-default kernel clock
 * (HSI 16 MHz on the F7, the 64 MHz HSI through the APB prescalers on the H7). */
#include "mg_board.h"
#include "uart_stm32_common.h"

#define USART_CR1 MG_USART_REG(0x00u)
#define USART_BRR MG_USART_REG(0x0Cu)
#define USART_ISR MG_USART_REG(0x1Cu)
#define USART_TDR MG_USART_REG(0x28u)
#define CR1_UE 1u
#define CR1_TE (1u << 3)
#define ISR_TXE (1u << 7) /* TXFNF ("FIFO not full") on the H7, same bit */

void mg_uart_init(void)
{
    mg_stm32_uart_clock_and_pin();
    USART_CR1 = 0;
    USART_BRR = MG_USART_BRR; /* 16x oversampling: BRR is clock / baud */
    USART_CR1 = CR1_UE | CR1_TE;
}

void mg_uart_putc(char c)
{
    while (!(USART_ISR & ISR_TXE)) {
    }
    USART_TDR = (uint8_t)c;
}
