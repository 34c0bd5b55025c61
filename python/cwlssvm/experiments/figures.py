"""The paper's illustrative figures: "sinc" (a toy with four inputs where only x1 matters), "arbf"
(the two-dimensional componentwise RBF kernel), "penalty" (the penalty functions) and "it" (the GNC
weighted L2 approximation of L1 and its weights)."""

from __future__ import annotations

import os

import numpy as np

from .. import ComponentwiseLSSVRCV, SparseComponentwiseLSSVR
from ..structure import penalty
from ._common import log

__all__ = ["run", "report"]


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _figure_sinc(out_dir, seed=0, n=100):
    """Figure "sinc": y = sinc(x1) + noise with four inputs; the componentwise fit and the L1-penalized
    fit per input. Returns the L1 model's component sizes (RMS of f^d on the training inputs)."""
    plt = _pyplot()
    rng = np.random.default_rng(seed)
    X = rng.uniform(-3, 3, size=(n, 4))
    y = np.sinc(X[:, 0]) + 0.1 * rng.standard_normal(n)
    cw = ComponentwiseLSSVRCV(criterion="loo").fit(X, y)  # the paper's RBF components, one sigma and gamma
    l1 = SparseComponentwiseLSSVR(penalty="l1", sigma=cw.sigma_, gamma=cw.gamma_).fit(X, y)  # at that width
    fig, axes = plt.subplots(1, 4, figsize=(13, 3.0), sharey=True)
    grid = np.linspace(-3, 3, 300)
    sizes = np.sqrt(np.mean(l1.contributions(X) ** 2, axis=0))
    for d, ax in enumerate(axes):
        Xg = np.zeros((len(grid), 4))
        Xg[:, d] = grid
        f_cw = cw.contributions(Xg)[:, d] - cw.contributions(X)[:, d].mean()
        f_l1 = l1.contributions(Xg)[:, d] - l1.contributions(X)[:, d].mean()
        ax.plot(X[:, d], y - y.mean() if d == 0 else np.zeros(n), ".", color="0.7", ms=3,
                label="data (y - mean)" if d == 0 else None)
        ax.plot(grid, np.sinc(grid) - np.sinc(X[:, 0]).mean() if d == 0 else 0 * grid, color="k", lw=1, label="true")
        ax.plot(grid, f_cw, "--", color="C0", label="componentwise LS-SVM")
        ax.plot(grid, f_l1, "-", color="C3", label="L1 penalized")
        ax.set_title(f"x{d + 1}: L1 component RMS {sizes[d]:.2g}", fontsize=9)
        ax.set_xlabel(f"x{d + 1}")
    axes[0].legend(fontsize=7)
    fig.suptitle("Figure sinc: f(x) = sinc(x1), four inputs; the L1 fit sets x2..x4 to zero", fontsize=10)
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, "fig_sinc.png"), dpi=100)
    plt.close(fig)
    return {"l1_component_rms": sizes.tolist(), "selected": [int(i) for i in l1.selected_components_],
            "sigma": cw.sigma_, "gamma": cw.gamma_}


def _figure_arbf(out_dir, sigma=1.0):
    """Figure "arbf": K(x, 0) of the componentwise RBF kernel sum_d exp(-x_d^2 / sigma^2) next to the
    RBF kernel exp(-||x||^2 / sigma^2) on two inputs."""
    plt = _pyplot()
    g = np.linspace(-3, 3, 81)
    G1, G2 = np.meshgrid(g, g)
    K_cw = np.exp(-G1**2 / sigma**2) + np.exp(-G2**2 / sigma**2)
    K_rbf = np.exp(-(G1**2 + G2**2) / sigma**2)
    fig = plt.figure(figsize=(10, 4))
    for i, (K, title) in enumerate([(K_cw, "componentwise RBF: exp(-x1²/σ²) + exp(-x2²/σ²)"),
                                    (K_rbf, "RBF: exp(-||x||²/σ²)")]):
        ax = fig.add_subplot(1, 2, i + 1, projection="3d")
        ax.plot_surface(G1, G2, K, cmap="viridis", linewidth=0, antialiased=True)
        ax.set_title(title, fontsize=9)
        ax.set_xlabel("x1")
        ax.set_ylabel("x2")
    fig.suptitle("Figure arbf: kernels K(x, 0) on two inputs (σ = 1)", fontsize=10)
    fig.savefig(os.path.join(out_dir, "fig_arbf.png"), dpi=100)
    plt.close(fig)


def _figure_penalty(out_dir, a=3.7):
    """Figure "penalty": L_p (p = 2, 1, 0.6), hard thresholding and the transformed L1 (STP)."""
    plt = _pyplot()
    u = np.linspace(-2, 2, 401)
    au = np.abs(u)
    curves = {
        "L2: u²": au**2,
        "L1: |u|": au,
        "L0.6: |u|^0.6": penalty("lp", au, p=0.6)[0],
        f"hard thresholding (a = {a})": penalty("hard", au, a=a)[0],
        f"transformed L1 (STP): a|u| / (1 + a|u|), a = {a}": penalty("stp", au, a=a)[0],
    }
    fig, ax = plt.subplots(figsize=(6, 4))
    for label, v in curves.items():
        ax.plot(u, v, label=label)
    ax.set_ylim(0, 2.2)
    ax.set_xlabel("u")
    ax.set_ylabel("l(u)")
    ax.legend(fontsize=8)
    ax.set_title("Figure penalty: penalty functions", fontsize=10)
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, "fig_penalty.png"), dpi=100)
    plt.close(fig)


