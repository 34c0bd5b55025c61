"""Model files: ``model.save(path)`` and ``cwlssvm.load(path)``, without pickle.

Format (version 2; version 1 files are read too): one NumPy ``.npz`` archive (a zip of ``.npy`` arrays, read with
``allow_pickle=False``). The entry ``__cwlssvm__`` holds UTF-8 JSON:

    {"format": "cwlssvm-model", "format_version": 2, "package_version": "...", "class": "...",
     "params": {...}, "state": {...}, "feature_names": [...] or null}

``state`` is the estimator's fitted attributes, except caches (names starting with ``CACHE_PREFIX``, rebuilt
on first use after loading). JSON carries numbers (floats by their shortest
round-trip repr, so every value comes back bit for bit), strings, lists and None; tagged objects carry
the rest: ``{"__array__": key}`` an array stored in the archive under ``key`` (``{"__array__": key, "symmetric":
n}``: a float matrix of order n equal to its transpose bit for bit, of which ``key`` holds the lower triangle row
by row; version 2), ``{"__np__": dtype,
"value": v}`` a NumPy scalar, ``{"__tuple__": [...]}``, ``{"__dict__": [[key, value], ...]}``,
``{"__component__": {...}}`` a cwlssvm.components.Component, ``{"__object__": class, "state": {...}}``
one of the package's own classes (nested estimators, fitted dual models). Loading rebuilds only
classes from an allow-list of the package, which each class joins where it is defined
(``@model_file_class``); nothing in the file is executed. An array held by several objects is stored once.

A container of many models (a batch) holds each of them as a member of its archive, a whole model file deflated
(``models/<i>.npz``), written as they come (``ModelFileWriter``) and read one at a time when asked for
(``ModelFileReader``): the container's own metadata names its members.
"""

from __future__ import annotations

from dataclasses import dataclass

import io
import json
import os
import tempfile
import tokenize
import warnings
import zipfile

import numpy as np
import pandas as pd

from ._version import __version__
from .components import Component, from_fields
from .tables import ColumnEncoding, EncodedTable, TableEncoding

FORMAT = "cwlssvm-model"
FORMAT_VERSION = 2  # 2: square symmetric arrays stored as their lower triangle
META_KEY = "__cwlssvm__"
CACHE_PREFIX = "_cached"  # an attribute named so is computed from the others on first use and not written


class ModelFileError(ValueError):
    """The file is not a readable cwlssvm model file (the message says why).

    Examples
    --------
    >>> import os, tempfile
    >>> from cwlssvm import ModelFileError, load
    >>> path = os.path.join(tempfile.mkdtemp(), 'notes.cwl')
    >>> with open(path, 'w') as f:
    ...     _ = f.write('not a model')
    >>> try:
    ...     load(path)
    ... except ModelFileError as error:
    ...     print('not a cwlssvm model file' in str(error))
    True
    """


_CLASSES: dict[str, type] = {}  # the allow-list: class name -> class


@dataclass(frozen=True)
class FileValues:
    """What a class's fitted values read from a model file must be, by attribute name: ``floats``, float64
    arrays (or lists of them) with every value finite (the code computes with them); ``numbers``, finite
    numbers (scalars or arrays); ``indices``, integer arrays (the code indexes with them). A class states
    its own as ``model_file_values``; a subclass's add to its bases'."""

    floats: frozenset = frozenset()
    numbers: frozenset = frozenset()
    indices: frozenset = frozenset()
    inputs: frozenset = frozenset()


def file_values(*, floats=(), numbers=(), indices=(), inputs=()):
    """The FileValues of a class (see FileValues); ``inputs``: float64 arrays of input codes, NaN where an
    input is missing, no infinity."""
    return FileValues(frozenset(floats), frozenset(numbers), frozenset(indices), frozenset(inputs))


def _values_of(cls):
    """The FileValues of cls and its bases together."""
    found = [k.__dict__["model_file_values"] for k in cls.__mro__ if "model_file_values" in k.__dict__]
    return FileValues(*(frozenset().union(*(getattr(v, f) for v in found))
                        for f in ("floats", "numbers", "indices", "inputs")))


