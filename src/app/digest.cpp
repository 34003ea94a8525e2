// SPDX-License-Identifier: MIT
#include "app/digest.hpp"

#include <openssl/evp.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "glnoise/error.hpp"

namespace glnoise::app {

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
    static const char kHex[] = "0123456789abcdef";
    std::string text;
    for (unsigned int i = 0; i < size; ++i) {
        text += kHex[digest[i] >> 4];
        text += kHex[digest[i] & 15];
    }
    return text;
}

FileDigest digestFile(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) throw IoError("reading " + path + " failed: " + std::strerror(errno));
    Sha256 sha;
    FileDigest d;
    std::vector<char> buf(std::size_t{1} << 20);
    std::size_t n = 0;
    while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0) {
        sha.update(buf.data(), n);
        d.bytes += n;
    }
    const bool bad = std::ferror(f) != 0;
    std::fclose(f);
    if (bad) throw IoError("reading " + path + " failed");
    d.sha256 = sha.hex();
    return d;
}

}  // namespace glnoise::app
