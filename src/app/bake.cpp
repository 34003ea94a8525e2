// SPDX-License-Identifier: MIT
#include "app/bake.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <future>
#include <memory>
#include <cctype>

#include "app/digest.hpp"
#include "app/tiles.hpp"
#include "app/options.hpp"
#include "app/preset.hpp"
#include "app/record.hpp"
#include "app/write.hpp"
#include "core/parallel.hpp"
#include "glnoise/colormap.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/erosion.hpp"
#include "glnoise/error.hpp"
#include "glnoise/format.hpp"

namespace glnoise::app {


bool slicePattern(const std::string& path, std::string* error) {
    const auto percents = std::count(path.begin(), path.end(), '%');
    if (percents == 0) return false;
    // The one % starts "%d", or "%0Nd" with N from 1 to 99.
    const std::size_t at = path.find('%');
    std::size_t i = at + 1;
    if (i < path.size() && path[i] == '0') {
        const std::size_t digits = i + 1;
        while (i + 1 < path.size() && i + 1 - digits < 2 && std::isdigit(static_cast<unsigned char>(path[i + 1]))) ++i;
        if (i + 1 == digits || path[digits] == '0') i = at;  // no N, or N with a leading zero
        ++i;
    }
    if (percents != 1 || i >= path.size() || path[i] != 'd')
        *error = "a slice pattern holds one %d or %0Nd (N from 1 to 99) and no other %";
    return true;
}

std::string slicePath(const std::string& pattern, int z) {
    char buf[4096];
    std::snprintf(buf, sizeof buf, pattern.c_str(), z);
    return buf;
}

std::string volumeFormats() {
    std::vector<std::string> held;
    for (const io::FormatInfo& f : io::formats())
        if (f.volumes) held.push_back(f.extensions.front());
    for (const io::FormatInfo& f : io::formats()) {
        if (!f.slices) continue;
        std::string name = f.extensions.front().substr(1);
        for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        held.push_back(name + " slices");
    }
    std::string text;
    for (std::size_t i = 0; i < held.size(); ++i) text += (i == 0 ? "" : i + 1 == held.size() ? " or " : ", ") + held[i];
    return text;
}

std::string outputFormats() {
    std::string text;
    for (const io::FormatInfo& f : io::formats()) {
        std::string names;
        for (std::size_t i = 0; i < f.extensions.size(); ++i) names += (i ? " or " : "") + f.extensions[i];
        text += (text.empty() ? "" : ", ") + names + " (" + f.summary + ")";
    }
    return text + "; a volume as " + volumeFormats() + " 'slice_%04d.png'";
}

std::string extensionList() {
    std::string text;
    for (const io::FormatInfo& f : io::formats())
        for (const std::string& e : f.extensions) text += (text.empty() ? "" : ", ") + e;
    return text;
}

std::unique_ptr<io::OutputFile> claimOutput(const std::string& path) {
    try {
        return std::make_unique<io::OutputFile>(path);
    } catch (const ValidationError& e) {
        throw ValidationError(asFlags(e));
    }
}


struct Bake::Impl : BakePlan {
    const BakeRequest& r = request;
    std::unique_ptr<io::OutputFile> out, sidecar;
    std::vector<std::unique_ptr<io::OutputFile>> staged;  // slices written so far
    BakeTimings timings;

    // The shape first, then the path, then everything else, as `glnoise bake` reports them.
    explicit Impl(const BakeRequest& req) : out(claimOutput(checkShape(req) ? slicePath(req.out, 0) : req.out)) {
        static_cast<BakePlan&>(*this) = planBake(req);
        checkFileSize();  // counts the sidecar, so after the record

        try {
            if (io::formatInfo(format).raw)
                sidecar = std::make_unique<io::OutputFile>(r.out + ".json");
        } catch (const ValidationError& e) {
            throw ValidationError(asFlags(e));
        }
    }