def model_file_class(cls=None):
    """Class decorator: instances of cls may be written to and read from model files (estimators as the
    file's model, the package's fitted models nested in them)."""
    def register(cls):
        known = _CLASSES.setdefault(cls.__name__, cls)
        if known is not cls:
            raise TypeError(f"two model-file classes are named {cls.__name__}: {known} and {cls}")
        return cls

    return register if cls is None else register(cls)


def _classes():
    """The allow-list: class name -> class."""
    return _CLASSES


model_file_class(TableEncoding)  # the encoding of a model's table, defined a layer below
model_file_class(ColumnEncoding)


class _Encoder:
    def __init__(self):
        self.arrays = {}
        self.keys = {}  # id(array) -> its key: an array held by two objects (a CV estimator and its refit) once
        self.classes = _classes()

    def __call__(self, value, where):
        if value is None or isinstance(value, (bool, str)):
            return value
        if isinstance(value, int):
            return value
        if isinstance(value, float):
            return value
        if isinstance(value, np.ndarray):
            if value.dtype.hasobject:
                return {"__objarray__": list(value.shape), "items": [self(v, where) for v in value.ravel().tolist()]}
            key = self.keys.get(id(value))
            if key is None:  # self.arrays keeps the array alive, so its id is not reused meanwhile
                key = self.keys[id(value)] = f"a{len(self.arrays)}"
                self.arrays[key] = _lower_triangle(value) if _symmetric(value) else value
            if self.arrays[key] is not value:  # stored as its lower triangle, row by row
                return {"__array__": key, "symmetric": value.shape[0]}
            return {"__array__": key}
        if isinstance(value, np.generic):
            return {"__np__": value.dtype.str, "value": value.item()}
        if isinstance(value, tuple):
            return {"__tuple__": [self(v, where) for v in value]}
        if isinstance(value, list):
            return [self(v, where) for v in value]
        if isinstance(value, dict):
            return {"__dict__": [[self(k, where), self(v, where)] for k, v in value.items()]}
        if isinstance(value, pd.DataFrame):  # a small table of results (interactions_), column by column
            return {"__frame__": [[str(k), self(value[k].to_numpy(), where)] for k in value.columns]}
        if isinstance(value, Component):
            return {"__component__": {k: self(v, where) for k, v in value.fields().items()}}
        if self.classes.get(type(value).__name__) is type(value):
            return {"__object__": type(value).__name__,
                    "state": {k: self(v, f"{where}.{k}") for k, v in _written(value)}}
        raise TypeError(f"{where}: a {type(value).__name__} cannot be written to a model file")


def _symmetric(a):
    """Whether a is a square float matrix (at least 2 x 2) equal to its transpose bit for bit: the file then holds
    its lower triangle only (about half the bytes; the Gram sums a likelihood-tuned model keeps for its bands)."""
    if a.ndim != 2 or a.shape[0] != a.shape[1] or a.shape[0] < 2 or a.dtype.kind != "f":
        return False
    return a.tobytes() == np.ascontiguousarray(a.T).tobytes()


def _lower_triangle(a):
    """The lower triangle of the square matrix a (n, n), row by row: (n (n + 1) / 2,)."""
    return a[np.tril_indices(a.shape[0])]


