/* Vector table, reset handler, fault reporting, SysTick tick counter and semihosting exit for every
 * mcugen Cortex-M board. Only the UART driver differs between boards. */
#include <stdint.h>
#include <string.h>

#include "mg_board.h"

extern uint32_t __data_start, __data_end, __data_load, __bss_start, __bss_end, __stack_bottom, __stack_top;
extern const uint8_t __mcugen_io_start[], __mcugen_io_end[];
extern void (*__init_array_start[])(void);
extern void (*__init_array_end[])(void);
int main(void);

#define SCB_CPACR (*(volatile uint32_t *)0xE000ED88u)
#define SCB_SHCSR (*(volatile uint32_t *)0xE000ED24u)
#define SCB_CFSR (*(volatile uint32_t *)0xE000ED28u)
#define SCB_HFSR (*(volatile uint32_t *)0xE000ED2Cu)
#define SCB_MMFAR (*(volatile uint32_t *)0xE000ED34u)
#define SCB_BFAR (*(volatile uint32_t *)0xE000ED38u)
#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define SYST_RELOAD 0x00FFFFFFu

#define STACK_PAINT 0xC5C5C5C5u
#define SEMIHOSTING_SYS_EXIT_EXTENDED 0x20u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u

static volatile uint32_t systick_wraps;

/* Fills the unused stack with a pattern, leaving this function's frame and a margin alone. */
static void paint_stack(void)
{
    uint32_t *limit = (uint32_t *)__builtin_frame_address(0) - 64;
    for (uint32_t *p = &__stack_bottom; p < limit; ++p) {
        *p = STACK_PAINT;
    }
}

uint32_t mg_board_stack_used(void)
{
    const uint32_t *p = &__stack_bottom;
    while (p < &__stack_top && *p == STACK_PAINT) {
        ++p;
    }
    return (uint32_t)((const char *)&__stack_top - (const char *)p);
}

uint32_t mg_board_stack_size(void) { return (uint32_t)((char *)&__stack_top - (char *)&__stack_bottom); }

void Reset_Handler(void)
{
    paint_stack();
    memcpy(&__data_start, &__data_load, (uint32_t)((char *)&__data_end - (char *)&__data_start));
    memset(&__bss_start, 0, (uint32_t)((char *)&__bss_end - (char *)&__bss_start));
#if defined(__ARM_FP)
    SCB_CPACR |= 0xFu << 20; /* full access to CP10 and CP11, the FPU */
    __asm volatile("dsb\n isb");
#endif
    for (void (**ctor)(void) = __init_array_start; ctor != __init_array_end; ++ctor) {
        (*ctor)();
    }
    mg_board_exit(main());
}

void mg_board_exit(int status)
{
    uint32_t block[2] = {ADP_STOPPED_APPLICATION_EXIT, (uint32_t)status};
    register uint32_t r0 __asm("r0") = SEMIHOSTING_SYS_EXIT_EXTENDED;
    register uint32_t *r1 __asm("r1") = block;
    __asm volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
    for (;;) {
    }
}

void mg_board_init(void)
{
    mg_uart_init();
    SCB_SHCSR |= 7u << 16; /* report MemManage, BusFault and UsageFault on their own */
    SYST_RVR = SYST_RELOAD;
    SYST_CVR = 0;
    SYST_CSR = 7u; /* processor clock, interrupt on wrap, enabled */
}

void SysTick_Handler(void) { systick_wraps++; }

uint64_t mg_board_ticks(void)
{
    uint32_t wraps, count;
    do {
        wraps = systick_wraps;
        count = SYST_CVR;
    } while (wraps != systick_wraps);
    return ((uint64_t)wraps << 24) + (SYST_RELOAD - count);
}

void mg_board_input_region(const uint8_t **start, uint32_t *size)
{
    *start = __mcugen_io_start;
    *size = (uint32_t)(__mcugen_io_end - __mcugen_io_start);
}

void mg_board_putc(char c) { mg_uart_putc(c); }

void mg_board_puts(const char *s)
{
    while (*s) {
        mg_uart_putc(*s++);
    }
}

static void put_hex32(uint32_t v)
{
    for (int shift = 28; shift >= 0; shift -= 4) {
        mg_uart_putc("0123456789abcdef"[(v >> shift) & 0xFu]);
    }
}

static void report(const char *name, uint32_t value)
{
    mg_board_puts(" ");
    mg_board_puts(name);
    mg_board_puts("=0x");
    put_hex32(value);
}

/* Called with the exception stack frame: r0 r1 r2 r3 r12 lr pc xpsr. */
void mg_fault_report(const uint32_t *frame, uint32_t exc_return)
{
    (void)exc_return;
    mg_board_puts("\nMCUGEN FAULT");
    report("CFSR", SCB_CFSR);
    report("HFSR", SCB_HFSR);
    report("MMFAR", SCB_MMFAR);
    report("BFAR", SCB_BFAR);
    report("PC", frame[6]);
    report("LR", frame[5]);
    mg_board_puts("\n");
    mg_board_exit(3);
}

__attribute__((naked)) void Fault_Handler(void)
{
    __asm volatile(
        "tst lr, #4\n"
        "ite eq\n"
        "mrseq r0, msp\n"
        "mrsne r0, psp\n"
        "mov r1, lr\n"
        "b mg_fault_report\n");
}

void Default_Handler(void)
{
    mg_board_puts("\nMCUGEN FAULT unexpected interrupt\n");
    mg_board_exit(3);
}

__attribute__((section(".isr_vector"), used)) static void (*const vector_table[16])(void) = {
    (void (*)(void))(&__stack_top),
    Reset_Handler,
    Default_Handler, /* NMI */
    Fault_Handler,   /* HardFault */
    Fault_Handler,   /* MemManage */
    Fault_Handler,   /* BusFault */
    Fault_Handler,   /* UsageFault */
    0, 0, 0, 0,
    Default_Handler, /* SVCall */
    Default_Handler, /* DebugMonitor */
    0,
    Default_Handler, /* PendSV */
    SysTick_Handler,
};
