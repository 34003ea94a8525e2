// SPDX-License-Identifier: MIT
// Work spread over threads inside the library: the encoders' chunks, the bake's
// conversions and the CPU backends' bands. The threads are the process's workers
// (core/parallel.cpp), started once and kept, not started for each call.
#pragma once

#include <algorithm>
#include <cstddef>
#include <thread>

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

// The most workers the process keeps: one fewer than glnoise's largest --threads.
inline constexpr std::size_t kMaxWorkers = 1023;

// body(context, i) for every i in [0, count), on the calling thread and up to `helpers` of
// the process's workers, each taking the next i as it finishes one; see parallelFor.
void runOnWorkers(std::size_t count, std::size_t helpers, void (*body)(const void* context, std::size_t i),
                  const void* context);

// work(i) for every i in [0, count), on at most `threads` threads (0: one per hardware
// thread this process may run on): the calling thread and as many of the process's idle
// workers (started the first time they are needed, and kept) as it asks for, each taking
// the next i as it finishes one. A worker that is busy with another call's work is not
// waited for: the calling thread does what no worker takes, so calls from several threads
// at once, and calls inside work, never wait on each other. The first exception any work
// throws is rethrown here, after every thread has left this call's work; the i that no
// thread had taken when it was thrown are skipped.
template <class Work>
void parallelFor(std::size_t count, unsigned threads, const Work& work) {
    const std::size_t n = std::min<std::size_t>(threadCount(threads), count);
    if (n <= 1) {
        for (std::size_t i = 0; i < count; ++i) work(i);
        return;
    }
    runOnWorkers(
        count, n - 1, [](const void* context, std::size_t i) { (*static_cast<const Work*>(context))(i); }, &work);
}

}  // namespace glnoise::detail
