// SPDX-License-Identifier: MIT
#include "glnoise/permutation.hpp"

namespace glnoise {

namespace {

// Ken Perlin, "Improving Noise" (SIGGRAPH 2002), reference implementation's table.
constexpr std::array<std::int32_t, Permutation::kSize> kPerlinTable = {
    151, 160, 137, 91,  90,  15,  131, 13,  201, 95,  96,  53,  194, 233, 7,   225,
    140, 36,  103, 30,  69,  142, 8,   99,  37,  240, 21,  10,  23,  190, 6,   148,
    247, 120, 234, 75,  0,   26,  197, 62,  94,  252, 219, 203, 117, 35,  11,  32,
    57,  177, 33,  88,  237, 149, 56,  87,  174, 20,  125, 136, 171, 168, 68,  175,
    74,  165, 71,  134, 139, 48,  27,  166, 77,  146, 158, 231, 83,  111, 229, 122,
    60,  211, 133, 230, 220, 105, 92,  41,  55,  46,  245, 40,  244, 102, 143, 54,
    65,  25,  63,  161, 1,   216, 80,  73,  209, 76,  132, 187, 208, 89,  18,  169,
    200, 196, 135, 130, 116, 188, 159, 86,  164, 100, 109, 198, 173, 186, 3,   64,
    52,  217, 226, 250, 124, 123, 5,   202, 38,  147, 118, 126, 255, 82,  85,  212,
    207, 206, 59,  227, 47,  16,  58,  17,  182, 189, 28,  42,  223, 183, 170, 213,
    119, 248, 152, 2,   44,  154, 163, 70,  221, 153, 101, 155, 167, 43,  172, 9,
    129, 22,  39,  253, 19,  98,  108, 110, 79,  113, 224, 232, 178, 185, 112, 104,
    218, 246, 97,  228, 251, 34,  242, 193, 238, 210, 144, 12,  191, 179, 162, 241,
    81,  51,  145, 235, 249, 14,  239, 107, 49,  192, 214, 31,  181, 199, 106, 157,
    184, 84,  204, 176, 115, 121, 50,  45,  127, 4,   150, 254, 138, 236, 205, 93,
    222, 114, 67,  29,  24,  72,  243, 141, 128, 195, 78,  66,  215, 61,  156, 180};

}  // namespace

// pcg32_srandom_r: state 0, advance, add the seed, advance.
Pcg32::Pcg32(std::uint64_t initstate, std::uint64_t initseq) noexcept
    : state_(0), inc_((initseq << 1u) | 1u) {
    next();
    state_ += initstate;
    next();
}

std::uint32_t Pcg32::next() noexcept {
    const std::uint64_t old = state_;
    state_ = old * 6364136223846793005ULL + inc_;
    const auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
    const auto rot = static_cast<std::uint32_t>(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

// Lemire, "Fast Random Integer Generation in an Interval" (2019): multiply, and redraw
// only when the low half falls in the biased sliver.
std::uint32_t Pcg32::bounded(std::uint32_t bound) noexcept {
    std::uint64_t m = std::uint64_t{next()} * bound;
    auto low = static_cast<std::uint32_t>(m);
    if (low < bound) {
        const std::uint32_t threshold = (0u - bound) % bound;
        while (low < threshold) {
            m = std::uint64_t{next()} * bound;
            low = static_cast<std::uint32_t>(m);
        }
    }
    return static_cast<std::uint32_t>(m >> 32u);
}

Permutation::Permutation(const std::array<std::int32_t, kSize>& base) noexcept {
    for (int i = 0; i < kSize; ++i) {
        table_[static_cast<std::size_t>(i)] = base[static_cast<std::size_t>(i)];
        table_[static_cast<std::size_t>(i + kSize)] = base[static_cast<std::size_t>(i)];
    }
}

Permutation Permutation::perlin() { return Permutation(kPerlinTable); }

// Fisher-Yates from the top: swap entry i with a uniform j in [0, i]. Shuffle, then double.
Permutation Permutation::seeded(std::uint64_t seed) {
    std::array<std::int32_t, kSize> base{};
    for (int i = 0; i < kSize; ++i) base[static_cast<std::size_t>(i)] = i;
    Pcg32 rng(seed, kSeedStream);
    for (std::uint32_t i = kSize - 1; i > 0; --i) {
        const std::uint32_t j = rng.bounded(i + 1);
        std::swap(base[i], base[j]);
    }
    return Permutation(base);
}

}  // namespace glnoise
