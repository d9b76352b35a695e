"""Builds mcugen's own small test models with TensorFlow's converter and writes them to tests/fixtures/.

Needs tensorflow-cpu, so it is not part of `make test`; the outputs are committed. Run:
    python -m venv /tmp/tf && /tmp/tf/bin/pip install tensorflow-cpu
    /tmp/tf/bin/python scripts/make_fixtures.py [NAME ...]      # NAME: a fixture without .tflite; none: all
Prints each model's size and its builtin ops in graph order (the lists docs/testing.md and the tests quote).
Weights and calibration data come from fixed seeds, so a rerun with the same TensorFlow writes the same bytes.
"""

import hashlib
import pathlib
import sys

import numpy as np
import tensorflow as tf
from heavy_fixtures import heavy_models
from rewrite_fixtures import rewrite_models
from tensorflow.lite.python import schema_py_generated as schema

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures"
FEATURES, CLASSES = 10, 4
CALIBRATION_SETS = 100


def trained_mlp() -> tf.keras.Model:
    rng = np.random.default_rng(7)
    x = rng.normal(size=(512, FEATURES)).astype(np.float32)
    y = (x[:, :CLASSES] + 0.3 * x[:, CLASSES : 2 * CLASSES]).argmax(axis=1)
    model = tf.keras.Sequential(
        [
            tf.keras.Input(shape=(FEATURES,), batch_size=1),
            tf.keras.layers.Dense(32, activation="relu"),
            tf.keras.layers.Dense(16, activation="relu"),
            tf.keras.layers.Dense(CLASSES),
        ]
    )
    model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    model.fit(x, y, epochs=5, batch_size=32, verbose=0)
    return model, x


def convert_int8(model: tf.keras.Model, samples: np.ndarray, io_type) -> bytes:
    converter = tf.lite.TFLiteConverter.from_keras_model(model)
    converter.optimizations = [tf.lite.Optimize.DEFAULT]
    converter.representative_dataset = lambda: ([s[None, :]] for s in samples[:100])
    converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
    converter.inference_input_type = io_type
    converter.inference_output_type = io_type
    return converter.convert()


# --- converter-made models that combine the elementwise, comparison and data-movement ops --------------------


def weights(rng, *shape, scale=0.3) -> tf.Tensor:
    return tf.constant(rng.normal(scale=scale, size=shape).astype(np.float32))


class TextbookNorm(tf.keras.layers.Layer):
    """Layer normalization as papers write it, (x - mean) * rsqrt(var + eps): SUB where Keras' own has NEG."""

    def call(self, x):
        mean, variance = tf.nn.moments(x, axes=[-1], keepdims=True)
        return (x - mean) * tf.math.rsqrt(variance + 1e-3)


def layer_norm_model() -> tf.keras.Model:
    """A transformer-style block over 4 tokens of 16 features: Dense, Keras LayerNormalization, Dense,
    the textbook normalization, Dense."""
    init = tf.keras.initializers.RandomNormal
    return tf.keras.Sequential(
        [
            tf.keras.Input(shape=(4, 16), batch_size=1),
            tf.keras.layers.Dense(24, activation="relu"),
            tf.keras.layers.LayerNormalization(gamma_initializer=init(1.0, 0.2, 1), beta_initializer=init(0.0, 0.2, 2)),
            tf.keras.layers.Dense(16),
            TextbookNorm(),
            tf.keras.layers.Dense(8),
        ]
    )


class AudioFrontEnd(tf.Module):
    """A frame of 32 samples: log and square-root magnitude features side by side, then a Dense layer."""

    def __init__(self, rng):
        self.dense = weights(rng, 64, 8)

    @tf.function(input_signature=[tf.TensorSpec([1, 32], tf.float32)])
    def __call__(self, frame):
        magnitude = tf.abs(frame)
        features = tf.concat([tf.math.log(magnitude + 1e-3), tf.sqrt(magnitude)], axis=1)
        return tf.matmul(features, self.dense)


