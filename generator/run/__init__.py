"""run: firmware ELF + input sets -> outputs and deterministic costs, in QEMU.

The input sets go into the emulated flash right after the firmware image (QEMU's generic loader), the
firmware prints costs and outputs over the UART and leaves through semihosting with its exit status.
Under `-icount shift=0` one instruction takes 1 ns, so SysTick counts are instruction counts.
"""
from .qemu import RunResult, SetResult, pack_inputs, run_qemu

__all__ = ["RunResult", "SetResult", "pack_inputs", "run_qemu"]
