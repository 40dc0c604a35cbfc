#pragma once
// Every random number in Muster comes from a Dice passed in (DESIGN.md, "The core loop").
// Tests pass ScriptedDice and check exact outcomes; the server passes a verifiable implementation
// (server/app/verifiable_dice.h) whose rolls anyone can recompute once the campaign's seed is revealed.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace muster {

class Dice {
public:
    virtual ~Dice() = default;

    // One roll of a fair die with faces 1..sides (sides >= 2). The one primitive an implementation provides.
    virtual int roll(int sides) = 0;

    int d4() { return roll(4); }
    int d6() { return roll(6); }
    int d10() { return roll(10); }
    int d100() { return roll(100); }
    // The average die: a d6 whose faces read 2, 3, 3, 4, 4, 5
    // (loose-files-american-scramble.txt, "Average Die"; border-reivers.txt, "1dAv").
    int average();
    // N dice of X sides, summed (N >= 1).
    int roll_n(int n, int sides);

    // The dice for one purpose: "table" (open rolls), "umpire" (blind rolls), "colonel:<user>" (his month),
    // "battle:<id>". Each stream counts its own rolls, so the counters one purpose shows say nothing of how
    // many dice another used. A stream lives as long as this Dice. This default has one stream, itself.
    virtual Dice& stream(const std::string& name);

    // The rolls made so far, as JSON records ({"sides", "value", ...implementation fields}), and forget them.
    // The hub stores them with the event that consumed them.
    nlohmann::json take_log();
    // take_log() of this Dice and of every stream taken from it, in that order.
    virtual nlohmann::json take_all_logs();

protected:
    nlohmann::json log_ = nlohmann::json::array();
};

// Maps a stream of uniform 32-bit words to 1..sides without modulo bias (rejection sampling):
// a word w is accepted when w < 2^32 - (2^32 mod sides), and then gives w % sides + 1.
// next_word returns the next word, or nothing (std::nullopt-like false) when its block is exhausted.
int unbiased_face(const std::function<bool(std::uint32_t&)>& next_word, int sides);

// Dice that return a fixed script, for tests. Throws std::logic_error when the script runs out or a
// scripted value does not fit the die asked for, so a test with the wrong script fails loudly.
class ScriptedDice : public Dice {
public:
    explicit ScriptedDice(std::vector<int> script);
    int roll(int sides) override;
    Dice& stream(const std::string&) override { return *this; }  // one script, in the order rolled
    std::size_t remaining() const { return script_.size() - next_; }

private:
    std::vector<int> script_;
    std::size_t next_ = 0;
};

// Parses dice notation "NdX" (1 <= N <= 100, X in 2..1000), "dX", or "dAv" (the average die).
// Returns false for anything else.
struct DiceSpec {
    int count = 1;
    int sides = 6;
    bool average = false;
};
bool parse_dice_spec(const std::string& text, DiceSpec& out);

}  // namespace muster
