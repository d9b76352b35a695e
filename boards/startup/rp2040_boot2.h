/* The RP2040's second-stage boot loader (RP2040 datasheet, "Boot Sequence" and the SSI chapter), included by
 * uart_rp2040.c, the one source only the RP2040 board builds. The boot ROM copies the first 256 bytes of flash
 * to SRAM, checks their CRC-32 (the last 4 bytes, written by the platform builder after the link) and runs
 * them. Flash is not yet readable through the XIP window: this sets the XIP SSI up for plain 03h serial reads
 * (slow but supported by every flash chip), then enters the firmware through its vector table like a reset.
 * Assembly, so the section is exactly 256 bytes (.org fails the build if the code outgrows 252) and the code is
 * position independent (it runs from the SRAM copy): absolute addresses only, from its own literal pool. */
#ifndef MG_RP2040_BOOT2_H
#define MG_RP2040_BOOT2_H

__asm__(".pushsection .boot2, \"ax\", %progbits\n"
        ".syntax unified\n"
        ".thumb\n"
        "mg_rp2040_boot2:\n"
        "    ldr r0, =0x18000000\n" /* XIP SSI */
        "    movs r1, #0\n"
        "    str r1, [r0, #0x08]\n" /* SSIENR = 0: it takes a new configuration only while disabled */
        "    movs r1, #4\n"
        "    str r1, [r0, #0x14]\n" /* BAUDR: SCK = clk_sys / 4, inside any flash chip's 03h limit */
        "    ldr r1, =0x001F0300\n"
        "    str r1, [r0, #0x00]\n" /* CTRLR0: 32-bit frames (DFS_32 = 31), TMOD = 3 (EEPROM read) */
        "    movs r1, #0\n"
        "    str r1, [r0, #0x04]\n" /* CTRLR1: one frame per XIP access */
        "    ldr r1, =0x03000218\n"
        "    ldr r2, =0x180000F4\n"
        "    str r1, [r2]\n" /* SPI_CTRLR0: XIP_CMD 03h, INST_L = 2 (8 bits), ADDR_L = 6 (24 bits), standard SPI */
        "    movs r1, #1\n"
        "    str r1, [r0, #0x08]\n" /* SSIENR = 1 */
        "    ldr r0, =0x10000100\n" /* the vector table, right after these 256 bytes (boards/ld/cortexm.ld) */
        "    ldr r1, =0xE000ED08\n" /* VTOR */
        "    str r0, [r1]\n"
        "    ldmia r0!, {r1, r2}\n" /* initial stack pointer, reset handler */
        "    msr msp, r1\n"
        "    bx r2\n"
        ".ltorg\n"
        ".org 252\n"
        ".word 0\n" /* the CRC-32 of the 252 bytes above */
        ".popsection\n");

#endif
