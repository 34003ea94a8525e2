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

// One thing wrong with the input: the field or option it concerns, as the library names
// it ("octaves", "ridge-gain", "size", "out"; empty when none), and what is wrong with
// the value, starting with the value ("40: must be between 1 and 32"). Each surface words
// the field its own way: "--octaves 40: ..." on the command line, "preset p.json: octaves
// 40: ..." for a file's key.
struct Violation {
    std::string field;
    std::string what;
    // "octaves 40: must be between 1 and 32" (what alone when there is no field).
    std::string text() const { return field.empty() ? what : field + " " + what; }
};

// The input is at fault (a parameter out of range, an unwritable path, a bad line).
// Holds every violation found, so one call reports all of them.
class ValidationError : public Error {
public:
    explicit ValidationError(std::vector<Violation> violations);
    explicit ValidationError(Violation violation) : ValidationError(std::vector<Violation>{std::move(violation)}) {}
    // Violations of no one field: each text as it is.
    explicit ValidationError(const std::vector<std::string>& violations);
    explicit ValidationError(const std::string& violation)
        : ValidationError(std::vector<std::string>{violation}) {}
    // Each violation's text().
    const std::vector<std::string>& violations() const noexcept { return texts_; }
    const std::vector<Violation>& details() const noexcept { return details_; }

private:
    std::vector<Violation> details_;
    std::vector<std::string> texts_;
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
