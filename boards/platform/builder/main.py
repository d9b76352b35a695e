"""SCons builder of the local mcugen platform: bare-metal Cortex-M firmware with Debian's arm-none-eabi GCC.

Core flags come from the board JSON (build.cpu, build.fpu, build.float_abi); the project supplies its own
linker script (board_build.ldscript) and startup code, so this file only knows the toolchain.
"""

from SCons.Script import AlwaysBuild, Default, DefaultEnvironment

env = DefaultEnvironment()
board = env.BoardConfig()

env.Replace(
    AR="arm-none-eabi-gcc-ar",
    AS="arm-none-eabi-gcc",
    CC="arm-none-eabi-gcc",
    CXX="arm-none-eabi-g++",
    LINK="arm-none-eabi-gcc",  # the runtime uses no libstdc++ (and Debian ships no libstdc++_nano)
    OBJCOPY="arm-none-eabi-objcopy",
    RANLIB="arm-none-eabi-gcc-ranlib",
    SIZETOOL="arm-none-eabi-size",
    ARFLAGS=["rc"],
    SIZEPROGREGEXP=r"^(?:\.text|\.rodata|\.data|\.isr_vector|\.ARM\.exidx)\s+(\d+).*",
    SIZEDATAREGEXP=r"^(?:\.data|\.bss|\.stack)\s+(\d+).*",
    SIZECHECKCMD="$SIZETOOL -A -d $SOURCES",
    SIZEPRINTCMD="$SIZETOOL -B -d $SOURCES",
    PROGNAME="firmware",
    PROGSUFFIX=".elf",
)

machine_flags = ["-mcpu=" + board.get("build.cpu"), "-mthumb"]
if board.get("build.fpu", ""):
    machine_flags += ["-mfpu=" + board.get("build.fpu"), "-mfloat-abi=" + board.get("build.float_abi", "hard")]
else:
    machine_flags += ["-mfloat-abi=soft"]

env.Append(
    ASFLAGS=machine_flags + ["-x", "assembler-with-cpp"],
    # -ffp-contract=off: no fused multiply-add, so float kernels round like TFLite Micro's reference builds
    CCFLAGS=machine_flags
    + ["-Os", "-g", "-ffunction-sections", "-fdata-sections", "-ffp-contract=off", "-Wall", "-Wextra"],
    CFLAGS=["-std=c99"],
    CXXFLAGS=["-std=c++17", "-fno-exceptions", "-fno-rtti", "-fno-threadsafe-statics", "-fno-use-cxa-atexit"],
    LINKFLAGS=machine_flags
    + [
        "-Os",
        "-Wl,--gc-sections",
        "--specs=nano.specs",
        "--specs=nosys.specs",
        "-nostartfiles",
        "-Wl,-Map,${BUILD_DIR}/firmware.map",
    ],
    LIBS=["c", "m", "gcc"],
)


def rp2040_boot2_crc(data: bytes) -> int:
    """CRC-32 as the RP2040 boot ROM checks boot2: polynomial 0x04C11DB7, initial value 0xFFFFFFFF, no reflection,
    no final XOR (CRC-32/MPEG-2)."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7 if crc & 0x80000000 else crc << 1) & 0xFFFFFFFF
    return crc


def write_rp2040_boot2_crc(target, source, env):
    """Puts the CRC of .boot2's first 252 bytes into its last 4 (little-endian), in the ELF itself, so every
    image made from it (upload, mcugen flash's HEX) boots."""
    from elftools.elf.elffile import ELFFile

    path = str(target[0])
    with open(path, "rb") as fh:
        section = ELFFile(fh).get_section_by_name(".boot2")
        if section is None or section["sh_size"] != 256:
            raise SystemExit(f"{path}: the RP2040 needs a 256-byte .boot2 section (boards/startup/rp2040_boot2.h)")
        offset = section["sh_offset"]
        code = section.data()[:252]
    with open(path, "r+b") as fh:
        fh.seek(offset + 252)
        fh.write(rp2040_boot2_crc(code).to_bytes(4, "little"))


target_elf = env.BuildProgram()
if board.get("build.mcu", "") == "rp2040":
    env.AddPostAction(target_elf, write_rp2040_boot2_crc)
target_size = env.Alias("size", target_elf, env.VerboseAction("$SIZEPRINTCMD", "Calculating size $SOURCE"))
AlwaysBuild(target_size)
# `pio run -t upload`: what `mcugen flash DIR` does (the board JSON's probe and tool; no probe is one error line;
# an emulated board says it needs hardware). PlatformIO's Python is the one mcugen is installed in.
target_upload = env.Alias(
    "upload", target_elf, env.VerboseAction('"$PYTHONEXE" -m generator.run.flash "$PROJECT_DIR"', "Uploading $SOURCE")
)
AlwaysBuild(target_upload)
Default([target_elf])
