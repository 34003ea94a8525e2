// SPDX-License-Identifier: MIT
// What every erosion pass shares: the grid, the iteration's numbers and the neighbours'
// offsets, as src/erosion/kernels.hpp (the C++ twin) has them. Each pass declares its own
// buffers; every float expression is `precise`, computed as written, as the twin computes it.

layout(local_size_x = 8, local_size_y = 8) in;

uniform ivec2 u_size;
uniform float u_cell, u_area, u_dt, u_rain, u_pipe, u_keep;
uniform float u_capacity, u_dissolve, u_settle, u_min_slope, u_inverse_full_depth, u_half_inverse_cell;
uniform float u_talus, u_talus_diagonal, u_thermal;
uniform int u_has_rain, u_has_hardness;

// The four pipes (-x, +x, -y, +y), then the diagonals; the direction that points back.
const int kDx8[8] = int[8](-1, 1, 0, 0, -1, 1, -1, 1);
const int kDy8[8] = int[8](0, 0, -1, 1, -1, -1, 1, 1);
const int kBack8[8] = int[8](1, 0, 3, 2, 7, 6, 5, 4);

bool inside(int x, int y) { return x >= 0 && y >= 0 && x < u_size.x && y < u_size.y; }
uint at(int x, int y) { return uint(y) * uint(u_size.x) + uint(x); }