def _from_lower_triangle(packed, n):
    """The symmetric matrix (n, n) whose lower triangle, row by row, is packed (``_lower_triangle``)."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 2 or packed.ndim != 1 \
            or packed.shape[0] != n * (n + 1) // 2:
        raise ValueError(f"a symmetric matrix of order {n!r} from {packed.shape[0]} values")
    out = np.empty((n, n), dtype=packed.dtype)
    rows, cols = np.tril_indices(n)
    out[rows, cols] = packed
    out[cols, rows] = packed
    return out


def _written(obj):
    """The (name, value) attributes of obj that a model file holds: all but the caches and those its class names in
    ``model_file_transient`` (what it writes as members of the file instead, or where it was read from)."""
    transient = getattr(type(obj), "model_file_transient", ())
    return [(k, v) for k, v in vars(obj).items() if not k.startswith(CACHE_PREFIX) and k not in transient]


def _decode(value, arrays):
    if isinstance(value, list):
        return [_decode(v, arrays) for v in value]
    if not isinstance(value, dict):
        return value
    if "__array__" in value:
        key = value["__array__"]
        if "symmetric" in value and arrays[key].ndim == 1:  # once: every holder of the array gets the same one
            arrays[key] = _from_lower_triangle(arrays[key], value["symmetric"])
        return arrays[key]
    if "__objarray__" in value:
        out = np.empty(len(value["items"]), dtype=object)
        out[:] = [_decode(v, arrays) for v in value["items"]]
        return out.reshape(value["__objarray__"])
    if "__np__" in value:
        return np.dtype(value["__np__"]).type(value["value"])
    if "__tuple__" in value:
        return tuple(_decode(v, arrays) for v in value["__tuple__"])
    if "__dict__" in value:
        return {_decode(k, arrays): _decode(v, arrays) for k, v in value["__dict__"]}
    if "__frame__" in value:
        return pd.DataFrame({k: _decode(v, arrays) for k, v in value["__frame__"]})
    if "__component__" in value:
        return from_fields({k: _decode(v, arrays) for k, v in value["__component__"].items()})
    if "__object__" in value:
        cls = _classes().get(value["__object__"])
        if cls is None:
            raise ModelFileError(f"unknown class {value['__object__']!r} in the model file")
        obj = cls.__new__(cls)
        obj.__dict__.update({k: _decode(v, arrays) for k, v in value["state"].items()})
        return obj
    raise ModelFileError(f"unreadable entry in the model file: {sorted(value)[:3]}")


def _metadata(model):
    """(JSON metadata as uint8, {key: array}) of a fitted estimator or container (module doc)."""
    from sklearn.utils.validation import check_is_fitted

    if hasattr(model, "fit"):
        check_is_fitted(model)
    if hasattr(model, "model_file_prepare"):  # what the model makes on first use and its file holds
        model.model_file_prepare()
    enc = _Encoder()
    params, dropped = {}, []
    for name, value in (model.get_params(deep=False) if hasattr(model, "get_params") else {}).items():
        try:
            params[name] = enc(value, name)
        except TypeError:
            params[name] = {"__unsaved__": repr(value)}
            dropped.append(name)
    if dropped:
        warnings.warn(f"parameters {dropped} cannot be written to a model file; they load as None (the fitted "
                      "model does not need them)", UserWarning, stacklevel=6)
    param_names = set(params)
    state = {k: enc(v, k) for k, v in _written(model) if k not in param_names}
    names = getattr(model, "feature_names_in_", None)
    meta = {"format": FORMAT, "format_version": FORMAT_VERSION, "package_version": __version__,
            "class": type(model).__name__, "params": params, "state": state,
            "feature_names": None if names is None else [str(n) for n in names]}
    return np.frombuffer(json.dumps(meta, allow_nan=True).encode("utf-8"), dtype=np.uint8), enc.arrays


def _write_entries(zf, model):
    """The model's metadata and arrays into an open zip file, as .npy entries (what np.savez writes)."""
    from numpy.lib import format as npy

    blob, arrays = _metadata(model)
    for key, value in {META_KEY: blob, **arrays}.items():
        with zf.open(key + ".npy", "w", force_zip64=True) as fh:
            npy.write_array(fh, np.asanyarray(value), allow_pickle=False)


class ModelFileWriter:
    """A model file written in steps, for a container of models (a batch): ``add(name, data)`` stores a member
    model's file (bytes from ``model_bytes``) as it comes, ``finish(model)`` writes the container's own metadata
    and arrays and moves the file to ``path``; nothing is at ``path`` before, and as a context manager an error
    removes the partial file."""

    def __init__(self, path):
        self.path = os.fspath(path)
        fd, self._tmp = tempfile.mkstemp(suffix=".npz", dir=os.path.dirname(os.path.abspath(self.path)))
        self._fh = os.fdopen(fd, "wb")
        self._zip = zipfile.ZipFile(self._fh, "w", zipfile.ZIP_STORED, allowZip64=True)

    def add(self, name, data):
        """Stores data (bytes) as the member ``name`` (not ending in .npy), deflated: a member stored as it is would
        show its own zip directory to a reader of a truncated file, which could take it for the file's."""
        self._zip.writestr(name, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=1)

    def finish(self, model):
        """Writes the container's metadata and arrays and moves the file into place."""
        _write_entries(self._zip, model)
        self._zip.close()
        self._fh.close()
        os.replace(self._tmp, self.path)

    def abort(self):
        """Removes the partial file."""
        self._zip.close()
        self._fh.close()
        if os.path.exists(self._tmp):
            os.unlink(self._tmp)

    def __enter__(self):
        return self

    def __exit__(self, kind, value, trace):
        if kind is not None:
            self.abort()


