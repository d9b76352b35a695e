/* Board services used by the firmware runtime and test harness: console output, a tick counter and exit. */
#ifndef MG_BOARD_H
#define MG_BOARD_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void mg_board_init(void);   /* console UART and the SysTick counter */
void mg_board_putc(char c); /* blocking write of one byte to the console UART */
void mg_board_puts(const char *s);
uint64_t mg_board_ticks(void); /* SysTick ticks since mg_board_init (24-bit wraps folded in) */
void mg_board_exit(int status) __attribute__((noreturn)); /* semihosting exit, or a halt on hardware */
/* Stack bytes ever used (the stack is painted at reset), and the stack's size; 0 where unknown. */
uint32_t mg_board_stack_used(void);
uint32_t mg_board_stack_size(void);
/* The region where a test host may have placed input sets (see docs/protocol.md). */
void mg_board_input_region(const uint8_t **start, uint32_t *size);

/* Implemented by each UART driver (uart_<driver>.c). */
void mg_uart_init(void);
void mg_uart_putc(char c);

#ifdef __cplusplus
}
#endif

#endif
