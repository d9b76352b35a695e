"""firmware/kernels/mg_requant.c: the per-channel Q31 multiplier and shift the kernels compute on the device
from the float32 scales in the model must equal, bit for bit, what the generator's set-up math computes in
Python (quant.multiplier_from_scales: TFLite's QuantizeMultiplier of the double in * w / out).

The C code is compiled for the host and run over millions of random scale triples across the exponent range
models use and the whole float32 range, plus constructed edge cases: ties of the 31-bit rounding, quotients
within 2^-54 of such a tie (where the double's own rounding decides), the q == 2^31 carry, the 2^-32 underflow
boundary and subnormal scales. The same code cross-compiled for the board runs in QEMU on a pseudo-random stream
whose expected results come from Python. The runtime's mg_tensor_scales.c (the model walk) is checked against the
flatbuffer accessors and fuzzed with corrupted models under AddressSanitizer."""

from __future__ import annotations

import ctypes
import math
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
import tflite

from generator.catalog import quant
from generator.paths import FIRMWARE, kernel_include_dirs, kernel_path
from modelkit import GraphBuilder

RUNTIME = FIRMWARE / "runtime"
MATH = kernel_path("mg_requant.c")
WALK = RUNTIME / "mg_tensor_scales.c"
STRICT = [
    "-std=c99",
    "-Wall",
    "-Wextra",
    "-Werror",
    "-pedantic",
    *(f"-I{d}" for d in kernel_include_dirs()),
    f"-I{RUNTIME}",
]

BATCH_C = r"""
#include <stddef.h>
#include "mg_requant.h"
void batch(const uint32_t *a, const uint32_t *b, const uint32_t *c, int32_t *m, int32_t *s, size_t n)
{
    for (size_t i = 0; i < n; ++i) {
        mg_quantize_multiplier_from_scales(a[i], b[i], c[i], &m[i], &s[i]);
    }
}
"""

