// SPDX-License-Identifier: MIT
// glnoise/permutation.hpp: the doubled permutation table, the only randomness glnoise uses.
//
//   auto ken = glnoise::Permutation::perlin();     // Ken Perlin's 2002 table, doubled
//   auto mine = glnoise::Permutation::seeded(42);  // Fisher-Yates shuffle of 0..255, doubled
//   int v = mine[300];                             // == mine[300 - 256]
//
// Seeded tables are the same on every platform: the shuffle is driven by PCG32
// (pcg32_srandom_r(seed, 54), O'Neill's pcg-c-basic) with Lemire's unbiased bounded
// integers, exactly as the README specifies, never by std::shuffle.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

namespace glnoise {

// PCG32 (XSH RR 64/32), as in pcg-c-basic.
class Pcg32 {
public:
    Pcg32(std::uint64_t initstate, std::uint64_t initseq) noexcept;
    std::uint32_t next() noexcept;
    // Uniform in [0, bound), bound >= 1, without modulo bias (Lemire 2019).
    std::uint32_t bounded(std::uint32_t bound) noexcept;

private:
    std::uint64_t state_ = 0;
    std::uint64_t inc_ = 0;
};

// The PCG32 stream glnoise's shuffle uses (pcg-c-basic's demo stream).
inline constexpr std::uint64_t kSeedStream = 54;

class Permutation {
public:
    static constexpr int kSize = 256;

    static Permutation perlin();
    static Permutation seeded(std::uint64_t seed);
    static Permutation forSeed(const std::optional<std::uint64_t>& seed) {
        return seed ? seeded(*seed) : perlin();
    }

    // i in [0, 512): entries 256..511 repeat 0..255.
    int operator[](int i) const noexcept { return table_[static_cast<std::size_t>(i)]; }
    const std::array<std::int32_t, 2 * kSize>& table() const noexcept { return table_; }

private:
    explicit Permutation(const std::array<std::int32_t, kSize>& base) noexcept;
    std::array<std::int32_t, 2 * kSize> table_{};
};

}  // namespace glnoise
