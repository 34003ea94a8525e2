// SPDX-License-Identifier: MIT
// GPU faults (docs/guarantees.md): a context lost in the middle of a bake and a texture
// too big for the GPU's memory are each one clear GpuError; the bake writes nothing and
// the file that was there stays as it was.
//
// A real GPU reset cannot be caused on demand, so the lost context is injected through the
// public loader hook: Context::adoptCurrent() loads GL through a getProcAddress of the
// caller's, and this one answers glGetGraphicsResetStatus and glGetError as a driver does
// after a reset, from the moment the test says so. Everything else is the real driver.
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "app/bake.hpp"
#include "glnoise/glnoise.hpp"
#include "gpu/gl.hpp"
#include "process.hpp"
#include "test_support.hpp"

namespace glnoise {
namespace {

namespace fs = std::filesystem;

using GetProcAddress = gpu::Context::ProcAddress (*)(const char*);

GetProcAddress realGetProcAddress() {
    static GetProcAddress real = [] {
        void* egl = ::dlopen("libEGL.so.1", RTLD_NOW | RTLD_GLOBAL);
        return egl ? reinterpret_cast<GetProcAddress>(::dlsym(egl, "eglGetProcAddress")) : nullptr;
    }();
    return real;
}

bool g_lost = false;               // from now on the context is lost
bool g_lostErrorReported = false;  // GL_CONTEXT_LOST is reported once, as a driver does
using GetError = GLenum(GLAD_API_PTR*)();
GetError g_realGetError = nullptr;

GLenum GLAD_API_PTR lostAwareResetStatus() { return g_lost ? GL_UNKNOWN_CONTEXT_RESET : GL_NO_ERROR; }
GLenum GLAD_API_PTR lostAwareGetError() {
    if (g_lost && !g_lostErrorReported) {
        g_lostErrorReported = true;
        return GL_CONTEXT_LOST;
    }
    return g_realGetError();
}

gpu::Context::ProcAddress faultyLoader(const char* name) {
    const std::string n = name;
    if (n == "glGetGraphicsResetStatus") return reinterpret_cast<gpu::Context::ProcAddress>(&lostAwareResetStatus);
    if (n == "glGetError") {
        g_realGetError = reinterpret_cast<GetError>(realGetProcAddress()(name));
        return reinterpret_cast<gpu::Context::ProcAddress>(&lostAwareGetError);
    }
    return realGetProcAddress()(name);
}

// Loses the context after the first band of rows.
class LoseAfterFirstBand : public app::BakeObserver {
public:
    void progress(std::int64_t, std::int64_t) override { g_lost = true; }
    bool cancelled() override { return false; }
};

class Faults : public test::ProcessTest {};

TEST_F(Faults, AContextLostInTheMiddleOfABakeIsAnErrorAndWritesNothing) {
    GLNOISE_REQUIRE_GPU(ctx);
    ASSERT_TRUE(ctx->info().reportsResets) << "this driver made no robust context";
    ASSERT_NE(realGetProcAddress(), nullptr);
    gpu::Context adopted = gpu::Context::adoptCurrent(&faultyLoader);
    gpu::Generator gen(adopted);

    const std::string out = file("world.png");
    { std::ofstream(out) << "the previous bake"; }
    app::BakeRequest r;
    r.size = Grid{8192, 2048, 1};  // two bands of one tile each (app::bandShape)
    r.spec.octaves = 3;
    r.out = out;
    LoseAfterFirstBand loseIt;
    g_lost = g_lostErrorReported = false;
    try {
        app::Bake bake(r);
        bake.run(&gen, &loseIt);
        ADD_FAILURE() << "the bake finished on a lost context";
    } catch (const GpuError& e) {
        EXPECT_NE(std::string(e.what()).find("the OpenGL context was lost while"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("no result of it was used"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(g_lost) << "the bake never reached its second band";
    EXPECT_EQ(test::slurp(out), "the previous bake");
    EXPECT_EQ(entries(), 1u) << "no temporary file is left";

    // Every later use of the lost context says so too.
    EXPECT_THROW(gen.generate(r.spec, Grid{64, 64, 1}), GpuError);
    EXPECT_THROW(gen.evaluatePoints(r.spec, {{0.5, 0.5, 0.0, 0.0}}), GpuError);

    g_lost = false;  // leave GL loaded through the real driver for whatever runs next
    gpu::Context::adoptCurrent(realGetProcAddress());
}

// The child half of the next test: run in a process of its own under an address-space
// limit, so that the texture cannot fit whatever the host's memory (llvmpipe refuses one
// this big by itself; the limit makes sure of it) and nothing else runs out.
TEST(FaultsChild, TextureTooBigForTheGpu) {
    if (!std::getenv("GLNOISE_FAULTS_CHILD")) GTEST_SKIP() << "run by Faults.ATextureTooBigForTheGpuIsAClearError";
    gpu::Context ctx;
    gpu::Generator gen(ctx);
    NoiseSpec spec;
    spec.output = Output::Gradient;  // rgba32f: 16384 x 16384 x 16 bytes = 4 GiB
    try {
        gen.run(spec, Grid{16384, 16384, 1});
        ADD_FAILURE() << "a 4 GiB texture fit under a 2 GiB address-space limit";
    } catch (const GpuError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("allocating a 16384x16384 rgba32f texture failed: GL_OUT_OF_MEMORY"), std::string::npos)
            << what;
        EXPECT_NE(what.find("a smaller size needs less"), std::string::npos) << what;
    }
}

#if defined(__SANITIZE_ADDRESS__)
#define GLNOISE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GLNOISE_ASAN 1
#endif
#endif

TEST_F(Faults, ATextureTooBigForTheGpuIsAClearError) {
#ifdef GLNOISE_ASAN
    GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space; no address-space limit can apply";
#else
    GLNOISE_REQUIRE_GPU(ctx);
    if (ctx->info().renderer.find("llvmpipe") == std::string::npos)
        GTEST_SKIP() << "an address-space limit bounds texture memory only where textures live in host memory";
    const std::string self = fs::read_symlink("/proc/self/exe").string();
    const test::Result r = runWith("GLNOISE_FAULTS_CHILD=1 prlimit --as=" + std::to_string(std::int64_t{2} << 30), self,
                                   {"--gtest_filter=FaultsChild.TextureTooBigForTheGpu"});
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("[  PASSED  ] 1 test"), std::string::npos) << r.out << r.err;
#endif
}

}  // namespace
}  // namespace glnoise
