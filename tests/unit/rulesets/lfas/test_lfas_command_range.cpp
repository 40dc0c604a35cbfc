// An order given directly and the commander's 6" (loose-files-american-scramble.txt, "Orders given directly by a
// commander require the unit to be within 6" command range"; "Costs: move one die x inches 1 CP; give an order to a
// unit ... within 6" 1 CP"): refused when the orders are submitted, nothing spent; judged where his ride of the
// turn ends (phase 4, "allocate Command Points and move commanders/couriers": setting command_range_from); a ride
// that falls short leaves the stored order out of reach in the command step; the view's hint of who is within it.
#include "rulesets/lfas/lfas_table.h"

using namespace lfas_test;

namespace {

// Sir William at (30, 10). Infantry of four companies is 0.75" deep behind its front edge (facing 0 is +y): the
// Light Company's back edge 6" from him, the 33rd's 16.2".
struct Kemp : LfasField {
    explicit Kemp(json s = json::object()) {
        settings = std::move(s);
        unit("british", "Light Company", "infantry", 30, 16.75, 0, {{"class", 1}, {"kind", "light"}});
        unit("british", "33rd Foot", "infantry", 30, 26.95, 0, {{"class", 2}, {"regular", true}});
        unit("americans", "Militia", "infantry", 20, 46, 180, {{"class", 4}, {"kind", "militia"}});
        create();
        start({6, 6});  // six points each: "Commander-in-chief CPs = Average Dice + 1"
    }
    json cp() { return of(t.bob)["lfas"]["cp"][std::to_string(leader("Sir William"))]; }
    json order(std::vector<std::string> names) {
        json ids = json::array();
        for (const auto& n : names) ids.push_back(id(n));
        return {{"spend", "order"}, {"units", ids}};
    }
    json forward(const std::string& n, double y) { return {{"unit", id(n)}, {"av", 1}, {"d6", 0}, {"to", {30, y}}}; }
};

}  // namespace

TEST_CASE("lfas command range: an order to a unit beyond 6\" is refused when submitted, no point spent, nothing kept", "[lfas]") {
    // loose-files-american-scramble.txt, "Orders given directly by a commander require the unit to be within 6"
    // command range".
    Kemp f;
    std::string why;
    CHECK(f.refused(f.t.bob, {{"command", {f.order({"Light Company", "33rd Foot"})}},
                              {"move", {f.forward("Light Company", 20), f.forward("33rd Foot", 30)}}}, &why) == "out_of_range");
    CHECK(why == "Command 1: 33rd Foot is 16.2\" from Sir William: orders given directly need it within 6\".");
    CHECK(f.cp()["left"] == 6);
    const json box = f.of(f.t.bob)["boxes"]["orders"];
    CHECK(box["submitted"].empty());
    CHECK(box["items"].empty());
}

TEST_CASE("lfas command range: a unit within 6\" takes the order, 1 CP", "[lfas]") {
    // "give an order to a unit (or several in a brigade doing the same thing) within 6" 1 CP": the Light Company's
    // back edge is 6" off, within.
    Kemp f;
    f.orders(f.t.bob, {{"command", {f.order({"Light Company"})}}, {"move", {f.forward("Light Company", 20)}}});
    CHECK(f.of(f.t.bob)["boxes"]["orders"]["submitted"].size() == 1);
    // Movement: the Light Company's average die 4 (a d6 5); next turn's points 3 and 3.
    f.orders(f.t.dave, json::object(), {5, 2, 2});
    CHECK(f.log_of(f.t.bob).find("Sir William orders Light Company.") != std::string::npos);
    CHECK(f.unit_now("Light Company")["position"][1] == Approx(20));  // 4" rolled, 3.25" to its point
}

