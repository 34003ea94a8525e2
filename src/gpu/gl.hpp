// SPDX-License-Identifier: MIT
// The one place glnoise includes the generated GL loader. Never included by public headers.
#pragma once

#include <glad/gl.h>
