// SPDX-License-Identifier: MIT
// What the io files share inside the library: path helpers and each format's readers.
#pragma once

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

}  // namespace glnoise::io::detail
