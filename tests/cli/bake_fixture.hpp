// SPDX-License-Identifier: MIT
// The fixture of the bake tests: a scratch directory, glnoise run in it, and a bake that
// must succeed silently.
#pragma once

#include <string>
#include <vector>

#include "process.hpp"
#include "paths.hpp"

namespace glnoise::test {

class BakeFixture : public ProcessTest {
protected:
    Result run(const std::vector<std::string>& args) { return runWith("", test::glnoiseExe(), args); }
    void bake(const std::vector<std::string>& args) {
        std::vector<std::string> all = {"bake"};
        all.insert(all.end(), args.begin(), args.end());
        const Result r = run(all);
        ASSERT_EQ(r.code, 0) << r.err;
        // stderr is not a terminal here: no progress bar, nothing at all.
        EXPECT_EQ(r.err, "");
    }
};

}  // namespace glnoise::test
