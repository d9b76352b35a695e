"""What `mcugen --help` and each command's help say beyond the options: the one-line help of every command, its
examples, and what a run's costs count."""

EPILOG = """examples:
  mcugen ops model.tflite                          which ops the model uses, and whether mcugen has them
  mcugen verify model.tflite --board mps2-an386    generate, build, run in QEMU, compare with TFLite Micro
  mcugen generate model.tflite --board mps2-an386 -o fw && mcugen build fw && mcugen run fw --random 5
See docs/cli.md for every command and its JSON output."""

EXAMPLES = {
    "ops": ["mcugen ops model.tflite", "mcugen ops --json"],
    "generate": [
        "mcugen generate model.tflite --board mps2-an386 -o fw",
        "mcugen generate kws.tflite --board nucleo-f446re -o lib/kws --as library --name kws",
    ],
    "build": ["mcugen build fw", "export $(mcugen build fw --print-env) && .venv/bin/pio test -d fw -e mps2-an386"],
    "test": ["mcugen test fw"],
    "run": [
        "mcugen run fw --random 3 --json",
        "mcugen run fw --port /dev/ttyACM0 --random 3   # a real board: flash it, read its serial port",
    ],
    "verify": [
        "mcugen verify sine_float --board mps3-an547 --json",
        "mcugen verify model.tflite --board nucleo-f446re --port /dev/ttyACM0   # on the board",
    ],
    "flash": [
        "mcugen flash fw --dry-run   # print the OpenOCD or pyOCD command the board JSON chooses",
        "mcugen flash fw --random 3 && mcugen run fw --port /dev/ttyACM0 --random 3 --no-flash",
    ],
    "plan": ["mcugen plan model.tflite", "mcugen plan model.tflite --nodes --run"],
    "doctor": ["mcugen doctor model.tflite --board lm3s6965evb"],
    "bench": [
        "mcugen bench sine_float",
        "mcugen bench --board mps2-an386 --board mps3-an547 --write docs/benchmarks.md",
    ],
    "size": ["mcugen size fw", "mcugen size fw --json > base.json && mcugen size fw --baseline base.json"],
    "zoo": [
        "mcugen zoo run zoo.toml --out zoo-report",
        "mcugen zoo run zoo.toml --scheduler tcp://10.0.0.5:8786 --baseline old.json --fail-on flash+1%,instr+2%",
    ],
}

# Each command's one-line help (its description too, capitalized).
COMMAND_HELP = {
    "ops": "list a model's ops and whether mcugen supports them (no MODEL: the catalog)",
    "generate": "write a PlatformIO project for MODEL on BOARD, or a library for your own firmware",
    "build": "build a generated project with PlatformIO (offline)",
    "test": "run the project's PlatformIO test (`pio test`) through mcugen's PlatformIO core, offline",
    "run": "build if needed, run in QEMU with inputs, print outputs and costs",
    "flash": "program a real board with a generated project's firmware through its debug probe (pyOCD or OpenOCD)",
    "verify": "generate, build, run and compare with TFLite Micro; exit 0 only on a match",
    "plan": "the static memory plan (every buffer's size, offset and lifetime), or with --nodes the execution plan: "
    "each node's backend, MACs, bytes and measured cost",
    "doctor": "everything that would stop MODEL on BOARD (ops, versions, custom ops, fit), each with its fix; "
    "exit 1 when anything blocks",
    "bench": "run models end to end and report memory, code size and speed beside TFLite Micro's figures "
    "(writes docs/benchmarks.md with --write)",
    "size": "flash and RAM of a firmware ELF: sections, groups, top symbols, board fit, and a regression gate "
    "against a saved baseline",
    "zoo": "run a zoo file's models x boards x backends x memory modes on a Dask cluster and report regressions "
    "against a baseline (docs/zoo.md)",
}

COST_UNITS = {
    "qemu": "instructions (QEMU -icount shift=0)",
    "renode": "instructions (Renode, DWT counting at the CPU's MIPS rate)",
    "board": "cycles (the board's tick counter over its serial port: DWT CYCCNT, or SysTick on the core clock)",
}