class MaskedSelect(tf.Module):
    """Per-frame gating: frames whose gate exceeds a threshold keep an affine map of their features, the others a
    clipped quadratic. The (1, 4, 1) condition broadcasts over the features, so the converter emits SELECT_V2
    (equal shapes give SELECT, which TFLite Micro does not have)."""

    def __init__(self, rng):
        self.dense = weights(rng, 16, 16)

    @tf.function(input_signature=[tf.TensorSpec([1, 4, 1], tf.float32), tf.TensorSpec([1, 4, 16], tf.float32)])
    def __call__(self, gate, features):  # the converted model takes its inputs in this order
        h = tf.matmul(features, self.dense)
        return tf.where(gate > 0.25, h * 0.5 + gate, tf.maximum(h, -1.0) - h * h * 0.1)


VOCABULARY, TOKENS, EMBEDDING = 32, 8, 12


class EmbeddingSlice(tf.Module):
    """int32 token ids into an embedding table, every other token kept, a window of the embedding, a Dense."""

    def __init__(self, rng):
        self.table = weights(rng, VOCABULARY, EMBEDDING, scale=1.0)
        self.dense = weights(rng, 4 * 8, 5)

    @tf.function(input_signature=[tf.TensorSpec([1, TOKENS], tf.int32)])
    def __call__(self, ids):
        embedded = tf.gather(self.table, ids)  # (1, 8, 12)
        every_other = tf.gather(embedded, [0, 2, 4, 6], axis=1)  # (1, 4, 12)
        window = tf.slice(every_other, [0, 0, 2], [1, 4, 8])  # (1, 4, 8)
        return tf.matmul(tf.reshape(window, [1, 32]), self.dense)


class SegmentationHead(tf.Module):
    """A small conv, DEPTH_TO_SPACE to twice the resolution, then bilinear upsampling to the full size twice:
    TF2's resize (half_pixel_centers) and TF1's align_corners, as two outputs."""

    def __init__(self, rng):
        self.kernel = weights(rng, 3, 3, 3, 8)

    @tf.function(input_signature=[tf.TensorSpec([1, 8, 8, 3], tf.float32)])
    def __call__(self, image):
        h = tf.nn.relu(tf.nn.conv2d(image, self.kernel, 1, "SAME"))
        h = tf.nn.depth_to_space(h, 2)  # (1, 16, 16, 2)
        half_pixel = tf.image.resize(h, [24, 24])
        aligned = tf.compat.v1.image.resize_bilinear(h, [24, 24], align_corners=True)
        return half_pixel, aligned


def calibration(rng, *makers) -> list[list[np.ndarray]]:
    return [[make(rng) for make in makers] for _ in range(CALIBRATION_SETS)]


def uniform(shape, low=-3.0, high=3.0):
    return lambda rng: rng.uniform(low, high, size=shape).astype(np.float32)


def from_module(module: tf.Module):
    return lambda: tf.lite.TFLiteConverter.from_concrete_functions([module.__call__.get_concrete_function()], module)


def from_keras(model: tf.keras.Model):
    return lambda: tf.lite.TFLiteConverter.from_keras_model(model)


def quantized(converter, sets, io_type) -> bytes:
    """Full-integer quantization calibrated on `sets`; int8 or float32 at the model's edges."""
    converter.optimizations = [tf.lite.Optimize.DEFAULT]
    converter.representative_dataset = lambda: iter(sets)
    converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
    converter.inference_input_type = converter.inference_output_type = io_type
    return converter.convert()


def quantized_except(converter, sets, float_ops: list[str]) -> bytes:
    """int8 everywhere but `float_ops`, which TFLite quantizes and TFLite Micro runs only in float32: the
    converter's quantization debugger keeps them float between DEQUANTIZE and QUANTIZE, with float I/O."""
    converter.optimizations = [tf.lite.Optimize.DEFAULT]
    converter.representative_dataset = lambda: iter(sets)
    options = tf.lite.experimental.QuantizationDebugOptions(denylisted_ops=float_ops)
    debugger = tf.lite.experimental.QuantizationDebugger(
        converter=converter, debug_dataset=lambda: iter(sets), debug_options=options
    )
    return debugger.get_nondebug_quantized_model()


