// SPDX-License-Identifier: MIT
#include <cctype>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <exception>
#include <utility>

#include <nlohmann/json.hpp>

#include "glnoise/error.hpp"
#include "glnoise/io.hpp"
#include "glnoise/version.hpp"

#include <spng.h>
#include <zlib.h>

#include <OpenEXR/ImfChannelList.h>
#include <OpenEXR/ImfFrameBuffer.h>
#include <OpenEXR/ImfHeader.h>
#include <OpenEXR/ImfIO.h>
#include <OpenEXR/ImfInputFile.h>
#include <OpenEXR/ImfOutputFile.h>
#include <OpenEXR/ImfStandardAttributes.h>
#include <OpenEXR/ImfStringAttribute.h>

namespace glnoise::io {

namespace {

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string parentDirectory(const std::string& path) {
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos) return ".";
    if (slash == 0) return "/";
    return path.substr(0, slash);
}

std::string baseName(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

Format formatForPath(const std::string& path) {
    // The extension in any case: UP.PNG is a PNG.
    std::string lower = path.substr(path.size() < 4 ? 0 : path.size() - 4);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (endsWith(lower, ".png")) return Format::Png;
    if (endsWith(lower, ".exr")) return Format::Exr;
    if (endsWith(lower, ".r16") || endsWith(lower, ".raw")) return Format::Raw16;
    if (endsWith(lower, ".r32")) return Format::RawF32;
    throw ValidationError("out " + path +
                          ": unknown file type; allowed: .png (8- or 16-bit), .exr (float32), .r16 or .raw "
                          "(16-bit raw + .json sidecar), .r32 (float32 raw + .json sidecar)");
}

const char* extensionOf(Format format) {
    switch (format) {
        case Format::Png: return ".png";
        case Format::Exr: return ".exr";
        case Format::Raw16: return ".r16";
        case Format::RawF32: return ".r32";
    }
    return "";
}

namespace {
double mapped(float value, ValueRange range, double top) {
    const double t = (static_cast<double>(value) - range.min) / (range.max - range.min);
    return std::min(top, std::max(0.0, std::round(t * top)));
}
}  // namespace

std::uint8_t quantize8(float value, ValueRange range) noexcept {
    if (std::isnan(value)) return 0;
    return static_cast<std::uint8_t>(mapped(value, range, 255.0));
}

std::uint16_t quantize16(float value, ValueRange range) noexcept {
    if (std::isnan(value)) return 0;
    return static_cast<std::uint16_t>(mapped(value, range, 65535.0));
}

// ---- OutputFile --------------------------------------------------------------------------

namespace {
constexpr std::size_t kBufferBytes = std::size_t{1} << 20;

[[noreturn]] void fail(const std::string& path, const char* what) {
    throw IoError(std::string(what) + " " + path + " failed: " + std::strerror(errno));
}
}  // namespace

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
    if (path_.empty()) throw ValidationError("out '': must name a file");
    struct stat st {};
    if (path_.back() == '/' || (::stat(path_.c_str(), &st) == 0 && S_ISDIR(st.st_mode)))
        throw ValidationError("out " + path_ + ": is a directory; give a file name");
    const std::string dir = parentDirectory(path_);
    if (::stat(dir.c_str(), &st) != 0)
        throw ValidationError("out " + path_ + ": directory " + dir + " does not exist");
    if (!S_ISDIR(st.st_mode)) throw ValidationError("out " + path_ + ": " + dir + " is not a directory");
    const mode_t mask = ::umask(0);
    ::umask(mask);
    // An unnamed file vanishes with the process, however it ends (even SIGKILL).
    fd_ = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666 & ~mask);
    if (fd_ >= 0) {
        unnamed_ = true;
    } else if (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL || errno == ENOENT) {
        std::string tmpl = dir + "/." + baseName(path_) + ".glnoise-XXXXXX";
        fd_ = ::mkstemp(tmpl.data());
        if (fd_ >= 0) temp_ = tmpl;
    }
    if (fd_ < 0)
        throw ValidationError("out " + path_ + ": cannot create a file in " + dir + ": " + std::strerror(errno));
    buffer_.reserve(kBufferBytes);
}

OutputFile::~OutputFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_ && !temp_.empty()) ::unlink(temp_.c_str());
}

