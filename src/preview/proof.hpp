// SPDX-License-Identifier: MIT
// The preview's proof: the texture on screen, read back once, against the CPU reference
// computed on a background thread in bands of rows (cancelled when the view changes), with
// the numbers `glnoise check` prints for the same spec and size, from the same code
// (app/agreement.hpp), and an image of |gpu - cpu| / tolerance.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/agreement.hpp"
#include "glnoise/graph.hpp"
#include "glnoise/image.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::preview {

struct ProofResult {
    NoiseSpec spec;  // a graph's space
    Grid grid;
    std::string command;                // the `glnoise check` that prints the same numbers
    std::vector<std::string> lines;     // its lines, one per channel, then PASS or FAIL
    bool pass = false;
    double worst = 0.0;                 // the largest max |gpu - cpu| / tolerance over the channels
    std::vector<float> difference;      // per texel, the largest |gpu - cpu| / tolerance over the channels
};

class Proof {
public:
    Proof() = default;
    ~Proof() { stop(); }
    Proof(const Proof&) = delete;
    Proof& operator=(const Proof&) = delete;

    // Stops any proof under way and starts one of `gpu` (the texture's values for spec, or
    // graph, over its grid) against the reference, on `threads` threads (0: all but one).
    void start(const NoiseSpec& spec, Image gpu, std::string command, unsigned threads = 0);
    void start(const Graph& graph, Image gpu, std::string command, unsigned threads = 0);
    // Cancels the proof under way, if any, and waits for its thread.
    void stop();
    // Waits for the proof under way to finish.
    void wait();
    bool running() const noexcept { return running_.load(); }
    // The share of rows done, 0 to 1.
    float progress() const noexcept;
    // The result finished since the last call, if any.
    std::optional<ProofResult> take();

private:
    template <class N>
    void begin(const N& noise, Image gpu, std::string command, unsigned threads);
    template <class N>
    void work(N noise, Image gpu, std::string command, unsigned threads);
    std::thread thread_;
    std::atomic<bool> cancel_{false}, running_{false};
    std::atomic<std::int64_t> rowsDone_{0}, rows_{1};
    std::mutex mutex_;
    std::optional<ProofResult> done_;
};

}  // namespace glnoise::preview
