"""An independent proof that a planned overlap is safe: replays a kernel's loops (as its C file runs them,
element by element, in Python; the reference kernels and the dsp ones) with the input and output at their planned
arena offsets, and lists the writes that land on an input byte the kernel still reads afterwards. It shares
nothing with the planner or ops/common/_overlap.py but the catalog's geometry (strides, padding, the dsp CONV_2D's
choice of a padded copy) and the C headers' group sizes."""

from __future__ import annotations

import re

import numpy as np

from generator.catalog.ops.common import _conv_common as cc
from generator.catalog.ops.conv_2d import dsp_conv_2d, mve_conv_2d
from generator.catalog.ops.depthwise_conv_2d import dsp_depthwise_conv_2d_multiplier, mve_depthwise_conv_2d
from generator.catalog.ops.pool_2d import pooling
from generator.paths import kernel_path


def _c_define(header: str, name: str) -> int:
    text = kernel_path(header).read_text()
    return int(re.search(rf"#define {name} (\d+)", text).group(1))


DSP_CONV_COLS = _c_define("conv_2d.h", "MG_DSP_CONV_COLS")  # output pixels per pass over the filter
DSP_DW_BLOCK = _c_define("depthwise_conv_2d.h", "MG_DSP_DW_BLOCK")  # channels per block
MVE_CONV_ROWS = _c_define("conv_2d.h", "MG_MVE_CONV_ROWS")  # 1x1 pixels (or one-row loop im2col rows) per pass
MVE_CONV_PAIR_ROWS = _c_define("conv_2d.h", "MG_MVE_CONV_PAIR_ROWS")  # im2col rows per pass when in pairs
MVE_PAIR_BLOCKS = _c_define("conv_2d.h", "MG_MVE_PAIR_BLOCKS")  # the two-row loop from this many 16-tap blocks


def _window(origin: int, dilation: int, size: int, taps: int) -> list[int]:
    return [origin + k * dilation for k in range(taps) if 0 <= origin + k * dilation < size]


def _conv_like(op, inp, out, filter_hw, geometry):
    """Per output pixel (b, oy, ox): the input pixels its window reads, in the kernels' (ky, kx) order."""
    b_n, h, w, _ = inp.shape
    _, oh, ow, _ = out.shape
    sh, sw = geometry["stride_height"], geometry["stride_width"]
    dh, dw = geometry.get("dilation_height", 1), geometry.get("dilation_width", 1)
    ph, pw = geometry["pad_height"], geometry["pad_width"]

    def taps(b, oy, ox):
        rows = _window(oy * sh - ph, dh, h, filter_hw[0])
        cols = _window(ox * sw - pw, dw, w, filter_hw[1])
        return [(b, y, x) for y in rows for x in cols]

    return b_n, oh, ow, taps


POOL_LANES = {"dsp": 4, "mve": 16}  # a pixel's channels per pass over its window (then one by one, dsp)


def _pool_lanes(depth: int, lanes: int) -> list[range]:
    """The channel groups a pool reads its window for before writing them: `lanes` at a time, the dsp kernels'
    last 1-3 channels one by one (the mve ones predicate the last vector)."""
    whole = depth - depth % lanes if lanes == 4 else depth
    groups = [range(c, min(c + lanes, whole)) for c in range(0, whole, lanes)]
    return groups + [range(c, c + 1) for c in range(whole, depth)]


