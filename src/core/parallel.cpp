// SPDX-License-Identifier: MIT
// The process's workers for parallelFor (core/parallel.hpp). A call posts its work and
// runs it itself; idle workers join it, up to the number it asks for. Workers are started
// when a call asks for more than are idle, and kept. Threads started for each call left a
// bake's second core idle for much of its time: a new thread often ran only once its
// caller had done most of the work (docs/performance.md, "Workers kept").
#include "core/parallel.hpp"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <vector>

namespace glnoise::detail {

namespace {

struct Job {
    Job(std::size_t count, std::size_t wanted, void (*body)(const void*, std::size_t), const void* context)
        : count(count), wanted(wanted), body(body), context(context) {}

    const std::size_t count;
    const std::size_t wanted;  // the workers it may take
    void (*const body)(const void*, std::size_t);
    const void* const context;
    std::atomic<std::size_t> next{0};
    // The pool's lock guards these:
    std::size_t joined = 0;  // workers that took it
    std::size_t active = 0;  // those still in it
    std::condition_variable left;  // active fell to 0
    std::mutex errorLock;
    std::exception_ptr error;

    void run() {
        for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < count;) {
            try {
                body(context, i);
            } catch (...) {
                const std::lock_guard<std::mutex> hold(errorLock);
                if (!error) error = std::current_exception();
                next.store(count, std::memory_order_relaxed);
            }
        }
    }

    bool open() const { return joined < wanted && next.load(std::memory_order_relaxed) < count; }
};

class Pool {
public:
    void run(Job& job) {
        std::size_t wake = 0;
        {
            const std::lock_guard<std::mutex> hold(lock_);
            jobs_.push_back(&job);
            while (idle_ < job.wanted && workers_ < kMaxWorkers && start()) {
            }
            wake = std::min(idle_, job.wanted);
            ++posted_;
        }
        for (std::size_t w = 0; w < wake; ++w) waiting_.notify_one();
        job.run();
        std::unique_lock<std::mutex> hold(lock_);
        jobs_.erase(std::find(jobs_.begin(), jobs_.end(), &job));
        job.left.wait(hold, [&] { return job.active == 0; });
    }

private:
    // One more worker; false if the system would start no more threads (the calls then
    // take fewer, and their callers do the rest).
    bool start() {
        try {
            std::thread(&Pool::work, this).detach();
        } catch (const std::system_error&) {
            return false;
        }
        ++workers_;
        ++idle_;
        return true;
    }

    Job* firstOpen() const {
        for (Job* job : jobs_)
            if (job->open()) return job;
        return nullptr;
    }

    void work() {
        std::unique_lock<std::mutex> hold(lock_);
        for (;;) {
            Job* job = firstOpen();
            if (!job) {
                const std::size_t seen = posted_;
                waiting_.wait(hold, [&] { return posted_ != seen; });
                continue;
            }
            ++job->joined;
            ++job->active;
            --idle_;
            hold.unlock();
            job->run();
            hold.lock();
            ++idle_;
            if (--job->active == 0) job->left.notify_all();
        }
    }

    std::mutex lock_;
    std::condition_variable waiting_;  // a job was posted
    std::vector<Job*> jobs_;
    std::size_t workers_ = 0;
    std::size_t idle_ = 0;
    std::size_t posted_ = 0;
};

// The pool is never destroyed: its workers outlive main() asleep, and a call made while
// the process exits still finds it. A child process made by fork() has none of its
// parent's threads, so it starts a pool of its own.
std::mutex creating;
std::atomic<Pool*> current{nullptr};

Pool& pool() {
    if (Pool* p = current.load(std::memory_order_acquire)) return *p;
    const std::lock_guard<std::mutex> hold(creating);
    if (Pool* p = current.load(std::memory_order_acquire)) return *p;
    static const int registered = pthread_atfork([] { creating.lock(); }, [] { creating.unlock(); },
                                                 [] {
                                                     current.store(nullptr, std::memory_order_release);
                                                     creating.unlock();
                                                 });
    (void)registered;
    auto* p = new Pool;  // NOLINT(cppcoreguidelines-owning-memory): kept for the process's life
    current.store(p, std::memory_order_release);
    return *p;
}

}  // namespace

void runOnWorkers(std::size_t count, std::size_t helpers, void (*body)(const void*, std::size_t), const void* context) {
    Job job(count, std::min(helpers, kMaxWorkers), body, context);
    pool().run(job);
    if (job.error) std::rethrow_exception(job.error);
}

}  // namespace glnoise::detail
