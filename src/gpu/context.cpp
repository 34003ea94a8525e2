// SPDX-License-Identifier: MIT
#include <glad/egl.h>

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "glnoise/error.hpp"
#include "glnoise/gpu.hpp"
#include "gpu/gl.hpp"

namespace glnoise::gpu {

namespace {

const char* eglErrorName(EGLint e) {
    switch (e) {
        case EGL_SUCCESS: return "EGL_SUCCESS";
        case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
        case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
        case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
        case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
        case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
        case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
        case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
        case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
        case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
        case EGL_BAD_SURFACE: return "EGL_BAD_SURFACE";
        default: return "EGL error";
    }
}

std::string eglFailure(const char* what) {
    return std::string(what) + " failed (" + eglErrorName(eglGetError()) + ")";
}

bool hasExtension(const char* list, const char* name) {
    if (!list) return false;
    const std::size_t n = std::strlen(name);
    for (const char* p = list; (p = std::strstr(p, name)) != nullptr; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
    return false;
}

void GLAD_API_PTR debugCallback(GLenum, GLenum type, GLuint, GLenum severity, GLsizei,
                                const GLchar* message, const void*) {
    const char* sev = severity == GL_DEBUG_SEVERITY_HIGH     ? "high"
                      : severity == GL_DEBUG_SEVERITY_MEDIUM ? "medium"
                      : severity == GL_DEBUG_SEVERITY_LOW    ? "low"
                                                             : "note";
    const char* kind = type == GL_DEBUG_TYPE_ERROR ? "error" : type == GL_DEBUG_TYPE_PERFORMANCE ? "performance" : "message";
    std::fprintf(stderr, "glnoise: GL %s (%s): %s\n", kind, sev, message);
}

// Ask for the newest core version first and step down to 4.3, the least compute needs.
constexpr int kVersions[][2] = {{4, 6}, {4, 5}, {4, 3}};

// What a context made with no version asked for offers, "4.2 (Core Profile) Mesa 22.3.6 on
// llvmpipe", or "" when not even that can be made.
std::string offeredVersion(EGLDisplay dpy, EGLConfig config) {
    const EGLint none[] = {EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, none);
    if (ctx == EGL_NO_CONTEXT) return {};
    std::string text;
    if (eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        using GetString = const unsigned char* (*)(unsigned int);
        if (auto get = reinterpret_cast<GetString>(eglGetProcAddress("glGetString"))) {
            const auto* version = reinterpret_cast<const char*>(get(GL_VERSION));
            const auto* renderer = reinterpret_cast<const char*>(get(GL_RENDERER));
            if (version) text = std::string(version) + (renderer ? std::string(" on ") + renderer : "");
        }
        eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    }
    eglDestroyContext(dpy, ctx);
    return text;
}

// Reads the limits of the current context and, for a debug context, installs the
// KHR_debug callback.
void finishSetup(ContextInfo& info, bool debug) {
    auto str = [](GLenum e) {
        const auto* s = reinterpret_cast<const char*>(glGetString(e));
        return std::string(s ? s : "");
    };
    info.vendor = str(GL_VENDOR);
    info.renderer = str(GL_RENDERER);
    info.software = isSoftwareRenderer(info.renderer);
    info.version = str(GL_VERSION);
    info.glslVersion = str(GL_SHADING_LANGUAGE_VERSION);
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &info.maxTextureSize);
    glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &info.max3dTextureSize);
    for (GLuint i = 0; i < 3; ++i) {
        glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, i, &info.maxWorkGroupCount[i]);
        glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, i, &info.maxWorkGroupSize[i]);
    }
    glGetIntegerv(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, &info.maxWorkGroupInvocations);
    glGetIntegerv(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, &info.maxSharedMemory);
    GLint64 ssbo = 0;
    glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &ssbo);
    info.maxStorageBlockSize = ssbo;
    GLint64 ubo = 0;
    glGetInteger64v(GL_MAX_UNIFORM_BLOCK_SIZE, &ubo);
    info.maxUniformBlockSize = ubo;
    glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &info.uniformOffsetAlignment);
    GLint strategy = GL_NO_RESET_NOTIFICATION;
    glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY, &strategy);
    info.reportsResets = strategy == GL_LOSE_CONTEXT_ON_RESET && GLAD_GL_VERSION_4_5;

    if (debug) {
        glEnable(GL_DEBUG_OUTPUT);
        glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
        glDebugMessageCallback(debugCallback, nullptr);
        // Notifications are chatter (buffer placement and the like); keep the rest.
        glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_NOTIFICATION, 0, nullptr, GL_FALSE);
    }
}

}  // namespace