def _dsp_conv(op, inputs, outputs, at, out_at, taps, batches, oh, ow):
    """The direct form: pixel by pixel, its window copied before its outputs are written. conv_2d_s8_dsp.c: per
    batch (after copying the whole image when it takes the padded copy), the output pixels DSP_CONV_COLS at a time:
    every window of the group into the columns, then each channel's outputs; a last partial group moves back to the
    last DSP_CONV_COLS pixels (redoing some; a pointwise node from the columns the group before expanded, without
    reading their input again)."""
    inp, oc = inputs[0], outputs[0].shape[3]
    _, h, w, c = inp.shape
    if dsp_conv_2d._direct(op, inputs):  # conv_2d_direct_s8_dsp.c: a pixel's window staged, then its outputs
        for b in range(batches):
            for oy in range(oh):
                for ox in range(ow):
                    yield from (("r", at(*p, ch)) for p in taps(b, oy, ox) for ch in range(c))
                    yield from (("w", out_at(b, oy, ox, o)) for o in range(oc))
        return
    whole = dsp_conv_2d._padded(op, inputs, outputs) != (0, 0)
    pointwise = dsp_conv_2d._pointwise(op, inputs, outputs)
    pixels = [(oy, ox) for oy in range(oh) for ox in range(ow)]
    for b in range(batches):
        if whole:
            yield from (("r", at(b, y, x, ch)) for y in range(h) for x in range(w) for ch in range(c))
        for start in range(0, len(pixels), DSP_CONV_COLS):
            read_from = start
            if len(pixels) - start < DSP_CONV_COLS <= len(pixels):  # the last group moves back over done pixels
                start = len(pixels) - DSP_CONV_COLS
            group = pixels[start : start + DSP_CONV_COLS]
            if not whole:
                for oy, ox in pixels[read_from if pointwise else start : start + DSP_CONV_COLS]:
                    yield from (("r", at(*p, ch)) for p in taps(b, oy, ox) for ch in range(c))
            yield from (("w", out_at(b, oy, ox, o)) for o in range(oc) for oy, ox in group)


def _mve_conv_im2col(inputs, outputs, at, out_at, taps, batches, oh, ow, per_pass):
    """conv_2d_s8_mve.c's im2col path: the windows of `per_pass` pixels (counted over all batches) into scratch,
    then their outputs."""
    c, oc = inputs[0].shape[3], outputs[0].shape[3]
    pixels = [(b, oy, ox) for b in range(batches) for oy in range(oh) for ox in range(ow)]
    for start in range(0, len(pixels), per_pass):
        group = pixels[start : start + per_pass]
        for b, oy, ox in group:
            yield from (("r", at(*p, ch)) for p in taps(b, oy, ox) for ch in range(c))
        yield from (("w", out_at(b, oy, ox, o)) for b, oy, ox in group for o in range(oc))


def _mve_depthwise(op, inputs, outputs, at, out_at, taps, batches, oh, ow):
    """depthwise_conv_2d_s8_mve.c: the fast path per output row copies the window's input rows it does not hold
    yet (every channel, the columns the row reaches) into scratch, then writes the row; the other path, per
    pixel, per 16 channels (then 8, the last under a predicate), reads the window and writes them."""
    _, h, w, c = inputs[0].shape
    g = cc.geometry_fields(op, inputs[0], inputs[1].shape[1:3], outputs[0])
    if mve_depthwise_conv_2d.fast_path(op, inputs, outputs):
        copied = min(w, (ow - 1) * g["stride_width"] + 3 - g["pad_width"])
        staged = 2 if c % 16 == 0 else 3  # 16-channel blocks read the window's last row from the input
        for b in range(batches):
            held = set()
            for oy in range(oh):
                y0 = oy * g["stride_height"] - g["pad_height"]
                for y in range(max(y0, 0), min(y0 + staged, h)):
                    if y not in held:
                        held.add(y)
                        yield from (("r", at(b, y, x, ch)) for x in range(copied) for ch in range(c))
                for ox in range(ow):
                    x0 = ox * g["stride_width"] - g["pad_width"]
                    for block in [range(s, s + 16) for s in range(0, c, 16)] if staged == 2 else [range(c)]:
                        if staged == 2 and 0 <= y0 + 2 < h:
                            inside = [x for x in range(x0, x0 + 3) if 0 <= x < w]
                            yield from (("r", at(b, y0 + 2, x, ch)) for x in inside for ch in block)
                        yield from (("w", out_at(b, oy, ox, ch)) for ch in block)
        return
    blocks = [range(s, s + 16) for s in range(0, c - 15, 16)]
    blocks += [range(s, min(s + 8, c)) for s in range(len(blocks) * 16, c, 8)]
    for b in range(batches):
        for oy in range(oh):
            for ox in range(ow):
                for block in blocks:
                    yield from (("r", at(*p, ch)) for p in taps(b, oy, ox) for ch in block)
                    yield from (("w", out_at(b, oy, ox, ch)) for ch in block)


