#pragma once
// What a command may say of a battle's piece (docs/protocol.md, "battle.create", "battle.place"), checked before it
// is read into the model: the model's own readers (battle.cpp's from_json) also read events, where what is stored
// was checked once, so they are lenient; a command is not. Each field the protocol documents must be of its type
// and in its range, `null` is no value for any of them, and a new piece must carry the fields it cannot do without.
// The error names the field.
#include <cstdint>
#include <optional>
#include <set>

#include <nlohmann/json.hpp>

#include "shared/core/error.h"

namespace muster::battle {

enum class PieceKind { unit, leader, terrain, side };

// `is_new`: placed for the first time, not changes to a piece the battle has. `members`: the campaign's members,
// whom a unit's `owner` and a leader's `user` must name (0: nobody).
std::optional<Error> check_piece_input(const nlohmann::json& given, PieceKind kind, bool is_new,
                                       const std::set<std::int64_t>& members);

}  // namespace muster::battle
