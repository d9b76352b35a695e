"""run: firmware + input sets -> outputs and deterministic costs.

In QEMU (qemu.py) the input sets go into the emulated flash right after the firmware image (QEMU's generic
loader); the firmware prints costs and outputs over the UART and leaves through semihosting with its exit
status. Under `-icount shift=0` one instruction takes 1 ns, so SysTick counts are instruction counts.
host.py runs the same generated sources compiled for the build machine, for fast kernel tests.
"""
from .host import build_host, run_host
from .protocol import RunResult, SetResult, pack_inputs
from .qemu import run_qemu

__all__ = ["RunResult", "SetResult", "build_host", "pack_inputs", "run_host", "run_qemu"]
