// SPDX-License-Identifier: MIT
// SHA-256 of a file's bytes, as `sha256sum` prints it: what a raw file's sidecar records
// of its data, so that a data file and a sidecar from two different bakes are told apart.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace glnoise::app {

class Sha256 {
public:
    Sha256();
    ~Sha256();
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;

    void update(const void* data, std::size_t bytes);
    // The digest in lowercase hex; the object takes no more bytes after it.
    std::string hex();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// The SHA-256 of a whole file and its size in bytes; an unreadable file is an IoError.
struct FileDigest {
    std::string sha256;
    std::uint64_t bytes = 0;
};
FileDigest digestFile(const std::string& path);

}  // namespace glnoise::app
