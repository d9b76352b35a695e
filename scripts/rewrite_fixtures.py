"""The fixtures of the rewrite stage (docs/rewrite.md), made by make_fixtures.py: converter models, some edited
with TensorFlow's flatbuffer object API where the converter never writes the pattern a rewrite looks for."""

import flatbuffers
import numpy as np
import tensorflow as tf
from tensorflow.lite.python import schema_py_generated as schema

OPS = {name: code for name, code in vars(schema.BuiltinOperator).items() if not name.startswith("_")}
ACTIVATIONS = {1: "RELU", 2: "RELU_N1_TO_1", 3: "RELU6"}  # ActivationFunctionType -> the standalone op


def _pack(model) -> bytes:
    builder = flatbuffers.Builder(1024)
    builder.Finish(model.Pack(builder), file_identifier=b"TFL3")
    return bytes(builder.Output())


def _opcode(model, name: str) -> int:
    """The index of `name`'s operator code in the model, added when missing."""
    for i, code in enumerate(model.operatorCodes):
        if max(code.builtinCode, code.deprecatedBuiltinCode) == OPS[name]:
            return i
    code = schema.OperatorCodeT()
    code.builtinCode, code.deprecatedBuiltinCode, code.version = OPS[name], OPS[name], 1
    model.operatorCodes.append(code)
    return len(model.operatorCodes) - 1


def _new_tensor_like(graph, index: int, suffix: str) -> int:
    """A copy of tensor `index` (shape, type, quantization) without data, named with `suffix`."""
    source = graph.tensors[index]
    t = schema.TensorT()
    t.shape, t.type, t.buffer, t.quantization = list(source.shape), source.type, 0, source.quantization
    t.name = (source.name or b"").decode() + suffix if isinstance(source.name, bytes) else f"{source.name}{suffix}"
    graph.tensors.append(t)
    return len(graph.tensors) - 1


def _insert_after(model, graph, position: int, name: str, tensor: int) -> int:
    """Makes the op at `position` write a new tensor, read by a new `name` op that writes `tensor`; returns the
    new op's position."""
    op = graph.operators[position]
    between = _new_tensor_like(graph, tensor, f"/{name.lower()}_in")
    op.outputs = [between if t == tensor else t for t in op.outputs]
    new = schema.OperatorT()
    new.opcodeIndex, new.inputs, new.outputs = _opcode(model, name), [between], [tensor]
    graph.operators.insert(position + 1, new)
    return position + 1


def unfuse_activations(model_bytes: bytes) -> bytes:
    """Every fused RELU/RELU6/RELU_N1_TO_1 becomes a node of its own after its producer, the way graphs from
    other converters (or with the activation kept apart) arrive; the activation's input keeps its output's
    quantization, as the rewrite's fusion needs for int8."""
    model = schema.ModelT.InitFromPackedBuf(bytearray(model_bytes), 0)
    graph = model.subgraphs[0]
    position = 0
    while position < len(graph.operators):
        op = graph.operators[position]
        fused = getattr(op.builtinOptions, "fusedActivationFunction", 0)
        if fused in ACTIVATIONS:
            op.builtinOptions.fusedActivationFunction = 0
            position = _insert_after(model, graph, position, ACTIVATIONS[fused], op.outputs[0])
        position += 1
    return _pack(model)


def insert_cancelling_pair(model_bytes: bytes, after: int) -> bytes:
    """A DEQUANTIZE and a QUANTIZE with the same scale and zero point after node `after`: int8 -> float32 ->
    int8 that gives back every value exactly (what graphs spliced from a float and an int8 part look like)."""
    model = schema.ModelT.InitFromPackedBuf(bytearray(model_bytes), 0)
    graph = model.subgraphs[0]
    tensor = graph.operators[after].outputs[0]
    quantize = _insert_after(model, graph, after, "QUANTIZE", tensor)
    dequantize = _insert_after(model, graph, after, "DEQUANTIZE", graph.operators[quantize].inputs[0])
    float_tensor = graph.operators[dequantize].outputs[0]
    graph.tensors[float_tensor].type, graph.tensors[float_tensor].quantization = 0, None
    return _pack(model)


class ConvBlock(tf.Module):
    """A conv with RELU, a depthwise conv with RELU6, an ADD of the two branches with RELU, a Dense: every
    activation fusion of the rewrite stage once. (The explicit zero PAD before the VALID conv is the converter's
    to fold: it writes a SAME conv.)"""

    def __init__(self, rng):
        self.kernel = tf.constant(rng.normal(scale=0.4, size=(3, 3, 2, 4)).astype(np.float32))
        self.bias = tf.constant(rng.normal(scale=0.2, size=(4,)).astype(np.float32))
        self.depthwise = tf.constant(rng.normal(scale=0.4, size=(3, 3, 4, 1)).astype(np.float32))
        self.dense = tf.constant(rng.normal(scale=0.3, size=(6 * 6 * 4, 3)).astype(np.float32))

    @tf.function(input_signature=[tf.TensorSpec([1, 6, 6, 2], tf.float32)])
    def __call__(self, image):
        padded = tf.pad(image, [[0, 0], [1, 1], [1, 1], [0, 0]])
        conv = tf.nn.relu(tf.nn.conv2d(padded, self.kernel, 1, "VALID") + self.bias)
        depthwise = tf.nn.relu6(tf.nn.depthwise_conv2d(conv, self.depthwise, [1, 1, 1, 1], "SAME"))
        joined = tf.nn.relu(conv + depthwise)
        return tf.matmul(tf.reshape(joined, [1, -1]), self.dense)


def float16_model(rng) -> bytes:
    """A float conv net whose weights are stored as float16 and widened by constant DEQUANTIZE nodes."""
    model = tf.keras.Sequential(
        [
            tf.keras.Input(shape=(8, 8, 2), batch_size=1),
            tf.keras.layers.Conv2D(4, 3, padding="same", activation="relu"),
            tf.keras.layers.DepthwiseConv2D(3, activation="relu6"),
            tf.keras.layers.Flatten(),
            tf.keras.layers.Dense(3),
        ]
    )
    for layer in model.layers:
        layer.set_weights([rng.normal(scale=0.4, size=w.shape).astype(np.float32) for w in layer.get_weights()])
    converter = tf.lite.TFLiteConverter.from_keras_model(model)
    converter.optimizations = [tf.lite.Optimize.DEFAULT]
    converter.target_spec.supported_types = [tf.float16]
    return converter.convert()


def rewrite_models(from_module, quantized, calibration, uniform, mlp_int8: bytes) -> dict[str, bytes]:
    rng = np.random.default_rng(19)
    block = from_module(ConvBlock(rng))
    block_sets = calibration(rng, uniform((1, 6, 6, 2)))
    return {
        "conv_float16_weights": float16_model(rng),
        "conv_relu_float": unfuse_activations(block().convert()),
        "conv_relu_int8": unfuse_activations(quantized(block(), block_sets, tf.int8)),
        "mlp_int8_qdq": insert_cancelling_pair(mlp_int8, after=0),
    }