namespace {
void writeAll(int fd, const char* p, std::size_t bytes, const std::string& path) {
    while (bytes > 0) {
        const ssize_t n = ::write(fd, p, bytes);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail(path, "writing");
        }
        p += n;
        bytes -= static_cast<std::size_t>(n);
    }
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
    const std::string dir = parentDirectory(path_);
    const std::string proc = "/proc/self/fd/" + std::to_string(fd_);
    for (int attempt = 0; attempt < 100; ++attempt) {
        std::string tmpl = dir + "/." + baseName(path_) + ".glnoise-XXXXXX";
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

// ---- PNG (libspng) ------------------------------------------------------------------------

namespace {

class PngWriter final : public RowWriter {
public:
    PngWriter(OutputFile& out, const PngLayout& layout) : out_(out), layout_(layout) {
        if (layout.width < 1 || layout.height < 1)
            throw ValidationError("out " + out.path() + ": a .png needs at least 1x1 pixels");
        if (layout.channels != 1 && layout.channels != 3 && layout.channels != 4)
            throw ValidationError("out " + out.path() + ": a .png holds 1, 3 or 4 channels");
        if (layout.bits != 8 && layout.bits != 16)
            throw ValidationError("bits " + std::to_string(layout.bits) + ": a .png holds 8 or 16 bits");
        ctx_ = spng_ctx_new(SPNG_CTX_ENCODER);
        if (!ctx_) throw IoError("encoding " + out.path() + ": out of memory");
        check(spng_set_png_stream(ctx_, &PngWriter::sink, this));
        spng_ihdr ihdr{};
        ihdr.width = static_cast<std::uint32_t>(layout.width);
        ihdr.height = static_cast<std::uint32_t>(layout.height);
        ihdr.bit_depth = static_cast<std::uint8_t>(layout.bits);
        ihdr.color_type = layout.channels == 1 ? SPNG_COLOR_TYPE_GRAYSCALE
                          : layout.channels == 3 ? SPNG_COLOR_TYPE_TRUECOLOR
                                                 : SPNG_COLOR_TYPE_TRUECOLOR_ALPHA;
        check(spng_set_ihdr(ctx_, &ihdr));
        if (!layout.record.empty()) {
            spng_text text{};
            std::snprintf(text.keyword, sizeof text.keyword, "glnoise");
            text.type = SPNG_TEXT;
            text.length = layout.record.size();
            text.text = const_cast<char*>(layout.record.c_str());
            check(spng_set_text(ctx_, &text, 1));
        }
        check(spng_encode_image(ctx_, nullptr, 0, SPNG_FMT_PNG, SPNG_ENCODE_PROGRESSIVE | SPNG_ENCODE_FINALIZE));
        rowBytes_ = static_cast<std::size_t>(layout.width) * static_cast<std::size_t>(layout.channels) *
                    static_cast<std::size_t>(layout.bits / 8);
    }
    ~PngWriter() override { spng_ctx_free(ctx_); }

    void writeRows(const void* rows, int count) override {
        const auto* p = static_cast<const std::uint8_t*>(rows);
        for (int r = 0; r < count; ++r, p += rowBytes_) {
            if (row_ >= layout_.height) throw IoError("encoding " + out_.path() + ": more rows than the image has");
            const int ret = spng_encode_row(ctx_, p, rowBytes_);
            ++row_;
            if (ret == SPNG_EOI && row_ == layout_.height) continue;
            check(ret);
        }
    }

    void finish() override {
        if (row_ != layout_.height)
            throw IoError("encoding " + out_.path() + ": " + std::to_string(row_) + " of " +
                          std::to_string(layout_.height) + " rows written");
        rethrow();
    }

private:
    static int sink(spng_ctx*, void* user, void* data, std::size_t length) {
        auto* self = static_cast<PngWriter*>(user);
        try {
            self->out_.write(data, length);
        } catch (...) {
            self->error_ = std::current_exception();
            return SPNG_IO_ERROR;
        }
        return 0;
    }
    void rethrow() {
        if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
    }
    void check(int ret) {
        rethrow();
        if (ret != 0) throw IoError("encoding " + out_.path() + " as PNG failed: " + spng_strerror(ret));
    }

    OutputFile& out_;
    PngLayout layout_;
    spng_ctx* ctx_ = nullptr;
    std::size_t rowBytes_ = 0;
    int row_ = 0;
    std::exception_ptr error_;
};

// ---- OpenEXR --------------------------------------------------------------------------------

class ExrStream final : public Imf::OStream {
public:
    explicit ExrStream(OutputFile& out) : Imf::OStream(out.path().c_str()), out_(out) {}
    void write(const char c[], int n) override { out_.write(c, static_cast<std::size_t>(n)); }
    std::uint64_t tellp() override { return out_.tell(); }
    void seekp(std::uint64_t pos) override { out_.seek(pos); }

private:
    OutputFile& out_;
};

class ExrWriter final : public RowWriter {
public:
    ExrWriter(OutputFile& out, const ExrLayout& layout)
        : out_(out), layout_(layout), stream_(out), header_(layout.width, layout.height) {
        if (layout.width < 1 || layout.height < 1 || layout.channels.empty())
            throw ValidationError("out " + out.path() + ": a .exr needs at least 1x1 pixels and a channel");
        header_.compression() = Imf::ZIP_COMPRESSION;
        for (const auto& c : layout.channels) header_.channels().insert(c, Imf::Channel(Imf::FLOAT));
        if (!layout.record.empty()) header_.insert("glnoise", Imf::StringAttribute(layout.record));
        try {
            file_ = std::make_unique<Imf::OutputFile>(stream_, header_);
        } catch (const std::exception& e) {
            throw IoError("encoding " + out.path() + " as OpenEXR failed: " + e.what());
        }
    }

    void writeRows(const void* rows, int count) override {
        const std::size_t x = sizeof(float) * layout_.channels.size();
        const std::size_t y = x * static_cast<std::size_t>(layout_.width);
        // OpenEXR addresses a slice from its row 0: point there from this band's first row.
        const char* base = static_cast<const char*>(rows) - static_cast<std::ptrdiff_t>(y) * row_;
        Imf::FrameBuffer fb;
        for (std::size_t c = 0; c < layout_.channels.size(); ++c)
            fb.insert(layout_.channels[c],
                      Imf::Slice(Imf::FLOAT, const_cast<char*>(base) + c * sizeof(float), x, y));
        try {
            file_->setFrameBuffer(fb);
            file_->writePixels(count);
        } catch (const IoError&) {
            throw;
        } catch (const std::exception& e) {
            throw IoError("encoding " + out_.path() + " as OpenEXR failed: " + e.what());
        }
        row_ += count;
    }

    void finish() override {
        if (row_ != layout_.height)
            throw IoError("encoding " + out_.path() + ": " + std::to_string(row_) + " of " +
                          std::to_string(layout_.height) + " rows written");
        try {
            file_.reset();  // writes the line offset table
        } catch (const IoError&) {
            throw;
        } catch (const std::exception& e) {
            throw IoError("encoding " + out_.path() + " as OpenEXR failed: " + e.what());
        }
    }

private:
    OutputFile& out_;
    ExrLayout layout_;
    ExrStream stream_;
    Imf::Header header_;
    std::unique_ptr<Imf::OutputFile> file_;
    int row_ = 0;
};

class RawWriter final : public RowWriter {
public:
    RawWriter(OutputFile& out, std::size_t rowBytes) : out_(out), rowBytes_(rowBytes) {}
    void writeRows(const void* rows, int count) override {
        out_.write(rows, rowBytes_ * static_cast<std::size_t>(count));
    }
    void finish() override {}

private:
    OutputFile& out_;
    std::size_t rowBytes_;
};

}  // namespace

std::unique_ptr<RowWriter> openPng(OutputFile& out, const PngLayout& layout) {
    return std::make_unique<PngWriter>(out, layout);
}

std::unique_ptr<RowWriter> openExr(OutputFile& out, const ExrLayout& layout) {
    return std::make_unique<ExrWriter>(out, layout);
}

std::unique_ptr<RowWriter> openRaw(OutputFile& out, std::size_t rowBytes) {
    return std::make_unique<RawWriter>(out, rowBytes);
}

// ---- reading records back -------------------------------------------------------------------

namespace {

// Every "glnoise" text chunk of a PNG, wherever it lies: tEXt, zTXt or iTXt, before or
// after the image data (a PNG may place text anywhere; editors that keep text chunks
// often move them after IDAT). The chunks are walked by their lengths, so the image is
// not decoded; each text chunk's CRC is checked.
std::vector<std::string> pngRecords(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) throw ValidationError("from " + path + ": cannot read it: " + std::strerror(errno));
    struct Closer {
        std::FILE* f;
        ~Closer() { std::fclose(f); }
    } closer{f};
    auto bad = [&](const std::string& why) {
        return ValidationError("from " + path + ": not a PNG glnoise can read (" + why + ")");
    };
    static const unsigned char kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    unsigned char signature[8];
    if (std::fread(signature, 1, 8, f) != 8 || std::memcmp(signature, kSignature, 8) != 0)
        throw bad("no PNG signature");
    auto be32 = [](const unsigned char* b) {
        return std::uint32_t{b[0]} << 24 | std::uint32_t{b[1]} << 16 | std::uint32_t{b[2]} << 8 | b[3];
    };
    std::vector<std::string> records;
    bool first = true;
    for (;;) {
        unsigned char head[8];
        if (std::fread(head, 1, 8, f) != 8) throw bad("it ends before its IEND chunk");
        const std::uint32_t length = be32(head);
        const std::string type(reinterpret_cast<const char*>(head + 4), 4);
        if (length > 0x7fffffffu) throw bad("chunk " + type + " is longer than 2^31 - 1 bytes");
        if (first && type != "IHDR") throw bad("its first chunk is " + type + ", not IHDR");
        first = false;
        if (type == "IEND") break;
        const bool text = type == "tEXt" || type == "zTXt" || type == "iTXt";
        if (!text || length > kMaxSmallFile + 1024) {
            if (std::fseek(f, static_cast<long>(length) + 4, SEEK_CUR) != 0) throw bad("a chunk runs past its end");
            continue;
        }
        std::string data(length, '\0');
        unsigned char crc[4];
        if (std::fread(data.data(), 1, length, f) != length || std::fread(crc, 1, 4, f) != 4)
            throw bad("chunk " + type + " runs past its end");
        uLong sum = crc32(0L, head + 4, 4);
        sum = crc32(sum, reinterpret_cast<const Bytef*>(data.data()), static_cast<uInt>(length));
        if (sum != be32(crc)) throw bad("chunk " + type + " fails its CRC");
        const std::size_t nul = data.find('\0');
        if (nul == std::string::npos || data.compare(0, nul, "glnoise") != 0) continue;
        std::string body;
        bool compressed = false;
        if (type == "tEXt") {
            body = data.substr(nul + 1);
        } else if (type == "zTXt") {
            body = data.substr(nul + 2);  // the compression method byte, 0 (zlib)
            compressed = true;
        } else {
            // iTXt: keyword, flag, method, language tag, translated keyword, text
            if (data.size() < nul + 3) throw bad("chunk iTXt \"glnoise\" is cut short");
            compressed = data[nul + 1] != 0;
            const std::size_t language = data.find('\0', nul + 3);
            const std::size_t translated =
                language == std::string::npos ? std::string::npos : data.find('\0', language + 1);
            if (translated == std::string::npos) throw bad("chunk iTXt \"glnoise\" is cut short");
            body = data.substr(translated + 1);
        }
        if (compressed) {
            std::string plain(kMaxSmallFile, '\0');
            uLongf size = static_cast<uLongf>(plain.size());
            if (uncompress(reinterpret_cast<Bytef*>(plain.data()), &size, reinterpret_cast<const Bytef*>(body.data()),
                           static_cast<uLong>(body.size())) != Z_OK)
                throw bad("chunk " + type + " \"glnoise\" does not inflate to at most 1 MiB");
            plain.resize(size);
            body = std::move(plain);
        }
        records.push_back(std::move(body));
    }
    return records;
}

std::string exrRecord(const std::string& path) {
    try {
        Imf::InputFile file(path.c_str());
        const auto* a = file.header().findTypedAttribute<Imf::StringAttribute>("glnoise");
        return a ? a->value() : std::string();
    } catch (const std::exception& e) {
        throw ValidationError("from " + path + ": not an OpenEXR file glnoise can read (" + std::string(e.what()) + ")");
    }
}

}  // namespace

namespace {

// Refuses what is not a regular file: a missing path, a directory, a FIFO or a device
// (reading /dev/zero would never end).
void requireRegularFile(const std::string& path, const std::string& flag) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (!std::filesystem::exists(status)) throw ValidationError(flag + " " + path + ": no such file");
    if (!std::filesystem::is_regular_file(status)) throw ValidationError(flag + " " + path + ": not a regular file");
}

}  // namespace