def converter_models() -> dict[str, bytes]:
    rng = np.random.default_rng(13)
    layer_norm = from_keras(layer_norm_model())
    layer_norm_sets = calibration(rng, lambda r: r.normal(size=(1, 4, 16)).astype(np.float32))
    audio = from_module(AudioFrontEnd(rng))
    audio_sets = calibration(rng, uniform((1, 32)))
    select = from_module(MaskedSelect(rng))
    select_sets = calibration(rng, uniform((1, 4, 1), -1, 1), uniform((1, 4, 16), -2, 2))
    embedding = from_module(EmbeddingSlice(rng))
    embedding_sets = calibration(rng, lambda r: r.integers(0, VOCABULARY, size=(1, TOKENS)).astype(np.int32))
    segmentation = from_module(SegmentationHead(rng))
    segmentation_sets = calibration(rng, uniform((1, 8, 8, 3), -1, 1))
    return {
        "layer_norm_int8": quantized(layer_norm(), layer_norm_sets, tf.int8),
        "layer_norm_float": layer_norm().convert(),
        # TFLite Micro's LOG and SQRT are float32 only: the int8 model keeps them float.
        "audio_frontend_mixed": quantized_except(audio(), audio_sets, ["LOG", "SQRT"]),
        "audio_frontend_float": audio().convert(),
        "masked_select_int8": quantized(select(), select_sets, tf.int8),
        "masked_select_float": select().convert(),
        "embedding_slice_int8": quantized(embedding(), embedding_sets, tf.int8),
        "segmentation_head_int8": quantized(segmentation(), segmentation_sets, tf.int8),
        "segmentation_head_float": segmentation().convert(),
    }


def keras_lstm_models() -> dict[str, bytes]:
    """A Keras LSTM (8 units over 4 steps of 6 features, every step's output): the converter fuses it into one
    UNIDIRECTIONAL_SEQUENCE_LSTM with variable hidden and cell states. Keras 3 layers convert to a WHILE loop
    instead, so this needs the Keras 2 package (pip install tf-keras). No Dense layer after it: the device's
    newlib expf/tanhf may differ from the host's in the last bit, and a layer that cancels to near zero would
    turn that into more than the float comparison's relative 1e-5."""
    try:
        import tf_keras
    except ImportError:
        raise SystemExit("make_fixtures.py: the keras_lstm fixtures need tf-keras (pip install tf-keras)") from None
    tf_keras.utils.set_random_seed(5)
    inputs = tf_keras.Input(shape=(4, 6), batch_size=1)
    outputs = tf_keras.layers.LSTM(8, return_sequences=True)(inputs)
    model = tf_keras.Model(inputs, outputs)
    sets = calibration(np.random.default_rng(3), uniform((1, 4, 6), -2, 2))
    return {
        "keras_lstm_float": from_keras(model)().convert(),
        "keras_lstm_int8": quantized(from_keras(model)(), sets, tf.int8),
    }


def keras_while_lstm() -> bytes:
    """An LSTM like keras_lstm_models' (its last step's output), made with Keras 3 (tf.keras): the converter does not
    fuse it but writes a WHILE loop over the time steps, its condition and body in subgraphs of their own (the non-fused
    LSTM of the stateful-models issue). Float32; no Dense layer after it, for the reason keras_lstm_models gives."""
    tf.keras.utils.set_random_seed(5)
    inputs = tf.keras.Input(shape=(4, 6), batch_size=1)
    model = tf.keras.Model(inputs, tf.keras.layers.LSTM(8)(inputs))  # the last step's output: every step's
    # would make the loop write a TensorList of dynamic shape
    converted = from_keras(model)().convert()
    if "WHILE" not in builtin_ops(converted):
        raise SystemExit("make_fixtures.py: lstm_while_float needs Keras 3 (tf.keras), which writes a WHILE loop")
    return converted


def builtin_ops(model_bytes: bytes) -> list[str]:
    """The builtin op of every node of the main subgraph, in graph order."""
    model = schema.Model.GetRootAsModel(model_bytes, 0)
    names = {code: name for name, code in vars(schema.BuiltinOperator).items() if not name.startswith("_")}
    codes = []
    for i in range(model.OperatorCodesLength()):
        code = model.OperatorCodes(i)
        codes.append(max(code.BuiltinCode(), code.DeprecatedBuiltinCode()))  # small codes sit in the old field
    graph = model.Subgraphs(0)
    return [names[codes[graph.Operators(i).OpcodeIndex()]] for i in range(graph.OperatorsLength())]