def model_bytes(model):
    """The bytes of the model file of a fitted estimator (``save`` without the file).

    Parameters
    ----------
    model : estimator
        A fitted estimator of the package.

    Returns
    -------
    bytes
        What ``save`` writes.

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVR
    >>> from cwlssvm._persist import model_bytes
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=60, seed=0)
    >>> model_bytes(ComponentwiseLSSVR(gamma=10.0).fit(X, y))[:2]
    b'PK'
    """
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED, allowZip64=True) as zf:
        _write_entries(zf, model)
    return buffer.getvalue()


def save(model, path):
    """Write a fitted estimator (or a container of them, as a batch of models: no parameters of its own; its
    ``model_file_parts()`` the members it holds, (name, bytes)) to ``path`` (an .npz file; written whole or not at
    all)."""
    with ModelFileWriter(path) as writer:
        for name, data in (model.model_file_parts() if hasattr(model, "model_file_parts") else ()):
            writer.add(name, data)
        writer.finish(model)


def load(path):
    """Read a model written by ``save``; a file that is not one raises ModelFileError (a ValueError).

    Parameters
    ----------
    path : str or os.PathLike
        The model file.

    Returns
    -------
    estimator
        The fitted estimator, of the class that wrote the file.

    Examples
    --------
    >>> import os, tempfile
    >>> from cwlssvm import ComponentwiseLSSVR, load
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=60, seed=0)
    >>> path = os.path.join(tempfile.mkdtemp(), 'model.cwl')
    >>> ComponentwiseLSSVR(gamma=10.0).fit(X, y).save(path)
    >>> type(load(path)).__name__
    'ComponentwiseLSSVR'
    """
    return load_with_info(path)[0]


def load_with_info(path):
    """(model, info) with info the file's class, package_version, format_version, feature_names."""
    path = os.fspath(path)
    if not os.path.exists(path):
        raise FileNotFoundError(f"no such model file: {path}")
    return _read_model(path, os.path.getsize(path), path)


class ModelFileReader:
    """The members of a container's model file (a batch's, ModelFileWriter.add) read one at a time through one open
    handle (the zip's directory is read once, not once a member): ``read(name)`` returns the model, read and checked
    as ``load`` reads a file; ``close()`` closes the file.

    Parameters
    ----------
    path : str or os.PathLike
        The container's model file.

    Examples
    --------
    >>> import os, tempfile
    >>> from cwlssvm import ComponentwiseLSSVR
    >>> from cwlssvm._persist import ModelFileReader, ModelFileWriter, model_bytes
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=60, seed=0)
    >>> path = os.path.join(tempfile.mkdtemp(), "many.cwl")
    >>> with ModelFileWriter(path) as writer:
    ...     writer.add("models/0.npz", model_bytes(ComponentwiseLSSVR(gamma=10.0).fit(X, y)))
    ...     writer.finish(ComponentwiseLSSVR(gamma=1.0).fit(X, y))
    >>> ModelFileReader(path).read("models/0.npz").gamma
    10.0
    """

    def __init__(self, path):
        self.path = os.fspath(path)
        try:
            self._zip = zipfile.ZipFile(self.path)
        except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError) as exc:
            raise ModelFileError(f"{self.path} is not readable (truncated or corrupted: {exc})") from None

    def read(self, name):
        """The model stored as member ``name``."""
        where = f"{self.path} (member {name})"
        try:
            data = self._zip.read(name)
        except KeyError:
            raise ModelFileError(f"{self.path} has no member {name!r}") from None
        except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError, ValueError) as exc:
            raise ModelFileError(f"{where} is not readable (truncated or corrupted: {exc})") from None
        return _read_model(io.BytesIO(data), len(data), where)[0]

    def close(self):
        """Closes the file."""
        self._zip.close()


