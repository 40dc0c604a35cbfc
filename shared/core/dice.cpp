#include "shared/core/dice.h"

#include <array>
#include <stdexcept>
#include <string_view>
#include <utility>

namespace muster {

int Dice::average() {
    static constexpr std::array<int, 6> faces = {2, 3, 3, 4, 4, 5};
    return faces[static_cast<std::size_t>(roll(6) - 1)];
}

int Dice::roll_n(int n, int sides) {
    if (n < 1) throw std::invalid_argument("roll_n: need at least one die");
    int total = 0;
    for (int i = 0; i < n; ++i) total += roll(sides);
    return total;
}

Dice& Dice::stream(const std::string&) { return *this; }

nlohmann::json Dice::take_log() { return std::exchange(log_, nlohmann::json::array()); }

nlohmann::json Dice::take_all_logs() { return take_log(); }

int unbiased_face(const std::function<bool(std::uint32_t&)>& next_word, int sides) {
    if (sides < 2) throw std::invalid_argument("unbiased_face: sides must be at least 2");
    const std::uint64_t range = std::uint64_t{1} << 32;
    const auto s = static_cast<std::uint64_t>(sides);
    // The largest multiple of sides that fits in 32 bits: words below it map evenly onto the faces.
    const std::uint64_t limit = range - range % s;
    std::uint32_t word = 0;
    while (next_word(word)) {
        if (word < limit) return static_cast<int>(word % s) + 1;
    }
    return 0;
}

ScriptedDice::ScriptedDice(std::vector<int> script) : script_(std::move(script)) {}

int ScriptedDice::roll(int sides) {
    if (sides < 2) throw std::logic_error("ScriptedDice: a die needs at least 2 sides");
    if (next_ >= script_.size()) throw std::logic_error("ScriptedDice: script ran out");
    const int value = script_[next_];
    if (value < 1 || value > sides) {
        throw std::logic_error("ScriptedDice: scripted value " + std::to_string(value) + " does not fit a d" +
                               std::to_string(sides));
    }
    ++next_;
    log_.push_back({{"sides", sides}, {"value", value}});
    return value;
}

namespace {

// A positive decimal without sign or leading zero; short enough that it cannot overflow.
bool parse_small_number(std::string_view text, int& out) {
    if (text.empty() || text.size() > 4 || text[0] == '0') return false;
    int value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
        value = value * 10 + (c - '0');
    }
    out = value;
    return true;
}

bool is_average_suffix(std::string_view text) {
    return text.size() == 2 && (text[0] == 'a' || text[0] == 'A') && (text[1] == 'v' || text[1] == 'V');
}

}  // namespace

bool parse_dice_spec(const std::string& text, DiceSpec& out) {
    const std::string_view view(text);
    const auto d = view.find_first_of("dD");
    if (d == std::string_view::npos) return false;

    DiceSpec spec;
    const std::string_view count = view.substr(0, d);
    const std::string_view sides = view.substr(d + 1);
    if (!count.empty()) {
        if (!parse_small_number(count, spec.count) || spec.count > 100) return false;
    }
    if (is_average_suffix(sides)) {
        spec.sides = 6;
        spec.average = true;
    } else if (!parse_small_number(sides, spec.sides) || spec.sides < 2 || spec.sides > 1000) {
        return false;
    }
    out = spec;
    return true;
}

}  // namespace muster
