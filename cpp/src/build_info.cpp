#include "cwlssvm/build_info.hpp"

#include <Eigen/Core>
#include <thread>

#include "cwlssvm/kernels.hpp"
#include "cwlssvm/solver.hpp"

#ifndef CWLSSVM_CXX_FLAGS
#define CWLSSVM_CXX_FLAGS "unknown"
#endif

namespace cwlssvm {

std::map<std::string, std::string> build_info() {
    std::map<std::string, std::string> info;
#if defined(__clang__)
    info["compiler"] = std::string("clang ") + __clang_version__;
#elif defined(__GNUC__)
    info["compiler"] = std::string("gcc ") + __VERSION__;
#else
    info["compiler"] = "unknown";
#endif
    info["flags"] = CWLSSVM_CXX_FLAGS;
    info["simd"] = simd_path();
    info["threads"] = std::to_string(std::thread::hardware_concurrency());
    info["eigen"] = std::to_string(EIGEN_WORLD_VERSION) + "." + std::to_string(EIGEN_MAJOR_VERSION) + "." +
                    std::to_string(EIGEN_MINOR_VERSION);
    info["eigen_simd"] = Eigen::SimdInstructionSetsInUse();
    info["cholesky"] = cholesky_backend();
    return info;
}

}  // namespace cwlssvm
