"""One folder per op family (its reference and backend modules side by side), each module defining SPEC, or
SPECS for several kernels; common/ holds what the families share."""