std::string readSmallFile(const std::string& path, const std::string& flag) {
    requireRegularFile(path, flag);
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) throw ValidationError(flag + " " + path + ": cannot read it: " + std::strerror(errno));
    std::string text;
    char buf[65536];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
        text.append(buf, n);
        if (text.size() > kMaxSmallFile) {
            std::fclose(f);
            throw ValidationError(flag + " " + path + ": larger than " + std::to_string(kMaxSmallFile >> 20) +
                                  " MiB; a preset or record is a small JSON file");
        }
    }
    const bool bad = std::ferror(f) != 0;
    std::fclose(f);
    if (bad) throw IoError("reading " + path + " failed");
    return text;
}

std::string readRecord(const std::string& path) {
    std::string record;
    if (endsWith(path, ".json")) {
        record = readSmallFile(path, "from");
    } else {
        Format format{};
        try {
            format = formatForPath(path);
        } catch (const ValidationError&) {
            throw ValidationError("from " + path + ": not a glnoise file; allowed: .png, .exr, or a raw file's .json "
                                  "sidecar");
        }
        if (format != Format::Png && format != Format::Exr) {
            record = readSmallFile(path + ".json", "from");
        } else {
            requireRegularFile(path, "from");
            if (format == Format::Exr) {
                record = exrRecord(path);
            } else {
                const std::vector<std::string> records = pngRecords(path);
                if (records.size() > 1)
                    throw ValidationError("from " + path + ": holds " + std::to_string(records.size()) +
                                          " glnoise records (text chunks \"glnoise\"); a glnoise file holds one, "
                                          "and which one made the image cannot be told");
                if (!records.empty()) record = records.front();
            }
        }
    }
    if (record.empty()) throw ValidationError("from " + path + ": holds no glnoise record");
    return record;
}

