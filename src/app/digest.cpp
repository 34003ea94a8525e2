// SPDX-License-Identifier: MIT
#include "app/digest.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

#include "app/bake.hpp"
#include "core/parallel.hpp"
#include "glnoise/error.hpp"

namespace glnoise::app {

namespace {

// Bytes as lowercase hex, as sha256sum prints a digest.
std::string toHex(const unsigned char* bytes, std::size_t size) {
    static const char kHex[] = "0123456789abcdef";
    std::string text;
    text.reserve(2 * size);
    for (std::size_t i = 0; i < size; ++i) {
        text += kHex[bytes[i] >> 4];
        text += kHex[bytes[i] & 15];
    }
    return text;
}

}  // namespace

struct Sha256::Impl {
    EVP_MD_CTX* ctx = nullptr;
    ~Impl() { EVP_MD_CTX_free(ctx); }
};

Sha256::Sha256() : impl_(std::make_unique<Impl>()) {
    impl_->ctx = EVP_MD_CTX_new();
    if (!impl_->ctx || EVP_DigestInit_ex(impl_->ctx, EVP_sha256(), nullptr) != 1)
        throw Error("SHA-256 is not available from libcrypto");
}

Sha256::~Sha256() = default;

void Sha256::update(const void* data, std::size_t bytes) {
    if (EVP_DigestUpdate(impl_->ctx, data, bytes) != 1) throw Error("SHA-256 failed");
}

std::string Sha256::hex() {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (EVP_DigestFinal_ex(impl_->ctx, digest, &size) != 1) throw Error("SHA-256 failed");
    return toHex(digest, size);
}

namespace {

void sha256(const void* data, std::size_t bytes, unsigned char* out) {
    unsigned int size = 0;
    if (EVP_Digest(data, bytes, out, &size, EVP_sha256(), nullptr) != 1 || size != 32) throw Error("SHA-256 failed");
}

}  // namespace

void SampleDigest::hashChunks(const std::uint8_t* data, std::size_t chunks) {
    const std::size_t at = digests_.size();
    digests_.resize(at + 32 * chunks);
    auto* out = reinterpret_cast<unsigned char*>(&digests_[at]);
    glnoise::detail::parallelFor(chunks, threads_, [&](std::size_t i) {
        sha256(data + i * kChunkBytes, kChunkBytes, out + 32 * i);
    });
}

void SampleDigest::update(const void* data, std::size_t bytes) {
    const auto* p = static_cast<const std::uint8_t*>(data);
    bytes_ += bytes;
    if (!partial_.empty()) {  // finish the chunk begun
        const std::size_t take = std::min(bytes, kChunkBytes - partial_.size());
        partial_.insert(partial_.end(), p, p + take);
        p += take;
        bytes -= take;
        if (partial_.size() < kChunkBytes) return;
        hashChunks(partial_.data(), 1);
        partial_.clear();
    }
    const std::size_t whole = bytes / kChunkBytes;
    if (whole > 0) hashChunks(p, whole);
    partial_.assign(p + whole * kChunkBytes, p + bytes);
}

std::string SampleDigest::hex() {
    if (!partial_.empty()) {
        const std::size_t at = digests_.size();
        digests_.resize(at + 32);
        sha256(partial_.data(), partial_.size(), reinterpret_cast<unsigned char*>(&digests_[at]));
        partial_.clear();
    }
    unsigned char root[32];
    sha256(digests_.data(), digests_.size(), root);
    return toHex(root, sizeof root);
}

namespace {
std::atomic<bool (*)()> g_readStop{nullptr};
}  // namespace

void setReadStop(bool (*stop)()) { g_readStop = stop; }

void checkReadStop() {
    bool (*stop)() = g_readStop.load();
    if (stop && stop()) throw Interrupted("interrupted");
}

namespace {

// A whole file through a digest of type D (update, hex), in reads of 64 MiB: 16 of
// SampleDigest's chunks, hashed on every core.
template <class D>
FileDigest digestOf(const std::string& path, D& digest) {
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!f) throw IoError("reading " + path + " failed: " + std::strerror(errno));
    FileDigest d;
    std::vector<char> buf(std::size_t{64} << 20);
    std::size_t n = 0;
    while ((n = std::fread(buf.data(), 1, buf.size(), f.get())) > 0) {
        checkReadStop();
        digest.update(buf.data(), n);
        d.bytes += n;
    }
    if (std::ferror(f.get()) != 0) throw IoError("reading " + path + " failed");
    d.hex = digest.hex();
    return d;
}

}  // namespace

FileDigest digestFile(const std::string& path) {
    Sha256 sha;
    return digestOf(path, sha);
}

FileDigest sampleDigestOfFile(const std::string& path) {
    SampleDigest digest;
    return digestOf(path, digest);
}

}  // namespace glnoise::app
