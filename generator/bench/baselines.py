"""TensorFlow Lite Micro's figures on the same emulator, measured by the project lead (TFLM commit 90b983c2,
arm-none-eabi-gcc 12.2.1, QEMU 7.2, -icount shift=0; docs/baselines.md gives the method and the same figures as
tables). They are the numbers to beat, not results of mcugen's code.

code = flash minus the model's bytes; arena = MicroInterpreter::arena_used_bytes() on the device;
instr = instructions per Invoke(). Keys: (core, model, kernels).
"""

TFLM = {
    ("cortex-m4", "keyword_spotting", "reference"): {"code": 44476, "arena": 22896, "instr": 43.19e6},
    ("cortex-m4", "keyword_spotting", "cmsis-nn"): {"code": 87460, "arena": 22944, "instr": 7.72e6},
    ("cortex-m4", "keyword_spotting", "reference-all-ops"): {"code": 257368, "arena": 22896, "instr": 43.19e6},
    ("cortex-m4", "keyword_spotting", "cmsis-nn-all-ops"): {"code": 316068, "arena": 22944, "instr": 7.72e6},
    ("cortex-m4", "visual_wake_words", "reference"): {"code": 44476, "arena": 165296, "instr": 101.07e6},
    ("cortex-m4", "visual_wake_words", "cmsis-nn"): {"code": 87460, "arena": 165344, "instr": 25.03e6},
    ("cortex-m4", "image_classification", "reference"): {"code": 46616, "arena": 54340, "instr": 107.45e6},
    ("cortex-m4", "image_classification", "cmsis-nn"): {"code": 79952, "arena": 54996, "instr": 29.87e6},
    ("cortex-m4", "anomaly_detection", "reference"): {"code": 37628, "arena": 5296, "instr": 2.04e6},
    ("cortex-m4", "anomaly_detection", "cmsis-nn"): {"code": 49276, "arena": 5616, "instr": 0.68e6},
    ("cortex-m4", "tflite_micro_speech", "reference"): {"code": 35364, "arena": 8820, "instr": 13.94e6},
    ("cortex-m4", "tflite_micro_speech", "cmsis-nn"): {"code": 66152, "arena": 8868, "instr": 2.40e6},
    ("cortex-m4", "tflite_micro_magic_wand", "reference"): {"code": 40236, "arena": 5040, "instr": 2.23e6},
    ("cortex-m4", "tflite_micro_magic_wand", "cmsis-nn"): {"code": 71856, "arena": 5184, "instr": 0.61e6},
    ("cortex-m4", "sine_float", "reference"): {"code": 21948, "arena": 736, "instr": 3440},
    ("cortex-m7", "keyword_spotting", "reference"): {"code": 41968, "arena": 22896, "instr": 43.76e6},
    ("cortex-m7", "keyword_spotting", "cmsis-nn"): {"code": 85720, "arena": 22944, "instr": 7.66e6},
    ("cortex-m7", "image_classification", "reference"): {"code": 43976, "arena": 54340, "instr": 108.73e6},
    ("cortex-m7", "image_classification", "cmsis-nn"): {"code": 78240, "arena": 54996, "instr": 30.03e6},
    ("cortex-m7", "visual_wake_words", "reference"): {"code": 41968, "arena": 165296, "instr": 101.61e6},
    ("cortex-m7", "visual_wake_words", "cmsis-nn"): {"code": 85720, "arena": 165344, "instr": 24.52e6},
    ("cortex-m55", "keyword_spotting", "reference"): {"code": 42488, "arena": 22896, "instr": 42.07e6},
    ("cortex-m55", "keyword_spotting", "cmsis-nn"): {"code": 75992, "arena": 27472, "instr": 1.83e6},
    ("cortex-m55", "image_classification", "reference"): {"code": 44920, "arena": 54340, "instr": 97.49e6},
    ("cortex-m55", "image_classification", "cmsis-nn"): {"code": 67456, "arena": 55028, "instr": 4.91e6},
    ("cortex-m55", "visual_wake_words", "reference"): {"code": 42488, "arena": 165296, "instr": 95.95e6},
    ("cortex-m55", "visual_wake_words", "cmsis-nn"): {"code": 75992, "arena": 165408, "instr": 6.95e6},
}


def tflm(core: str, model: str, kernels: str) -> dict | None:
    return TFLM.get((core, model, kernels))
