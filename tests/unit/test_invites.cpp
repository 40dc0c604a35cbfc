// Joining a campaign by its invite code (docs/protocol.md, "campaign.join"), as a person types it.
#include "test_year_table.h"

using namespace year_test;

TEST_CASE("an invite code typed in small letters, with a space or a dash, joins as the code the server made", "[campaign]") {
    YearTable t;
    const Viewer frank{6, "frank", Role::none};
    const auto code = "CODE" + std::to_string(t.state.seq);
    t.ok(t.umpire, "campaign.invite", {{"role", "player"}});
    std::string typed = code;
    for (auto& ch : typed) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    typed.insert(2, " -");
    t.ok(frank, "campaign.join", {{"code", typed}});
    CHECK(t.state.role_of(frank.user) == Role::player);
}
