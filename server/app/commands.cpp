// The program's commands besides serving (docs/operations.md, "Archives"): `muster export`, `muster import` and
// `muster verify-dice` (a campaign's archive, or a battle's dice file: docs/dice.md). Each works on the database
// file or an archive directly; import into a server that is
// stopped (a running one learns of the campaign at its next start).
#include <fstream>
#include <iostream>
#include <sstream>

#include "server/app/app.h"
#include "server/app/archive.h"
#include "server/app/clock.h"
#include "server/store/migrations.h"

namespace muster {

namespace {

// --flag VALUE pairs after the command's name; false (and a message) for anything else.
bool read_flags(int argc, char** argv, std::map<std::string, std::string>& flags, std::vector<std::string>& plain) {
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg.rfind("--", 0) == 0) {
            if (i + 1 >= argc) {
                std::cerr << "muster: " << arg << " needs a value\n";
                return false;
            }
            // --store names a SQLite file or a PostgreSQL URL; --db, a file, is its older name.
            flags[arg == "--store" ? "--db" : arg] = argv[++i];
        } else {
            plain.push_back(arg);
        }
    }
    return true;
}

std::optional<nlohmann::json> read_archive(const std::string& path) {
    std::ifstream in(path);
    if (!in) {
        std::cerr << "muster: cannot read " << path << "\n";
        return std::nullopt;
    }
    auto j = nlohmann::json::parse(in, nullptr, false);
    if (j.is_discarded()) {
        std::cerr << "muster: " << path << " is not JSON: a damaged archive\n";
        return std::nullopt;
    }
    return j;
}

}  // namespace

int export_command(int argc, char** argv) {
    std::map<std::string, std::string> flags;
    std::vector<std::string> plain;
    if (!read_flags(argc, argv, flags, plain) || !flags.count("--db") || !flags.count("--campaign") || !plain.empty()) {
        std::cerr << "usage: muster export --db FILE | --store STORE --campaign ID [--to PATH]\n";
        return 2;
    }
    try {
        store::Database db(flags["--db"]);
        auto archive = export_campaign(db, std::stoll(flags["--campaign"]), /*with_seed=*/true);
        if (!archive) {
            std::cerr << "muster: no campaign " << flags["--campaign"] << " in " << flags["--db"] << "\n";
            return 1;
        }
        if (!flags.count("--to")) {
            std::cout << archive->dump() << "\n";
            return 0;
        }
        std::ofstream out(flags["--to"]);
        out << archive->dump() << "\n";
        if (!out) throw std::runtime_error("cannot write " + flags["--to"]);
        std::cout << "exported campaign " << flags["--campaign"] << " to " << flags["--to"] << "\n";
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "muster export: " << e.what() << "\n";
        return 1;
    }
}

int import_command(int argc, char** argv) {
    std::map<std::string, std::string> flags;
    std::vector<std::string> plain;
    if (!read_flags(argc, argv, flags, plain) || !flags.count("--db") || plain.size() != 1) {
        std::cerr << "usage: muster import --db FILE | --store STORE ARCHIVE\n";
        return 2;
    }
    auto archive = read_archive(plain[0]);
    if (!archive) return 1;
    try {
        store::Database db(flags["--db"]);
        const std::string dir = flags.count("--migrations") ? flags["--migrations"] : std::string(MUSTER_SOURCE_DIR) + "/migrations";
        store::migrate(db, store::load_migrations(store::migrations_for(dir, db.engine())));
        const auto result = import_campaign(db, *archive, unix_ms());
        if (!result.error.empty()) {
            std::cerr << "muster import: " << result.error << "\n";
            return 1;
        }
        std::cout << "imported campaign " << result.campaign << "\n";
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "muster import: " << e.what() << "; nothing was written\n";
        return 1;
    }
}

int verify_dice_command(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: muster verify-dice ARCHIVE-OR-BATTLE-DICE-FILE\n";
        return 2;
    }
    auto archive = read_archive(argv[2]);
    if (!archive) return 1;
    DiceCheck check;
    try {
        check = verify_dice(*archive);
    } catch (const std::exception& e) {
        check = {false, 0, std::string("the archive is not readable: ") + e.what()};
    }
    if (!check.ok) {
        std::cout << "NOT VERIFIED after " << check.rolls << " rolls: " << check.problem << "\n";
        return 1;
    }
    const bool battle = archive->is_object() && archive->value("format", "") == "muster-battle-dice";
    std::cout << "verified: the " << (battle ? "battle's " : "") << "seed matches its commitment and all " << check.rolls
              << " rolls match it\n";
    return 0;
}

}  // namespace muster
