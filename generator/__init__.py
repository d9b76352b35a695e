"""mcugen: turns a TensorFlow Lite model into verified Cortex-M firmware."""

__version__ = "0.1.0"