def _figure_it(out_dir):
    """Figure "it": (a) the weighted L2 approximations (nu_k e)^2 + mu_k of |e| from eq.norms2 at a few
    points e_k, (b) the weights nu_k^2 = l'(e_k) / (2 e_k) = 1 / (2|e_k|) for a sequence of e_k."""
    plt = _pyplot()
    e = np.linspace(-2, 2, 401)
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 3.8))
    ax1.plot(e, np.abs(e), "k", lw=2, label="|e|")
    for k, ek in enumerate([0.25, 0.75, 1.5]):
        nu2 = penalty("group_l1", np.array([ek]))[1][0]  # l'(e)/(2e) = 1/(2|e|)
        mu = abs(ek) - nu2 * ek**2  # eq.norms2: l(e_k) = nu^2 e_k^2 + mu_k
        ax1.plot(e, nu2 * e**2 + mu, "--", color=f"C{k}", label=f"e_k = {ek}: ν² = {nu2:.2f}, μ = {mu:.2f}")
        ax1.plot([ek, -ek], [abs(ek)] * 2, "o", color=f"C{k}")
    ax1.set_ylim(0, 2.2)
    ax1.legend(fontsize=7)
    ax1.set_title("(a) weighted L2 approximations of the L1 norm", fontsize=9)
    ek = np.linspace(0.05, 2, 40)
    ax2.plot(ek, penalty("group_l1", ek)[1], "o-", ms=3)
    ax2.set_xlabel("|e_k|")
    ax2.set_ylabel("ν_k²")
    ax2.set_title("(b) GNC weights ν_k² = l'(e_k) / (2 e_k) for L1", fontsize=9)
    fig.suptitle("Figure it: the weighted graduated non-convexity step (eq.norms2)", fontsize=10)
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, "fig_it.png"), dpi=100)
    plt.close(fig)


def run(out_dir):
    """Draw the paper's figures (sinc, arbf, penalty, it) as PNG files in out_dir. Returns the sinc
    example's JSON-able summary (its L1 components' RMS, the selected inputs, sigma and gamma).

    Parameters
    ----------
    out_dir : str
        Where the PNG files go.

    Returns
    -------
    dict
        The sinc example's summary, JSON-able.

    Examples
    --------
    >>> import os, tempfile
    >>> from cwlssvm.experiments import figures
    >>> out = tempfile.mkdtemp()
    >>> result = figures.run(out)  # its progress on stdout
      figures: sinc, arbf, penalty, it written
    >>> sorted(os.listdir(out)), result["selected"]  # the L1 fit of the sinc example keeps x1 only
    (['fig_arbf.png', 'fig_it.png', 'fig_penalty.png', 'fig_sinc.png'], [0])
    """
    info = _figure_sinc(out_dir)
    _figure_arbf(out_dir)
    _figure_penalty(out_dir)
    _figure_it(out_dir)
    log("  figures: sinc, arbf, penalty, it written")
    return info


def report(result):
    """Markdown for REPORT.md.

    Parameters
    ----------
    result : dict
        What ``run`` returned.

    Returns
    -------
    str
        The section of REPORT.md.

    Examples
    --------
    >>> from cwlssvm.experiments import figures
    >>> text = figures.report({"l1_component_rms": [0.61, 0.0, 0.002, 0.0], "selected": [0], "sigma": 1.0, "gamma": 10.0})
    >>> print(text.splitlines()[0]); "x1: 0.61, x2: 0, x3: 0.002, x4: 0 (selected: x1)" in text
    ## Figures
    True
    """
    sizes = ", ".join(f"x{d + 1}: {s:.2g}" for d, s in enumerate(result["l1_component_rms"]))
    return "\n".join([
        "## Figures",
        "",
        "**sinc**: four inputs uniform on [-3, 3], y = sinc(x1) + N(0, 0.1²), N = 100; the componentwise LS-SVM "
        f"(dashed) and the L1-penalized fit (solid, sigma and gamma from LOO). RMS of the L1 components on the "
        f"training inputs: {sizes} (selected: {', '.join(f'x{i + 1}' for i in result['selected'])}).",
        "",
        "![sinc](fig_sinc.png)",
        "",
        "**arbf**: the componentwise RBF kernel on two inputs is a sum of ridges, one per input; the RBF kernel a "
        "single bump.",
        "",
        "![arbf](fig_arbf.png)",
        "",
        "**penalty**: the penalty functions of section 3 (values from the C++ GNC engine for L0.6, hard "
        "thresholding and STP).",
        "",
        "![penalty](fig_penalty.png)",
        "",
        "**it**: the quadratic majorants of eq.norms2 touch |e| at e_k with the same slope; their weights grow as "
        "1/(2|e_k|), which drives small residuals (or component norms) to zero.",
        "",
        "![it](fig_it.png)",
    ])
