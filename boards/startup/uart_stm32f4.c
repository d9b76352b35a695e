/* STM32F1/F2/F4 USART (status register SR, data register DR), polled transmit only.
 * -D flags from the board JSON ("uart": {"defines": ...}):
 *   MG_UART_RCC_REG, MG_UART_RCC_BIT            the RCC enable register and bit of this USART;
 *   MG_UART_GPIO_RCC_REG, MG_UART_GPIO_RCC_BIT  the same for the TX pin's GPIO port (optional);
 *   MG_UART_GPIO_BASE, MG_UART_TX_PIN, MG_UART_TX_AF  the TX pin and its alternate function (optional);
 *   MG_UART_CLOCK_HZ, MG_UART_BAUD              the USART's bus clock and the baud rate.
 * The clock tree is left at its reset state (HSI), so MG_UART_CLOCK_HZ is the reset-default bus clock. */
#include "mg_board.h"
#include "uart_stm32_common.h"

#define USART_SR MG_USART_REG(0x00u)
#define USART_DR MG_USART_REG(0x04u)
#define USART_BRR MG_USART_REG(0x08u)
#define USART_CR1 MG_USART_REG(0x0Cu)
#define SR_TXE (1u << 7)
#define CR1_UE (1u << 13)
#define CR1_TE (1u << 3)

void mg_uart_init(void)
{
    mg_stm32_uart_clock_and_pin();
    USART_CR1 = 0;
    USART_BRR = MG_USART_BRR; /* 16x oversampling: BRR is clock / baud in 12.4 fixed point */
    USART_CR1 = CR1_UE | CR1_TE;
}

void mg_uart_putc(char c)
{
    while (!(USART_SR & SR_TXE)) {
    }
    USART_DR = (uint8_t)c;
}
