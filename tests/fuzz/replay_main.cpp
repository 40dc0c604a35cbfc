// A fuzz target without libFuzzer (the normal build, with any compiler): runs LLVMFuzzerTestOneInput once on every
// file in the folders (or the files) given, so that the suite replays each seed and each crash's regression input
// (tests/CMakeLists.txt, the fuzz_replay_* tests). A crash names the input it was running.
//   build/fuzz_replay_frames tests/fuzz/corpus/frames
#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

char current[4096] = "";

void on_crash(int sig) {
    const char* what = "fuzz replay: crashed on ";
    (void)!write(2, what, std::strlen(what));
    (void)!write(2, current, std::strlen(current));
    (void)!write(2, "\n", 1);
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

}  // namespace

int main(int argc, char** argv) {
    namespace fs = std::filesystem;
    std::vector<fs::path> inputs;
    for (int i = 1; i < argc; ++i) {
        std::error_code ec;
        if (fs::is_directory(argv[i], ec)) {
            for (const auto& entry : fs::recursive_directory_iterator(argv[i]))
                if (entry.is_regular_file()) inputs.push_back(entry.path());
        } else if (fs::is_regular_file(argv[i], ec)) {
            inputs.emplace_back(argv[i]);
        } else {
            std::cerr << "fuzz replay: no such file or folder: " << argv[i] << "\n";
            return 2;
        }
    }
    if (inputs.empty()) {
        std::cerr << "usage: " << argv[0] << " CORPUS-FOLDER-OR-FILE...  (and at least one input in them)\n";
        return 2;
    }
    std::sort(inputs.begin(), inputs.end());
    for (int sig : {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE}) std::signal(sig, on_crash);
    for (const auto& path : inputs) {
        std::snprintf(current, sizeof current, "%s", path.c_str());
        std::ifstream in(path, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    }
    std::cout << "fuzz replay: " << inputs.size() << " inputs, no crash\n";
    return 0;
}
