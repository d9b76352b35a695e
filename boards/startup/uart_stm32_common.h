/* Clock gating and TX pin set-up shared by the STM32 USART drivers (uart_stm32f4.c, uart_stm32v2.c).
 * All addresses come from the board JSON as -D flags; see those drivers. */
#ifndef MG_UART_STM32_COMMON_H
#define MG_UART_STM32_COMMON_H

#include <stdint.h>

#ifndef MG_UART_BASE
#error "MG_UART_BASE must give the USART's base address"
#endif
#if !defined(MG_UART_CLOCK_HZ) || !defined(MG_UART_BAUD)
#error "MG_UART_CLOCK_HZ and MG_UART_BAUD must give the USART clock and the baud rate"
#endif

#define MG_USART_REG(offset) (*(volatile uint32_t *)(MG_UART_BASE + (offset)))
#define MG_USART_BRR ((uint32_t)(((MG_UART_CLOCK_HZ) + (MG_UART_BAUD) / 2u) / (MG_UART_BAUD)))

#define MG_GPIO_MODER(base) (*(volatile uint32_t *)((base) + 0x00u))
#define MG_GPIO_AFR(base, pin) (*(volatile uint32_t *)((base) + 0x20u + 4u * ((pin) / 8u)))
#define MG_GPIO_MODE_AF 2u

static inline void mg_stm32_set_bits(uintptr_t reg, uint32_t bits)
{
    *(volatile uint32_t *)reg |= bits;
    (void)*(volatile uint32_t *)reg; /* read back: the bus needs a couple of cycles after a clock enable */
}

static inline void mg_stm32_uart_clock_and_pin(void)
{
#if defined(MG_UART_RCC_REG)
    mg_stm32_set_bits(MG_UART_RCC_REG, MG_UART_RCC_BIT);
#endif
#if defined(MG_UART_GPIO_BASE)
#if defined(MG_UART_GPIO_RCC_REG)
    mg_stm32_set_bits(MG_UART_GPIO_RCC_REG, MG_UART_GPIO_RCC_BIT);
#endif
    const uint32_t pin = MG_UART_TX_PIN;
    MG_GPIO_AFR(MG_UART_GPIO_BASE, pin) =
        (MG_GPIO_AFR(MG_UART_GPIO_BASE, pin) & ~(0xFu << (4u * (pin % 8u)))) | ((MG_UART_TX_AF) << (4u * (pin % 8u)));
    MG_GPIO_MODER(MG_UART_GPIO_BASE) =
        (MG_GPIO_MODER(MG_UART_GPIO_BASE) & ~(3u << (2u * pin))) | (MG_GPIO_MODE_AF << (2u * pin));
#endif
}

#endif
