"""Builds mcugen's own small test models with TensorFlow and writes them to tests/fixtures/.

Needs tensorflow-cpu, so it is not part of `make test`; the outputs are committed. Run:
    python -m venv /tmp/tf && /tmp/tf/bin/pip install tensorflow-cpu && /tmp/tf/bin/python scripts/make_fixtures.py
"""
import pathlib

import numpy as np
import tensorflow as tf

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures"
FEATURES, CLASSES = 10, 4


def trained_mlp() -> tf.keras.Model:
    rng = np.random.default_rng(7)
    x = rng.normal(size=(512, FEATURES)).astype(np.float32)
    y = (x[:, :CLASSES] + 0.3 * x[:, CLASSES:2 * CLASSES]).argmax(axis=1)
    model = tf.keras.Sequential([
        tf.keras.Input(shape=(FEATURES,), batch_size=1),
        tf.keras.layers.Dense(32, activation="relu"),
        tf.keras.layers.Dense(16, activation="relu"),
        tf.keras.layers.Dense(CLASSES),
    ])
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


def main() -> None:
    tf.keras.utils.set_random_seed(7)
    model, samples = trained_mlp()
    OUT.mkdir(parents=True, exist_ok=True)
    # int8 in and out: FULLY_CONNECTED x3, the default demo model.
    (OUT / "mlp_int8.tflite").write_bytes(convert_int8(model, samples, tf.int8))
    # float in and out around the same int8 body: adds QUANTIZE and DEQUANTIZE.
    (OUT / "mlp_float_io.tflite").write_bytes(convert_int8(model, samples, tf.float32))
    print("wrote", sorted(p.name for p in OUT.glob("*.tflite")))


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


def main_streaming() -> None:
    # The int8 streaming net is built with tests/streaming_models.py (flatbuffers): TensorFlow 2's converter
    # fails to quantize a model with resource variables ("'NoneType' object has no attribute 'node'").
    (OUT / "stream_float.tflite").write_bytes(streaming_float())
    print("wrote stream_float.tflite")


if __name__ == "__main__":
    import sys

    if sys.argv[1:] != ["streaming"]:
        main()
    main_streaming()
