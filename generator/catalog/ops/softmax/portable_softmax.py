"""SOFTMAX in the portable backend (cores without DSP: Cortex-M0/M0+, M3): the dsp backend's kernels and table
(dsp_softmax.py), whose DSP instructions have plain C versions that these cores run (mg_dsp.h); registered as
mg_register_softmax_portable (softmax_portable.c)."""

from __future__ import annotations

from .softmax import kernel

SPEC = kernel("portable", ("softmax_s8_dsp.c", "softmax_s16_dsp.c", "mg_dsp.h"), kernels="dsp")