def main(names: list[str]) -> None:
    """Writes the fixtures named in `names` (all when empty): this TensorFlow's converter writes other bytes for
    the MLPs than the one that made the committed copies, so regenerate only what you change."""
    tf.keras.utils.set_random_seed(7)
    model, samples = trained_mlp()
    OUT.mkdir(parents=True, exist_ok=True)
    models = {
        # int8 in and out: FULLY_CONNECTED x3, the default demo model.
        "mlp_int8": convert_int8(model, samples, tf.int8),
        # float in and out around the same int8 body: adds QUANTIZE and DEQUANTIZE.
        "mlp_float_io": convert_int8(model, samples, tf.float32),
    }
    models.update(converter_models())
    if not names or any(name.startswith("keras_lstm") for name in names):
        models.update(keras_lstm_models())
    # The int8 streaming net is built with tests/streaming_models.py (flatbuffers): TensorFlow 2's converter
    # fails to quantize a model with resource variables ("'NoneType' object has no attribute 'node'").
    models["stream_float"] = streaming_float()
    models["lstm_while_float"] = keras_while_lstm()
    models.update(rewrite_models(from_module, quantized, calibration, uniform, models["mlp_int8"]))
    models.update(detection_models())
    models.update(heavy_models(quantized))
    unknown = set(names) - set(models)
    if unknown:
        raise SystemExit(f"make_fixtures.py: unknown fixture(s) {sorted(unknown)}; known: {', '.join(models)}")
    for name, model_bytes in models.items():
        if names and name not in names:
            continue
        (OUT / f"{name}.tflite").write_bytes(model_bytes)
        digest = hashlib.sha256(model_bytes).hexdigest()[:12]
        print(f"{name}.tflite {len(model_bytes):,} B sha256 {digest}: {' '.join(builtin_ops(model_bytes))}")


# ---- SSD-style detection heads ending in TFLite_Detection_PostProcess, the way TF's object-detection export
# makes them: a tf.function that `experimental_implements` the op (its attributes the custom options) stands in
# for the post-processing, and the converter turns it into the custom op.
SSD_GRID, SSD_ASPECTS, SSD_CLASSES = 4, 3, 3  # a 4x4 feature map, 3 anchors per cell, 3 classes + background


def detection_signature(**attrs) -> str:
    """The `experimental_implements` string: the op's name and its attributes (bool b, int i, float f)."""
    parts = ['name: "TFLite_Detection_PostProcess"']
    for key, value in attrs.items():
        kind, text = (
            ("b", str(value).lower()) if isinstance(value, bool) else ("i" if isinstance(value, int) else "f", value)
        )
        parts.append(f'attr {{ key: "{key}" value {{ {kind}: {text} }} }}')
    return " ".join(parts)


def ssd_anchors() -> np.ndarray:
    """(y, x, h, w) per anchor: every cell's center, three sizes."""
    centers = (np.arange(SSD_GRID) + 0.5) / SSD_GRID
    return np.array(
        [[y, x, size, 1.2 * size] for y in centers for x in centers for size in (0.2, 0.35, 0.5)], dtype=np.float32
    )


