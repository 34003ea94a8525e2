// SPDX-License-Identifier: MIT
#include "preview/proof.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "glnoise/cpu.hpp"
#include "glnoise/error.hpp"

namespace glnoise::preview {

namespace {
const NoiseSpec& proofSpace(const NoiseSpec& s) { return s; }
const NoiseSpec& proofSpace(const Graph& g) { return g.space; }
}  // namespace

void Proof::start(const NoiseSpec& spec, Image gpu, std::string command, unsigned threads) {
    begin(spec, std::move(gpu), std::move(command), threads);
}

void Proof::start(const Graph& graph, Image gpu, std::string command, unsigned threads) {
    begin(graph, std::move(gpu), std::move(command), threads);
}

template <class N>
void Proof::begin(const N& noise, Image gpu, std::string command, unsigned threads) {
    stop();
    cancel_ = false;
    running_ = true;
    rowsDone_ = 0;
    rows_ = std::max<std::int64_t>(1, static_cast<std::int64_t>(gpu.height) * gpu.depth);
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency() - 1);
    thread_ = std::thread(&Proof::work<N>, this, noise, std::move(gpu), std::move(command), threads);
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

template <class N>
void Proof::work(N noise, Image gpu, std::string command, unsigned threads) {
    const Grid grid{gpu.width, gpu.height, gpu.depth};
    const int channels = gpu.channels;
    const std::array<double, 4> tolerances = cpu::agreementTolerance(noise);
    ProofResult r;
    r.spec = proofSpace(noise);
    r.grid = grid;
    r.command = std::move(command);
    r.difference.assign(static_cast<std::size_t>(grid.texels()), 0.0f);
    const auto firstOf = [&](const TexelStart& start) {
        return (static_cast<std::size_t>(start[2]) * static_cast<std::size_t>(grid.height) +
                static_cast<std::size_t>(start[1])) * static_cast<std::size_t>(grid.width);
    };
    // The texture's band, as the GPU made it.
    const auto gpuBand = [&](const Grid& band, const TexelStart& start) {
        Image g(band.width, band.height, 1, channels);
        const std::size_t first = firstOf(start) * static_cast<std::size_t>(channels);
        std::copy_n(gpu.data.begin() + static_cast<std::ptrdiff_t>(first), g.data.size(), g.data.begin());
        return g;
    };
    // Each texel's largest |gpu - cpu| / tolerance over the channels, for the picture.
    const auto difference = [&](const Image& g, const Image& c, const TexelStart& start) {
        const std::size_t first = firstOf(start), texels = static_cast<std::size_t>(g.width) * static_cast<std::size_t>(g.height);
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
        rowsDone_ += g.height;
        return !cancel_;
    };
    try {
        // Bands of 16 rows: small enough to stop soon when the view changes.
        const std::optional<app::CheckVerdict> v =
            cancel_ ? std::nullopt : app::checkGrid(noise, grid, 16, tolerances, gpuBand, threads, difference);
        if (!v) {
            running_ = false;
            return;
        }
        r.pass = v->passed;
        r.worst = v->worst;
        for (const app::ChannelVerdict& c : v->channels) r.lines.push_back(c.line);
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
