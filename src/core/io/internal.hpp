// SPDX-License-Identifier: MIT
// What the io files share inside the library: path helpers and each format's readers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "glnoise/io.hpp"

namespace glnoise::io::detail {

bool endsWith(const std::string& s, const std::string& suffix);
// "a/b/c.png" -> "a/b"; "c.png" -> "."; "/c.png" -> "/"
std::string parentDirectory(const std::string& path);
// "a/b/c.png" -> "c.png"
std::string baseName(const std::string& path);

// Every "glnoise" text chunk of a PNG (png.cpp), and the "glnoise" attribute of an
// OpenEXR file, "" when it has none (exr.cpp); ValidationError "from PATH: why".
std::vector<std::string> pngRecords(const std::string& path);
std::string exrRecord(const std::string& path);

// readWholeImage for each format.
ImageFacts readWholePng(const std::string& path, const SampleSink& sink);
ImageFacts readWholeExr(const std::string& path, const SampleSink& sink, const std::vector<std::string>& order);

// Deflates the pieces of one long deflate stream apart (libdeflate), so that they can be
// made on many threads and laid end to end. libdeflate ends whatever it deflates with a
// final block; in a piece that is not the last, that block's final bit is cleared and an
// empty stored block follows it on the next byte boundary, as a zlib sync flush ends. No
// piece refers back into the one before it. The same bytes in give the same bytes out on
// every machine and thread count.
class PieceDeflater {
public:
    explicit PieceDeflater(int level);  // libdeflate's levels, 1 to 12
    ~PieceDeflater();
    PieceDeflater(const PieceDeflater&) = delete;
    PieceDeflater& operator=(const PieceDeflater&) = delete;

    // `size` bytes from `in` -> `out` (resized to fit). std::runtime_error if deflate or
    // the piece's check fails, which does not happen but on a fault.
    void deflate(const std::uint8_t* in, std::size_t size, bool last, std::vector<std::uint8_t>& out);
    // How many bits of its last byte the last piece's final block left unused, 0 to 7
    // (-1 after a last piece): what decides how the stored block follows.
    int spareBits() const { return spareBits_; }

private:
    void* compressor_ = nullptr;
    void* scan_ = nullptr;  // a z_stream: inflate, stopping at each block's end
    std::vector<std::uint8_t> scratch_;
    int spareBits_ = -1;
};

}  // namespace glnoise::io::detail