def _dsp_depthwise(op, inputs, outputs, at, out_at, batches, oh, ow):
    """depthwise_conv_2d_s8_dsp.c: per batch, per block of DSP_DW_BLOCK channels, per output row: the input rows
    up to the window's last into the ring (the block's channels, every column), then the row's outputs."""
    _, h, w, c = inputs[0].shape
    g = cc.geometry_fields(op, inputs[0], inputs[1].shape[1:3], outputs[0])
    for b in range(batches):
        for c0 in range(0, c, DSP_DW_BLOCK):
            block = range(c0, min(c, c0 + DSP_DW_BLOCK))
            following = -g["pad_height"]
            for oy in range(oh):
                y0 = oy * g["stride_height"] - g["pad_height"]
                for y in range(max(following, y0), y0 + 3):
                    if 0 <= y < h:
                        yield from (("r", at(b, y, x, ch)) for x in range(w) for ch in block)
                following = max(following, y0 + 3)
                yield from (("w", out_at(b, oy, ox, ch)) for ox in range(ow) for ch in block)


def _dsp_depthwise_multiplier(op, inputs, outputs, at, out_at, batches, oh, ow):
    """mg_dw_multiplier.h (the dsp and mve kernels of a depth multiplier): per batch, per input channel, per output
    row, per block of the row's pixels (the whole row, or fewer in the lean order: the kernel's block_pixels): the
    rows its windows read (every column the block's windows reach) widened into scratch, then each pixel's output
    channels of that input channel."""
    _, h, w, c = inputs[0].shape
    mult = outputs[0].shape[3] // c
    g = cc.geometry_fields(op, inputs[0], inputs[1].shape[1:3], outputs[0])
    fh, fw = inputs[1].shape[1:3]
    pixels = dsp_depthwise_conv_2d_multiplier.block_pixels(op, inputs, outputs)
    for b in range(batches):
        for ch in range(c):
            for oy in range(oh):
                y0 = oy * g["stride_height"] - g["pad_height"]
                for x0 in range(0, ow, pixels):
                    n = min(pixels, ow - x0)
                    first = x0 * g["stride_width"] - g["pad_width"]
                    span = (n - 1) * g["stride_width"] + (fw - 1) * g["dilation_width"] + 1
                    columns = range(max(0, first), min(w, first + span))
                    for y in _window(y0, g["dilation_height"], h, fh):
                        yield from (("r", at(b, y, x, ch)) for x in columns)
                    for ox in range(x0, x0 + n):
                        yield from (("w", out_at(b, oy, ox, ch * mult + m)) for m in range(mult))