    // Refuses, before any work, a bake whose samples no file can hold (more than 2^63
    // bytes) or, for raw files, whose exact size exceeds the file system's free space.
    void checkFileSize() const {
        const Grid& g = r.size;
        const auto texels = static_cast<std::uintmax_t>(g.texels());
        const std::string samples = std::to_string(texels) + " texels of " + std::to_string(storedBytes) + (storedBytes == 1 ? " byte" : " bytes");
        if (texels > (std::uintmax_t{1} << 63) / storedBytes)
            throw ValidationError("--size " + toString(g) + ": " + samples +
                                  " are more than 2^63 bytes, more than a file can hold");
        const bool raw = io::formatInfo(format).raw;
        if (!raw && r.sizeFrom.empty()) return;
        const std::filesystem::path dir = std::filesystem::absolute(std::filesystem::path(r.out)).parent_path();
        std::error_code ec;
        const std::filesystem::space_info space = std::filesystem::space(dir, ec);
        // A size from a record someone handed over must not start a days-long bake: its
        // samples, uncompressed, must fit the free space, or the size be typed. Too little
        // free space is the machine's state, not a bad value: exit 1, as for a raw file below.
        if (!r.sizeFrom.empty() && !ec && texels * storedBytes > space.available)
            throw IoError(r.sizeFrom + ": size " + toString(g) + ": " + samples + " are " +
                                  formatBytes(texels * storedBytes) + " uncompressed, more than the " +
                                  formatBytes(space.available) + " free in " + dir.string() +
                                  "; give --size (or --tile-size) to bake it anyway");
        if (!raw) return;
        // The data and its sidecar: the record, in whole blocks.
        const std::uintmax_t sidecarBytes = (record.dump(2).size() + 1 + 4095) / 4096 * 4096;
        const std::uintmax_t need = texels * storedBytes + sidecarBytes;
        if (!ec && need > space.available)
            throw IoError("--out " + r.out + ": " + samples + " need " + formatBytes(need) + "; the file system of " +
                          dir.string() + " has " + formatBytes(space.available) + " free");
    }

    std::unique_ptr<io::RowWriter> openWriter(io::OutputFile& file, int slice) {
        nlohmann::json rec = record;
        if (slices) rec["slice"] = slice;
        return openSamples(file, format,
                           SampleLayout{r.size.width, r.size.height, storedChannels, bits,
                                        exrChannels(storedChannels, r.spec.output), rec.dump(), r.threads, true});
    }

    // Bytes per texel of a band as the generator makes it: RGBA8 through a colormap, else
    // the value channels' floats.
    std::size_t bandTexelBytes() const {
        return colormap ? 4 : sizeof(float) * static_cast<std::size_t>(valueChannels);
    }

    // Band rows as the generator made them -> the file's samples, in pieces on every
    // thread the bake may use.
    void convert(const std::uint8_t* band, std::size_t texels, std::uint8_t* dst) const {
        constexpr std::size_t kPiece = 1 << 16;
        const std::size_t texelBytes = bandTexelBytes();
        detail::parallelFor((texels + kPiece - 1) / kPiece, r.threads, [&](std::size_t i) {
            const std::size_t first = i * kPiece;
            convertPiece(band + first * texelBytes, std::min(kPiece, texels - first), dst + first * storedBytes);
        });
    }