# The walk, on a model read from a file into a buffer of exactly its size (so AddressSanitizer sees any read
# past it): "query" answers "tensor count" lines from stdin with the scales' offset or -1; "fuzz SEED N" walks N
# randomly corrupted or truncated copies for every tensor.
WALK_C = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mg_plan.h"
#include "mg_tensor_scales.h"
const mg_plan g_plan = {0};
static uint64_t state;
static uint32_t next(void) { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return (uint32_t)state; }
int main(int argc, char **argv)
{
    if (argc < 3) return 2;
    FILE *f = fopen(argv[1], "rb");
    fseek(f, 0, SEEK_END);
    uint32_t size = (uint32_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *model = malloc(size);
    if (fread(model, 1, size, f) != size) return 2;
    fclose(f);
    if (strcmp(argv[2], "query") == 0) {
        int tensor;
        unsigned count;
        while (scanf("%d %u", &tensor, &count) == 2) {
            const uint8_t *s = mg_flatbuffer_tensor_scales(model, size, tensor, count);
            printf("%ld\n", s ? (long)(s - model) : -1L);
        }
        free(model);
        return 0;
    }
    state = strtoull(argv[3], 0, 10) * 2654435761u + 1;
    long trials = atol(argv[4]), found = 0;
    for (long i = 0; i < trials; ++i) {
        uint32_t length = next() % 4 ? size : next() % (size + 1);
        uint8_t *copy = malloc(length ? length : 1);
        memcpy(copy, model, length);
        for (uint32_t k = next() % 8; k-- > 0 && length;) {
            uint32_t pos = next() % length;
            copy[pos] = next() % 3 ? (uint8_t)next() : (uint8_t)(copy[pos] ^ (1u << (next() % 8)));
        }
        for (int t = -1; t < 64; ++t) {
            const uint32_t counts[] = {0, 1, 2, 8, 16, 0x40000000u, 0xFFFFFFFFu};
            for (unsigned c = 0; c < sizeof counts / sizeof counts[0]; ++c) {
                const uint8_t *s = mg_flatbuffer_tensor_scales(copy, length, t, counts[c]);
                if (s && counts[c]) {
                    volatile uint8_t last = s[4 * (size_t)counts[c] - 1]; /* out of the copy: ASan aborts */
                    (void)last;
                }
                found += s != 0;
            }
        }
        free(copy);
    }
    printf("%ld\n", found);
    free(model);
    return 0;
}
"""

# The same math on the board: a counter-based stream of scale triples (splitmix64, reproduced in numpy), the
# results folded into an FNV-1a hash printed through semihosting.
TARGET_C = r"""
#include <stdint.h>
#include "mg_requant.h"
extern uint32_t __stack_top;
static uint64_t splitmix(uint64_t i)
{
    uint64_t z = (i + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static uint32_t scale_bits(uint64_t i)
{
    uint64_t z = splitmix(i);
    uint32_t hi = (uint32_t)(z >> 32);
    uint32_t biased = (i / 3) % 8 == 7 ? hi % 255u : 87u + hi % 51u; /* every 8th triple: the whole range */
    uint32_t bits = (biased << 23) | ((uint32_t)z & 0x7FFFFFu);
    return bits ? bits : 1u;
}
static void semihost(uint32_t op, uint32_t arg)
{
    register uint32_t r0 __asm__("r0") = op;
    register uint32_t r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
}
void reset(void)
{
    uint64_t hash = 0xCBF29CE484222325ull;
    for (uint32_t i = 0; i < COUNT; ++i) {
        int32_t m, s;
        mg_quantize_multiplier_from_scales(scale_bits(3ull * i), scale_bits(3ull * i + 1), scale_bits(3ull * i + 2),
                                           &m, &s);
        uint32_t words[2] = {(uint32_t)m, (uint32_t)s};
        for (int w = 0; w < 2; ++w) {
            hash = (hash ^ words[w]) * 0x100000001B3ull;
        }
    }
    char text[20];
    for (int k = 0; k < 16; ++k) {
        text[k] = "0123456789abcdef"[(hash >> (60 - 4 * k)) & 15];
    }
    text[16] = '\n';
    text[17] = 0;
    semihost(0x04, (uint32_t)text); /* SYS_WRITE0 */
    semihost(0x18, 0x20026);         /* SYS_EXIT, ADP_Stopped_ApplicationExit */
    for (;;) {
    }
}
struct vectors {
    const uint32_t *stack_top;
    void (*reset)(void);
};
__attribute__((section(".vectors"), used)) const struct vectors vectors = {&__stack_top, reset};
"""

TARGET_LD = """
MEMORY { FLASH (rx) : ORIGIN = 0x00000000, LENGTH = 4M  RAM (rwx) : ORIGIN = 0x20000000, LENGTH = 4M }
SECTIONS {
  .text : { KEEP(*(.vectors)) *(.text*) *(.rodata*) } > FLASH
  .bss (NOLOAD) : { *(.bss*) *(COMMON) } > RAM
  __stack_top = ORIGIN(RAM) + LENGTH(RAM);
}
"""


def _compile(tmp: Path, name: str, source: str, files: list[Path], flags: list[str]) -> Path:
    src = tmp / f"{name}.c"
    src.write_text(source)
    out = tmp / name
    proc = subprocess.run(
        ["gcc", *STRICT, *flags, str(src), *map(str, files), "-o", str(out)], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    return out


@pytest.fixture(scope="module")
def device(tmp_path_factory):
    """The C function over numpy arrays of float32 bits: (multipliers, shifts)."""
    tmp = tmp_path_factory.mktemp("requant")
    lib = ctypes.CDLL(str(_compile(tmp, "librequant.so", BATCH_C, [MATH], ["-O2", "-shared", "-fPIC"])))

    def run(a, b, c):
        a, b, c = (np.ascontiguousarray(x, dtype=np.uint32) for x in (a, b, c))
        m, s = np.zeros(len(a), np.int32), np.zeros(len(a), np.int32)
        ptr = [x.ctypes.data_as(ctypes.c_void_p) for x in (a, b, c, m, s)]
        lib.batch(*ptr, ctypes.c_size_t(len(a)))
        return m.astype(np.int64), s.astype(np.int64)

    return run


def reference(a, b, c):
    """quant.multiplier_from_scales over arrays: numpy's float64 multiply, divide and frexp are the IEEE
    operations Python's floats do, and floor(x + 0.5) is round_half_away's own step (checked below)."""
    x, y, z = (np.asarray(v, dtype=np.uint32).view(np.float32).astype(np.float64) for v in (a, b, c))
    with np.errstate(all="ignore"):
        fraction, exponent = np.frexp(x * y / z)
    q = np.floor(fraction * 2.0**31 + 0.5).astype(np.int64)
    exponent = exponent.astype(np.int64)
    carry = q == 1 << 31
    q[carry] //= 2
    exponent[carry] += 1
    under = exponent < -31
    q[under], exponent[under] = 0, 0
    return q, exponent


def python_reference(a, b, c):
    """The generator's own function, one triple at a time."""
    floats = [np.asarray(v, dtype=np.uint32).view(np.float32) for v in (a, b, c)]
    pairs = [quant.multiplier_from_scales(float(x), float(y), float(z)) for x, y, z in zip(*floats)]
    return np.array([m for m, _ in pairs], np.int64), np.array([s for _, s in pairs], np.int64)


def assert_same(device_result, expected, a, b, c):
    m, s = device_result
    bad = np.flatnonzero((m != expected[0]) | (s != expected[1]))
    detail = [
        f"{a[i]:#010x} {b[i]:#010x} {c[i]:#010x}: device ({m[i]}, {s[i]}), python ({expected[0][i]}, {expected[1][i]})"
        for i in bad[:5]
    ]
    assert len(bad) == 0, f"{len(bad)} of {len(m)} triples differ:\n" + "\n".join(detail)


def random_bits(rng, n: int, low_exp: int, high_exp: int) -> np.ndarray:
    """Float32 bits with exponents in [2^low_exp, 2^high_exp) and uniform mantissas."""
    biased = rng.integers(low_exp + 127, high_exp + 127, n, dtype=np.uint32)
    return (biased << np.uint32(23)) | rng.integers(0, 1 << 23, n, dtype=np.uint32)


def positive_finite_bits(rng, n: int) -> np.ndarray:
    """Any positive finite float32, subnormals included (exponent fields 0..254)."""
    bits = random_bits(rng, n, -127, 128)
    return np.where(bits == 0, 1, bits).astype(np.uint32)


# --- the reference itself ----------------------------------------------------------------------------------


def test_vectorized_reference_is_the_generators_function():
    rng = np.random.default_rng(1)
    n = 100_000
    a = np.concatenate([random_bits(rng, n, -40, 10), positive_finite_bits(rng, n)])
    b = np.concatenate([random_bits(rng, n, -40, 10), positive_finite_bits(rng, n)])
    c = np.concatenate([random_bits(rng, n, -40, 10), positive_finite_bits(rng, n)])
    fast, slow = reference(a, b, c), python_reference(a, b, c)
    assert np.array_equal(fast[0], slow[0]) and np.array_equal(fast[1], slow[1])


def test_no_per_channel_tables_in_flash(tmp_path):
    """The generated parameters of per-channel CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED nodes hold no
    arrays: only the input and output scales (the filter's scales stay in the model)."""
    from generator.boards import load_board
    from generator.check import check
    from generator.emit import emit
    from generator.model import read_model
    from generator.plan import plan

    rng = np.random.default_rng(3)
    b = GraphBuilder()
    x = b.tensor([1, 4, 4, 3], "int8", 0.02, 1)
    f = b.tensor(
        [16, 3, 3, 3],
        "int8",
        [0.001 * (i + 1) for i in range(16)],
        [0] * 16,
        data=rng.integers(-127, 128, size=(16, 3, 3, 3)),
    )
    y = b.tensor([1, 2, 2, 16], "int8", 0.1, -3)
    b.op("CONV_2D", [x, f, -1], [y], version=3, padding=1, strideH=1, strideW=1)
    d = b.tensor(
        [1, 3, 3, 16],
        "int8",
        [0.002 * (i + 1) for i in range(16)],
        [0] * 16,
        data=rng.integers(-127, 128, size=(1, 3, 3, 16)),
        axis=3,
    )
    z = b.tensor([1, 2, 2, 16], "int8", 0.2, 0)
    b.op("DEPTHWISE_CONV_2D", [y, d], [z], version=3, padding=0, strideH=1, strideW=1, depthMultiplier=1)
    w = b.tensor([5, 64], "int8", [0.003 * (i + 1) for i in range(5)], [0] * 5, data=rng.integers(-127, 128, (5, 64)))
    out = b.tensor([1, 5], "int8", 0.3, 2)
    b.op("FULLY_CONNECTED", [z, w, -1], [out], version=6)
    project = emit(plan(check(read_model(b.build([x], [out])))), load_board("mps2-an386"), tmp_path / "p", "m.tflite")
    text = (project.path / "src" / "node_params.c").read_text()
    assert text.count(".per_channel = 1,") == 3
    assert "] = {" not in text.split("const void *const mg_node_params")[0], "a static array in the parameters"


# --- random triples ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_random_model_range(device, seed):
    """2.5 million triples per seed, every scale in [2^-40, 2^10): 10 million in all."""
    rng = np.random.default_rng(100 + seed)
    n = 2_500_000
    a, b, c = (random_bits(rng, n, -40, 10) for _ in range(3))
    assert_same(device(a, b, c), reference(a, b, c), a, b, c)


def test_random_whole_float_range(device):
    """Any positive finite float32 for each scale, subnormals included; many multipliers underflow to (0, 0)
    and many shifts exceed 31: the generator's function gives them all the same way."""
    rng = np.random.default_rng(7)
    n = 3_000_000
    a, b, c = (positive_finite_bits(rng, n) for _ in range(3))
    assert_same(device(a, b, c), reference(a, b, c), a, b, c)


def test_subnormal_scales(device):
    rng = np.random.default_rng(8)
    n = 500_000
    sub = lambda: rng.integers(1, 1 << 23, n, dtype=np.uint32)  # noqa: E731
    normal = lambda: random_bits(rng, n, -126, 128)  # noqa: E731
    for a, b, c in (
        (sub(), normal(), normal()),
        (normal(), sub(), normal()),
        (normal(), normal(), sub()),
        (sub(), sub(), sub()),
    ):
        assert_same(device(a, b, c), reference(a, b, c), a, b, c)


def test_edge_mantissas(device):
    """Mantissas at the ends of their range (1.0, 2 - 2^-23, one bit set, ...) in every combination."""
    rng = np.random.default_rng(9)
    mantissas = np.array([0, 1, 2, 3, 0x7FFFFF, 0x7FFFFE, 0x400000, 0x3FFFFF, 0x400001, 0x555555, 0x2AAAAA], np.uint32)
    n = 1_000_000
    a, b, c = (
        (rng.integers(87, 137, n, dtype=np.uint32) << np.uint32(23)) | rng.choice(mantissas, n) for _ in range(3)
    )
    assert_same(device(a, b, c), reference(a, b, c), a, b, c)


# --- constructed edge cases --------------------------------------------------------------------------------


def _bits(m: int, e: int) -> int:
    """The float32 m * 2^e for m in [2^23, 2^24)."""
    assert 1 << 23 <= m < 1 << 24 and 1 <= e + 150 <= 254
    return ((e + 150) << 23) | (m - (1 << 23))


def _normalized(v: int) -> int:
    return v << (24 - v.bit_length())


class Draws:
    """Scalar random draws from blocks of one generator: numpy's per-call cost would dominate the case loops."""

    def __init__(self, rng, block: int = 1 << 16):
        self.rng, self.block, self.pending = rng, block, []

    def int(self, low: int, high: int) -> int:
        """Uniform in [low, high) (ranges up to 2^32: a double's 53 bits resolve them)."""
        if not self.pending:
            self.pending = self.rng.random(self.block).tolist()
        return low + int(self.pending.pop() * (high - low))

    def pick(self, values):
        return values[self.int(0, len(values))]


def _triples(rng, cases, target_shifts=None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Float32 bits for significand triples (ma, mb, mc), with exponents that put the frexp exponent of
    ma * mb / mc at a random value (or one of target_shifts) inside the range mg_requant returns."""
    a, b, c, draw = [], [], [], Draws(rng)
    for ma, mb, mc in cases:
        frexp_of_ratio = math.frexp(ma * mb / mc)[1]  # of ma * mb / mc: its double is within an ulp of exact
        while True:
            ea, eb = draw.int(-80, -10), draw.int(-80, -10)
            target = draw.pick(target_shifts) if target_shifts else draw.int(-40, 12)
            ec = ea + eb + frexp_of_ratio - target
            if 1 <= ec + 150 <= 254:
                break
        a.append(_bits(ma, ea))
        b.append(_bits(mb, eb))
        c.append(_bits(mc, ec))
    return tuple(np.array(v, dtype=np.uint32) for v in (a, b, c))


def _significand(bits: int) -> tuple[int, int]:
    """A finite nonzero float32 as m * 2^e with integer m."""
    biased, mantissa = (bits >> 23) & 0xFF, bits & 0x7FFFFF
    return (mantissa | 1 << 23, biased - 150) if biased else (mantissa, -149)


def _exact_rounding(a, b, c):
    """QuantizeMultiplier of the exact real a * b / c (no double in between), for showing which cases the double
    rounding decides: in integers, the quotient is num / den * 2^power."""
    out = []
    for x, y, z in zip(a.tolist(), b.tolist(), c.tolist()):
        (mx, ex), (my, ey), (mz, ez) = _significand(x), _significand(y), _significand(z)
        num, den, power = mx * my, mz, ex + ey - ez
        k = num.bit_length() - den.bit_length() + 1  # num / den < 2^k; one step down if below 2^(k-1) too
        if num << max(1 - k, 0) < den << max(k - 1, 0):
            k -= 1
        shift = 31 - k  # q = round(num / den * 2^shift), halves up
        q = (
            ((num << shift) * 2 + den) // (2 * den)
            if shift >= 0
            else (num * 2 + (den << -shift)) // (den << (1 - shift))
        )
        e = k + power
        if q == 1 << 31:
            q, e = q // 2, e + 1
        out.append((0, 0) if e < -31 else (q, e))
    return np.array([m for m, _ in out], np.int64), np.array([s for _, s in out], np.int64)


def _fraction_times_2_31(a, b, c) -> list[float]:
    x, y, z = (np.asarray(v, dtype=np.uint32).view(np.float32).astype(np.float64) for v in (a, b, c))
    return list(np.frexp(x * y / z)[0] * 2.0**31)


@pytest.mark.slow
def test_ties_of_the_31_bit_rounding(device):
    """Quotients with exactly 32 significant bits (the last one set) sit on a tie of round(fraction * 2^31):
    halves go away from zero. Built as (c_odd * x) * y / c_odd with x * y an odd 32-bit number."""
    rng = np.random.default_rng(11)
    cases, draw = [], Draws(rng)
    while len(cases) < 60_000:
        c_odd = draw.int(0, 1 << draw.int(1, 12)) | 1
        x_bits = draw.int(8, 24 - c_odd.bit_length() + 1)
        x = draw.int(1 << (x_bits - 1), 1 << x_bits) | 1
        y = draw.int(1 << (31 - x_bits), 1 << (33 - x_bits)) | 1
        if (x * y).bit_length() == 32 and y.bit_length() <= 24 and (c_odd * x).bit_length() <= 24:
            cases.append((_normalized(c_odd * x), _normalized(y), _normalized(c_odd)))
    a, b, c = _triples(rng, cases)
    ties = sum(v % 1 == 0.5 for v in _fraction_times_2_31(a, b, c))
    assert ties == len(cases)
    assert_same(device(a, b, c), python_reference(a, b, c), a, b, c)


def _near_half_points(rng, count: int, epsilons, h=None):
    """(ma, mb, mc) whose quotient times 2^s is H - eps / mc for an odd H in [2^31, 2^32) (a tie of the 31-bit
    rounding) and a small eps: within 2^-54 relative of the tie, so the double's own rounding (to 53 bits)
    decides. With h=None, H is whatever the construction gives (mc is chosen, then mb solves
    ma * mb * 2^s = -eps mod mc); with h given (2^32 - 1: the tie that carries to 2^31), mb solves it mod H."""
    cases, draw = [], Draws(rng)
    while len(cases) < count:
        eps = draw.pick(epsilons)
        ma = draw.int(1 << 23, 1 << 24)
        for s in (7, 8, 9):
            if h is None:
                mc = draw.int(1 << 23, 1 << 24) | 1
                if math.gcd(ma, mc) != 1:
                    continue
                mb0 = (-eps * pow(ma << s, -1, mc)) % mc
                for mb in (mb0, mb0 + mc):
                    n = ma * mb << s
                    if 1 << 23 <= mb < 1 << 24 and (n + eps) % mc == 0:
                        big_h = (n + eps) // mc
                        if big_h % 2 == 1 and 1 << 31 <= big_h < 1 << 32:
                            cases.append((ma, mb, mc))
            else:
                if math.gcd(ma, h) != 1:
                    continue
                mb = (-eps * pow(ma << s, -1, h)) % h
                if 1 << 23 <= mb < 1 << 24:
                    mc = ((ma * mb << s) + eps) // h
                    if 1 << 23 <= mc < 1 << 24:
                        cases.append((ma, mb, mc))
    return cases[:count]


@pytest.mark.slow
def test_double_rounding_near_ties(device):
    """Quotients just below a tie (eps > 0) round up to it in double, then away from zero: one more than the
    exact quotient rounds to. Just above (eps < 0) they round up either way. Both must match."""
    rng = np.random.default_rng(12)
    cases = _near_half_points(rng, 30_000, [1, 2, 3, 5, 8, -1, -2, -3])
    a, b, c = _triples(rng, cases)
    expected = python_reference(a, b, c)
    decided_by_double = np.sum(expected[0] != _exact_rounding(a, b, c)[0])
    assert decided_by_double > 5_000, "the construction should land many quotients on the double's tie"
    assert_same(device(a, b, c), expected, a, b, c)


@pytest.mark.slow
def test_carry_to_2_31(device):
    """round(fraction * 2^31) == 2^31 becomes 2^30 with the shift one higher: quotients just below a power of
    two, exactly (ma * mb a little less than mc * 2^k) and through the double's rounding up to the tie
    2^31 - 1/2; also at the shift -32 that the carry brings back to -31."""
    rng = np.random.default_rng(13)
    cases, draw = [], Draws(rng)
    while len(cases) < 20_000:  # ma * mb = mc * 2^k - d, d small enough: mc = d / 2^k mod ma
        ma, k = draw.int(1 << 23, 1 << 24) | 1, draw.pick([23, 24])
        d = draw.int(1, 1 << (k - 8))
        mc = d * pow(1 << k, -1, ma) % ma
        mc += -(-((1 << 23) - mc) // ma) * ma if mc < 1 << 23 else 0
        mb = ((mc << k) - d) // ma
        if mc < 1 << 24 and 1 << 23 <= mb < 1 << 24 and d << 32 <= mc << k:
            cases.append((ma, mb, mc))
    cases += _near_half_points(rng, 200, [1, 2, 3], h=(1 << 32) - 1)
    for shifts in (None, [-32, -31]):
        a, b, c = _triples(rng, cases, shifts)
        expected = python_reference(a, b, c)
        carried = sum(v >= 2**31 - 0.5 for v in _fraction_times_2_31(a, b, c))
        assert carried > 0.9 * len(cases)
        if shifts:
            assert np.sum((expected[0] == 1 << 30) & (expected[1] == -31)) > 0.3 * len(cases)
        assert_same(device(a, b, c), expected, a, b, c)


@pytest.mark.slow
def test_underflow_boundary(device):
    """Real multipliers around 2^-32 and 2^-33: shift -31 stays, -32 and below give (0, 0)."""
    rng = np.random.default_rng(14)
    cases = [tuple(row) for row in rng.integers(1 << 23, 1 << 24, (100_000, 3)).tolist()]
    a, b, c = _triples(rng, cases, [-33, -32, -31, -30])
    expected = reference(a, b, c)
    assert np.sum(expected[0] == 0) > 30_000 and np.sum(expected[1] == -31) > 20_000
    assert_same(device(a, b, c), expected, a, b, c)


def test_special_values(device):
    f32 = lambda v: int(np.float32(v).view(np.uint32))  # noqa: E731
    values = [f32(v) for v in (1.0, 2.0, 0.5, 3.0, 1 / 3, 0.1, 1e-10, 1e10, 255.0, 1 / 255)]
    values += [
        0x00000001,
        0x00000002,
        0x007FFFFF,
        0x00800000,
        0x00400000,
        0x7F7FFFFF,
        0x7F000000,
        0x3F7FFFFF,
        0x3F800001,
    ]
    grid = np.array([(x, y, z) for x in values for y in values for z in values], dtype=np.uint32).T
    a, b, c = grid
    assert_same(device(a, b, c), python_reference(a, b, c), a, b, c)


def test_scales_the_generator_rejects_give_zero(device):
    """Zero in/w scales give (0, 0) as in Python; zero output, negative, infinite and NaN scales cannot reach the
    device (the check stage rejects scales that are not positive and finite) and give (0, 0) too."""
    good = 0x3C23D70A  # 0.01
    bad = [0x00000000, 0x80000000, 0xBF800000, 0x80000001, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001]
    for x in bad:
        for a, b, c in ((x, good, good), (good, x, good), (good, good, x)):
            m, s = device(np.array([a]), np.array([b]), np.array([c]))
            assert (m[0], s[0]) == (0, 0), hex(x)
    assert quant.multiplier_from_scales(0.0, 0.01, 0.01) == (0, 0)
    assert quant.multiplier_from_scales(0.01, 0.0, 0.01) == (0, 0)


def test_no_undefined_behaviour(tmp_path):
    """The same code built with UndefinedBehaviorSanitizer (shifts, overflow) over a million random triples."""
    source = (
        BATCH_C
        + r"""
#include <stdio.h>
int main(void)
{
    uint64_t z = 88172645463325252ull, h = 0;
    for (int i = 0; i < 1000000; ++i) {
        uint32_t v[3];
        for (int k = 0; k < 3; ++k) {
            z ^= z << 13; z ^= z >> 7; z ^= z << 17;
            v[k] = (uint32_t)z & 0x7FFFFFFFu;
        }
        int32_t m, s;
        mg_quantize_multiplier_from_scales(v[0], v[1], v[2], &m, &s);
        h = h * 31 + (uint32_t)m + (uint32_t)s;
    }
    printf("%llu\n", (unsigned long long)h);
    return 0;
}
"""
    )
    exe = _compile(tmp_path, "ubsan", source, [MATH], ["-O1", "-fsanitize=undefined", "-fno-sanitize-recover=all"])
    subprocess.run([str(exe)], check=True, capture_output=True)


# --- on the board -------------------------------------------------------------------------------------------


def _splitmix(i: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        z = (i + np.uint64(1)) * np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def _stream_bits(i: np.ndarray) -> np.ndarray:
    z = _splitmix(i)
    hi = (z >> np.uint64(32)).astype(np.uint64)
    whole = (i // np.uint64(3)) % np.uint64(8) == np.uint64(7)
    biased = np.where(whole, hi % np.uint64(255), np.uint64(87) + hi % np.uint64(51))
    bits = ((biased << np.uint64(23)) | (z & np.uint64(0x7FFFFF))).astype(np.uint32)
    return np.where(bits == 0, 1, bits).astype(np.uint32)


@pytest.mark.qemu
@pytest.mark.skipif(
    not (shutil.which("arm-none-eabi-gcc") and shutil.which("qemu-system-arm")),
    reason="needs arm-none-eabi-gcc and qemu-system-arm",
)
def test_on_the_board_in_qemu(tmp_path):
    """The Cortex-M4 build (the firmware's flags: -Os, Thumb-2) over a million triples of the stream, against the
    Python results hashed the same way."""
    count = 1_000_000
    (tmp_path / "target.c").write_text(TARGET_C)
    (tmp_path / "target.ld").write_text(TARGET_LD)
    elf = tmp_path / "target.elf"
    build = subprocess.run(
        [
            "arm-none-eabi-gcc",
            "-mcpu=cortex-m4",
            "-mthumb",
            "-mfloat-abi=hard",
            "-mfpu=fpv4-sp-d16",
            "-Os",
            "-ffunction-sections",
            "-fdata-sections",
            "-ffp-contract=off",
            *STRICT,
            f"-DCOUNT={count}u",
            "-nostartfiles",
            "-nostdlib",
            "-Wl,--gc-sections",
            "-T",
            str(tmp_path / "target.ld"),
            str(tmp_path / "target.c"),
            str(MATH),
            "-lgcc",
            "-o",
            str(elf),
        ],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    proc = subprocess.run(
        [
            "qemu-system-arm",
            "-M",
            "mps2-an386",
            "-nographic",
            "-monitor",
            "none",
            "-serial",
            "none",
            "-semihosting-config",
            "enable=on,target=native",
            "-kernel",
            str(elf),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    i = np.arange(3 * count, dtype=np.uint64)
    bits = _stream_bits(i)
    m, s = reference(bits[0::3], bits[1::3], bits[2::3])
    words = np.stack([m.astype(np.uint32), s.astype(np.int64).astype(np.uint32)], axis=1).reshape(-1)
    h = 0xCBF29CE484222325
    for w in words.tolist():
        h = ((h ^ w) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    printed = (proc.stdout + proc.stderr).split()  # QEMU writes the semihosting console to stderr
    assert printed == [f"{h:016x}"], f"board {printed}, python {h:016x}"


# --- the model walk -----------------------------------------------------------------------------------------


def _walk_model() -> bytes:
    """A graph with per-channel and per-tensor quantized tensors and float ones."""
    rng = np.random.default_rng(21)
    b = GraphBuilder()
    x = b.tensor([1, 6, 6, 3], "int8", 0.02, 1)
    f = b.tensor(
        [8, 3, 3, 3],
        "int8",
        [0.001 * (i + 1) for i in range(8)],
        [0] * 8,
        data=rng.integers(-127, 128, size=(8, 3, 3, 3)),
    )
    bias = b.tensor([8], "int32", [0.00002 * (i + 1) for i in range(8)], [0] * 8, data=rng.integers(-50, 50, 8))
    y = b.tensor([1, 4, 4, 8], "int8", 0.1, -3)
    b.op("CONV_2D", [x, f, bias], [y], version=3, padding=1, strideH=1, strideW=1)
    w = b.tensor([2, 128], "int8", [0.004], [0], data=rng.integers(-127, 128, size=(2, 128)))
    z = b.tensor([1, 2], "int8", 0.05, 0)
    b.op("FULLY_CONNECTED", [y, w, -1], [z], version=4)
    return b.build([x], [z])


@pytest.fixture(scope="module")
def walker(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("walk")
    return _compile(
        tmp, "walk", WALK_C, [WALK], ["-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
    )


def _scale_positions(model: bytes) -> dict[int, tuple[int, int]]:
    """Tensor -> (offset of its first scale, scale count), from the flatbuffers accessors."""
    m = tflite.Model.GetRootAs(model, 0)
    g = m.Subgraphs(0)
    result = {}
    for t in range(g.TensorsLength()):
        q = g.Tensors(t).Quantization()
        if q is not None and q.ScaleLength():
            table = q._tab
            result[t] = (table.Vector(table.Offset(8)), q.ScaleLength())
    return result


def test_walk_finds_the_scales(walker, tmp_path):
    model = _walk_model()
    path = tmp_path / "m.tflite"
    path.write_bytes(model)
    positions = _scale_positions(model)
    assert any(n > 1 for _, n in positions.values()) and any(n == 1 for _, n in positions.values())
    queries, expected = [], []
    for t in range(-1, tflite.Model.GetRootAs(model, 0).Subgraphs(0).TensorsLength() + 2):
        for count in (0, 1, 2, 8):
            queries.append(f"{t} {count}")
            pos = positions.get(t)
            expected.append(pos[0] if pos and pos[1] == count else -1)
    out = subprocess.run(
        [str(walker), str(path), "query"], input="\n".join(queries), capture_output=True, text=True, check=True
    ).stdout.split()
    assert [int(v) for v in out] == expected
    for t, (offset, n) in positions.items():  # and they are the scales the reader sees
        assert list(np.frombuffer(model, np.float32, n, offset)) == [np.float32(s) for s in _reader_scales(model, t)]


def _reader_scales(model: bytes, t: int) -> list[float]:
    from generator.model import read_model

    return read_model(model).tensors[t].quant.scale


def test_walk_survives_corrupt_models(walker, tmp_path):
    """Random byte corruptions and truncations: AddressSanitizer aborts on any read outside the model."""
    path = tmp_path / "m.tflite"
    path.write_bytes(_walk_model())
    for seed in range(4):
        subprocess.run([str(walker), str(path), "fuzz", str(seed), "5000"], check=True, capture_output=True)
