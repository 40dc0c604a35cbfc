// What permessage-deflate would save and cost on each frame a socket receives, by the frame's size: Beast's own
// deflate (the server's), driven as its permessage-deflate drives it for a message compressed alone (input, then a
// block flush and a full flush, the last 4 bytes dropped, a reset), on the frames bench/aging.mjs --save-frames
// wrote. For ws_deflate_min_bytes (docs/performance.md, "Compression"). Run on demand:
//
//   node bench/aging.mjs --save-frames /tmp/frames
//   g++ -std=c++20 -O2 bench/deflate-frames.cpp -o /tmp/deflate-frames -ljemalloc   # the server's allocator
//   /tmp/deflate-frames /tmp/frames/umpire.json [window bits 15] [memLevel 4] [level 4]
//
// CPU is the median of several compressions of each frame, on one thread; "slow 4G" is the frame's bytes saved at
// 1.6 × 1024 Kbps, Lighthouse's slow 4G.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <boost/beast/zlib.hpp>
#include <nlohmann/json.hpp>

namespace zlib = boost::beast::zlib;

namespace {

struct Frame {
    std::size_t bytes = 0;
    std::size_t compressed = 0;
    double us = 0;
};

// One message compressed alone, its output taken 16 KB at a time (the server's write buffer for one); then the
// compressor's buffers are freed, as the server frees them after each compressed message.
std::size_t deflate_message(zlib::deflate_stream& zo, const std::string& in, std::vector<unsigned char>& out) {
    zlib::z_params zs{};
    zs.next_in = in.data();
    zs.avail_in = in.size();
    std::size_t total = 0;
    boost::beast::error_code ec;
    auto step = [&](zlib::Flush flush) {
        zs.next_out = out.data();
        zs.avail_out = out.size();
        ec = {};
        zo.write(zs, flush, ec);
        total += out.size() - zs.avail_out;
        return zs.avail_out == 0;  // full: more to come
    };
    while (step(zlib::Flush::none) || zs.avail_in > 0) {
    }
    while (step(zlib::Flush::block)) {
    }
    while (step(zlib::Flush::full)) {
    }
    zo.clear();
    return total - 4;  // the full flush's empty block, which permessage-deflate leaves off
}

Frame measure(zlib::deflate_stream& zo, const std::string& text, std::vector<unsigned char>& out) {
    const int reps = text.size() > 100'000 ? 5 : 25;
    std::vector<double> times;
    Frame f{text.size(), 0, 0};
    for (int r = 0; r < reps; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        f.compressed = deflate_message(zo, text, out);
        times.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
    }
    std::nth_element(times.begin(), times.begin() + reps / 2, times.end());
    f.us = times[reps / 2];
    return f;
}

constexpr double slow4g_bytes_per_s = 1.6 * 1024 * 1024 / 8;
constexpr std::size_t limits[] = {256, 512, 1024, 2048, 4096, 16384, 65536, SIZE_MAX};

void by_size(const std::vector<Frame>& frames) {
    std::printf("| frame bytes | frames | mean bytes | compressed | us each | saved on slow 4G, ms each |\n");
    std::printf("|---|---:|---:|---:|---:|---:|\n");
    std::size_t low = 0;
    for (const std::size_t high : limits) {
        std::size_t n = 0, in = 0, out = 0;
        double us = 0;
        for (const auto& f : frames)
            if (f.bytes >= low && f.bytes < high) ++n, in += f.bytes, out += f.compressed, us += f.us;
        if (n > 0) {
            const std::string range = high == SIZE_MAX ? std::to_string(low) + " and more"
                                                       : std::to_string(low) + "-" + std::to_string(high - 1);
            std::printf("| %s | %zu | %.0f | %.0f%% | %.1f | %.2f |\n", range.c_str(), n, double(in) / n,
                        100.0 * out / in, us / n, 1000.0 * (double(in) - out) / n / slow4g_bytes_per_s);
        }
        low = high;
    }
}

void by_threshold(const std::vector<Frame>& frames) {
    std::printf("\n| ws_deflate_min_bytes | frames compressed | CPU ms | KB saved | saved on slow 4G, s |\n");
    std::printf("|---:|---:|---:|---:|---:|\n");
    for (const std::size_t min : {0, 256, 512, 1024, 2048, 4096, 16384}) {
        std::size_t n = 0, saved = 0;
        double us = 0;
        for (const auto& f : frames)
            if (f.bytes >= min) ++n, saved += f.bytes - std::min(f.bytes, f.compressed), us += f.us;
        std::printf("| %zu | %zu of %zu | %.1f | %.0f | %.2f |\n", min, n, frames.size(), us / 1000, saved / 1024.0,
                    saved / slow4g_bytes_per_s);
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: deflate-frames FRAMES.json [window bits 15] [memLevel 4] [level 4]\n");
        return 2;
    }
    const int window_bits = argc > 2 ? std::atoi(argv[2]) : 15;
    const int mem_level = argc > 3 ? std::atoi(argv[3]) : 4;
    const int level = argc > 4 ? std::atoi(argv[4]) : 4;
    std::ifstream file(argv[1]);
    const auto texts = nlohmann::json::parse(file).get<std::vector<std::string>>();
    zlib::deflate_stream zo;
    zo.reset(level, window_bits, mem_level, zlib::Strategy::normal);
    std::vector<unsigned char> out(16 * 1024);
    std::vector<Frame> frames;
    for (const auto& text : texts) frames.push_back(measure(zo, text, out));
    std::printf("%s: %zu frames; window 2^%d, memLevel %d, level %d\n\n", argv[1], frames.size(), window_bits, mem_level,
                level);
    by_size(frames);
    by_threshold(frames);
}