def _dsp_fully_connected(depth: int, n_out: int, elements: int):
    """fully_connected_s8_dsp.c, per batch: with scratch (8 outputs or more, 8 inputs or more) the first
    depth & ~7 inputs expanded into it; blocks of four outputs, each reading the input's tail past those (all of
    it without scratch), then one output at a time, each reading all of the input."""
    staged = depth & ~7 if n_out >= 8 else 0
    for b in range(elements // depth):
        x = range(b * depth, (b + 1) * depth)
        yield from (("r", i) for i in x[:staged])
        blocks = n_out & ~3
        for o in range(0, blocks, 4):
            yield from (("r", i) for i in x[staged:])
            yield from (("w", b * n_out + o + r) for r in range(4))
        for o in range(blocks, n_out):
            yield from (("r", i) for i in x)
            yield "w", b * n_out + o


def _portable_pixels(name, c, oc, at, out_at, taps, batches, oh, ow, direction, groups=True):
    """The portable convolutions: pixel by pixel (rows last first, over all batches, for "above"); CONV_2D stages
    the whole window before writing the pixel's channels, DEPTHWISE_CONV_2D reads four channels' taps and writes
    them (depth multiplier 1; the channels past the last four, and every channel with a multiplier, one by one;
    without `groups`, as on ARMv6-M, every channel one by one)."""
    rows = [(b, oy) for b in range(batches) for oy in range(oh)]
    for b, oy in rows[::-1] if direction == "above" else rows:
        for ox in range(ow):
            if name == "CONV_2D":
                yield from (("r", at(*p, ch)) for p in taps(b, oy, ox) for ch in range(c))
                yield from (("w", out_at(b, oy, ox, o)) for o in range(oc))
                continue
            fours = [range(o, o + 4) for o in range(0, c - 3, 4)] if groups and oc == c else []
            fours += [range(o, o + 1) for o in range(fours[-1].stop if fours else 0, oc)]
            for group in fours:
                yield from (("r", at(*p, o // (oc // c))) for o in group for p in taps(b, oy, ox))
                yield from (("w", out_at(b, oy, ox, o)) for o in group)


def _portable_planes(weights, g, c, oc, ow, backend) -> bool:
    """Whether the portable DEPTHWISE_CONV_2D runs its planes kernel (ARMv7-M: 3x3, depth multiplier 1, no dilation,
    rows of 5 outputs or more, planes of at most 2 KB: four channels' words, 8 a column, (ow - 1) * stride + 3
    columns)."""
    plain = tuple(weights.shape[1:3]) == (3, 3) and oc == c and g["dilation_height"] == g["dilation_width"] == 1
    return backend == "portable" and plain and ow >= 5 and 4 * 8 * ((ow - 1) * g["stride_width"] + 3) <= 2048


def _portable_dw_planes(c, at, out_at, taps, batches, oh, ow, direction):
    """Its order: batch by batch, channel by channel, each channel's rows (batches and rows last first for "above"),
    a row's windows read, then its outputs written. The kernel reads earlier still (a band of rows of four channels
    staged at once), which only makes an overlap safer."""
    above = direction == "above"
    for b in range(batches)[::-1] if above else range(batches):
        for ch in range(c):
            for oy in range(oh)[::-1] if above else range(oh):
                yield from (("r", at(*p, ch)) for ox in range(ow) for p in taps(b, oy, ox))
                yield from (("w", out_at(b, oy, ox, ch)) for ox in range(ow))


def _portable_rows(weights, g, c, oc, ow, backend) -> bool:
    """Whether the portable DEPTHWISE_CONV_2D runs its rows kernel (depthwise_conv_2d_s8_portable.c: 3x3, depth
    multiplier 1, no dilation across, rows of 5 outputs or more; on ARMv6-M from 8, elsewhere from 8 or from 5 with
    stride 1)."""
    if tuple(weights.shape[1:3]) != (3, 3) or oc != c or g["dilation_width"] != 1 or ow < 5:
        return False
    return ow >= 8 or (backend == "portable" and g["stride_width"] == 1)


def _portable_dw_rows(c, at, out_at, taps, batches, oh, ow, direction):
    """Its order: row by row (rows last first, over all batches, for "above"), in a row channel by channel, the
    channel's windows along the row read, then its outputs written."""
    rows = [(b, oy) for b in range(batches) for oy in range(oh)]
    for b, oy in rows[::-1] if direction == "above" else rows:
        for ch in range(c):
            yield from (("r", at(*p, ch)) for ox in range(ow) for p in taps(b, oy, ox))
            yield from (("w", out_at(b, oy, ox, ch)) for ox in range(ow))


def events(op, inputs, outputs, direction: str | None = "below", backend: str = "reference"):
    """The kernel's accesses in order: ("r", input element index) and ("w", output element index). `direction`
    is the planner's OVERLAPPED option ("above": the int8 convolutions write their rows last first; None: the
    int8 CONV_2D keeps its whole-image channel order). `backend`: whose kernel ("portable-armv6m": the portable
    kernels' order on ARMv6-M)."""
    inp, out = inputs[0], outputs[0]
    name, dtype = op.op_name, inp.dtype.name
    if name in ("QUANTIZE", "DEQUANTIZE"):
        for i in range(out.num_elements):
            yield "r", i
            yield "w", i
        return
    if name == "UNIDIRECTIONAL_SEQUENCE_LSTM":  # every backend: step by step, all of a step's rows read first
        rows = inp.shape[1] if op.options.get("time_major") else 1
        step_in, step_out = rows * inp.shape[2], rows * out.shape[2]
        for k in range(inp.num_elements // step_in):
            yield from (("r", k * step_in + i) for i in range(step_in))
            yield from (("w", k * step_out + i) for i in range(step_out))
        return
    if name == "FULLY_CONNECTED" and backend == "dsp":
        yield from _dsp_fully_connected(inputs[1].shape[1], out.shape[-1], inp.num_elements)
        return
    if name == "FULLY_CONNECTED":
        depth, n_out = inputs[1].shape[1], out.shape[-1]
        for b in range(inp.num_elements // depth):
            for o in range(n_out):
                for d in range(depth):
                    yield "r", b * depth + d
                yield "w", b * n_out + o
        return
    _, h, w, c = inp.shape
    oc = out.shape[3]

    def at(b, y, x, ch):
        return ((b * h + y) * w + x) * c + ch

    if name in ("AVERAGE_POOL_2D", "MAX_POOL_2D", "L2_POOL_2D"):
        g = pooling._geometry(op, inp, out)
        g = {**g, "pad_height": g["padding_height"], "pad_width": g["padding_width"]}
        batches, oh, ow, taps = _conv_like(op, inp, out, (g["filter_height"], g["filter_width"]), g)
        for b in range(batches):
            for oy in range(oh):
                for ox in range(ow):
                    for lanes in _pool_lanes(c, POOL_LANES.get(backend, 1)):
                        yield from (("r", at(*p, ch)) for p in taps(b, oy, ox) for ch in lanes)
                        yield from (("w", ((b * oh + oy) * ow + ox) * oc + ch) for ch in lanes)
        return
    weights = inputs[1]
    g = cc.geometry_fields(op, inp, weights.shape[1:3], out)
    batches, oh, ow, taps = _conv_like(op, inp, out, weights.shape[1:3], g)

    def out_at(b, oy, ox, o):
        return ((b * oh + oy) * ow + ox) * oc + o

    if backend in ("portable", "portable-armv6m") and name == "DEPTHWISE_CONV_2D":
        if _portable_planes(weights, g, c, oc, ow, backend):
            yield from _portable_dw_planes(c, at, out_at, taps, batches, oh, ow, direction)
            return
        if _portable_rows(weights, g, c, oc, ow, backend):
            yield from _portable_dw_rows(c, at, out_at, taps, batches, oh, ow, direction)
            return
    if backend in ("portable", "portable-armv6m") and name in ("CONV_2D", "DEPTHWISE_CONV_2D"):
        groups = backend == "portable"
        yield from _portable_pixels(name, c, oc, at, out_at, taps, batches, oh, ow, direction, groups)
        return
    if backend == "dsp" and name == "CONV_2D":
        yield from _dsp_conv(op, inputs, outputs, at, out_at, taps, batches, oh, ow)
        return
    im2col_order = tuple(weights.shape[1:3]) != (1, 1) or mve_conv_2d.pointwise_pairs(op, inputs, outputs)
    if backend == "mve" and name == "CONV_2D" and im2col_order:  # pairs of 1x1 pixels too
        # a k x k filter's rows per pass (mg_conv_2d_mve_im2col_rows): one pair when they meet the filter in pairs
        k = weights.shape[1] * weights.shape[2] * weights.shape[3]
        left_shift = mve_conv_2d.params(op, inputs, outputs).fields["left_shift"]
        in_pairs = k > 16 * (MVE_PAIR_BLOCKS - 1) and not left_shift and tuple(weights.shape[1:3]) != (1, 1)
        per_pass = MVE_CONV_PAIR_ROWS if in_pairs else MVE_CONV_ROWS
        yield from _mve_conv_im2col(inputs, outputs, at, out_at, taps, batches, oh, ow, per_pass)
        return
    if backend == "mve" and name == "CONV_2D":  # 1x1, the one-row loop (its pairs read a group before writing)
        for b, oy, ox in ((b, oy, ox) for b in range(batches) for oy in range(oh) for ox in range(ow)):
            for o in range(0, oc, 4):
                yield from (("r", at(*p, ch)) for p in taps(b, oy, ox) for ch in range(c))
                yield from (("w", out_at(b, oy, ox, k)) for k in range(o, min(o + 4, oc)))
        return
    if backend in ("dsp", "mve") and name == "DEPTHWISE_CONV_2D" and oc != c:
        yield from _dsp_depthwise_multiplier(op, inputs, outputs, at, out_at, batches, oh, ow)
        return
    if backend == "mve" and name == "DEPTHWISE_CONV_2D":
        yield from _mve_depthwise(op, inputs, outputs, at, out_at, taps, batches, oh, ow)
        return
    if backend == "dsp" and name == "DEPTHWISE_CONV_2D":
        yield from _dsp_depthwise(op, inputs, outputs, at, out_at, batches, oh, ow)
        return
    if name == "DEPTHWISE_CONV_2D":
        mult = oc // c
        rows = [(b, oy) for b in range(batches) for oy in range(oh)]
        if dtype == "FLOAT32":  # pixel by pixel, channel by channel
            order = [(b, oy, ox, o) for b, oy in rows for ox in range(ow) for o in range(oc)]
        elif mult > 1 and dtype == "INT8":  # row by row, in a row channel by channel, rows last first for "above"
            rows = rows[::-1] if direction == "above" else rows
            order = [(b, oy, ox, o) for b, oy in rows for o in range(oc) for ox in range(ow)]
        else:  # channel by channel over the whole image, rows last first for "above"
            rows = rows[::-1] if direction == "above" else rows
            order = [(b, oy, ox, o) for o in range(oc) for b, oy in rows for ox in range(ow)]
        for b, oy, ox, o in order:
            yield from (("r", at(*p, o // mult)) for p in taps(b, oy, ox))
            yield "w", out_at(b, oy, ox, o)
        return
    group_depth, per_group = weights.shape[3], oc // (c // weights.shape[3])
    rows = [(b, oy) for b in range(batches) for oy in range(oh)]
    if dtype == "FLOAT32":  # pixel by pixel
        order = [(b, oy, ox, o) for b, oy in rows for ox in range(ow) for o in range(oc)]
    elif direction:  # int8, one output row per pass (last first for "above"): per row, channel by channel
        rows = rows[::-1] if direction == "above" else rows
        order = [(b, oy, ox, o) for b, oy in rows for o in range(oc) for ox in range(ow)]
    else:
        order = [(b, oy, ox, o) for o in range(oc) for b, oy in rows for ox in range(ow)]
    for b, oy, ox, o in order:
        first = (o // per_group) * group_depth
        for p in taps(b, oy, ox):
            yield from (("r", at(*p, first + k)) for k in range(group_depth))
        yield "w", out_at(b, oy, ox, o)


def clobbered(op, inputs, outputs, in_offset, out_offset, direction: str | None = "below", backend="reference"):
    """The writes that hit an input byte read later, with the tensors at these arena offsets."""
    inp, out = inputs[0], outputs[0]
    in_size, out_size = inp.dtype.size, out.dtype.size
    last_read = np.full(inp.nbytes, -1)
    writes = []
    for time, (kind, index) in enumerate(events(op, inputs, outputs, direction, backend)):
        if kind == "r":
            last_read[index * in_size : (index + 1) * in_size] = time
        else:
            writes.append((time, index))
    problems = []
    for time, index in writes:
        lo = out_offset + index * out_size - in_offset
        hit = last_read[max(lo, 0) : max(min(lo + out_size, inp.nbytes), 0)]
        if (hit > time).any():
            problems.append(f"output element {index} overwrites input bytes still to be read")
    return problems
