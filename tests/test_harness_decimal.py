"""The harness prints costs in decimal without a 64-bit division (firmware/harness/main.cc, DivideBy10: 32-bit
divisions only, so that no firmware links libgcc's __udivmoddi4): the function as the harness has it, compiled for
the host, against 64-bit division over random values and the edges."""

import re
import subprocess

from generator.paths import FIRMWARE

DRIVER = r"""
#include <cstdint>
#include <cstdio>
#include <random>
%s
int main() {
  std::mt19937_64 rng(1);
  const uint64_t edges[] = {0, 9, 10, 11, 0xFFFFu, 0x10000u, 0xFFFFFFFFu, 0x100000000u, 0x9FFFFu, 0xA0000u,
                            ~0ull, ~0ull - 1, 10000000000000000000ull, 9999999999999999999ull};
  for (int i = 0; i < 2000000 + 14; ++i) {
    uint64_t v = i < 14 ? edges[i] : rng() >> (rng() & 63);
    const uint64_t expected_quotient = v / 10, expected_digit = v %% 10;
    const uint32_t digit = DivideBy10(v);
    if (v != expected_quotient || digit != expected_digit) {
      std::printf("wrong at step %%d\n", i);
      return 1;
    }
  }
  return 0;
}
"""


def test_the_harness_divides_by_ten_exactly(tmp_path):
    source = (FIRMWARE / "harness" / "main.cc").read_text()
    function = re.search(r"^uint32_t DivideBy10\(uint64_t& v\) \{.*?^\}", source, flags=re.S | re.M)
    assert function, "DivideBy10 not found in the harness"
    (tmp_path / "driver.cc").write_text(DRIVER % function.group(0))
    subprocess.run(["g++", "-std=c++17", "-O2", "driver.cc", "-o", "driver"], cwd=tmp_path, check=True)
    ran = subprocess.run([tmp_path / "driver"], capture_output=True, text=True)
    assert ran.returncode == 0, ran.stdout
