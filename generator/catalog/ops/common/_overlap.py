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


def rows_distance(batches, in_height, out_height, in_row, out_row, stride, pad, ahead: int = 0):
    """The smallest d for which output row r (counted over all batches) ends at or below the lowest input row
    still read while it is written: max over rows of (r + 1) * out_row - lowest * in_row, in the rows' units.
    `ahead`: input rows past the window's first that the kernel has already staged (read) when it writes the
    row (the dsp depthwise ring: its 3 rows). Once nothing is left to read, no row constrains d."""
    worst = 0
    for b in range(batches):
        for r in range(out_height):
            lowest = b * in_height + min(in_height, max(0, r * stride - pad + ahead))
            if lowest == batches * in_height:
                break
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


def nhwc_rows(inp, out, stride: int, pad: int, taps: int = 1, dilation: int = 1, above: bool = False, ahead=0) -> int:
    """Pixel order over NHWC tensors (rows of width * depth elements); `above`: the rows last first; `ahead`:
    see rows_distance (below only)."""
    b, h, w, c = inp.shape
    _, oh, ow, oc = out.shape
    in_row, out_row = w * c * inp.dtype.size, ow * oc * out.dtype.size
    if above:
        return round_up(rows_distance_above(b, h, oh, in_row, out_row, stride, pad, taps, dilation))
    return round_up(rows_distance(b, h, oh, in_row, out_row, stride, pad, ahead))


def channel_planes(inp, out, stride: int, pad: int, taps: int = 1, dilation: int = 1, above: bool = False, ahead=0):
    """Channel by channel (or block of channels by block), each in pixel order (`above`: rows last first), each
    reading only its own channels (`ahead`: see rows_distance): whole pixels only; None unless every output
    channel has its own input channel of the same size."""
    b, h, w, c = inp.shape
    _, oh, ow, oc = out.shape
    if oc != c or out.dtype.size != inp.dtype.size:
        return None
    pixel = c * inp.dtype.size
    if above:
        pixels = rows_distance_above(b, h, oh, w, ow, stride, pad, taps, dilation)
    else:
        pixels = rows_distance(b, h, oh, w, ow, stride, pad, ahead)
    return round_up(pixels * pixel, lcm(pixel, ALIGNMENT))


def _first_read(origin: int, dilation: int, size: int, taps: int) -> int | None:
    """The lowest coordinate a window starting at `origin` reads inside [0, size), None if it reads none."""
    for k in range(taps):
        if 0 <= origin + k * dilation < size:
            return origin + k * dilation
    return None


def pixel_groups(inp, out, g, filter_hw, group: int, whole_image=False, across_batches=False, back=False, own=False):
    """Pixel groups (the dsp and mve CONV_2D): the output pixels `group` at a time in pixel order (each batch
    on its own, or `across_batches`), each group written only after all of its windows are read (staged into
    scratch); `whole_image`: the kernel first copies each batch's whole image (the dsp padded copy); `back`: a
    batch's last, partial group moves back to its last `group` pixels (the dsp CONV_2D), reading windows of
    pixels done before; `own`: a group's last pixel is still read while its outputs are written (the mve 1x1
    rows). The smallest d for which every group ends at or below the lowest input byte a later group's window
    still reads (pixel-exact on both sides)."""
    batches, h, w, c = inp.shape
    _, oh, ow, oc = out.shape
    in_image, out_pixel, pixels, size = h * w * c * inp.dtype.size, oc * out.dtype.size, oh * ow, inp.dtype.size
    total = batches * pixels
    # per pixel: the lowest input byte it and the later pixels read (with whole_image: the next batch's image)
    lowest = [float("inf")] * (total + 1)
    for q in range(total - 1, -1, -1):
        b, (oy, ox) = q // pixels, divmod(q % pixels, ow)
        y = _first_read(oy * g["stride_height"] - g["pad_height"], g["dilation_height"], h, filter_hw[0])
        x = _first_read(ox * g["stride_width"] - g["pad_width"], g["dilation_width"], w, filter_hw[1])
        first = float("inf") if y is None or x is None else b * in_image + (y * w + x) * c * size
        lowest[q] = (b + (q % pixels > 0)) * in_image if whole_image else min(lowest[q + 1], first)
    if across_batches:
        ends = [*range(group, total, group), total]
    else:
        ends = [b * pixels + e for b in range(batches) for e in [*range(group, pixels, group), pixels]]
    worst = 0
    for end in ends:
        # the next group starts at `end`, or (within a batch) at its last `group` pixels when they move back
        batch_end = -(-end // pixels) * pixels
        moves_back = back and pixels % group and pixels > group and end < batch_end
        start = min(end, batch_end - group) if moves_back else end - own
        if lowest[start] != float("inf"):
            worst = max(worst, end * out_pixel - lowest[start])
    return round_up(worst)


def elementwise(count: int, in_size: int, out_size: int) -> int:
    """Element i written after element i is read: a wider output must start (count - 1) * growth bytes lower."""
    return round_up(max(0, (count - 1) * (out_size - in_size)), ALIGNMENT)
