"""One module per op (or op family); each defines SPEC, or SPECS for several kernels."""
