"""read stage: .tflite bytes -> Graph."""

from .graph import CUSTOM_CODE, DTYPES, DType, Graph, Operator, Quantization, Tensor
from .reader import op_name, read_model

__all__ = ["CUSTOM_CODE", "DTYPES", "DType", "Graph", "Operator", "Quantization", "Tensor", "op_name", "read_model"]
