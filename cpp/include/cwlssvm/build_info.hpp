#pragma once

#include <map>
#include <string>

namespace cwlssvm {

// Compiler, flags, SIMD path, threads, Eigen version and Cholesky backend, as strings.
std::map<std::string, std::string> build_info();

}  // namespace cwlssvm
