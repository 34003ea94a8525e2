// SPDX-License-Identifier: MIT
#version 430
// glnoise-preview: min and max of an r32f image, a reduction per 16x16 workgroup in shared
// memory, then one atomic per workgroup on floats mapped to order-preserving ints. Built
// with GLN_VOLUME defined for an r32f 3D image (the slices view), one z per workgroup layer.
layout(local_size_x = 16, local_size_y = 16) in;
#ifdef GLN_VOLUME
layout(r32f, binding = 0) uniform readonly image3D u_values;
#define GLN_ID ivec3(gl_GlobalInvocationID)
#define GLN_ID_TYPE ivec3
#else
layout(r32f, binding = 0) uniform readonly image2D u_values;
#define GLN_ID ivec2(gl_GlobalInvocationID.xy)
#define GLN_ID_TYPE ivec2
#endif
layout(std430, binding = 4) buffer MinMax { int minOrdered; int maxOrdered; };
shared float lo[256];
shared float hi[256];

int ordered(float f) {
    int i = floatBitsToInt(f);
    return i >= 0 ? i : i ^ 0x7FFFFFFF;
}

void main() {
    GLN_ID_TYPE id = GLN_ID;
    uint l = gl_LocalInvocationIndex;
    bool inside = all(lessThan(id, imageSize(u_values)));
    float v = inside ? imageLoad(u_values, id).r : 0.0;
    lo[l] = inside ? v : 3.0e38;
    hi[l] = inside ? v : -3.0e38;
    barrier();
    for (uint stride = 128u; stride > 0u; stride >>= 1) {
        if (l < stride) {
            lo[l] = min(lo[l], lo[l + stride]);
            hi[l] = max(hi[l], hi[l + stride]);
        }
        barrier();
    }
    if (l == 0u) {
        atomicMin(minOrdered, ordered(lo[0]));
        atomicMax(maxOrdered, ordered(hi[0]));
    }
}