ImageFacts readWholeImage(const std::string& path) {
    ImageFacts facts;
    Format format{};
    try {
        format = formatForPath(path);
    } catch (const ValidationError& e) {
        throw IoError(path + ": " + e.what());
    }
    if (format == Format::Exr) {
        try {
            Imf::InputFile file(path.c_str());
            const Imath::Box2i window = file.header().dataWindow();
            facts.width = window.max.x - window.min.x + 1;
            facts.height = window.max.y - window.min.y + 1;
            bool half = false;
            for (auto it = file.header().channels().begin(); it != file.header().channels().end(); ++it) {
                facts.channels.emplace_back(it.name());
                half = half || it.channel().type == Imf::HALF;
            }
            facts.bits = half ? 16 : 32;
            // Band by band into one float buffer per channel: every block is decompressed.
            const int band = std::max(1, std::min(facts.height, (1 << 22) / std::max(1, facts.width)));
            std::vector<std::vector<float>> planes(facts.channels.size(),
                                                   std::vector<float>(static_cast<std::size_t>(facts.width) *
                                                                      static_cast<std::size_t>(band)));
            for (int y0 = 0; y0 < facts.height; y0 += band) {
                const int rows = std::min(band, facts.height - y0);
                Imf::FrameBuffer fb;
                for (std::size_t c = 0; c < planes.size(); ++c) {
                    // The buffer's base is placed so that row window.min.y + y0 lands at its start.
                    char* base = reinterpret_cast<char*>(planes[c].data()) -
                                 (static_cast<std::ptrdiff_t>(window.min.y + y0) * facts.width + window.min.x) *
                                     static_cast<std::ptrdiff_t>(sizeof(float));
                    fb.insert(facts.channels[c], Imf::Slice(Imf::FLOAT, base, sizeof(float),
                                                            sizeof(float) * static_cast<std::size_t>(facts.width)));
                }
                file.setFrameBuffer(fb);
                file.readPixels(window.min.y + y0, window.min.y + y0 + rows - 1);
            }
        } catch (const std::exception& e) {
            throw IoError(path + ": not a whole OpenEXR file (" + std::string(e.what()) + ")");
        }
        return facts;
    }
    if (format != Format::Png) throw IoError(path + ": not an image; .png and .exr are");
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) throw IoError(path + ": cannot read it: " + std::strerror(errno));
    spng_ctx* ctx = spng_ctx_new(0);
    spng_ihdr ihdr{};
    int ret = ctx ? spng_set_png_file(ctx, f) : SPNG_EMEM;
    // glnoise's own files are at most 2^20 texels wide: rows of 16-bit RGBA are 8 MiB.
    if (ret == 0) ret = spng_set_image_limits(ctx, 1u << 20, 1u << 20);
    if (ret == 0) ret = spng_set_chunk_limits(ctx, 1u << 26, 1u << 28);
    if (ret == 0) ret = spng_get_ihdr(ctx, &ihdr);
    std::size_t rowBytes = 0;
    if (ret == 0) ret = spng_decoded_image_size(ctx, SPNG_FMT_PNG, &rowBytes);
    if (ret == 0) ret = spng_decode_image(ctx, nullptr, 0, SPNG_FMT_PNG, SPNG_DECODE_PROGRESSIVE);
    if (ret == 0) {
        rowBytes /= std::max<std::uint32_t>(ihdr.height, 1);
        std::vector<unsigned char> row(rowBytes);
        do {
            ret = spng_decode_row(ctx, row.data(), row.size());
        } while (ret == 0);
        if (ret == SPNG_EOI) ret = 0;
    }
    spng_ctx_free(ctx);
    std::fclose(f);
    if (ret != 0) throw IoError(path + ": not a whole PNG (" + std::string(spng_strerror(ret)) + ")");
    facts.width = static_cast<int>(ihdr.width);
    facts.height = static_cast<int>(ihdr.height);
    facts.bits = ihdr.bit_depth;
    switch (ihdr.color_type) {
        case SPNG_COLOR_TYPE_GRAYSCALE: facts.channels = {"gray"}; break;
        case SPNG_COLOR_TYPE_GRAYSCALE_ALPHA: facts.channels = {"gray", "alpha"}; break;
        case SPNG_COLOR_TYPE_TRUECOLOR: facts.channels = {"red", "green", "blue"}; break;
        case SPNG_COLOR_TYPE_TRUECOLOR_ALPHA: facts.channels = {"red", "green", "blue", "alpha"}; break;
        default: facts.channels = {"indexed"}; break;
    }
    return facts;
}

