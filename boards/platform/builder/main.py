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

target_elf = env.BuildProgram()
target_size = env.Alias("size", target_elf, env.VerboseAction("$SIZEPRINTCMD", "Calculating size $SOURCE"))
AlwaysBuild(target_size)
# `pio run -t upload`: what `mcugen flash DIR` does (the board JSON's probe and tool; no probe is one error line;
# an emulated board says it needs hardware). PlatformIO's Python is the one mcugen is installed in.
target_upload = env.Alias(
    "upload", target_elf, env.VerboseAction('"$PYTHONEXE" -m generator.flash "$PROJECT_DIR"', "Uploading $SOURCE")
)
AlwaysBuild(target_upload)
Default([target_elf])
