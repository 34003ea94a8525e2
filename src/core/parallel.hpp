// SPDX-License-Identifier: MIT
// Work spread over threads inside the library: the encoders' chunks and the bake's
// conversions. Each call starts its threads and joins them before it returns.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#ifdef __linux__
#include <sched.h>
#endif

namespace glnoise::detail {

// The hardware threads this process may run on: its CPU affinity where the system has one
// (taskset, a container's cpuset), else every hardware thread.
inline unsigned availableThreads() {
#ifdef __linux__
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return static_cast<unsigned>(CPU_COUNT(&set));
#endif
    return std::max(1u, std::thread::hardware_concurrency());
}

// threads: 0 -> one per hardware thread this process may run on.
inline unsigned threadCount(unsigned threads) { return threads ? threads : availableThreads(); }

// work(i) for every i in [0, count), on at most `threads` threads (0: one per hardware
// thread this process may run on), each taking the next i as it finishes one. The first
// exception any work throws is rethrown here, after every thread has stopped.
template <class Work>
void parallelFor(std::size_t count, unsigned threads, const Work& work) {
    const std::size_t n = std::min<std::size_t>(threadCount(threads), count);
    if (n <= 1) {
        for (std::size_t i = 0; i < count; ++i) work(i);
        return;
    }
    std::atomic<std::size_t> next{0};
    std::exception_ptr error;
    std::mutex errorLock;
    auto run = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < count;) {
            try {
                work(i);
            } catch (...) {
                const std::lock_guard<std::mutex> hold(errorLock);
                if (!error) error = std::current_exception();
                next = count;
            }
        }
    };
    std::vector<std::thread> pool;
    pool.reserve(n - 1);
    for (std::size_t t = 1; t < n; ++t) pool.emplace_back(run);
    run();
    for (auto& th : pool) th.join();
    if (error) std::rethrow_exception(error);
}

}  // namespace glnoise::detail
