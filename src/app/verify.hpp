// SPDX-License-Identifier: MIT
// glnoise verify: is a file what its record says it is? A raw file against its sidecar
// (size, layout and the SHA-256 of its data), a .png or .exr read from end to end against
// its own record, a volume's PNG slices as a set from one bake.
#pragma once

#include <string>

namespace glnoise::app {

// Checks one output: a .png, .exr, raw file (.r16, .raw, .r32) or its .json sidecar, or
// a volume's slice pattern ('slices/cloud_%03d.png'). Returns one line saying what it
// holds and what was checked; anything that does not match is an Error naming the path
// and what is wrong (a missing or unreadable file included).
std::string verifyOutput(const std::string& path);

// For bake --from and the preview's --from: the file must be the bake its record describes.
// A raw file or its sidecar: its data against the sidecar (sidecars of glnoise 0.2.0 and
// earlier have no digest; their size is checked). A PNG or OpenEXR file that holds a digest
// of its samples (0.17.0 on): read whole, its samples against it; earlier images hold none.
// A ValidationError "SOURCE: why" otherwise.
void checkAgainstRecord(const std::string& path, const std::string& recordText, const std::string& source);

}  // namespace glnoise::app
