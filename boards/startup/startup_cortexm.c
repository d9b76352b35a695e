/* Vector table, reset handler, fault reporting, tick counter and exit for every mcugen Cortex-M board
 * (ARMv6-M, ARMv7-M and ARMv8-M mainline). Only the UART driver differs between boards; the board JSON picks the
 * tick source and the exit path with -D flags (see docs/boards.md):
 *   MG_TICKS_DWT   ticks are core cycles from the DWT cycle counter (real silicon); default: SysTick ticks
 *                  on the processor clock, which QEMU turns into instruction counts under -icount.
 *   MG_DWT_UNLOCK  write the DWT lock access register first (Cortex-M7 ships its DWT locked).
 *   MG_EXIT_HALT   leave by halting (hardware, Renode); default: semihosting SYS_EXIT_EXTENDED (QEMU). */
#include <stdint.h>
#include <string.h>

#include "mg_board.h"

#if defined(__ARM_ARCH_8M_MAIN__) || defined(__ARM_ARCH_8_1M_MAIN__)
#define MG_ARMV8M 1 /* Security Extension registers (SecureFault, SFSR, SFAR) and the longer stack frame */
#endif
#if defined(__ARM_ARCH_6M__)
/* Cortex-M0/M0+: every fault is a HardFault, and the fault status registers (SHCSR's enables, CFSR, HFSR,
 * MMFAR, BFAR) and the DWT cycle counter do not exist; the fault handler is Thumb-1 only. */
#define MG_ARMV6M 1
#if defined(MG_TICKS_DWT)
#error "ARMv6-M has no DWT cycle counter: use \"tick_source\": \"systick\""
#endif
#endif

extern uint32_t __data_start, __data_end, __data_load, __bss_start, __bss_end, __stack_bottom, __stack_top;
extern const uint8_t __mg_io_start[], __mg_io_end[];
extern void (*__init_array_start[])(void);
extern void (*__init_array_end[])(void);
int main(void);

#define SCB_CPACR (*(volatile uint32_t *)0xE000ED88u)
#define SCB_SHCSR (*(volatile uint32_t *)0xE000ED24u)
#define SCB_CFSR (*(volatile uint32_t *)0xE000ED28u)
#define SCB_HFSR (*(volatile uint32_t *)0xE000ED2Cu)
#define SCB_MMFAR (*(volatile uint32_t *)0xE000ED34u)
#define SCB_BFAR (*(volatile uint32_t *)0xE000ED38u)
#define SCB_SFSR (*(volatile uint32_t *)0xE000EDE4u)
#define SCB_SFAR (*(volatile uint32_t *)0xE000EDE8u)
#define DCB_DHCSR (*(volatile uint32_t *)0xE000EDF0u)
#define DCB_DEMCR (*(volatile uint32_t *)0xE000EDFCu)
#define DWT_CTRL (*(volatile uint32_t *)0xE0001000u)
#define DWT_CYCCNT (*(volatile uint32_t *)0xE0001004u)
#define DWT_LAR (*(volatile uint32_t *)0xE0001FB0u)
#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define SYST_RELOAD 0x00FFFFFFu

#define SHCSR_FAULTS_ENA (7u << 16)     /* MemManage, BusFault and UsageFault on their own vectors */
#define SHCSR_SECUREFAULTENA (1u << 19) /* ARMv8-M: SecureFault on its own vector */
#define DHCSR_C_DEBUGEN 1u              /* a debugger is attached */
#define DEMCR_TRCENA (1u << 24)         /* powers the DWT */
#define DWT_CTRL_CYCCNTENA 1u
#define DWT_LAR_KEY 0xC5ACCE55u
#define EXC_RETURN_DCRS (1u << 5)  /* ARMv8-M: 0 = callee registers were stacked too */
#define EXC_RETURN_S (1u << 6)     /* ARMv8-M: the frame is on a Secure stack */
#define ADDITIONAL_STATE_WORDS 10u /* integrity signature, reserved word, r4-r11 */

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

uint32_t mg_board_stack_size(void)
{
    return (uint32_t)((char *)&__stack_top - (char *)&__stack_bottom);
}

void Reset_Handler(void)
{
    paint_stack();
    memcpy(&__data_start, &__data_load, (uint32_t)((char *)&__data_end - (char *)&__data_start));
    memset(&__bss_start, 0, (uint32_t)((char *)&__bss_end - (char *)&__bss_start));
#if defined(__ARM_FP) || defined(__ARM_FEATURE_MVE)
    SCB_CPACR |= 0xFu << 20; /* full access to CP10 and CP11: the FPU (and MVE on Armv8.1-M) */
    __asm volatile("dsb\n isb");
#endif
    for (void (**ctor)(void) = __init_array_start; ctor != __init_array_end; ++ctor) {
        (*ctor)();
    }
    mg_board_exit(main());
}

static void semihosting_exit(int status)
{
    uint32_t block[2] = {ADP_STOPPED_APPLICATION_EXIT, (uint32_t)status};
    register uint32_t r0 __asm("r0") = SEMIHOSTING_SYS_EXIT_EXTENDED;
    register uint32_t *r1 __asm("r1") = block;
    __asm volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
}

void mg_board_exit(int status)
{
#if defined(MG_EXIT_HALT)
    /* Without a debugger a BKPT escalates to HardFault, so only hand the status to a debugger that is
     * attached (it may serve semihosting); otherwise stop here, the console already says how it ended. */
    if (DCB_DHCSR & DHCSR_C_DEBUGEN) {
        semihosting_exit(status);
    }
    for (;;) {
        __asm volatile("wfi");
    }
#else
    semihosting_exit(status);
    for (;;) {
    }
#endif
}

