// SPDX-License-Identifier: MIT
// Preloaded into the sanitized test runs (tests/hardening/hardening.cmake): keeps the GL
// driver's shared objects mapped until the process exits, by making dlclose() a no-op for
// them alone.
//
// Why: Mesa's EGL unloads its DRI driver (swrast_dri.so) at eglTerminate and exit. On AMD
// Zen processors the driver's one-time CPU detection (util_cpu_detect, under a
// pthread_once in eglInitialize) reallocs util_cpu_caps.L3_affinity_mask, 128 bytes per
// L3 cache, and keeps it in a global for the life of the process. Once the driver is
// unmapped that global is gone, and LeakSanitizer, running after it, reports the block as
// a direct leak from an <unknown module>. With the driver mapped the block is reachable
// and nothing is reported, while a leak of the driver's own or of glnoise's is still
// reported, with a stack that symbolises. No suppression is needed.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <string.h>

static int isDriver(const char* path) {
    if (!path) return 0;
    const char* name = strrchr(path, '/');
    name = name ? name + 1 : path;
    return strstr(name, "_dri.so") != NULL || strncmp(name, "libgallium", 10) == 0 ||
           strncmp(name, "libEGL_mesa", 11) == 0 || strncmp(name, "libGLX_mesa", 11) == 0;
}

int dlclose(void* handle) {
    static int (*real)(void*) = NULL;
    if (!real) real = (int (*)(void*))dlsym(RTLD_NEXT, "dlclose");
    struct link_map* map = NULL;
    if (handle && dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map && isDriver(map->l_name)) return 0;
    return real(handle);
}
