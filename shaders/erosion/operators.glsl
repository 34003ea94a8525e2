// SPDX-License-Identifier: MIT
// What the heightfield operators' passes share (src/erosion/erosion.cpp has their twins):
// the grid and the neighbours' offsets. Every float expression is `precise`.

layout(local_size_x = 8, local_size_y = 8) in;

uniform ivec2 u_size;

const int kDx8[8] = int[8](-1, 1, 0, 0, -1, 1, -1, 1);
const int kDy8[8] = int[8](0, 0, -1, 1, -1, -1, 1, 1);

bool inside(int x, int y) { return x >= 0 && y >= 0 && x < u_size.x && y < u_size.y; }
uint at(int x, int y) { return uint(y) * uint(u_size.x) + uint(x); }
