// SPDX-License-Identifier: MIT
// glnoise/error.hpp: the exceptions glnoise throws.
//
//   try { ... } catch (const glnoise::ValidationError& e) { /* the caller's input: exit 2 */ }
//               catch (const glnoise::Error& e)           { /* anything else: exit 1 */ }
//
// Every message names the value that was given and what is allowed, or what failed and
// what to do about it. glnoise never falls back silently (for example from GPU to CPU).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace glnoise {

// Base of everything glnoise throws.
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The input is at fault (a parameter out of range, an unwritable path, a bad line).
// Holds every violation found, so one call reports all of them.
class ValidationError : public Error {
public:
    explicit ValidationError(std::vector<std::string> violations);
    explicit ValidationError(const std::string& violation)
        : ValidationError(std::vector<std::string>{violation}) {}
    const std::vector<std::string>& violations() const noexcept { return violations_; }

private:
    std::vector<std::string> violations_;
};

// No usable OpenGL context, a shader that does not compile, a GL error.
class GpuError : public Error {
public:
    using Error::Error;
};

// A GLSL source that cannot be assembled (a missing include, a cycle) or does not
// compile; the message names file:line.
class ShaderError : public GpuError {
public:
    using GpuError::GpuError;
};

// Reading or writing a file failed after its path was accepted (disk full, I/O error).
class IoError : public Error {
public:
    using Error::Error;
};

}  // namespace glnoise