def _read_model(source, size, path):
    """(model, info) from a model file's zip (a path or a file object) of ``size`` bytes; ``path`` names it in
    messages."""
    try:
        if isinstance(source, str):
            with open(source, "rb") as fh:
                head = fh.read(2)
        else:
            head = source.getvalue()[:2]
        if head != b"PK":
            raise ModelFileError(f"{path} is not a cwlssvm model file (not an .npz archive)")
        arrays = _read_arrays(source, size, path)
        if META_KEY not in arrays:
            raise ModelFileError(f"{path} is not a cwlssvm model file (an .npz without model metadata)")
        meta = json.loads(bytes(arrays.pop(META_KEY)).decode("utf-8"))
    except ModelFileError:
        raise
    except RecursionError:
        raise ModelFileError(f"{path} is not a readable cwlssvm model file (its metadata nests too deeply)") from None
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, KeyError, UnicodeDecodeError, NotImplementedError,
            SyntaxError, tokenize.TokenError) as exc:
        # NotImplementedError: zipfile meets a corrupted version or compression field; SyntaxError and
        # TokenError: NumPy parses a corrupted .npy header
        raise ModelFileError(f"{path} is not a readable cwlssvm model file (truncated or corrupted: {exc})") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise ModelFileError(f"{path} is not a cwlssvm model file")
    version = meta.get("format_version")
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise ModelFileError(f"{path} was written by a newer cwlssvm ({meta.get('package_version')}, model format "
                             f"{version}); this version reads format {FORMAT_VERSION}: upgrade cwlssvm")
    cls = _classes().get(meta.get("class"))
    if cls is None or meta["class"].startswith("_"):
        raise ModelFileError(f"{path} holds an unknown model class {meta.get('class')!r}")
    try:
        model = cls.__new__(cls)
        params = {k: (None if isinstance(v, dict) and "__unsaved__" in v else _decode(v, arrays))
                  for k, v in meta["params"].items()}
        model.__dict__.update(params)
        model.__dict__.update({k: _decode(v, arrays) for k, v in meta["state"].items()})
    except ModelFileError:
        raise
    except RecursionError:
        raise ModelFileError(f"{path} is not a readable cwlssvm model file (its metadata nests too deeply)") from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ModelFileError(f"{path} is not a readable cwlssvm model file (inconsistent contents: {exc})") from None
    if hasattr(model, "model_file_opened"):  # a container whose members stay in the file, read when asked for
        model.model_file_opened(source)
    _check_values(model, meta["class"], path)
    _probe(model, path)
    info = {k: meta.get(k) for k in ("class", "package_version", "format_version", "feature_names")}
    return model, info


# ---------------------------------------------------------------------- reading and checking
MAX_INFLATION = 20  # entries may inflate to this many times the file's size (+ 1 MB): save() stores them
# uncompressed, and np.savez_compressed shrinks a model's float arrays far less


def _read_arrays(source, size, path):
    """{name: array} of the .npy entries of an .npz (a path or a file object) of ``size`` bytes; other entries (a
    container's members) are not read. Each entry's header is read first: an archive whose entries would inflate
    beyond MAX_INFLATION times the file, an array that claims more bytes than its entry holds, or object arrays are
    refused before anything is allocated."""
    from numpy.lib import format as npy

    limit = MAX_INFLATION * size + (1 << 20)
    arrays = {}
    with zipfile.ZipFile(source) as zf:
        infos = zf.infolist()
        total = sum(info.file_size for info in infos)
        if total > limit:
            raise ModelFileError(f"{path} is not a cwlssvm model file: its {size:,} bytes would inflate to "
                                 f"{total:,} (refused above {limit:,})")
        for info in infos:
            if not info.filename.endswith(".npy"):
                continue
            with zf.open(info) as fh:
                version = npy.read_magic(fh)
                header = npy.read_array_header_1_0 if version == (1, 0) else npy.read_array_header_2_0
                shape, _, dtype = header(fh)
                if dtype.hasobject:
                    raise ModelFileError(f"{path}: entry {info.filename} holds Python objects; refused")
                if int(np.prod(shape, dtype=np.float64)) * dtype.itemsize > info.file_size:
                    raise ModelFileError(f"{path} is not a readable cwlssvm model file (entry {info.filename} "
                                         f"claims shape {shape} beyond its {info.file_size} bytes)")
            with zf.open(info) as fh:
                arrays[info.filename[:-4]] = npy.read_array(fh, allow_pickle=False)
    return arrays