TEST_CASE("lfas command range: he rides, then orders: judged where his ride ends (command_range_from after_ride)", "[lfas]") {
    // Phase 4 is "allocate Command Points and move commanders/couriers": the book says nothing of which comes first;
    // by default his orders are given where he ends his ride, at best "move one die x inches" with the average die's
    // best face, 5.
    Kemp f;
    std::string why;
    const json ride_far = {{"spend", "move"}, {"dice", 3}, {"to", {30, 22}}};  // 12": three dice reach it
    const json ride_short = {{"spend", "move"}, {"dice", 1}, {"to", {30, 22}}};  // one die: 5" at best
    CHECK(f.refused(f.t.bob, {{"command", {ride_short, f.order({"33rd Foot"})}}, {"move", {f.forward("33rd Foot", 30)}}}, &why) ==
          "out_of_range");
    CHECK(why == "Command 2: 33rd Foot would be 11.2\" from Sir William where his ride ends: orders given directly need it within 6\".");
    CHECK(f.cp()["left"] == 6);
    // The order written before the ride in the list is given after it all the same.
    f.orders(f.t.bob, {{"command", {f.order({"33rd Foot"}), ride_far}}, {"move", {f.forward("33rd Foot", 30)}}});
    // The ride: average dice 5, 5, 5 (15", he stops at his point); the 33rd's die 4 (a d6 5); next points.
    f.orders(f.t.dave, json::object(), {6, 6, 6, 5, 2, 2});
    const std::string log = f.log_of(f.t.bob);
    CHECK(log.find("Sir William rides 12\"") < log.find("Sir William orders 33rd Foot."));
    CHECK(f.unit_now("33rd Foot")["position"][1] == Approx(30));  // 4" rolled, 3.05" to its point
}

TEST_CASE("lfas command range: with command_range_from before_ride, orders are given where he stands", "[lfas]") {
    Kemp f(json{{"command_range_from", "before_ride"}});
    std::string why;
    const json ride = {{"spend", "move"}, {"dice", 3}, {"to", {30, 22}}};
    CHECK(f.refused(f.t.bob, {{"command", {ride, f.order({"33rd Foot"})}}, {"move", {f.forward("33rd Foot", 30)}}}, &why) == "out_of_range");
    CHECK(why == "Command 2: 33rd Foot is 16.2\" from Sir William: orders given directly need it within 6\".");
    // The Light Company is within 6" where he stands; he rides away after ordering it.
    f.orders(f.t.bob, {{"command", {ride, f.order({"Light Company"})}}, {"move", {f.forward("Light Company", 20)}}});
    f.orders(f.t.dave, json::object(), {6, 6, 6, 5, 2, 2});
    const std::string log = f.log_of(f.t.bob);
    CHECK(log.find("Sir William orders Light Company.") < log.find("Sir William rides 12\""));
    CHECK(f.unit_now("Light Company")["position"][1] == Approx(20));
}

TEST_CASE("lfas command range: a ride that falls short leaves the stored order out of reach; the unit stands", "[lfas]") {
    // The submission is judged on his best dice; the command step judges again where he stands after his ride.
    Kemp f;
    f.orders(f.t.bob, {{"command", {{{"spend", "move"}, {"dice", 3}, {"to", {30, 22}}}, f.order({"33rd Foot"})}},
                       {"move", {f.forward("33rd Foot", 30)}}});
    // The ride: average dice 2, 2, 2 (6", to (30, 16): the 33rd 10.2" off); next points.
    f.orders(f.t.dave, json::object(), {1, 1, 1, 2, 2});
    const std::string log = f.log_of(f.t.bob);
    CHECK(log.find("Sir William orders nobody; beyond his 6\" command range: 33rd Foot (10.2\" from him).") != std::string::npos);
    CHECK(log.find("33rd Foot stands: it was 10.2\" from Sir William, beyond his 6\" command range, and his order did not reach it.") !=
          std::string::npos);
    CHECK(f.unit_now("33rd Foot")["position"][1] == Approx(26.95));
}

TEST_CASE("lfas command range: the view tells a commander's player which of his units are within 6\" of him now", "[lfas]") {
    Kemp f;
    const json units = f.of(f.t.bob)["lfas"]["units"];
    const json light = units[std::to_string(f.id("Light Company"))];
    const json foot = units[std::to_string(f.id("33rd Foot"))];
    CHECK(light["in_command_range"] == true);
    CHECK(light["command_inches"] == Approx(6));
    CHECK(foot["in_command_range"] == false);
    CHECK(foot["command_inches"] == Approx(16.2));
    CHECK(f.of(f.t.bob)["lfas"]["costs"]["command_range"] == 6);
    CHECK(f.of(f.t.dave)["lfas"]["units"].count(std::to_string(f.id("33rd Foot"))) == 0);  // not his to command
    CHECK(f.of(f.t.bob)["settings"]["command_range_from"] == "after_ride");
}