class SsdHead(tf.Module):
    """A stride-2 conv over an 8x8 image gives per-anchor box encodings and class logits; sigmoid scores and the
    anchors go to TFLite_Detection_PostProcess (fast or regular NMS)."""

    def __init__(self, rng, max_detections: int, regular: bool):
        channels = SSD_ASPECTS * (4 + SSD_CLASSES + 1)
        self.kernel = weights(rng, 3, 3, 3, channels, scale=0.03)  # weak logits: some sets fill fewer detections
        self.anchors = tf.constant(ssd_anchors())
        self.boxes, self.max_detections = SSD_GRID * SSD_GRID * SSD_ASPECTS, max_detections
        signature = detection_signature(
            max_detections=max_detections,
            max_classes_per_detection=1,
            detections_per_class=4,
            use_regular_nms=regular,
            nms_score_threshold=0.6,
            nms_iou_threshold=0.3,
            num_classes=SSD_CLASSES,
            y_scale=10.0,
            x_scale=10.0,
            h_scale=5.0,
            w_scale=5.0,
        )
        self.postprocess = tf.function(self.placeholder_outputs, experimental_implements=signature)

    def placeholder_outputs(self, box_encodings, class_predictions, anchors):
        """What the converter replaces: outputs of the op's shapes."""
        n = self.max_detections
        return tf.zeros([1, n, 4]), tf.zeros([1, n]), tf.zeros([1, n]), tf.zeros([1])

    @tf.function(input_signature=[tf.TensorSpec([1, 8, 8, 3], tf.float32)])
    def __call__(self, image):
        features = tf.nn.conv2d(image, self.kernel, 2, "SAME")  # (1, 4, 4, 3 * (4 + 4))
        encodings = tf.reshape(features[..., : 4 * SSD_ASPECTS], [1, self.boxes, 4])
        logits = tf.reshape(features[..., 4 * SSD_ASPECTS :], [1, self.boxes, SSD_CLASSES + 1])
        return self.postprocess(encodings, tf.sigmoid(logits), self.anchors)


def detection_models() -> dict[str, bytes]:
    models = {}
    for name, regular in (("ssd_head_float", False), ("ssd_head_regular_float", True)):
        converter = from_module(SsdHead(np.random.default_rng(5), 8, regular))()
        converter.allow_custom_ops = True  # TFLite_Detection_PostProcess is a custom op
        models[name] = converter.convert()
    return models


# ---- Streaming models: per-layer ring buffers in resource variables, zeroed by a CALL_ONCE init subgraph ----
STREAM_BINS, STREAM_FRAMES, STREAM_KERNEL_ROWS, STREAM_CHANNELS = 40, 2, 3, (1, 6, 8)


class StreamingConvNet(tf.Module):
    """Each call takes STREAM_FRAMES new 40-bin frames; every conv layer keeps the rows its 3-row kernel still
    needs in a tf.Variable (the converter makes them resource variables and their zero start a CALL_ONCE
    subgraph). Returns the logits (an inner tensor, so comparisons are not trivial) and the probabilities."""

    def __init__(self, seed: int = 3):
        rng = np.random.default_rng(seed)
        self.rings, self.kernels, self.biases = [], [], []
        width = STREAM_BINS
        for c_in, c_out in zip(STREAM_CHANNELS, STREAM_CHANNELS[1:]):
            history = STREAM_KERNEL_ROWS - 1
            self.rings.append(tf.Variable(tf.zeros([1, history, width, c_in]), trainable=False))
            shape = (STREAM_KERNEL_ROWS, 3, c_in, c_out)
            self.kernels.append(tf.constant(rng.normal(0, 0.4, size=shape).astype(np.float32)))
            self.biases.append(tf.constant(rng.normal(0, 0.1, size=c_out).astype(np.float32)))
            width -= 2
        self.dense = tf.constant(rng.normal(0, 0.5, size=(STREAM_CHANNELS[-1], 4)).astype(np.float32))

    @tf.function(input_signature=[tf.TensorSpec([1, STREAM_FRAMES, STREAM_BINS, 1], tf.float32)])
    def __call__(self, frames):
        x = frames
        for ring, kernel, bias in zip(self.rings, self.kernels, self.biases):
            window = tf.concat([ring, x], axis=1)
            ring.assign(window[:, STREAM_FRAMES:])
            x = tf.nn.relu(tf.nn.conv2d(window, kernel, strides=1, padding="VALID") + bias)
        logits = tf.matmul(tf.reduce_mean(x, axis=[1, 2]), self.dense)
        return {"logits": logits, "probs": tf.nn.softmax(logits)}


def streaming_float() -> bytes:
    net = StreamingConvNet()
    converter = tf.lite.TFLiteConverter.from_concrete_functions([net.__call__.get_concrete_function()], net)
    converter.experimental_enable_resource_variables = True
    return converter.convert()


if __name__ == "__main__":
    main(sys.argv[1:])