    void convertPiece(const std::uint8_t* band, std::size_t texels, std::uint8_t* dst) const {
        if (colormap) {
            for (std::size_t t = 0; t < texels; ++t) std::memcpy(dst + 3 * t, band + 4 * t, 3);
            return;
        }
        const std::size_t n = static_cast<std::size_t>(valueChannels);
        // A normal map's green in the convention asked for: the noise's normal has y along
        // the rows (DirectX's way, unflipped).
        const bool negate = r.spec.output == Output::Normal && r.negatesGreen();
        const bool floats = !io::formatInfo(format).mapped;
        if (floats && !negate) {
            std::memcpy(dst, band, texels * n * sizeof(float));
            return;
        }
        // The band's bytes hold floats: copied out, not read through a cast pointer, a few
        // hundred texels at a time into buffers that stay in the first-level cache.
        constexpr std::size_t kChunk = 512, kMostChannels = 4;
        float values[kChunk * kMostChannels];
        std::uint16_t q[kChunk];
        std::uint8_t q8[kChunk];
        if (n > kMostChannels) throw std::logic_error("a texel of more than 4 values");
        const std::size_t k = pick.size();
        for (std::size_t at = 0; at < texels; at += kChunk) {
            const std::size_t m = std::min(kChunk, texels - at);
            std::memcpy(values, band + at * n * sizeof(float), m * n * sizeof(float));
            std::uint8_t* to = dst + at * storedBytes;
            if (negate)
                for (std::size_t t = 0; t < m; ++t) values[t * n + 1] = -values[t * n + 1];
            if (floats) {
                std::memcpy(to, values, m * n * sizeof(float));
                continue;
            }
            for (std::size_t c = 0; c < k; ++c) {
                const float* first = values + pick[c];
                if (bits == 8) {
                    std::uint8_t* out = k == 1 ? to : q8;
                    io::quantize8(first, n, m, range, out);
                    if (k > 1)
                        for (std::size_t t = 0; t < m; ++t) to[t * k + c] = out[t];
                } else {
                    // Host order: PNG rows and .r16 (little-endian hosts).
                    io::quantize16(first, n, m, range, q);
                    if (k == 1) {
                        std::memcpy(to, q, m * sizeof(std::uint16_t));
                    } else {
                        for (std::size_t t = 0; t < m; ++t) std::memcpy(to + (t * k + c) * 2, &q[t], 2);
                    }
                }
            }
        }
    }
};

namespace {

// A graph's erode stage: its nodes' values over the whole grid, made as any bake's tiles
// (in floats, unflipped), eroded on the generator's GPU or by the twin, then handed to
// place and written a band at a time as walkTiles hands a bake's, through the colormap if
// any, the rows flipped if asked.
template <class Place, class Written>
void erodeAndWalk(const BakePlan& m, gpu::Generator* gen, CpuBackend cpu, BakeObserver* observer, const BandShape& shape,
                  const TileSource& source, std::size_t bandRowBytes, const Place& place, const Written& written) {
    const Grid& g = m.request.size;
    const erosion::Params& p = *m.erosion;
    const std::size_t width = static_cast<std::size_t>(g.width);
    Image heights(g.width, g.height, 1);
    const TileSource plain{gen, cpu, m.request.threads, nullptr, source.range, false, false};
    walkTiles(m.request.spec, &*m.request.graph, g, m.request.start(), bandShape(g, sizeof(float), plain), plain,
              width * sizeof(float), [&](const TilePos& t) {
                  if (observer && observer->cancelled()) throw Interrupted("interrupted");
                  return static_cast<std::uint8_t*>(static_cast<void*>(heights.data.data() + static_cast<std::size_t>(t.y0) * width +
                                                                       static_cast<std::size_t>(t.x0)));
              });
    erosion::State s = erosion::start(heights, p);
    erosion::run(s, p, gen ? &gen->context() : nullptr, m.request.threads, [&](int) {
        if (observer && observer->cancelled()) throw Interrupted("interrupted");
    });
    const Image eroded = erosion::heights(s, p);
    for (int y0 = 0; y0 < g.height; y0 += shape.bandRows) {
        const TilePos t{0, y0, 0, std::min(shape.bandRows, g.height - y0), g.width};
        std::uint8_t* band = place(t);
        for (int y = 0; y < t.rows; ++y) {
            const int row = source.flipY ? g.height - 1 - (y0 + y) : y0 + y;
            const float* v = eroded.data.data() + static_cast<std::size_t>(row) * width;
            std::uint8_t* to = band + static_cast<std::size_t>(y) * bandRowBytes;
            if (source.colormap) {
                for (std::size_t x = 0; x < width; ++x) {
                    const std::uint32_t c = source.colormap->color(v[x], source.range);
                    std::memcpy(to + 4 * x, &c, 4);
                }
            } else {
                std::memcpy(to, v, width * sizeof(float));
            }
        }
        written(t);
    }
}

}  // namespace

Bake::Bake(const BakeRequest& request) : impl_(std::make_unique<Impl>(request)) {}
Bake::~Bake() = default;

const std::vector<std::string>& Bake::notes() const { return impl_->notes; }
const std::vector<Note>& Bake::warnings() const { return impl_->warnings; }
const BakePlan& Bake::plan() const { return *impl_; }
const BakeTimings& Bake::timings() const { return impl_->timings; }

namespace {

using Clock = std::chrono::steady_clock;

// Adds the time since `since` to `total` and restarts `since`.
void lap(double& total, Clock::time_point& since) {
    const Clock::time_point now = Clock::now();
    total += std::chrono::duration<double>(now - since).count();
    since = now;
}

}  // namespace


std::string Bake::run(gpu::Generator* gen, BakeObserver* observer, CpuBackend cpu) {
    static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, ".r16 and .r32 are written in host order");
    Impl& m = *impl_;
    BakeTimings& t = m.timings;
    t = BakeTimings{};
    t.range = m.rangeSeconds;
    // What made the values, so that --from re-bakes on the same path: "cpu" for both CPU
    // backends, whose values are the reference's bit for bit (so their files are the same
    // bytes); "gpu" and the renderer for a GPU's, which may differ from them in the last
    // bits, within check's tolerance.
    m.record["backend"] = gen ? "gpu" : "cpu";
    if (gen) m.record["renderer"] = gen->context().info().renderer;
    const Clock::time_point began = Clock::now();
    Clock::time_point since = began;
    const Grid& g = m.r.size;
    const std::size_t texelBytes = m.bandTexelBytes();
    const TileSource source{gen, cpu, m.r.threads, m.colormap ? &*m.colormap : nullptr, m.range, m.r.flipY, m.r.seamless};
    const BandShape shape = bandShape(g, texelBytes, source);
    const int bandRows = shape.bandRows;
    const std::size_t bandRowBytes = static_cast<std::size_t>(g.width) * texelBytes;
    // The band and the sample buffers are not cleared: every byte is written (the band's by
    // its tiles, the samples' by convert) before it is read, and clearing their 96 MiB on
    // this thread cost a 4096^2 one-octave bake on the CPU backend as long as its noise.
    const std::unique_ptr<std::uint8_t[]> band(new std::uint8_t[bandRowBytes * static_cast<std::size_t>(bandRows)]);
    const std::size_t bandSampleBytes = static_cast<std::size_t>(g.width) * m.storedBytes * static_cast<std::size_t>(bandRows);

