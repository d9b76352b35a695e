"""`mcugen generate --as library --target CORE`: a library for a core, no board needed. The core chooses the
kernel backends (dsp on Cortex-M4/M7/M33, mve on Cortex-M55, reference on Cortex-M0+/M3) and the flags of the
library's toolchain file (arm-none-eabi.cmake); the Cortex-M0+ library, built with that file into an application
of our own, is ARMv6-M code that runs in QEMU bit-exact against tflite-micro."""

import re
import subprocess

import numpy as np
import pytest

from conftest import MLP_INT8, run_cli_in_process
from generator.bench.library_app import build_app, run_in_qemu
from generator.boards import load_board

# What GCC's manual gives for each core: its -mcpu, its FPU (none: the soft-float ABI).
FLAGS = {
    "cortex-m0plus": "-mcpu=cortex-m0plus -mthumb -mfloat-abi=soft",
    "cortex-m3": "-mcpu=cortex-m3 -mthumb -mfloat-abi=soft",
    "cortex-m4": "-mcpu=cortex-m4 -mthumb -mfloat-abi=soft",
    "cortex-m4f": "-mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard",
    "cortex-m7": "-mcpu=cortex-m7 -mthumb -mfpu=fpv5-d16 -mfloat-abi=hard",
    "cortex-m33": "-mcpu=cortex-m33 -mthumb -mfpu=fpv5-sp-d16 -mfloat-abi=hard",
    "cortex-m55": "-mcpu=cortex-m55 -mthumb -mfpu=auto -mfloat-abi=hard",
}
BACKEND = {
    "cortex-m0plus": None,
    "cortex-m3": None,
    "cortex-m4": "dsp",
    "cortex-m4f": "dsp",
    "cortex-m7": "dsp",
    "cortex-m33": "dsp",
    "cortex-m55": "mve",
}

RUN_MAIN = r"""
#include "console.h"
#include "mlp.h"

int main(void)
{
    console_init();
    if (mlp_init() != MCUGEN_OK) return 1;
    const mcugen_tensor *in = mlp_input(0);
    for (size_t i = 0; i < in->bytes; ++i) ((uint8_t *)in->data)[i] = (uint8_t)(i * 7u + 13u);
    if (mlp_invoke() != MCUGEN_OK) return 1;
    console_write("out ");
    console_write_hex(mlp_output(0)->data, mlp_output(0)->bytes);
    console_write("\ndone\n");
    return 0;
}
"""


def generate_for(tmp_path, target, *more):
    out = tmp_path / target
    result = run_cli_in_process(
        "generate", MLP_INT8, "-o", out, "--as", "library", "--name", "mlp", "--target", target, *more
    )
    assert result.returncode == 0, result.stderr
    return out


@pytest.mark.parametrize("target", list(FLAGS))
def test_the_core_chooses_backends_and_flags(tmp_path, target):
    lib = generate_for(tmp_path, target)
    kernels = {p.name for p in (lib / "src" / "kernels").glob("*.c")}
    backends = {m[1] for k in kernels if (m := re.search(r"_(dsp|mve)\.c$", k))}
    assert backends == ({BACKEND[target]} if BACKEND[target] else set()), kernels
    toolchain = (lib / "arm-none-eabi.cmake").read_text()
    assert f'set(MCUGEN_CPU_FLAGS "{FLAGS[target]}")' in toolchain


def test_a_board_and_a_target_must_agree(tmp_path, capsys):
    lib = generate_for(tmp_path, "cortex-m4f", "--board", "nucleo-f446re")
    assert "fully_connected_s8_dsp.c" in {p.name for p in (lib / "src" / "kernels").iterdir()}
    for args, phrase in (
        (["--board", "mps2-an386", "--target", "cortex-m0plus", "--as", "library"], "is not board mps2-an386's core"),
        (["--board", "mps2-an386", "--target", "cortex-m4", "--as", "library"], "is not board mps2-an386's core"),
        (["--target", "cortex-m4f"], "generate needs --board (or, with --as library, --target CORE)"),
        (["--as", "library"], "generate needs --board"),
        (["--target", "cortex-m85", "--as", "library"], "invalid choice"),
    ):
        result = run_cli_in_process("generate", MLP_INT8, "-o", tmp_path / "refused", *args)
        assert result.returncode == 2 and result.stderr.count("\n") == 1 and phrase in result.stderr, result.stderr
        assert not (tmp_path / "refused").exists()


def attributes(elf) -> str:
    return subprocess.run(["arm-none-eabi-readelf", "-A", str(elf)], capture_output=True, text=True).stdout


@pytest.mark.qemu
def test_cortex_m0plus_library_is_armv6m_code_bit_exact_in_qemu(tmp_path):
    from tflite_micro.python.tflite_micro import runtime

    lib = generate_for(tmp_path, "cortex-m0plus")
    elf = build_app(tmp_path, lib, "mlp", RUN_MAIN, toolchain=lib / "arm-none-eabi.cmake")
    assert re.search(r"Tag_CPU_arch: v6S-M", attributes(elf)) and "Tag_FP_arch" not in attributes(elf)
    lines = run_in_qemu(elf, load_board("mps2-an385-m0plus"))
    ref = runtime.Interpreter.from_file(str(MLP_INT8), arena_size=1 << 16)
    spec = ref.get_input_details(0)
    values = ((np.arange(int(np.prod(spec["shape"]))) * 7 + 13) & 0xFF).astype(np.uint8).view(np.int8)
    ref.set_input(values.reshape(spec["shape"]), 0)
    ref.invoke()
    assert lines[-2:] == [f"out {ref.get_output(0).tobytes().hex()}", "done"]


@pytest.mark.qemu
@pytest.mark.parametrize("target,arch", [("cortex-m33", "v8-M.mainline"), ("cortex-m55", "v8.1-M.mainline")])
def test_armv8m_libraries_build_with_their_toolchain_file(tmp_path, target, arch):
    lib = generate_for(tmp_path, target)
    elf = build_app(tmp_path, lib, "mlp", RUN_MAIN, toolchain=lib / "arm-none-eabi.cmake")
    assert f"Tag_CPU_arch: {arch}" in attributes(elf)


def test_a_library_of_several_models_takes_a_target(tmp_path):
    conv = MLP_INT8.parent / "conv_relu_int8.tflite"
    out = tmp_path / "lib"
    result = run_cli_in_process(
        "generate", MLP_INT8, conv, "-o", out, "--as", "library", "--name", "a", "b", "--target", "cortex-m55"
    )
    assert result.returncode == 0, result.stderr
    assert "fully_connected_s8_mve.c" in {p.name for p in (out / "src" / "kernels").iterdir()}
    assert f'set(MCUGEN_CPU_FLAGS "{FLAGS["cortex-m55"]}")' in (out / "arm-none-eabi.cmake").read_text()
