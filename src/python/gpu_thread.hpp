// SPDX-License-Identifier: MIT
// The GPU of the Python module, on a thread of its own: a GL context is current on one
// thread, and Python may call from any. The context is made the first time a GPU backend
// is asked for and reused for the life of the process.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "glnoise/error.hpp"
#include "glnoise/gpu.hpp"

namespace glnoise::python {

class GpuThread {
public:
    // The one of this process; made when first asked for, never destroyed (the driver's
    // own exit handlers may run before static destructors would).
    static GpuThread& get() {
        static GpuThread* const thread = new GpuThread();
        return *thread;
    }

    // Runs job(generator, context) on the GL thread and returns when it has finished,
    // rethrowing what it threw. The caller releases the GIL.
    template <class F>
    auto run(F job) -> decltype(job(std::declval<gpu::Generator&>(), std::declval<gpu::Context&>())) {
        using R = decltype(job(std::declval<gpu::Generator&>(), std::declval<gpu::Context&>()));
        std::packaged_task<R()> task([this, &job]() -> R {
            ensureContext();
            return job(*generator_, *context_);
        });
        std::future<R> result = task.get_future();
        {
            std::lock_guard<std::mutex> lock(mutex_);
            jobs_.emplace_back([&task] { task(); });
        }
        wake_.notify_one();
        return result.get();
    }

private:
    GpuThread() : thread_([this] { loop(); }) { thread_.detach(); }

    void loop() {
        for (;;) {
            std::function<void()> job;
            {
                std::unique_lock<std::mutex> lock(mutex_);
                wake_.wait(lock, [this] { return !jobs_.empty(); });
                job = std::move(jobs_.front());
                jobs_.pop_front();
            }
            job();
        }
    }

    // On the GL thread: the context, made once; a failure is remembered and said again.
    void ensureContext() {
        if (generator_) return;
        if (!failure_.empty()) throw GpuError(failure_);
        try {
            context_ = std::make_unique<gpu::Context>();
            generator_ = std::make_unique<gpu::Generator>(*context_);
        } catch (const Error& e) {
            generator_.reset();
            context_.reset();
            failure_ = std::string("no GPU backend: ") + e.what() +
                       " (backend=\"cpu\" and backend=\"reference\" need no GL)";
            throw GpuError(failure_);
        }
    }

    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::function<void()>> jobs_;
    std::unique_ptr<gpu::Context> context_;
    std::unique_ptr<gpu::Generator> generator_;
    std::string failure_;
    std::thread thread_;
};

}  // namespace glnoise::python
