// SPDX-License-Identifier: MIT
#include "app/points.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "glnoise/error.hpp"

namespace glnoise::app {

PointReader::PointReader(std::istream& in, int dims, std::string source)
    : in_(in), dims_(dims), source_(std::move(source)) {
    const char* shapes[4] = {"1 number \"x\"", "2 numbers \"x y\"", "3 numbers \"x y z\"", "4 numbers \"x y z w\""};
    want_ = shapes[dims - 1];
    // A UTF-8 byte-order mark at the very start (Windows editors write one) is not data.
    std::streambuf* buf = in_.rdbuf();
    if (buf && static_cast<unsigned char>(buf->sgetc()) == 0xEF) {
        const std::string bom = "\xEF\xBB\xBF";
        std::size_t matched = 0;
        while (matched < 3 && buf->sgetc() != std::char_traits<char>::eof() &&
               static_cast<char>(buf->sgetc()) == bom[matched]) {
            buf->sbumpc();
            ++matched;
        }
        if (matched != 3) throw ValidationError(source_ + " line 1: not text (a broken byte-order mark)");
    }
}

bool PointReader::next(cpu::Point& p) {
    std::streambuf* buf = in_.rdbuf();
    std::string& line = line_;
    while (!end_) {
        line.clear();
        ++number_;
        // Read one line, never more than kMaxPointLine bytes of it.
        for (;;) {
            const int c = buf ? buf->sbumpc() : std::char_traits<char>::eof();
            if (c == std::char_traits<char>::eof()) {
                end_ = true;
                break;
            }
            if (c == '\n') break;
            // Only what a line says counts towards its limit: blanks after it are dropped.
            if (line.size() == kMaxPointLine && (c == ' ' || c == '\t' || c == '\r')) continue;
            if (line.size() == kMaxPointLine)
                throw ValidationError(source_ + " line " + std::to_string(number_) + " '" + line.substr(0, 60) +
                                      "...': longer than " + std::to_string(kMaxPointLine) + " bytes; expected " + want_);
            line.push_back(static_cast<char>(c));
        }
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        std::string shown;
        for (char c : line.substr(0, 60))
            shown += (static_cast<unsigned char>(c) < 0x20 && c != '\t') || static_cast<unsigned char>(c) >= 0x7f ? '?' : c;
        if (line.size() > 60) shown += "...";
        auto bad = [&](const std::string& why) {
            return ValidationError(source_ + " line " + std::to_string(number_) + " '" + shown + "': " + why);
        };
        for (char c : line)
            if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || static_cast<unsigned char>(c) >= 0x7f)
                throw bad("not text; expected " + want_);
        std::vector<std::string> tokens;
        for (std::size_t pos = line.find_first_not_of(" \t"); pos != std::string::npos;) {
            const std::size_t stop = line.find_first_of(" \t", pos);
            tokens.push_back(line.substr(pos, stop == std::string::npos ? stop : stop - pos));
            pos = stop == std::string::npos ? stop : line.find_first_not_of(" \t", stop);
        }
        if (static_cast<int>(tokens.size()) != dims_)
            throw bad("expected " + want_ + " for --dims " + std::to_string(dims_) + ", got " +
                      std::to_string(tokens.size()));
        p = cpu::Point{};
        for (std::size_t i = 0; i < tokens.size(); ++i) {
            char* stop = nullptr;
            p[i] = std::strtod(tokens[i].c_str(), &stop);
            if (stop != tokens[i].c_str() + tokens[i].size()) throw bad("'" + tokens[i] + "' is not a number");
            if (!std::isfinite(p[i])) throw bad("coordinates must be finite");
        }
        return true;
    }
    if (in_.bad()) throw IoError("reading " + source_ + " failed");
    return false;
}

namespace {
ValidationError noPoints(const std::string& source, const std::string& want, int dims) {
    return ValidationError(source + " holds no points; expected one per line, " + want + " for --dims " +
                           std::to_string(dims));
}
}  // namespace

std::vector<cpu::Point> readPoints(std::istream& in, int dims, const std::string& source) {
    PointReader reader(in, dims, source);
    std::vector<cpu::Point> points;
    cpu::Point p{};
    while (reader.next(p)) points.push_back(p);
    if (points.empty()) throw noPoints(source, reader.want(), dims);
    return points;
}

PointSpool::PointSpool(std::istream& in, int dims, const std::string& source, std::size_t batch)
    : dims_(dims), batch_(std::max<std::size_t>(batch, 1)) {
    PointReader reader(in, dims, source);
    cpu::Point p{};
    while (reader.next(p)) {
        memory_.push_back(p);
        ++count_;
        if (memory_.size() == batch_) {
            spill(memory_);
            memory_.clear();
        }
    }
    if (count_ == 0) throw noPoints(source, reader.want(), dims);
    if (fd_ >= 0) {
        spill(memory_);
        memory_.clear();
        memory_.shrink_to_fit();
        if (::lseek(fd_, 0, SEEK_SET) != 0) throw IoError("reading back the points spooled to " + where_ + " failed");
    }
}

PointSpool::~PointSpool() {
    if (fd_ >= 0) ::close(fd_);
}

void PointSpool::spill(const std::vector<cpu::Point>& points) {
    if (fd_ < 0) {
        const char* tmp = std::getenv("TMPDIR");
        where_ = tmp && *tmp ? tmp : "/tmp";
        fd_ = ::open(where_.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
        if (fd_ < 0) {  // file systems without unnamed files: a name, removed at once
            std::string name = where_ + "/glnoise-points-XXXXXX";
            fd_ = ::mkstemp(name.data());
            if (fd_ >= 0) ::unlink(name.c_str());
        }
        if (fd_ < 0)
            throw IoError("more than " + std::to_string(batch_) + " points are spooled to a temporary file in " + where_ +
                          " (TMPDIR), which cannot be made there: " + std::strerror(errno));
    }
    std::vector<double> coords;
    coords.reserve(points.size() * static_cast<std::size_t>(dims_));
    for (const cpu::Point& p : points)
        for (int i = 0; i < dims_; ++i) coords.push_back(p[static_cast<std::size_t>(i)]);
    const char* data = reinterpret_cast<const char*>(coords.data());
    std::size_t left = coords.size() * sizeof(double);
    while (left > 0) {
        const ssize_t n = ::write(fd_, data, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0)
            throw IoError("spooling the points to a temporary file in " + where_ + " (TMPDIR) failed: " +
                          std::strerror(n < 0 ? errno : ENOSPC));
        data += n;
        left -= static_cast<std::size_t>(n);
    }
}

bool PointSpool::nextBatch(std::vector<cpu::Point>& points) {
    points.clear();
    if (handed_ == count_) return false;
    const std::size_t n = std::min(batch_, count_ - handed_);
    if (fd_ < 0) {
        points = memory_;
        handed_ = count_;
        return true;
    }
    std::vector<double> coords(n * static_cast<std::size_t>(dims_));
    char* data = reinterpret_cast<char*>(coords.data());
    std::size_t left = coords.size() * sizeof(double);
    while (left > 0) {
        const ssize_t got = ::read(fd_, data, left);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) throw IoError("reading back the points spooled to " + where_ + " failed");
        data += got;
        left -= static_cast<std::size_t>(got);
    }
    points.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
        points[k] = cpu::Point{};
        for (int i = 0; i < dims_; ++i)
            points[k][static_cast<std::size_t>(i)] = coords[k * static_cast<std::size_t>(dims_) + static_cast<std::size_t>(i)];
    }
    handed_ += n;
    return true;
}

}  // namespace glnoise::app
