// SPDX-License-Identifier: MIT
// SHA-256 of a file's bytes, as `sha256sum` prints it: what a raw file's sidecar records
// of its data, so that a data file and a sidecar from two different bakes are told apart.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

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

// The digest glnoise records of a file's samples since 0.17.0, the same for every format
// (docs/command-line.md, "Digests"): the samples as the file's record lays them out, each
// a little-endian integer or float32, cut into chunks of 4 MiB (the last one shorter); the
// SHA-256 of each chunk; and the SHA-256 of those digests, 32 bytes each, in order. The
// chunks are hashed on every core, so the digest keeps up with a bake. `sha256sum` and
// `split` compute it for a raw file.
class SampleDigest {
public:
    static constexpr std::size_t kChunkBytes = std::size_t{4} << 20;
    static constexpr const char* kMethod = "sha256-tree-4MiB";

    // threads: 0 -> one per CPU the process may run on.
    explicit SampleDigest(unsigned threads = 0) : threads_(threads) {}
    // The next bytes of the samples; whole chunks are hashed now, the rest waits for more.
    void update(const void* data, std::size_t bytes);
    // The root in lowercase hex; the object takes no more bytes after it.
    std::string hex();
    std::uint64_t bytes() const { return bytes_; }

private:
    void hashChunks(const std::uint8_t* data, std::size_t chunks);

    unsigned threads_;
    std::vector<std::uint8_t> partial_;  // the bytes of a chunk begun, not yet whole
    std::string digests_;                // each whole chunk's SHA-256, 32 bytes each
    std::uint64_t bytes_ = 0;
};

// Asked between reads of a whole file hashed below and between the rows of an image
// verified: when it returns true, the read stops with app::Interrupted (bake.hpp). The
// command line sets it to its stop signal's flag (SIGINT, SIGTERM, SIGHUP); null, the
// default, never stops.
void setReadStop(bool (*stop)());
// Throws app::Interrupted when the stop above asks it.
void checkReadStop();

// A whole file's digest in lowercase hex and its size in bytes.
struct FileDigest {
    std::string hex;
    std::uint64_t bytes = 0;
};
// The SHA-256 of a whole file (a raw sidecar's stored.sha256 before 0.17.0); an
// unreadable file is an IoError.
FileDigest digestFile(const std::string& path);
// The SampleDigest of a whole file's bytes (a raw file's samples); an unreadable file is
// an IoError.
FileDigest sampleDigestOfFile(const std::string& path);

}  // namespace glnoise::app