    // Every file's digest of its samples (SampleDigest: 4 MiB chunks hashed on every core)
    // is computed in the background while the band is written and the next one made, so
    // that it overlaps them instead of adding to them. (Waiting for it before the next band
    // made the noise on every core of the CPU faster, but a 4096^2 .r32 bake 10% slower in
    // all: docs/performance.md.) Two sample buffers: the band being converted and written,
    // and the one being hashed. A new digest for each slice's file.
    auto sha = std::make_unique<SampleDigest>(m.r.threads);
    const std::unique_ptr<std::uint8_t[]> sampleBuffers[2] = {std::unique_ptr<std::uint8_t[]>(new std::uint8_t[bandSampleBytes]),
                                                              std::unique_ptr<std::uint8_t[]>(new std::uint8_t[bandSampleBytes])};
    std::future<void> hashing[2];
    int current = 0;
    const auto hashed = [&] {  // every band so far in the digest
        for (auto& h : hashing)
            if (h.valid()) h.get();
    };
    const std::int64_t total = g.texels();
    std::int64_t done = 0;
    std::unique_ptr<io::RowWriter> writer;
    int writerSlice = -1;
    io::OutputFile* file = m.out.get();
    const auto place = [&](const TilePos& p) {
        if (observer && observer->cancelled()) throw Interrupted("interrupted");
        return band.get() + static_cast<std::size_t>(p.x0) * texelBytes;
    };
    // Each band, once its last tile is in: converted, written, and hashed.
    const auto written = [&](const TilePos& p) {
        lap(t.generate, since);
        if (p.x0 + p.cols < g.width) return;  // the band is not complete yet
        if (writerSlice != p.z && (m.slices || !writer)) {
            if (m.slices && p.z > 0) {
                m.out = std::make_unique<io::OutputFile>(slicePath(m.r.out, p.z));
                file = m.out.get();
            }
            writer = m.openWriter(*file, p.z);
            writerSlice = p.z;
        }
        const std::size_t texels = static_cast<std::size_t>(g.width) * static_cast<std::size_t>(p.rows);
        std::uint8_t* samples = sampleBuffers[current].get();
        if (hashing[current].valid()) hashing[current].get();  // this buffer's last band is hashed
        m.convert(band.get(), texels, samples);
        lap(t.convert, since);
        // In order: the previous band's digest first, then this one's, in the background.
        if (hashing[1 - current].valid()) hashing[1 - current].get();
        hashing[current] = std::async(std::launch::async, [&sha, samples, bytes = texels * m.storedBytes] {
            sha->update(samples, bytes);
        });
        writer->writeRows(samples, p.rows);
        current = 1 - current;
        done += static_cast<std::int64_t>(texels);
        if (observer) observer->progress(done, total);
        if (m.slices && p.y0 + p.rows == g.height) {
            hashed();
            writer->setDigest(sha->hex());
            sha = std::make_unique<SampleDigest>(m.r.threads);
            writer->finish();
            writer.reset();
            m.out->stage();
            m.staged.push_back(std::move(m.out));
        }
        lap(t.encode, since);
    };
    if (m.erosion) {
        erodeAndWalk(m, gen, cpu, observer, shape, source, bandRowBytes, place, written);
    } else {
        walkTiles(m.r.spec, m.r.graph ? &*m.r.graph : nullptr, g, m.r.start(), shape, source, bandRowBytes, place, written);
    }
    if (observer && observer->cancelled()) throw Interrupted("interrupted");
    // Files that belong together appear together: all staged before any is renamed (so a
    // full disk renames none), renamed under a lock on their directory (so two bakes into
    // one output never pair one's data with the other's sidecar or mix their slices).
    std::vector<io::OutputFile*> files;
    if (m.slices) {
        for (auto& f : m.staged) files.push_back(f.get());
    } else {
        since = Clock::now();
        hashed();
        const std::string digest = sha->hex();
        if (!m.sidecar) writer->setDigest(digest);
        writer->finish();
        lap(t.encode, since);
        files.push_back(m.out.get());
        if (m.sidecar) {
            m.record["stored"]["digest"]["value"] = digest;
            const std::string json = m.record.dump(2) + "\n";
            m.sidecar->write(json.data(), json.size());
            files.push_back(m.sidecar.get());
        }
    }
    since = Clock::now();
    io::OutputFile::commitTogether(files);
    lap(t.commit, since);
    t.total = std::chrono::duration<double>(Clock::now() - began).count();
    if (m.slices) return m.what + ", one PNG per slice";
    return m.sidecar ? m.what + " and " + m.r.out + ".json" : m.what;
}

}  // namespace glnoise::app
