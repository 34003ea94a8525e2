// SPDX-License-Identifier: MIT
// OutputFile: an unnamed file in the target's directory, named only when complete.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "core/io/internal.hpp"
#include "glnoise/error.hpp"
#include "glnoise/io.hpp"

namespace glnoise::io {

using detail::baseName;
using detail::parentDirectory;


namespace {
constexpr std::size_t kBufferBytes = std::size_t{1} << 20;

[[noreturn]] void fail(const std::string& path, const char* what) {
    throw IoError(std::string(what) + " " + path + " failed: " + std::strerror(errno));
}

// A process as a hidden temporary's name holds it: its pid and its start time in clock
// ticks since boot (/proc/PID/stat, field 22), so that a pid used again by another process
// is not taken for the owner. Empty when the process does not exist.
std::string processTag(const std::string& pid) {
    std::FILE* f = std::fopen(("/proc/" + pid + "/stat").c_str(), "r");
    if (!f) return {};
    char buf[1024];
    const std::size_t n = std::fread(buf, 1, sizeof buf - 1, f);
    std::fclose(f);
    buf[n] = '\0';
    const char* p = std::strrchr(buf, ')');  // the command name may hold spaces and ')'
    if (!p) return {};
    // Fields 3 on after the name; the start time is field 22, the 20th of them.
    int field = 2;
    for (++p; *p && field < 22; ++p)
        if (*p == ' ') ++field;
    std::string start;
    for (; *p >= '0' && *p <= '9'; ++p) start += *p;
    return start.empty() ? std::string() : pid + "." + start;
}

const std::string& ownTag() {
    static const std::string tag = processTag(std::to_string(::getpid()));
    return tag;
}

// The prefix of the hidden temporaries of `path` ("dir/.name.glnoise-"); this process's
// own add its tag and a dash.
std::string tempPrefix(const std::string& path) { return parentDirectory(path) + "/." + baseName(path) + ".glnoise-"; }

// Removes the hidden temporaries of `path` whose owner is gone (a bake killed with
// SIGKILL between staging its slices and renaming them): those named with an owner's tag
// whose process no longer runs. Others (a live bake's, or ones named otherwise) stay.
void removeOrphans(const std::string& path) {
    const std::string dir = parentDirectory(path);
    const std::string prefix = "." + baseName(path) + ".glnoise-";
    std::error_code ec;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.compare(0, prefix.size(), prefix) != 0) continue;
        // .NAME.glnoise-PID.START-XXXXXX
        const std::string rest = name.substr(prefix.size());
        const auto dot = rest.find('.'), dash = rest.find('-');
        if (dot == std::string::npos || dash == std::string::npos || dot == 0 || dash < dot) continue;
        const std::string pid = rest.substr(0, dot);
        if (pid.find_first_not_of("0123456789") != std::string::npos || pid.size() > 10) continue;
        if (processTag(pid) == rest.substr(0, dash)) continue;  // its owner still runs
        std::error_code gone;
        std::filesystem::remove(it->path(), gone);
    }
}
}  // namespace

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
    if (path_.empty()) throw ValidationError("out '': must name a file");
    struct stat st {};
    if (path_.back() == '/' || (::stat(path_.c_str(), &st) == 0 && S_ISDIR(st.st_mode)))
        throw ValidationError(Violation{"out", path_ + ": is a directory; give a file name"});
    const std::string dir = parentDirectory(path_);
    if (::stat(dir.c_str(), &st) != 0)
        throw ValidationError(Violation{"out", path_ + ": directory " + dir + " does not exist"});
    if (!S_ISDIR(st.st_mode)) throw ValidationError(Violation{"out", path_ + ": " + dir + " is not a directory"});
    // A file its owner made read-only is not replaced (root's writes would pass a check of
    // access rights: the mode bits say it).
    if (::stat(path_.c_str(), &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 0222) == 0) {
        char mode[8];
        std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
        throw ValidationError(Violation{"out", path_ + ": is write-protected (mode " + mode +
                                                   "); glnoise replaces no read-only file: make it writable (chmod u+w) "
                                                   "or remove it first"});
    }
    removeOrphans(path_);
    const mode_t mask = ::umask(0);
    ::umask(mask);
    // An unnamed file vanishes with the process, however it ends (even SIGKILL).
    fd_ = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666 & ~mask);
    if (fd_ >= 0) {
        unnamed_ = true;
    } else if (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL || errno == ENOENT) {
        std::string tmpl = tempPrefix(path_) + ownTag() + "-XXXXXX";
        fd_ = ::mkstemp(tmpl.data());
        if (fd_ >= 0) temp_ = tmpl;
    }
    if (fd_ < 0)
        throw ValidationError(Violation{"out", path_ + ": cannot create a file in " + dir + ": " + std::strerror(errno)});
    buffer_.reserve(kBufferBytes);
}

OutputFile::~OutputFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_ && !temp_.empty()) ::unlink(temp_.c_str());
}

