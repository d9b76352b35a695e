"""TANH: randomized int8 cases (shapes, input scales and zero points; every int8 input value in each case) and
float32 cases against TFLite Micro, bit for bit for int8 (activation_cases.py)."""

from activation_cases import ActivationTests, verify_floats, verify_int8


class TestTanh(ActivationTests):
    OP = "TANH"
    OUT_SCALE, OUT_ZP = 1.0 / 128, 0

    def test_int8_other_output_quantization(self):
        """TFLite Micro ignores the output's quantization: the values stay those of scale 1/128, zero point 0."""
        verify_int8(*self.int8_case(7, in_scale=0.04, out_scale=1.0 / 256, out_zp=-128), 7)

    def test_float_large_inputs(self):
        verify_floats(self.OP, [-100, -20, -9, -1e-7, 0, 1e-7, 0.5, 3, 9, 20, 100, 1e30, -1e30])
