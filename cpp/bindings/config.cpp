// The core's settings: the LAPACK/BLAS routines it calls and the tiled Cholesky's tile.
#include "convert.hpp"
#include "cwlssvm/solver.hpp"
#include "cwlssvm/tiled_cholesky.hpp"

namespace cwlssvm::bindings {

void bind_config(py::module_& m) {
    m.def("set_lapack",
          [](py::dict routines) {
              // {"dpotrf": capsule, ...} from scipy.linalg.cython_lapack / cython_blas, or {} for Eigen
              LapackRoutines r;
              auto get = [&](const char* name) -> void* {
                  if (!routines.contains(name)) return nullptr;
                  return capsule_pointer(routines[name].cast<py::capsule>());
              };
              r.potrf = reinterpret_cast<potrf_fn>(get("dpotrf"));
              r.potrs = reinterpret_cast<potrs_fn>(get("dpotrs"));
              r.potri = reinterpret_cast<potri_fn>(get("dpotri"));
              r.trsm = reinterpret_cast<trsm_fn>(get("dtrsm"));
              r.gemm = reinterpret_cast<gemm_fn>(get("dgemm"));
              r.syrk = reinterpret_cast<syrk_fn>(get("dsyrk"));
              r.trmm = reinterpret_cast<trmm_fn>(get("dtrmm"));
              r.trsv = reinterpret_cast<trsv_fn>(get("dtrsv"));
              r.symv = reinterpret_cast<symv_fn>(get("dsymv"));
              r.syevd = reinterpret_cast<syevd_fn>(get("dsyevd"));
              set_lapack(r);
          },
          "Use the LAPACK/BLAS routines behind these capsules (dpotrf, dpotrs, dpotri, dtrsm, dgemm, dsyrk, dtrmm, dtrsv, "
          "dsymv, dsyevd from "
          "scipy.linalg.cython_lapack/cython_blas), or Eigen for an empty dict.",
          py::arg("routines"));

    m.def("set_tiled_cholesky",
          [](int tile, int from) { set_tiled_config(TiledConfig{tile, from}); },
          "Tile width of the tiled Cholesky and the n from which it replaces dpotrf.", py::arg("tile"),
          py::arg("from"));
    m.def("tiled_cholesky", []() { return py::make_tuple(tiled_config().tile, tiled_config().from); });

}

}  // namespace cwlssvm::bindings
