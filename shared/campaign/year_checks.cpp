// The checks every command of the year makes, and the regiment a colonel gets (year_internal.h).
#include "shared/campaign/year_internal.h"

#include <limits>

#include "shared/campaign/year_fields.h"
#include "shared/core/fields.h"

namespace muster::campaign::year::detail {

using nlohmann::json;

std::string ordinal(int n) {
    const int tens = n % 100;
    const char* suffix = (tens >= 11 && tens <= 13) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
    return std::to_string(n) + suffix;
}

std::string pounds(std::int64_t amount) { return "£" + std::to_string(amount); }

std::vector<Event> one(Event e) { return {std::move(e)}; }

bool from_clock(const Viewer& v) { return v.user == 0 && v.is_umpire(); }

std::optional<Error> open_member(const CampaignState& state, const Viewer& v) {
    if (!v.is_member()) return forbidden("You are not a member of this campaign.");
    if (state.closed) return conflict("This campaign is closed.");
    return std::nullopt;
}

std::optional<Error> check_turn(const YearState& y, const json& body) {
    std::int64_t turn = 0;
    if (auto e = read_optional_int(body, "turn", 1, std::numeric_limits<int>::max(), turn)) return e;
    if (turn != 0 && turn != y.calendar.turn)
        return Error{"stale", "You saw month " + std::to_string(turn) + "; the campaign is at month " +
                                  std::to_string(y.calendar.turn) + "."};
    return std::nullopt;
}

std::optional<Error> open_umpire(const CampaignState& state, const Viewer& v, const char* what) {
    if (auto e = open_member(state, v)) return e;
    if (!v.is_umpire()) return forbidden(std::string("Only an umpire may ") + what + ".");
    return std::nullopt;
}

// The checks of a command a player gives for his own colonel; fills `out`.
std::optional<Error> own_colonel(const CampaignState& state, const Viewer& v, const char* what, const Colonel*& out) {
    if (auto e = open_member(state, v)) return e;
    if (v.role != Role::player) return forbidden(std::string("Only a player's colonel may ") + what + ".");
    out = state.year.colonel(v.user);
    if (!out) return not_found("You have no colonel yet: create one first.");
    return std::nullopt;
}

// The colonel an umpire's command names in "colonel"; fills `out`.
std::optional<Error> named_colonel(const CampaignState& state, const json& body, const Colonel*& out) {
    std::int64_t user = 0;
    if (auto e = read_id(body, "colonel", user)) return e;
    out = state.year.colonel(user);
    if (!out) return not_found("No colonel belongs to user " + std::to_string(user) + ".");
    return std::nullopt;
}

// over-the-hills.txt, "Getting your Regiment": "regimental numbers between 3 and 20 ... Colonelcies of
// Regimental numbers 1 and 2 are never available as they typically go to Royalty."
std::optional<Error> read_regiment_number(const CampaignState& state, const json& body, int& out) {
    const int last = state.year.rules.last_regiment;
    const std::string range = "Regiments are numbered from " + std::to_string(first_regiment) + " to " +
                              std::to_string(last) + " in this campaign.";
    auto it = body.find("regiment");
    if (it == body.end()) return bad_request("The field \"regiment\" is missing.");
    if (!it->is_number_integer() || (it->is_number_unsigned() && it->get<std::uint64_t>() > 1000))
        return bad_request("The field \"regiment\" must be a whole number. " + range);
    const auto number = it->get<std::int64_t>();
    if (number == 1 || number == 2)
        return bad_request("Regiments 1 and 2 are never available: they typically go to Royalty.");
    if (number < first_regiment || number > last) return bad_request(range);
    out = static_cast<int>(number);
    return std::nullopt;
}

Regiment new_regiment(int number, const std::string& colonel_name, const HouseRules& rules) {
    // over-the-hills.txt, "The Regiment": "At the point at which the regiment is created, this is 1 for each
    // attribute"; "Background": "each battalion consists of 10 companies".
    Regiment r;
    r.number = number;
    r.name = default_regiment_name(colonel_name);
    r.companies = r.declared = rules.companies_per_regiment;
    r.drill = r.musketry = r.effectiveness = rules.new_attribute;
    return r;
}

}  // namespace muster::campaign::year::detail