// ---- whole images ---------------------------------------------------------------------------

void writePng(const std::uint8_t* pixels, int width, int height, int channels, OutputFile& out) {
    auto png = openPng(out, PngLayout{width, height, channels, 8, ""});
    png->writeRows(pixels, height);
    png->finish();
}

void writePng8(const Image& image, ValueRange range, OutputFile& out) { writePng8Channels(image, {0}, range, out); }

void writePng8Channels(const Image& image, const std::vector<int>& channels, ValueRange range, OutputFile& out) {
    if (image.depth != 1)
        throw ValidationError("out " + out.path() + ": a .png holds one 2D image; write a volume as .r32");
    const std::size_t texels = static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height);
    const std::size_t n = channels.size();
    std::vector<std::uint8_t> pixels(texels * n);
    for (std::size_t t = 0; t < texels; ++t)
        for (std::size_t c = 0; c < n; ++c)
            pixels[t * n + c] = quantize8(image.data[t * static_cast<std::size_t>(image.channels) +
                                                     static_cast<std::size_t>(channels[c])], range);
    writePng(pixels.data(), image.width, image.height, static_cast<int>(n), out);
}

void writeRawF32(const Image& image, OutputFile& out) {
    static_assert(sizeof(float) == 4, "float32");
    static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "raw files are little-endian, as this host");
    out.write(image.data.data(), image.data.size() * sizeof(float));
}