def _check_values(obj, where, path, depth=0):
    """The fitted values of obj (and of the package's objects it holds) have the types and finiteness the
    code relies on (the FileValues its class states): float64 and finite where it computes with them,
    integers where it indexes."""
    if depth > 4:
        raise ModelFileError(f"{path}: {where} nests the package's objects too deeply")
    classes = set(_classes().values())
    values = _values_of(type(obj))
    if hasattr(obj, "check_model_file"):  # the class's own checks of what it read
        try:
            obj.check_model_file()
        except (TypeError, ValueError) as exc:
            raise ModelFileError(f"{path}: {where}: {exc}") from None
    for name, value in vars(obj).items():
        at = f"{where}.{name}"
        if value is None:
            continue
        if name in values.floats:
            for arr in value if isinstance(value, list) else [value]:
                if not (isinstance(arr, np.ndarray) and arr.dtype == np.float64):
                    kind = arr.dtype if isinstance(arr, np.ndarray) else type(arr).__name__
                    raise ModelFileError(f"{path}: {at} must be an array of float64, found {kind}")
                if not np.all(np.isfinite(arr)):
                    raise ModelFileError(f"{path}: {at} holds NaN or infinity")
        elif name in values.inputs:
            for arr in value if isinstance(value, list) else [value]:
                if not (isinstance(arr, np.ndarray) and arr.dtype == np.float64):
                    kind = arr.dtype if isinstance(arr, np.ndarray) else type(arr).__name__
                    raise ModelFileError(f"{path}: {at} must be an array of float64, found {kind}")
                if np.isinf(arr).any():
                    raise ModelFileError(f"{path}: {at} holds infinity")
        elif name in values.numbers:
            arr = np.asarray(value)
            if arr.dtype.kind not in "fiu" or not np.all(np.isfinite(arr)):
                raise ModelFileError(f"{path}: {at} must hold finite numbers, found {value!r:.60}")
        elif name in values.indices:
            if not (isinstance(value, np.ndarray) and value.dtype.kind in "iu"):
                raise ModelFileError(f"{path}: {at} must be an array of integers")
        elif type(value) in classes:
            _check_values(value, at, path, depth + 1)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if type(item) in classes:
                    _check_values(item, f"{at}[{i}]", path, depth + 1)


def _probe(model, path):
    """Predict on two rows of zeros: a model whose contents do not fit together (types or shapes changed
    in the file) fails here, with ModelFileError instead of an error from deep inside, and no output
    may be NaN or infinite. A container of models (``model_file_members()``, a batch) probes each of them."""
    if hasattr(model, "model_file_members"):
        for member in model.model_file_members():
            _probe(member, path)
        return
    n = getattr(model, "n_features_in_", None)
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ModelFileError(f"{path}: n_features_in_ must be a positive integer, found {n!r:.60}")
    X = np.zeros((2, int(n)))
    names = getattr(model, "feature_names_in_", None)
    encoding = getattr(model, "encoding_", None)
    try:
        if encoding is not None:  # codes 0: a number, or a categorical column's first level
            X = EncodedTable(X, encoding, None if names is None else list(names))
        elif names is not None:
            import pandas as pd

            X = pd.DataFrame(X, columns=list(names))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            outputs = [model.predict(X)] + [getattr(model, m)(X) for m in ("decision_function", "predict_proba")
                                            if hasattr(model, m)]
    except Exception as exc:  # noqa: BLE001 - anything the file's contents make the model do is the file's fault
        reason = str(exc).strip().splitlines()[0][:200] if str(exc).strip() else ""
        raise ModelFileError(f"{path} is not a readable cwlssvm model file (inconsistent contents: "
                             f"{type(exc).__name__}: {reason})") from None
    for out in outputs:
        out = np.asarray(out)
        if out.dtype.kind in "fc" and not np.all(np.isfinite(out)):
            raise ModelFileError(f"{path}: the model predicts NaN or infinity; the file's values are inconsistent")
