"""LOGISTIC: randomized int8 cases (shapes, input scales and zero points; every int8 input value in each
case) and float32 cases against TFLite Micro, bit for bit for int8 (activation_cases.py)."""

from activation_cases import ActivationTests, verify_floats, verify_int8


class TestLogistic(ActivationTests):
    OP = "LOGISTIC"
    OUT_SCALE, OUT_ZP = 1.0 / 256, -128

    def test_int8_other_output_scale(self):
        """TFLite Micro only checks the output zero point; the values stay those of scale 1/256."""
        verify_int8(*self.int8_case(7, in_scale=0.04, out_scale=0.01), 7)

    def test_float_cutoffs(self):
        """Inputs around the reference kernel's cutoffs (-9 and 16.619...) and far beyond."""
        verify_floats(
            self.OP,
            [
                -100,
                -20,
                -9.0001,
                -9,
                -8.9999,
                -1e-7,
                0,
                1e-7,
                3,
                16.6190,
                16.619047164916992188,
                16.61905,
                20,
                100,
                88.8,
                -88.8,
            ],
        )
