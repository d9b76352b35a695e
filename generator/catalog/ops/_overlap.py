"""How far a kernel's output may start below its input (KernelSpec.overlap), from the kernel's real order of reads
and writes. Three orders cover the reference kernels that declare one:

- pixel order (`nhwc_rows`): the output is written batch by batch, row by row, pixel by pixel (pooling, the
  float convolutions, FULLY_CONNECTED float by batch). While any byte of output row r is written, input rows
  from r * stride - pad (the lowest row its window touches, clamped to the image) upwards may still be read; the
  rows below are done for good.
- channel planes (`channel_planes`): the int8/int16 depthwise kernels run output channel by output channel,
  each channel in pixel order, reading only its own input channel (depth multiplier 1). An output whose start
  is a whole number k of pixels below the input writes channel c of pixel p over channel c of input pixel p - k:
  the pixel-order rule then holds channel by channel, counted in pixels.
- element order (`elementwise`): output element i is written after input element i is read (QUANTIZE,
  DEQUANTIZE).

The int8 CONV_2D and DEPTHWISE_CONV_2D kernels can also write their rows last first (`above=True`): the output
then starts above the input, and a chain of overlaps can alternate direction instead of drifting down.

Every distance is rounded up to the 4-byte alignment the planner keeps (and, for channel planes, to whole
pixels). A larger distance is as safe for pixel and element order, but not for channel planes, so the planner
places the input exactly the declared distance above the output."""

from __future__ import annotations

from math import lcm

ALIGNMENT = 4


def round_up(n: int, unit: int = ALIGNMENT) -> int:
    return -(-n // unit) * unit


def rows_distance(batches: int, in_height: int, out_height: int, in_row: int, out_row: int, stride: int, pad: int):
    """The smallest d for which output row r (counted over all batches) ends at or below the lowest input row
    still read while it is written: max over rows of (r + 1) * out_row - lowest * in_row, in the rows' units."""
    worst = 0
    for b in range(batches):
        for r in range(out_height):
            lowest = b * in_height + min(in_height, max(0, r * stride - pad))
            worst = max(worst, (b * out_height + r + 1) * out_row - lowest * in_row)
    return worst


def rows_distance_above(batches, in_height, out_height, in_row, out_row, stride, pad, taps, dilation):
    """The same with the rows written last first and the output starting d above the input: output row r
    starts at or above the end of the highest input row still read while it is written (its window's last,
    and every row of the batches before)."""
    worst = 0
    for b in range(batches):
        for r in range(out_height):
            top = max(-1, min(in_height - 1, r * stride - pad + (taps - 1) * dilation))
            worst = max(worst, (b * in_height + top + 1) * in_row - (b * out_height + r) * out_row)
    return worst


def nhwc_rows(inp, out, stride: int, pad: int, taps: int = 1, dilation: int = 1, above: bool = False) -> int:
    """Pixel order over NHWC tensors (rows of width * depth elements); `above`: the rows last first."""
    b, h, w, c = inp.shape
    _, oh, ow, oc = out.shape
    in_row, out_row = w * c * inp.dtype.size, ow * oc * out.dtype.size
    if above:
        return round_up(rows_distance_above(b, h, oh, in_row, out_row, stride, pad, taps, dilation))
    return round_up(rows_distance(b, h, oh, in_row, out_row, stride, pad))


def channel_planes(inp, out, stride: int, pad: int, taps: int = 1, dilation: int = 1, above: bool = False):
    """Channel by channel, each in pixel order (`above`: rows last first), each reading only its own channel:
    whole pixels only; None unless every output channel has its own input channel of the same size."""
    b, h, w, c = inp.shape
    _, oh, ow, oc = out.shape
    if oc != c or out.dtype.size != inp.dtype.size:
        return None
    pixel = c * inp.dtype.size
    if above:
        pixels = rows_distance_above(b, h, oh, w, ow, stride, pad, taps, dilation)
    else:
        pixels = rows_distance(b, h, oh, w, ow, stride, pad)
    return round_up(pixels * pixel, lcm(pixel, ALIGNMENT))


def elementwise(count: int, in_size: int, out_size: int) -> int:
    """Element i written after element i is read: a wider output must start (count - 1) * growth bytes lower."""
    return round_up(max(0, (count - 1) * (out_size - in_size)), ALIGNMENT)