#if defined(MG_TICKS_DWT)
/* CYCCNT is 32 bits (a wrap every few seconds at 100+ MHz); extend it to 64. SysTick wraps every 2^24
 * cycles and samples it too, so no 32-bit wrap goes unseen even when nobody asks for ticks. */
static uint32_t dwt_high, dwt_last;

static uint64_t dwt_sample(void)
{
    uint32_t now = DWT_CYCCNT;
    if (now < dwt_last) {
        dwt_high++;
    }
    dwt_last = now;
    return ((uint64_t)dwt_high << 32) | now;
}
#endif

void mg_board_init(void)
{
    mg_uart_init();
#if !defined(MG_ARMV6M)
    SCB_SHCSR |= SHCSR_FAULTS_ENA;
#endif
#if defined(MG_ARMV8M)
    SCB_SHCSR |= SHCSR_SECUREFAULTENA; /* RAZ/WI on cores without the Security Extension */
#endif
#if defined(MG_TICKS_DWT)
    DCB_DEMCR |= DEMCR_TRCENA;
#if defined(MG_DWT_UNLOCK)
    DWT_LAR = DWT_LAR_KEY;
#endif
    DWT_CYCCNT = 0;
    DWT_CTRL |= DWT_CTRL_CYCCNTENA;
#endif
    SYST_RVR = SYST_RELOAD;
    SYST_CVR = 0;
    SYST_CSR = 7u; /* processor clock, interrupt on wrap, enabled */
    /* The counter loads RVR on its first tick without counting a wrap; until then CVR reads 0, which
     * mg_board_ticks would take for a full period. Wait for the load so the first reading is right. */
    while (SYST_CVR == 0) {
    }
}

void SysTick_Handler(void)
{
    systick_wraps++;
#if defined(MG_TICKS_DWT)
    (void)dwt_sample();
#endif
}

uint64_t mg_board_ticks(void)
{
#if defined(MG_TICKS_DWT)
    uint32_t primask;
    __asm volatile("mrs %0, primask\n cpsid i" : "=r"(primask) : : "memory");
    uint64_t now = dwt_sample();
    __asm volatile("msr primask, %0" : : "r"(primask) : "memory");
    return now;
#else
    uint32_t wraps, count;
    do {
        wraps = systick_wraps;
        count = SYST_CVR;
    } while (wraps != systick_wraps);
    return ((uint64_t)wraps << 24) + (SYST_RELOAD - count);
#endif
}

void mg_board_input_region(const uint8_t **start, uint32_t *size)
{
    *start = __mg_io_start;
    *size = (uint32_t)(__mg_io_end - __mg_io_start);
}

void mg_board_putc(char c)
{
    mg_uart_putc(c);
}

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

/* Called with the exception stack frame (r0 r1 r2 r3 r12 lr pc xpsr) and EXC_RETURN. */
void mg_fault_report(const uint32_t *frame, uint32_t exc_return)
{
#if defined(MG_ARMV8M)
    if ((exc_return & EXC_RETURN_S) && !(exc_return & EXC_RETURN_DCRS)) {
        frame += ADDITIONAL_STATE_WORDS; /* the callee registers sit below the basic frame */
    }
#else
    (void)exc_return;
#endif
    mg_board_puts("\nMCUGEN FAULT");
#if defined(MG_ARMV6M)
    mg_board_puts(" HardFault");
#else
    report("CFSR", SCB_CFSR);
    report("HFSR", SCB_HFSR);
    report("MMFAR", SCB_MMFAR);
    report("BFAR", SCB_BFAR);
#endif
    report("PC", frame[6]);
    report("LR", frame[5]);
#if defined(MG_ARMV8M)
    report("SFSR", SCB_SFSR);
    report("SFAR", SCB_SFAR);
#endif
    mg_board_puts("\n");
    mg_board_exit(3);
}

/* Picks the stack the frame went to (EXC_RETURN bit 2), the same test on every M profile. */
__attribute__((naked)) void Fault_Handler(void)
{
#if defined(MG_ARMV6M)
    /* Thumb-1: no IT blocks, TST takes registers only, and a B reaches only 2 KiB (the linker may place
     * mg_fault_report further), so the jump goes through a register. */
    __asm volatile("mov r1, lr\n"
                   "movs r0, #4\n"
                   "tst r0, r1\n"
                   "bne 1f\n"
                   "mrs r0, msp\n"
                   "b 2f\n"
                   "1: mrs r0, psp\n"
                   "2: ldr r2, =mg_fault_report\n"
                   "bx r2\n"
                   ".ltorg\n");
#else
    __asm volatile("tst lr, #4\n"
                   "ite eq\n"
                   "mrseq r0, msp\n"
                   "mrsne r0, psp\n"
                   "mov r1, lr\n"
                   "b mg_fault_report\n");
#endif
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
    Fault_Handler,   /* MemManage (reserved, never taken, on ARMv6-M, like the three below) */
    Fault_Handler,   /* BusFault */
    Fault_Handler,   /* UsageFault */
    Fault_Handler,   /* SecureFault on ARMv8-M, reserved (never taken) on ARMv7-M */
    0,
    0,
    0,
    Default_Handler, /* SVCall */
    Default_Handler, /* DebugMonitor */
    0,
    Default_Handler, /* PendSV */
    SysTick_Handler,
};
