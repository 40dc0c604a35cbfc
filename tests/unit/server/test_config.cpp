// Settings: defaults < config file < environment < flags (server/app/config.h).
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <map>

#include "server/app/config.h"

using namespace muster;

namespace {
std::map<std::string, std::string> fake_env;
const char* lookup(const char* name) {
    auto it = fake_env.find(name);
    return it == fake_env.end() ? nullptr : it->second.c_str();
}
ConfigResult load(std::vector<std::string> args) {
    std::vector<char*> argv;
    static std::string program = "muster";
    argv.push_back(program.data());
    for (auto& a : args) argv.push_back(a.data());
    return load_config(static_cast<int>(argv.size()), argv.data(), lookup);
}
}  // namespace

TEST_CASE("settings come from defaults, file, environment and flags, later wins", "[config]") {
    fake_env.clear();
    auto defaults = load({});
    REQUIRE(defaults.config);
    CHECK(defaults.config->listen == "127.0.0.1:8080");
    CHECK(defaults.config->max_connections_per_user == 8);

    std::string file = "/tmp/muster-config-test.json";
    std::ofstream(file) << R"({"listen": "0.0.0.0:9000", "db": "from-file.db", "allowed_origins": ["https://a", "https://b"], "ws_rate": 5})";
    fake_env = {{"MUSTER_DB", "from-env.db"}, {"MUSTER_WS_RATE", "7"}};
    auto c = load({"--config", file, "--ws-rate", "9", "--threads=3"});
    REQUIRE(c.config);
    CHECK(c.config->listen == "0.0.0.0:9000");
    CHECK(c.config->db == "from-env.db");
    CHECK(c.config->ws_rate == 9);
    CHECK(c.config->threads == 3);
    CHECK(c.config->allowed_origins == std::vector<std::string>{"https://a", "https://b"});
    std::remove(file.c_str());
    fake_env.clear();
}

TEST_CASE("bad settings are refused with a reason; --help prints usage", "[config]") {
    fake_env.clear();
    auto unknown = load({"--bogus", "1"});
    CHECK_FALSE(unknown.config);
    CHECK(unknown.exit_code == 2);
    CHECK(unknown.message.find("unknown option --bogus") != std::string::npos);
    auto bad_number = load({"--threads", "two"});
    CHECK_FALSE(bad_number.config);
    CHECK(load({}).config->password_work == 17);
    CHECK(load({"--password-work", "14"}).config->password_work == 14);
    auto weak = load({"--password-work", "10"});
    CHECK_FALSE(weak.config);
    CHECK(weak.message.find("password_work must be from 14 to 20") != std::string::npos);
    auto half_tls = load({"--tls-cert", "x.pem"});
    CHECK_FALSE(half_tls.config);
    auto help = load({"--help"});
    CHECK_FALSE(help.config);
    CHECK(help.exit_code == 0);
    CHECK(help.message.find("--session-idle-seconds") != std::string::npos);
}
