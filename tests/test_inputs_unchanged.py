"""Every estimator, fit_batch and the CLI leave the user's arrays, frames and files as they were."""

import hashlib

import numpy as np
import pandas as pd
import pytest
from sklearn.base import clone

import cwlssvm
from cwlssvm.datasets import make_additive

X, Y, _ = make_additive(n=120, noise=1.0, seed=11)
LABELS = np.digitize(Y, np.quantile(Y, [0.5]))

ESTIMATORS = [
    (cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0), Y),
    (cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0, solver="lowrank"), Y),
    (cwlssvm.LSSVR(sigma=2.0, gamma=10.0), Y),
    (cwlssvm.ComponentwiseLSSVC(sigma=1.0, gamma=10.0), LABELS),
    (cwlssvm.LSSVC(sigma=2.0, gamma=10.0), LABELS),
    (cwlssvm.ComponentwiseLSSVRCV(sigmas=2, gammas=4), Y),
    (cwlssvm.ComponentwiseLSSVCCV(sigmas=2, gammas=4), LABELS),
    (cwlssvm.ComponentwiseLSSVR(family="poisson", sigma=1.0), np.round(np.abs(Y))),
    (cwlssvm.ComponentwiseLSSVC(family="logistic", sigma=1.0), LABELS),
    (cwlssvm.SparseComponentwiseLSSVR(sigma=1.0, gamma=30.0, lams=4, cv=3), Y),
    (cwlssvm.SparseComponentwiseLSSVC(sigma=1.0, gamma=30.0, lams=4, cv=3), LABELS),
    (cwlssvm.FusionComponentwiseLSSVR(), Y),
    (cwlssvm.FusionComponentwiseLSSVC(), LABELS),
]


def _frozen(a):
    a = np.array(a, copy=True)
    a.setflags(write=False)  # an in-place change raises instead of passing unseen
    return a


@pytest.mark.parametrize("estimator,y", ESTIMATORS, ids=lambda e: type(e).__name__ if hasattr(e, "fit") else "")
def test_estimators_leave_arrays_and_frames_unchanged(estimator, y):
    Xr, yr, w = _frozen(X), _frozen(y), _frozen(np.linspace(0.5, 2.0, len(y)))
    model = clone(estimator).fit(Xr, yr, sample_weight=w)
    model.predict(Xr)
    np.testing.assert_array_equal(Xr, X)
    np.testing.assert_array_equal(yr, y)
    frame = pd.DataFrame(X, columns=[f"x{j}" for j in range(10)])
    before = frame.copy()
    series = pd.Series(y, name="target")
    clone(estimator).fit(frame, series).predict(frame)
    pd.testing.assert_frame_equal(frame, before)
    pd.testing.assert_series_equal(series, pd.Series(y, name="target"))


def test_fit_batch_leaves_its_groups_unchanged():
    Xs = [_frozen(X[:60]), _frozen(X[60:])]
    ys = [_frozen(Y[:60]), _frozen(Y[60:])]
    batch = cwlssvm.fit_batch(Xs, ys, sigmas=[1.0], gammas=[1.0, 10.0])
    batch.predict(Xs)
    np.testing.assert_array_equal(np.vstack(Xs), X)
    np.testing.assert_array_equal(np.concatenate(ys), Y)


def test_the_cli_leaves_its_files_unchanged(tmp_path):
    from cwlssvm import cli

    data = tmp_path / "d.csv"
    pd.DataFrame(X, columns=[f"x{j}" for j in range(10)]).assign(y=Y).to_csv(data, index=False)
    digest = hashlib.sha256(data.read_bytes()).hexdigest()
    model = tmp_path / "m.npz"
    assert cli.main(["fit", str(data), "--target", "y", "--quiet", "-o", str(model)]) == 0
    model_digest = hashlib.sha256(model.read_bytes()).hexdigest()
    assert cli.main(["predict", str(model), str(data), "-o", str(tmp_path / "p.csv")]) == 0
    assert cli.main(["inspect", str(model)]) == 0
    assert hashlib.sha256(data.read_bytes()).hexdigest() == digest
    assert hashlib.sha256(model.read_bytes()).hexdigest() == model_digest
