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


if __name__ == "__main__":
    main()
