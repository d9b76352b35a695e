/* The example's own startup for a Cortex-M with an FPU (the M4F here; kws_from_audio's M55 too): vector table,
 * .data/.bss set-up, FPU enable, and exit through semihosting (QEMU ends with main's status). It runs no C++
 * constructors: the model library needs none. */
#include <stdint.h>
#include <string.h>

extern uint32_t __data_start, __data_end, __data_load, __bss_start, __bss_end, __stack_top;
int main(void);

static void semihosting_exit(int status)
{
    uint32_t block[2] = {0x20026u /* ADP_Stopped_ApplicationExit */, (uint32_t)status};
    register uint32_t r0 __asm("r0") = 0x20u; /* SYS_EXIT_EXTENDED */
    register uint32_t *r1 __asm("r1") = block;
    __asm volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
    for (;;) {
    }
}

void Reset_Handler(void)
{
    memcpy(&__data_start, &__data_load, (size_t)((char *)&__data_end - (char *)&__data_start));
    memset(&__bss_start, 0, (size_t)((char *)&__bss_end - (char *)&__bss_start));
    *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20; /* CPACR: full access to the FPU */
    __asm volatile("dsb\n isb");
    semihosting_exit(main());
}

static void Fault_Handler(void)
{
    semihosting_exit(3);
}

__attribute__((section(".isr_vector"), used)) static void (*const vectors[16])(void) = {
    (void (*)(void)) & __stack_top,
    Reset_Handler,
    Fault_Handler,
    Fault_Handler,
    Fault_Handler,
    Fault_Handler,
    Fault_Handler,
};
