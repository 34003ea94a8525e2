// SPDX-License-Identifier: MIT
#include "preview/proof.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "glnoise/cpu.hpp"
#include "glnoise/error.hpp"

namespace glnoise::preview {

void Proof::start(const NoiseSpec& spec, Image gpu, std::string command, unsigned threads) {
    stop();
    cancel_ = false;
    running_ = true;
    rowsDone_ = 0;
    rows_ = std::max<std::int64_t>(1, static_cast<std::int64_t>(gpu.height) * gpu.depth);
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency() - 1);
    thread_ = std::thread(&Proof::work, this, spec, std::move(gpu), std::move(command), threads);
}

void Proof::stop() {
    cancel_ = true;
    wait();
}

void Proof::wait() {
    if (thread_.joinable()) thread_.join();
}

float Proof::progress() const noexcept {
    return static_cast<float>(static_cast<double>(rowsDone_.load()) / static_cast<double>(rows_.load()));
}

std::optional<ProofResult> Proof::take() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::optional<ProofResult> r = std::move(done_);
    done_.reset();
    return r;
}

void Proof::work(NoiseSpec spec, Image gpu, std::string command, unsigned threads) {
    const Grid grid{gpu.width, gpu.height, gpu.depth};
    const int channels = gpu.channels;
    const std::array<double, 4> tolerances = cpu::agreementTolerance(spec);
    std::array<app::Agreement, 4> agree{};
    ProofResult r;
    r.spec = spec;
    r.grid = grid;
    r.command = std::move(command);
    r.difference.assign(static_cast<std::size_t>(grid.texels()), 0.0f);
    // Bands of 16 rows: small enough to stop soon when the view changes.
    constexpr int kRows = 16;
    try {
        for (int z = 0; z < grid.depth; ++z) {
            for (int y0 = 0; y0 < grid.height; y0 += kRows) {
                if (cancel_) {
                    running_ = false;
                    return;
                }
                const Grid band{grid.width, std::min(kRows, grid.height - y0), 1};
                const TexelStart start{0, y0, z};
                const Image c = cpu::evaluate(spec, band, start, threads);
                Image g(band.width, band.height, 1, channels);
                const std::size_t first = (static_cast<std::size_t>(z) * static_cast<std::size_t>(grid.height) +
                                           static_cast<std::size_t>(y0)) * static_cast<std::size_t>(grid.width);
                const std::size_t texels = static_cast<std::size_t>(band.texels());
                std::copy_n(gpu.data.begin() + static_cast<std::ptrdiff_t>(first * static_cast<std::size_t>(channels)),
                            texels * static_cast<std::size_t>(channels), g.data.begin());
                app::accumulate(agree, g, c, start);
                for (std::size_t t = 0; t < texels; ++t) {
                    float worst = 0.0f;
                    for (int ch = 0; ch < channels; ++ch) {
                        const std::size_t i = t * static_cast<std::size_t>(channels) + static_cast<std::size_t>(ch);
                        const double d = std::fabs(static_cast<double>(g.data[i]) - static_cast<double>(c.data[i]));
                        const double rel = std::isnan(d) ? std::numeric_limits<double>::infinity()
                                                         : d / std::max(tolerances[static_cast<std::size_t>(ch)], 1e-300);
                        worst = std::max(worst, static_cast<float>(rel));
                    }
                    r.difference[first + t] = worst;
                }
                rowsDone_ += band.height;
            }
        }
        r.pass = true;
        for (int ch = 0; ch < channels; ++ch) {
            const app::Agreement& a = agree[static_cast<std::size_t>(ch)];
            const double tolerance = tolerances[static_cast<std::size_t>(ch)];
            r.pass = r.pass && a.maxDiff <= tolerance;
            r.worst = std::max(r.worst, a.maxDiff / std::max(tolerance, 1e-300));
            r.lines.push_back(app::agreementLine(spec, ch, a, grid.texels(), tolerance));
        }
        r.lines.push_back(r.pass ? "PASS" : "FAIL");
    } catch (const std::exception& e) {
        r.pass = false;
        r.lines = {std::string("the reference could not run: ") + e.what()};
    }
    {
        std::lock_guard<std::mutex> lock(mutex_);
        done_ = std::move(r);
    }
    running_ = false;
}

}  // namespace glnoise::preview
