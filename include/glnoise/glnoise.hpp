// SPDX-License-Identifier: MIT
// glnoise/glnoise.hpp: everything public in one include.
#pragma once

#include "glnoise/catalogue.hpp"
#include "glnoise/colormap.hpp"
#include "glnoise/erosion.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/error.hpp"
#include "glnoise/fields.hpp"
#include "glnoise/format.hpp"
#include "glnoise/glsl.hpp"
#include "glnoise/graph.hpp"
#include "glnoise/gpu.hpp"
#include "glnoise/image.hpp"
#include "glnoise/io.hpp"
#include "glnoise/permutation.hpp"
#include "glnoise/spec.hpp"
