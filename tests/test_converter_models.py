"""Models TensorFlow's own converter made (scripts/make_fixtures.py, TF 2.21) that combine the elementwise,
comparison and data-movement ops the way real networks do; every output bit-exact with TFLite Micro in QEMU on
mps2-an386 (Cortex-M4, reference kernels) and, for the int8 ones, on mps3-an547 (Cortex-M55, mve first).
One firmware build per fixture and board. The builtin ops of each, in graph order:

- layer_norm_int8 (7.7 KB; int8 I/O): FULLY_CONNECTED MEAN DEQUANTIZE NEG QUANTIZE SQUARED_DIFFERENCE MEAN ADD
  RSQRT MUL MUL ADD MUL ADD FULLY_CONNECTED MEAN SQUARED_DIFFERENCE MEAN ADD RSQRT SUB MUL FULLY_CONNECTED
  (Keras LayerNormalization, then the textbook (x - mean) * rsqrt(var + eps); the converter leaves NEG float)
- layer_norm_float (8.7 KB): the same without DEQUANTIZE/QUANTIZE
- audio_frontend_mixed (3.2 KB; float I/O, int8 body, LOG and SQRT float as TFLite Micro has them): QUANTIZE ABS
  DEQUANTIZE SQRT QUANTIZE ADD DEQUANTIZE LOG QUANTIZE CONCATENATION FULLY_CONNECTED DEQUANTIZE
- audio_frontend_float (3.6 KB): ABS SQRT ADD LOG CONCATENATION FULLY_CONNECTED
- masked_select_int8 (3.4 KB; int8 I/O) and masked_select_float (3.4 KB): GREATER FULLY_CONNECTED MAXIMUM MUL
  MUL ADD MUL SUB SELECT_V2
- embedding_slice_int8 (2.8 KB; int32 token ids in, int8 out): GATHER GATHER SLICE RESHAPE FULLY_CONNECTED
- segmentation_head_int8 (2.3 KB; int8 I/O) and segmentation_head_float (2.6 KB): CONV_2D DEPTH_TO_SPACE
  RESIZE_BILINEAR (align_corners) RESIZE_BILINEAR (half_pixel_centers), one output each
"""

import numpy as np
import pytest

from conftest import FIXTURES
from generator.boards import load_board
from generator.catalog.backends import choose_backends
from generator.model import read_model
from kernel_harness import verify_model

OPS = {
    "layer_norm_int8": "FULLY_CONNECTED MEAN DEQUANTIZE NEG QUANTIZE SQUARED_DIFFERENCE MEAN ADD RSQRT MUL MUL ADD "
    "MUL ADD FULLY_CONNECTED MEAN SQUARED_DIFFERENCE MEAN ADD RSQRT SUB MUL FULLY_CONNECTED",
    "layer_norm_float": "FULLY_CONNECTED MEAN NEG SQUARED_DIFFERENCE MEAN ADD RSQRT MUL MUL ADD MUL ADD "
    "FULLY_CONNECTED MEAN SQUARED_DIFFERENCE MEAN ADD RSQRT SUB MUL FULLY_CONNECTED",
    "audio_frontend_mixed": "QUANTIZE ABS DEQUANTIZE SQRT QUANTIZE ADD DEQUANTIZE LOG QUANTIZE CONCATENATION "
    "FULLY_CONNECTED DEQUANTIZE",
    "audio_frontend_float": "ABS SQRT ADD LOG CONCATENATION FULLY_CONNECTED",
    "masked_select_int8": "GREATER FULLY_CONNECTED MAXIMUM MUL MUL ADD MUL SUB SELECT_V2",
    "masked_select_float": "GREATER FULLY_CONNECTED MAXIMUM MUL MUL ADD MUL SUB SELECT_V2",
    "embedding_slice_int8": "GATHER GATHER SLICE RESHAPE FULLY_CONNECTED",
    "segmentation_head_int8": "CONV_2D DEPTH_TO_SPACE RESIZE_BILINEAR RESIZE_BILINEAR",
    "segmentation_head_float": "CONV_2D DEPTH_TO_SPACE RESIZE_BILINEAR RESIZE_BILINEAR",
}
M4, M55 = "mps2-an386", "mps3-an547"
BOARD_BACKENDS = {M4: ["reference"], M55: choose_backends("auto", load_board(M55).cpu)}  # mve, reference
CASES = [
    ("layer_norm_int8", M4),
    ("layer_norm_int8", M55),
    ("layer_norm_float", M4),
    ("audio_frontend_mixed", M4),
    ("audio_frontend_mixed", M55),
    ("audio_frontend_float", M4),
    ("masked_select_int8", M4),
    ("masked_select_int8", M55),
    ("masked_select_float", M4),
    ("embedding_slice_int8", M4),
    ("embedding_slice_int8", M55),
    ("segmentation_head_int8", M4),
    ("segmentation_head_int8", M55),
    ("segmentation_head_float", M4),
]
VOCABULARY, TOKENS = 32, 8  # the embedding table's rows and the model's token count (make_fixtures.py)


def _input_sets(name: str) -> list | None:
    """Random inputs over each type's range (verify_model's default), except token ids: out-of-range ids make
    TFLite Micro's GATHER fail rather than compute."""
    if name.startswith("embedding"):
        rng = np.random.default_rng(4)
        return [[rng.integers(0, VOCABULARY, size=(1, TOKENS), dtype=np.int32)] for _ in range(5)]
    return None


@pytest.mark.parametrize("name", OPS)
def test_fixture_holds_the_ops_it_is_named_for(name):
    graph = read_model((FIXTURES / f"{name}.tflite").read_bytes())
    assert " ".join(op.op_name for op in graph.operators) == OPS[name]


@pytest.mark.qemu
@pytest.mark.slow
@pytest.mark.parametrize(("name", "board"), CASES)
def test_converter_model_bit_exact_in_qemu(name, board):
    model = (FIXTURES / f"{name}.tflite").read_bytes()
    results = verify_model(
        model, sets=_input_sets(name), count=5, seed=2, qemu=True, board=board, backends=BOARD_BACKENDS[board]
    )
    first_outputs = [np.asarray(s.outputs[0]) for s in results]
    assert len(results) == 5 and any(not np.array_equal(first_outputs[0], o) for o in first_outputs[1:])