namespace {
// Every 8 MiB written, the kernel is asked to start writing them to the disk, so that
// the device works while the rest is made, and the fsync at the end waits only for the
// last of it. A hint: where it is refused, that fsync still writes everything.
constexpr off_t kWritebackBytes = off_t{8} << 20;

void startWriteback(int fd, std::size_t written) {
    const off_t end = ::lseek(fd, 0, SEEK_CUR);
    if (end < 0) return;
    const off_t from = (end - static_cast<off_t>(written)) / kWritebackBytes * kWritebackBytes;
    const off_t to = end / kWritebackBytes * kWritebackBytes;
    if (to > from) (void)::sync_file_range(fd, from, to - from, SYNC_FILE_RANGE_WRITE);
}

void writeAll(int fd, const char* p, std::size_t bytes, const std::string& path) {
    const std::size_t all = bytes;
    while (bytes > 0) {
        const ssize_t n = ::write(fd, p, bytes);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail(path, "writing");
        }
        p += n;
        bytes -= static_cast<std::size_t>(n);
    }
    startWriteback(fd, all);
}
}  // namespace

void OutputFile::flush() {
    writeAll(fd_, buffer_.data(), buffer_.size(), path_);
    buffer_.clear();
}

void OutputFile::write(const void* data, std::size_t bytes) {
    if (fd_ < 0) throw IoError("writing " + path_ + " failed: the file was already closed");
    const auto* p = static_cast<const char*>(data);
    position_ += bytes;
    if (buffer_.size() + bytes > kBufferBytes) flush();
    if (bytes >= kBufferBytes) {
        writeAll(fd_, p, bytes, path_);  // large writes skip the buffer
        return;
    }
    buffer_.insert(buffer_.end(), p, p + bytes);
}

void OutputFile::seek(std::uint64_t position) {
    flush();
    if (::lseek(fd_, static_cast<off_t>(position), SEEK_SET) < 0) fail(path_, "seeking in");
    position_ = position;
}

void OutputFile::materialize() {
    // linkat through /proc/self/fd needs no privilege (AT_EMPTY_PATH would).
    const std::string proc = "/proc/self/fd/" + std::to_string(fd_);
    for (int attempt = 0; attempt < 100; ++attempt) {
        // Named for its owner, so that a later bake of the same path removes it once the
        // owner is gone (a SIGKILL leaves staged slices behind).
        std::string tmpl = tempPrefix(path_) + ownTag() + "-XXXXXX";
        // mktemp's name is only a candidate: linkat fails with EEXIST rather than replace.
        if (::mkstemp(tmpl.data()) < 0) fail(path_, "naming");
        ::unlink(tmpl.c_str());
        if (::linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, tmpl.c_str(), AT_SYMLINK_FOLLOW) == 0) {
            temp_ = tmpl;
            unnamed_ = false;
            return;
        }
        if (errno != EEXIST) fail(path_, "naming");
    }
    fail(path_, "naming");
}

void OutputFile::stage() {
    if (fd_ < 0) return;
    flush();
    if (!unnamed_) {
        // mkstemp makes the file 0600; give it the permissions a normally created file has.
        const mode_t mask = ::umask(0);
        ::umask(mask);
        if (::fchmod(fd_, 0666 & ~mask) != 0) fail(path_, "writing");
    }
    if (::fsync(fd_) != 0) fail(path_, "writing");
    if (unnamed_) materialize();
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail(path_, "writing");
}

void OutputFile::commit() {
    stage();
    if (::rename(temp_.c_str(), path_.c_str()) != 0)
        throw IoError("renaming " + temp_ + " to " + path_ + " failed: " + std::strerror(errno));
    committed_ = true;
}

void OutputFile::commitTogether(const std::vector<OutputFile*>& files) {
    for (OutputFile* f : files) f->stage();
    // One lock per directory, taken in a fixed order so that two processes never wait on
    // each other's.
    std::vector<std::string> dirs;
    dirs.reserve(files.size());
    for (OutputFile* f : files)
        dirs.push_back(std::filesystem::absolute(std::filesystem::path(f->path())).parent_path().string());
    std::sort(dirs.begin(), dirs.end());
    dirs.erase(std::unique(dirs.begin(), dirs.end()), dirs.end());
    std::vector<int> locks;
    struct Unlock {
        std::vector<int>& fds;
        ~Unlock() {
            for (int fd : fds) ::close(fd);  // closing releases the flock
        }
    } unlock{locks};
    for (const std::string& dir : dirs) {
        const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0) throw IoError("opening " + dir + " to commit into it failed: " + std::strerror(errno));
        locks.push_back(fd);
        while (::flock(fd, LOCK_EX) != 0) {
            if (errno != EINTR) throw IoError("locking " + dir + " failed: " + std::strerror(errno));
        }
    }
    for (OutputFile* f : files) f->commit();
}

}  // namespace glnoise::io
