// SPDX-License-Identifier: MIT
// The mirror's vectors: GLSL's vec2..vec4 and ivec2..ivec4 as plain structs of N lanes of
// type T (x, y, z, w; v[i] as in GLSL), with the operations the twins use, each lane by lane as GLSL does
// it. T is the lane type: float for the reference the GPU is checked against, double for
// the oracle, int for cells; a SIMD type holding one value of many samples (mirror/lane.hpp)
// fits the same templates. dot() adds in glm's order ((x + y) + (z + w) in 4D), which the
// reference's bytes were first made with. Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include "mirror/lane.hpp"

namespace glnoise::cpu {

template <int N, class T>
struct vec;

template <class T>
struct vec<2, T> {
    T x{}, y{};
    constexpr vec() = default;
    constexpr vec(T x_, T y_) : x(x_), y(y_) {}
    constexpr explicit vec(T s) : x(s), y(s) {}
    template <class U>
    constexpr explicit vec(const vec<2, U>& v) : x(static_cast<T>(v.x)), y(static_cast<T>(v.y)) {}
    constexpr T& operator[](int i) { return i == 0 ? x : y; }
    constexpr const T& operator[](int i) const { return i == 0 ? x : y; }
    template <class F>
    static constexpr vec map(F f, const vec& a, const vec& b) {
        return {f(a.x, b.x), f(a.y, b.y)};
    }
    template <class F>
    static constexpr vec map(F f, const vec& a) {
        return {f(a.x), f(a.y)};
    }
};

template <class T>
struct vec<3, T> {
    T x{}, y{}, z{};
    constexpr vec() = default;
    constexpr vec(T x_, T y_, T z_) : x(x_), y(y_), z(z_) {}
    constexpr explicit vec(T s) : x(s), y(s), z(s) {}
    template <class U>
    constexpr explicit vec(const vec<3, U>& v)
        : x(static_cast<T>(v.x)), y(static_cast<T>(v.y)), z(static_cast<T>(v.z)) {}
    constexpr T& operator[](int i) { return i == 0 ? x : i == 1 ? y : z; }
    constexpr const T& operator[](int i) const { return i == 0 ? x : i == 1 ? y : z; }
    template <class F>
    static constexpr vec map(F f, const vec& a, const vec& b) {
        return {f(a.x, b.x), f(a.y, b.y), f(a.z, b.z)};
    }
    template <class F>
    static constexpr vec map(F f, const vec& a) {
        return {f(a.x), f(a.y), f(a.z)};
    }
};

template <class T>
struct vec<4, T> {
    T x{}, y{}, z{}, w{};
    constexpr vec() = default;
    constexpr vec(T x_, T y_, T z_, T w_) : x(x_), y(y_), z(z_), w(w_) {}
    constexpr explicit vec(T s) : x(s), y(s), z(s), w(s) {}
    template <class U>
    constexpr explicit vec(const vec<4, U>& v)
        : x(static_cast<T>(v.x)), y(static_cast<T>(v.y)), z(static_cast<T>(v.z)), w(static_cast<T>(v.w)) {}
    constexpr T& operator[](int i) { return i == 0 ? x : i == 1 ? y : i == 2 ? z : w; }
    constexpr const T& operator[](int i) const { return i == 0 ? x : i == 1 ? y : i == 2 ? z : w; }
    template <class F>
    static constexpr vec map(F f, const vec& a, const vec& b) {
        return {f(a.x, b.x), f(a.y, b.y), f(a.z, b.z), f(a.w, b.w)};
    }
    template <class F>
    static constexpr vec map(F f, const vec& a) {
        return {f(a.x), f(a.y), f(a.z), f(a.w)};
    }
};

template <class T> using vec2 = vec<2, T>;
template <class T> using vec3 = vec<3, T>;
template <class T> using vec4 = vec<4, T>;
using ivec2 = vec<2, int>;
using ivec3 = vec<3, int>;
using ivec4 = vec<4, int>;

template <int N, class T>
constexpr vec<N, T> operator+(const vec<N, T>& a, const vec<N, T>& b) {
    return vec<N, T>::map([](T u, T v) { return u + v; }, a, b);
}
template <int N, class T>
constexpr vec<N, T> operator-(const vec<N, T>& a, const vec<N, T>& b) {
    return vec<N, T>::map([](T u, T v) { return u - v; }, a, b);
}
template <int N, class T>
constexpr vec<N, T> operator*(const vec<N, T>& a, const vec<N, T>& b) {
    return vec<N, T>::map([](T u, T v) { return u * v; }, a, b);
}
template <int N, class T>
constexpr vec<N, T> operator*(const vec<N, T>& a, T s) {
    return vec<N, T>::map([s](T u) { return u * s; }, a);
}
template <int N, class T>
constexpr vec<N, T> operator*(T s, const vec<N, T>& a) {
    return vec<N, T>::map([s](T u) { return s * u; }, a);
}
template <int N, class T>
constexpr vec<N, T> operator-(const vec<N, T>& a) {
    return vec<N, T>::map([](T u) { return -u; }, a);
}
template <int N, class T>
vec<N, T> floor(const vec<N, T>& a) {
    return vec<N, T>::map([](T u) { return gln_floor(u); }, a);
}
// a where the mask m holds, else b, component by component (mirror/lane.hpp).
template <class M, int N, class T>
vec<N, T> gln_select(const M& m, const vec<N, T>& a, const vec<N, T>& b) {
    return vec<N, T>::map([&m](T u, T v) { return gln_select(m, u, v); }, a, b);
}

template <class T>
constexpr T dot(const vec<2, T>& a, const vec<2, T>& b) {
    const vec<2, T> m = a * b;
    return m.x + m.y;
}
template <class T>
constexpr T dot(const vec<3, T>& a, const vec<3, T>& b) {
    const vec<3, T> m = a * b;
    return m.x + m.y + m.z;
}
template <class T>
constexpr T dot(const vec<4, T>& a, const vec<4, T>& b) {
    const vec<4, T> m = a * b;
    return (m.x + m.y) + (m.z + m.w);
}

}  // namespace glnoise::cpu
