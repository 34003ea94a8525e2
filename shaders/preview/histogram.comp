// SPDX-License-Identifier: MIT
#version 430
// glnoise-preview: a histogram of an r32f image, 256 bins over [u_lo, u_lo + 256 / u_bin_scale),
// with the texels below and above the display's range (u_range) counted apart: the share
// the mapping clips. Bins are counted per 16x16 workgroup in shared memory, then added to
// the buffer once per non-empty bin. Built with GLN_VOLUME defined for an r32f 3D image.
layout(local_size_x = 16, local_size_y = 16) in;
#ifdef GLN_VOLUME
layout(r32f, binding = 0) uniform readonly image3D u_values;
#define GLN_ID_TYPE ivec3
#define GLN_ID ivec3(gl_GlobalInvocationID)
#else
layout(r32f, binding = 0) uniform readonly image2D u_values;
#define GLN_ID_TYPE ivec2
#define GLN_ID ivec2(gl_GlobalInvocationID.xy)
#endif
layout(std430, binding = 5) buffer Histogram {
    uint bins[256];
    uint below;  // v < u_range.x
    uint above;  // v > u_range.y
    uint nans;
};
uniform float u_lo;
uniform float u_bin_scale;  // 256 / (hi - lo)
uniform vec2 u_range;
shared uint local_bins[256];
shared uint local_below;
shared uint local_above;
shared uint local_nans;

void main() {
    uint l = gl_LocalInvocationIndex;
    local_bins[l] = 0u;
    if (l == 0u) {
        local_below = 0u;
        local_above = 0u;
        local_nans = 0u;
    }
    barrier();
    GLN_ID_TYPE id = GLN_ID;
    if (all(lessThan(id, imageSize(u_values)))) {
        float v = imageLoad(u_values, id).r;
        if (isnan(v)) {
            atomicAdd(local_nans, 1u);
        } else {
            precise float t = (v - u_lo) * u_bin_scale;
            atomicAdd(local_bins[int(clamp(floor(t), 0.0, 255.0))], 1u);
            if (v < u_range.x) atomicAdd(local_below, 1u);
            if (v > u_range.y) atomicAdd(local_above, 1u);
        }
    }
    barrier();
    if (local_bins[l] != 0u) atomicAdd(bins[l], local_bins[l]);
    if (l == 0u) {
        atomicAdd(below, local_below);
        atomicAdd(above, local_above);
        atomicAdd(nans, local_nans);
    }
}
