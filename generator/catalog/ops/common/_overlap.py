"""Every rule by which a kernel's output may take its input's bytes, each written once here and named by the catalog
entries that follow it: the in-place rules (KernelSpec.inplace_input: which input the output may overwrite whole)
and how far an output may start below or above its input (KernelSpec.overlap, overlap_above), from the kernel's
real order of reads and writes. Three orders cover the reference kernels that declare an overlap:

- pixel order (`nhwc_rows`): the output is written batch by batch, row by row, pixel by pixel (pooling, the
  float convolutions, FULLY_CONNECTED float by batch). While any byte of output row r is written, input rows
  from r * stride - pad (the lowest row its window touches, clamped to the image) upwards may still be read; the
  rows below are done for good.
- channel planes (`channel_planes`): the int8/int16 depthwise kernels run output channel by output channel,
  each channel in pixel order, reading only its own input channel (depth multiplier 1). An output whose start
  is a whole number k of pixels below the input writes channel c of pixel p over channel c of input pixel p - k:
  the pixel-order rule then holds channel by channel, counted in pixels.
- element order (`elementwise`): output element i is written after input element i is read (QUANTIZE,
  DEQUANTIZE; UNIDIRECTIONAL_SEQUENCE_LSTM with a step's rows as its element).

The int8 CONV_2D and DEPTHWISE_CONV_2D kernels can also write their rows last first (`above=True`): the output
then starts above the input, and a chain of overlaps can alternate direction instead of drifting down.

Every distance is rounded up to the 4-byte alignment the planner keeps (and, for channel planes, to whole
pixels). A larger distance is as safe for pixel and element order, but not for channel planes, so the planner
places the input exactly the declared distance above the output."""

from __future__ import annotations

from math import lcm

from ._conv_common import geometry_fields

ALIGNMENT = 4


# In-place rules: the kernel reads input element i before it writes output element i at the same or a lower address.


def in_place_first(op, inputs, outputs) -> int:
    """Each output element is written right after its element of the first input is read (or the input is never
    read): the output may overwrite the first input."""
    return 0


def in_place_same_type(op, inputs, outputs) -> int | None:
    """As in_place_first, for a kernel whose input and output types may differ: only when they do not."""
    return 0 if inputs[0].dtype == outputs[0].dtype else None


def in_place_no_wider(op, inputs, outputs) -> int | None:
    """out[i] is written at byte i * out_size after in[i] was read at byte i * in_size: safe when the output's
    elements are no wider than the input's."""
    return 0 if outputs[0].dtype.size <= inputs[0].dtype.size else None


def in_place_same_count(op, inputs, outputs) -> int | None:
    """The first input, when it has the output's element count (so it is never broadcast)."""
    return 0 if inputs[0].num_elements == outputs[0].num_elements else None


def in_place_same_shape_input(op, inputs, outputs) -> int | None:
    """A broadcasting binary kernel: the first of its two inputs with the output's element count and element size
    (so never broadcast), whose element i it reads just before it writes output element i."""
    out = outputs[0]
    for k, t in enumerate(inputs[:2]):
        if t is not None and t.num_elements == out.num_elements and t.dtype.size == out.dtype.size:
            return k
    return None


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


def pixel_groups(
    inp, out, g, filter_hw, group: int, whole_image=False, across_batches=False, back=False, own=False, ends=None
):
    """Pixel groups (the dsp and mve CONV_2D): the output pixels `group` at a time in pixel order (each batch
    on its own, or `across_batches`), each group written only after all of its windows are read (staged into
    scratch); `whole_image`: the kernel first copies each batch's whole image (the dsp padded copy); `back`: a
    batch's last, partial group moves back to its last `group` pixels (the dsp CONV_2D), reading windows of
    pixels done before; `own`: a group's last pixel is still read while its outputs are written (the mve 1x1
    rows); `ends`: the groups' ends (pixel indices over all batches) where they are not every `group` pixels. The
    smallest d for which every group ends at or below the lowest input byte a later group's window still reads
    (pixel-exact on both sides)."""
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
    if ends is None and across_batches:
        ends = [*range(group, total, group), total]
    elif ends is None:
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


# Overlap rules, as KernelSpec hooks.


def element_order(op, inputs, outputs) -> int:
    """Output element i written after input element i is read (QUANTIZE, DEQUANTIZE): `elementwise`."""
    return elementwise(inputs[0].num_elements, inputs[0].dtype.size, outputs[0].dtype.size)


def _window(op, inputs, outputs):
    """A CONV_2D's or DEPTHWISE_CONV_2D's input, output and geometry (mg_conv_geometry)."""
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    return inp, out, geometry_fields(op, inp, weights.shape[1:3], out)


def window_rows(op, inputs, outputs) -> int:
    """A convolution writing its output in pixel order (or row by row): `nhwc_rows` below the input."""
    inp, out, g = _window(op, inputs, outputs)
    return nhwc_rows(inp, out, g["stride_height"], g["pad_height"])


def window_rows_staged(op, inputs, outputs) -> int:
    """A convolution writing row by row, each row after staging every input row its windows read (the dsp and mve
    depthwise with a multiplier over one channel): `nhwc_rows` below the input, the rows still to read starting
    where the next row's windows do (`ahead` a stride)."""
    inp, out, g = _window(op, inputs, outputs)
    return nhwc_rows(inp, out, g["stride_height"], g["pad_height"], ahead=g["stride_height"])


def window_row_blocks(op, inputs, outputs, pixels: int) -> int:
    """A convolution writing each row in blocks of `pixels` outputs (the row's last block shorter), each block after
    staging every input column its windows read (the dsp and mve depthwise with a multiplier, lean): `pixel_groups`
    with the groups ending at the blocks' ends."""
    inp, out, g = _window(op, inputs, outputs)
    batches, oh, ow, _ = out.shape
    rows = range(batches * oh)
    ends = [row * ow + min(x + pixels, ow) for row in rows for x in range(0, ow, pixels)]
    return pixel_groups(inp, out, g, inputs[1].shape[1:3], pixels, ends=ends)


def window_channel_planes(op, inputs, outputs) -> int | None:
    """A depthwise convolution running channel by channel: `channel_planes` below the input."""
    inp, out, g = _window(op, inputs, outputs)
    return channel_planes(inp, out, g["stride_height"], g["pad_height"])


def _int8_above(op, inputs, outputs, order) -> int | None:
    if inputs[0].dtype.name != "INT8":
        return None
    inp, out, g = _window(op, inputs, outputs)
    return order(inp, out, g["stride_height"], g["pad_height"], g["filter_height"], g["dilation_height"], above=True)


def int8_window_rows_above(op, inputs, outputs) -> int | None:
    """An int8 convolution with its rows last first (`nhwc_rows`, above the input); None for the other types."""
    return _int8_above(op, inputs, outputs, nhwc_rows)


def int8_window_channel_planes_above(op, inputs, outputs) -> int | None:
    """An int8 depthwise convolution with each channel's rows last first (`channel_planes`, above the input); None
    for the other types."""
    return _int8_above(op, inputs, outputs, channel_planes)