namespace {
nlohmann::json specObject(const NoiseSpec& spec) {
    nlohmann::json j;
    j["basis"] = toString(spec.basis);
    j["interp"] = toString(spec.interp);
    j["fractal"] = toString(spec.fractal);
    j["dims"] = spec.dims;
    j["frequency"] = spec.frequency;
    j["octaves"] = spec.octaves;
    j["lacunarity"] = spec.lacunarity;
    j["gain"] = spec.gain;
    j["ridge_offset"] = spec.ridgeOffset;
    j["ridge_gain"] = spec.ridgeGain;
    j["normalize"] = spec.normalize;
    j["seed"] = spec.seed ? nlohmann::json(*spec.seed) : nlohmann::json(nullptr);
    j["period"] = spec.period;
    j["offset"] = spec.offset;
    j["z"] = spec.z;
    j["w"] = spec.w;
    j["output"] = toString(spec.output);
    j["height_scale"] = spec.heightScale;
    j["warp_amount"] = spec.warpAmount;
    j["warp_octaves"] = spec.warpOctaves;
    j["warp_frequency"] = spec.warpFrequency;
    j["warp_depth"] = spec.warpDepth;
    j["pattern"] = toString(spec.pattern);
    j["pattern_scale"] = spec.patternScale;
    return j;
}
}  // namespace

std::string specJson(const NoiseSpec& spec) { return specObject(spec).dump(2); }

}  // namespace glnoise::io
