// SPDX-License-Identifier: MIT
// A deliberate leak of glnoise's own, beside a GL context: the sanitized suites must fail
// on it (tests/hardening/hardening.cmake, sanitize.leak_probe), so that keeping the driver
// loaded (keep_driver_loaded.c) is known to hide nothing of ours.
#include <cstdio>

#include "glnoise/glnoise.hpp"

namespace {
// Not inlined, so that LeakSanitizer's stack names it.
__attribute__((noinline)) int* leakOnPurpose(int n) {
    int* block = new int[static_cast<unsigned>(n)];
    for (int i = 0; i < n; ++i) block[i] = i;
    return block;
}
int* volatile sink = nullptr;
}  // namespace

int main() {
    glnoise::gpu::Context context;  // loads and, at exit, unloads the driver
    std::printf("leak_probe: %s\n", context.info().renderer.c_str());
    std::fflush(stdout);  // LeakSanitizer ends the process without flushing it
    sink = leakOnPurpose(16);
    sink = nullptr;  // the only pointer to the block is gone
    return 0;
}