bool isSoftwareRenderer(const std::string& renderer) {
    std::string r = renderer;
    for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const char* name : {"llvmpipe", "softpipe", "swrast", "software rasterizer", "basic render driver"})
        if (r.find(name) != std::string::npos) return true;
    return false;
}

struct Context::Impl {
    EGLDisplay display = EGL_NO_DISPLAY;
    EGLContext context = EGL_NO_CONTEXT;
    ContextInfo info;

    ~Impl() {
        if (display != EGL_NO_DISPLAY) {
            eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
            if (context != EGL_NO_CONTEXT) eglDestroyContext(display, context);
            eglTerminate(display);
        }
    }

    // Initializes dpy and makes a 4.3+ core context current on it; on failure returns
    // the reason and leaves nothing behind.
    std::string tryDisplay(EGLDisplay dpy, bool debug) {
        if (dpy == EGL_NO_DISPLAY) return eglFailure("getting the display");
        EGLint major = 0, minor = 0;
        if (!eglInitialize(dpy, &major, &minor)) return eglFailure("eglInitialize");
        auto fail = [&](std::string why) {
            eglTerminate(dpy);
            return why;
        };
        if (!gladLoaderLoadEGL(dpy)) return fail("loading EGL display functions failed");
        const char* ext = eglQueryString(dpy, EGL_EXTENSIONS);
        if (!hasExtension(ext, "EGL_KHR_surfaceless_context"))
            return fail("EGL_KHR_surfaceless_context is missing");
        if (!eglBindAPI(EGL_OPENGL_API)) return fail(eglFailure("eglBindAPI(EGL_OPENGL_API)"));

        EGLConfig config = EGL_NO_CONFIG_KHR;
        if (!hasExtension(ext, "EGL_KHR_no_config_context")) {
            const EGLint want[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE, 0, EGL_NONE};
            EGLint count = 0;
            if (!eglChooseConfig(dpy, want, &config, 1, &count) || count < 1)
                return fail("no EGLConfig for desktop OpenGL");
        }
        EGLContext ctx = EGL_NO_CONTEXT;
        std::string lastError;
        // A robust context reports a GPU reset (glGetGraphicsResetStatus) instead of
        // returning garbage or hanging; EGL 1.5 asks for one, and a driver that cannot
        // make one still gets a plain context.
        const bool robustKnown = major > 1 || (major == 1 && minor >= 5);
        for (const auto& v : kVersions) {
            for (bool robust : {true, false}) {
                if (robust && !robustKnown) continue;
                std::vector<EGLint> attribs = {EGL_CONTEXT_MAJOR_VERSION, v[0],
                                               EGL_CONTEXT_MINOR_VERSION, v[1],
                                               EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                               EGL_CONTEXT_OPENGL_DEBUG, debug ? EGL_TRUE : EGL_FALSE};
                if (robust)
                    attribs.insert(attribs.end(),
                                   {EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY, EGL_LOSE_CONTEXT_ON_RESET});
                attribs.push_back(EGL_NONE);
                ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs.data());
                if (ctx != EGL_NO_CONTEXT) break;
            }
            if (ctx != EGL_NO_CONTEXT) break;
            lastError = eglFailure("eglCreateContext for OpenGL 4.3 core");
        }
        if (ctx == EGL_NO_CONTEXT) {
            const std::string offered = offeredVersion(dpy, config);
            if (!offered.empty())
                lastError = "OpenGL 4.3 core with compute shaders is needed; this driver offers " + offered;
        }
        if (ctx == EGL_NO_CONTEXT) return fail(lastError);
        if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
            std::string why = eglFailure("eglMakeCurrent without a surface");
            eglDestroyContext(dpy, ctx);
            return fail(why);
        }
        const int glVersion = gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress));
        if (!glVersion || GLAD_VERSION_MAJOR(glVersion) < 4 ||
            (GLAD_VERSION_MAJOR(glVersion) == 4 && GLAD_VERSION_MINOR(glVersion) < 3)) {
            const char* got = glVersion ? reinterpret_cast<const char*>(glGetString(GL_VERSION)) : nullptr;
            std::string why = std::string("OpenGL 4.3 core with compute shaders is needed, got ") +
                              (got ? got : "no loadable OpenGL");
            eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
            eglDestroyContext(dpy, ctx);
            return fail(why);
        }
        display = dpy;
        context = ctx;
        info.eglVersion = std::to_string(major) + "." + std::to_string(minor);
        return {};
    }
};

