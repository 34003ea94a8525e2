// SPDX-License-Identifier: MIT
// parallelFor and the process's workers (core/parallel.hpp): every index once, as many
// threads at once as a call asks for, workers kept from one call to the next, the first
// exception rethrown once every thread has left, calls from many threads and inside work,
// and a child process made by fork() with workers of its own.
#include <gtest/gtest.h>

#include <dirent.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <cstdlib>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/parallel.hpp"

namespace glnoise {
namespace {

using detail::parallelFor;

// The kernel's ids of this process's threads now.
std::set<pid_t> threadsNow() {
    std::set<pid_t> ids;
    DIR* dir = opendir("/proc/self/task");
    if (!dir) return ids;
    while (const dirent* e = readdir(dir))
        if (e->d_name[0] != '.') ids.insert(static_cast<pid_t>(std::atoi(e->d_name)));
    closedir(dir);
    return ids;
}

// Holds each thread that arrives until `expected` have, or until a deadline passes; says
// whether all arrived. Work that waits here needs that many threads running it at once.
class Gathering {
public:
    explicit Gathering(std::size_t expected) : expected_(expected) {}
    bool arrive() {
        std::unique_lock<std::mutex> hold(lock_);
        ids_.insert(static_cast<pid_t>(syscall(SYS_gettid)));
        if (++arrived_ >= expected_) all_.notify_all();
        return all_.wait_for(hold, std::chrono::seconds(20), [&] { return arrived_ >= expected_; });
    }
    std::set<pid_t> ids() {
        const std::lock_guard<std::mutex> hold(lock_);
        return ids_;
    }

private:
    std::mutex lock_;
    std::condition_variable all_;
    std::size_t expected_;
    std::size_t arrived_ = 0;
    std::set<pid_t> ids_;
};

// The threads that ran a call of `threads` items on `threads` threads, each item waiting
// for all the others; empty if they never all ran at once.
std::set<pid_t> allAtOnce(unsigned threads) {
    Gathering gathering(threads);
    std::atomic<int> missed{0};
    parallelFor(threads, threads, [&](std::size_t) {
        if (!gathering.arrive()) ++missed;
    });
    return missed ? std::set<pid_t>{} : gathering.ids();
}

TEST(Parallel, EveryIndexOnceWhateverTheCountAndThreads) {
    for (std::size_t count : {0, 1, 2, 3, 7, 64, 1000, 5003}) {
        for (unsigned threads : {0u, 1u, 2u, 3u, 8u, 64u}) {
            std::vector<std::atomic<int>> seen(count);
            parallelFor(count, threads, [&](std::size_t i) { seen[i].fetch_add(1); });
            std::size_t wrong = 0;
            for (auto& s : seen) wrong += s.load() != 1;
            EXPECT_EQ(wrong, 0u) << count << " items on " << threads << " threads";
        }
    }
}

TEST(Parallel, EveryItemHasEndedWhenTheCallReturns) {
    for (int round = 0; round < 10; ++round) {
        std::vector<std::atomic<int>> ended(16);
        // The last items are the longest: the calling thread runs out of items while the
        // others are still in theirs.
        parallelFor(ended.size(), 4, [&](std::size_t i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(i >= 12 ? 5 + 2 * (i - 12) : 0));
            ended[i].store(1);
        });
        std::size_t running = 0;
        for (auto& e : ended) running += e.load() == 0;
        EXPECT_EQ(running, 0u) << "round " << round;
    }
}

TEST(Parallel, AsManyThreadsAtOnceAsACallAsksForAndTheWorkersAreKept) {
    const pid_t self = static_cast<pid_t>(syscall(SYS_gettid));
    const std::set<pid_t> first = allAtOnce(6);
    ASSERT_EQ(first.size(), 6u) << "six items that wait for each other did not run on six threads at once";
    EXPECT_EQ(first.count(self), 1u) << "the calling thread takes items too";
    // Kernel thread ids are not reused soon: a thread started for a call would have one
    // that no thread had before it.
    for (int round = 0; round < 5; ++round) {
        const std::set<pid_t> before = threadsNow();
        ASSERT_GE(before.size(), 6u);
        const std::set<pid_t> again = allAtOnce(6);
        ASSERT_EQ(again.size(), 6u);
        for (pid_t id : again) EXPECT_EQ(before.count(id), 1u) << "thread " << id << " was started for call " << round;
    }
    EXPECT_EQ(allAtOnce(9).size(), 9u);
}

TEST(Parallel, TheFirstExceptionIsRethrownOnceEveryThreadHasLeft) {
    for (unsigned threads : {1u, 2u, 4u}) {
        std::atomic<int> inside{0}, started{0};
        try {
            parallelFor(2000, threads, [&](std::size_t i) {
                ++started;
                ++inside;
                std::this_thread::sleep_for(std::chrono::microseconds(100));
                if (i == 5) {
                    --inside;
                    throw std::runtime_error("item 5");
                }
                if (i == 9) {
                    --inside;
                    throw std::logic_error("item 9");
                }
                --inside;
            });
            ADD_FAILURE() << "nothing thrown on " << threads << " threads";
        } catch (const std::runtime_error& e) {
            EXPECT_STREQ(e.what(), "item 5");
        } catch (const std::logic_error& e) {
            // Another thread may reach item 9 first.
            EXPECT_GT(threads, 1u);
            EXPECT_STREQ(e.what(), "item 9");
        }
        EXPECT_EQ(inside.load(), 0) << "an item still ran after the call returned";
        EXPECT_LT(started.load(), 2000) << "items went on after the exception";
    }
    // And the workers still serve the next call.
    EXPECT_EQ(allAtOnce(4).size(), 4u);
}

TEST(Parallel, CallsFromManyThreadsAtOnceAndInsideWorkEachDoTheirOwn) {
    constexpr int kCallers = 8;
    std::vector<std::thread> callers;
    callers.reserve(kCallers);
    std::vector<long> sums(kCallers, 0);
    for (int c = 0; c < kCallers; ++c) {
        callers.emplace_back([&, c] {
            for (int round = 0; round < 20; ++round) {
                std::vector<std::atomic<long>> rows(100);
                parallelFor(rows.size(), 4, [&](std::size_t r) {
                    parallelFor(50, 3, [&](std::size_t k) { rows[r] += static_cast<long>(r * 50 + k + c); });
                });
                for (auto& r : rows) sums[static_cast<std::size_t>(c)] += r.load();
            }
        });
    }
    for (auto& t : callers) t.join();
    for (int c = 0; c < kCallers; ++c) {
        // 20 rounds of the sum over r < 100, k < 50 of (50 r + k + c).
        const long n = 100 * 50;
        EXPECT_EQ(sums[static_cast<std::size_t>(c)], 20 * (n * (n - 1) / 2 + n * c)) << "caller " << c;
    }
}

TEST(Parallel, AChildMadeByForkHasWorkersOfItsOwn) {
    ASSERT_EQ(allAtOnce(4).size(), 4u);  // the parent's workers exist before the fork
    const pid_t child = fork();
    ASSERT_NE(child, -1);
    if (child == 0) {
        alarm(60);  // a child that hangs fails, not the suite
        std::vector<std::atomic<int>> seen(500);
        parallelFor(seen.size(), 4, [&](std::size_t i) { ++seen[i]; });
        for (auto& s : seen)
            if (s.load() != 1) _exit(3);
        _exit(allAtOnce(4).size() == 4 ? 0 : 2);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status)) << "the child was ended by signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    EXPECT_EQ(WEXITSTATUS(status), 0) << "2: its four items never ran at once; 3: an item ran other than once";
}

}  // namespace
}  // namespace glnoise
