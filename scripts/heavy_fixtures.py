"""The fixtures of the heavy-ops issue made with TensorFlow's converter (scripts/make_fixtures.py calls
heavy_models): a DS-CNN-style keyword spotter quantized with 16-bit activations and 8-bit weights, and a small
Conv2DTranspose autoencoder in int8 and float32. Keras' seeded initial weights (no training: the kernels'
arithmetic is what the tests check), calibration on seeded random inputs."""

import numpy as np
import tensorflow as tf

KWS_INPUT = (49, 10, 1)  # 49 frames of 10 MFCC features, as TFLite Micro's micro_speech example
AUTOENCODER_INPUT = (16, 16, 1)
SETS = 100


def keyword_spotter() -> tf.keras.Model:
    """DS-CNN-like: a strided conv, two depthwise-separable blocks (3x3 depthwise, 1x1 conv), an average pool over
    the whole map, a dense layer to 4 keywords and softmax."""
    tf.keras.utils.set_random_seed(11)
    layers = tf.keras.layers
    inputs = tf.keras.Input(shape=KWS_INPUT, batch_size=1)
    x = layers.Conv2D(24, (5, 3), strides=(2, 2), padding="same", activation="relu")(inputs)
    for _ in range(2):
        x = layers.DepthwiseConv2D(3, padding="same", activation="relu")(x)
        x = layers.Conv2D(24, 1, activation="relu")(x)
    x = layers.AveragePooling2D(pool_size=x.shape[1:3])(x)
    x = layers.Flatten()(x)
    outputs = layers.Softmax()(layers.Dense(4)(x))
    return tf.keras.Model(inputs, outputs)


def autoencoder() -> tf.keras.Model:
    """Two strided convs down to 4x4, two Conv2DTranspose layers (TRANSPOSE_CONV with bias) back to 16x16."""
    tf.keras.utils.set_random_seed(12)
    layers = tf.keras.layers
    inputs = tf.keras.Input(shape=AUTOENCODER_INPUT, batch_size=1)
    x = layers.Conv2D(8, 3, strides=2, padding="same", activation="relu")(inputs)
    x = layers.Conv2D(16, 3, strides=2, padding="same", activation="relu")(x)
    x = layers.Conv2DTranspose(8, 3, strides=2, padding="same", activation="relu")(x)
    outputs = layers.Conv2DTranspose(1, 3, strides=2, padding="same")(x)
    return tf.keras.Model(inputs, outputs)


def sets_of(shape, seed: int):
    rng = np.random.default_rng(seed)
    return [[rng.uniform(-1, 1, size=(1, *shape)).astype(np.float32)] for _ in range(SETS)]


def int16x8(model: tf.keras.Model, sets) -> bytes:
    """16-bit activations, 8-bit weights (int64 biases), int16 at the model's edges."""
    converter = tf.lite.TFLiteConverter.from_keras_model(model)
    converter.optimizations = [tf.lite.Optimize.DEFAULT]
    converter.representative_dataset = lambda: iter(sets)
    converter.target_spec.supported_ops = [tf.lite.OpsSet.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8]
    converter.inference_input_type = converter.inference_output_type = tf.int16
    return converter.convert()


def heavy_models(quantized) -> dict[str, bytes]:
    """`quantized` is make_fixtures' full-integer int8 conversion (converter, sets, io_type)."""
    ae = autoencoder()
    return {
        "kws_int16x8": int16x8(keyword_spotter(), sets_of(KWS_INPUT, 21)),
        "autoencoder_int8": quantized(
            tf.lite.TFLiteConverter.from_keras_model(ae), sets_of(AUTOENCODER_INPUT, 22), tf.int8
        ),
        "autoencoder_float": tf.lite.TFLiteConverter.from_keras_model(ae).convert(),
    }
