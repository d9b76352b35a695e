"""read stage: .tflite bytes -> Graph."""
from .graph import DTYPES, DType, Graph, Operator, Quantization, Tensor
from .reader import op_name, read_model

__all__ = ["DTYPES", "DType", "Graph", "Operator", "Quantization", "Tensor", "op_name", "read_model"]