Context::Context(const ContextOptions& options) : impl_(std::make_unique<Impl>()) {
    const std::string hint =
        "install libegl1, libegl-mesa0 and libgl1-mesa-dri for software rendering (Mesa llvmpipe) "
        "or a GPU driver with EGL; if EGL picks a vendor library with no driver behind it, set "
        "__EGL_VENDOR_LIBRARY_FILENAMES=/usr/share/glvnd/egl_vendor.d/50_mesa.json";
    if (!gladLoaderLoadEGL(EGL_NO_DISPLAY))
        throw GpuError("no OpenGL context: libEGL.so.1 could not be loaded; " + hint);

    std::string only = options.platform;
    if (only.empty())
        if (const char* env = std::getenv("GLNOISE_EGL_PLATFORM")) only = env;
    if (!only.empty() && only != "device" && only != "surfaceless" && only != "default")
        throw ValidationError("egl platform " + only + ": must be device, surfaceless or default");

    const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    std::vector<std::string> tried;
    auto attempt = [&](const std::string& name, const std::string& device, EGLDisplay dpy) {
        const std::string why = impl_->tryDisplay(dpy, options.debug);
        if (why.empty()) {
            impl_->info.platform = name;
            impl_->info.device = device;
            return true;
        }
        tried.push_back(name + (device.empty() ? "" : " " + device) + ": " + why);
        return false;
    };

    bool ok = false;
    // 1. Hardware devices through EGL_EXT_platform_device (how NVIDIA runs headless).
    if (!ok && (only.empty() || only == "device")) {
        if (!hasExtension(client, "EGL_EXT_platform_device") || !eglQueryDevicesEXT) {
            tried.push_back("device: EGL_EXT_platform_device is not offered");
        } else {
            EGLDeviceEXT devices[16];
            EGLint count = 0;
            if (!eglQueryDevicesEXT(16, devices, &count)) count = 0;
            int hardware = 0;
            for (EGLint i = 0; i < count && !ok; ++i) {
                const char* dext = eglQueryDeviceStringEXT ? eglQueryDeviceStringEXT(devices[i], EGL_EXTENSIONS) : nullptr;
                if (hasExtension(dext, "EGL_MESA_device_software")) continue;  // surfaceless covers it
                ++hardware;
                std::string name = "#" + std::to_string(i);
                if (hasExtension(dext, "EGL_EXT_device_drm"))
                    if (const char* node = eglQueryDeviceStringEXT(devices[i], EGL_DRM_DEVICE_FILE_EXT))
                        name = node;
                ok = attempt("device", name,
                             eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr));
            }
            if (hardware == 0) tried.push_back("device: no hardware EGL device (" + std::to_string(count) + " in all)");
        }
    }
    // 2. Mesa's surfaceless platform: llvmpipe on a machine without a GPU.
    if (!ok && (only.empty() || only == "surfaceless")) {
        if (!hasExtension(client, "EGL_MESA_platform_surfaceless"))
            tried.push_back("surfaceless: EGL_MESA_platform_surfaceless is not offered");
        else
            ok = attempt("surfaceless", "",
                         eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr));
    }
    // 3. Whatever the default display is.
    if (!ok && (only.empty() || only == "default"))
        ok = attempt("default", "", eglGetDisplay(EGL_DEFAULT_DISPLAY));

    if (!ok) {
        std::string msg = "no OpenGL 4.3 core context through EGL; tried ";
        for (std::size_t i = 0; i < tried.size(); ++i) msg += (i ? "; " : "") + tried[i];
        throw GpuError(msg + ". To fix: " + hint);
    }

    finishSetup(impl_->info, options.debug);
}

Context::Context(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Context Context::adoptCurrent(GetProcAddress getProcAddress, const ContextOptions& options) {
    if (!getProcAddress) throw ValidationError("adoptCurrent: getProcAddress is null");
    const int glVersion = gladLoadGL(reinterpret_cast<GLADloadfunc>(getProcAddress));
    if (!glVersion) throw GpuError("no current OpenGL context to adopt (loading GL through it failed)");
    if (GLAD_VERSION_MAJOR(glVersion) < 4 || (GLAD_VERSION_MAJOR(glVersion) == 4 && GLAD_VERSION_MINOR(glVersion) < 3))
        throw GpuError(std::string("OpenGL 4.3 core with compute shaders is needed, the current context is ") +
                       reinterpret_cast<const char*>(glGetString(GL_VERSION)));
    auto impl = std::make_unique<Impl>();
    impl->info.platform = "current";
    finishSetup(impl->info, options.debug);
    return Context(std::move(impl));
}

Context::~Context() = default;
Context::Context(Context&&) noexcept = default;
Context& Context::operator=(Context&&) noexcept = default;

const ContextInfo& Context::info() const noexcept { return impl_->info; }

}  // namespace glnoise::gpu
