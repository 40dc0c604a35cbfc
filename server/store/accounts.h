#pragma once
// Users and login sessions. Session tokens are stored only as their SHA-256 (hex).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/database.h"

namespace muster::store {

struct UserRow {
    std::int64_t id = 0;
    std::string username;
    std::string password_hash;  // server/app/passwords.h format
    bool admin = false;         // the server's administrator (migrations/0006_admin.sql)
    bool disabled = false;      // may not log in
    std::int64_t created = 0;
};

struct SessionRow {
    std::int64_t id = 0;
    std::int64_t user = 0;
    std::string username;
    std::int64_t created = 0;    // unix ms
    std::int64_t last_seen = 0;  // unix ms
};

// Returns the new user's id, or nothing when the name is taken (case-insensitive).
std::optional<std::int64_t> create_user(Database& db, const std::string& username,
                                        const std::string& password_hash, std::int64_t now_ms);
std::optional<UserRow> find_user(Database& db, const std::string& username);  // case-insensitive
std::optional<UserRow> find_user_by_id(Database& db, std::int64_t id);
// A user with this id (an imported campaign's member); false when the id or the name is taken.
bool create_user_with_id(Database& db, std::int64_t id, const std::string& username, const std::string& password_hash,
                         std::int64_t now_ms);

std::int64_t create_session(Database& db, std::int64_t user, const std::string& token_hash,
                            std::int64_t now_ms);
// The session for this token hash if it exists and is neither idle longer than idle_ms nor older than
// absolute_ms; touches last_seen. Expired sessions found this way are deleted.
std::optional<SessionRow> find_session(Database& db, const std::string& token_hash, std::int64_t now_ms,
                                       std::int64_t idle_ms, std::int64_t absolute_ms);
void delete_session(Database& db, std::int64_t session_id);
// Deletes every expired session; returns their ids (the server closes their sockets).
std::vector<std::int64_t> expire_sessions(Database& db, std::int64_t now_ms, std::int64_t idle_ms,
                                          std::int64_t absolute_ms);
// Marks a session as used now (an open WebSocket keeps its session alive).
void touch_session(Database& db, std::int64_t session_id, std::int64_t now_ms);

// --- administration (migrations/0006_admin.sql) ---
std::vector<UserRow> list_users(Database& db);  // by id, without password hashes
// Grants or takes away the administrator's rights; false when there is no such user.
bool set_admin(Database& db, const std::string& username, bool admin);
// Disables or enables an account; false when there is no such user.
bool set_disabled(Database& db, std::int64_t user, bool disabled);
// Unsent messages in the outbox (the health page).
std::int64_t unsent_messages(Database& db);

// --- passwords (migrations/0005_password_resets.sql) ---
void set_password_hash(Database& db, std::int64_t user, const std::string& password_hash);
// Ends every session of the user but `keep` (0: all); returns the ended ones (the server closes their sockets).
std::vector<std::int64_t> end_sessions_of(Database& db, std::int64_t user, std::int64_t keep);
// The user a reset is asked for by username or e-mail address (case-insensitive), with his verified address;
// nothing when there is no such user or he has no verified address.
struct ResetTarget {
    std::int64_t user = 0;
    std::string address;
};
std::optional<ResetTarget> reset_target(Database& db, const std::string& name_or_address);
void create_reset(Database& db, std::int64_t user, const std::string& token_hash, std::int64_t now_ms, std::int64_t expires_ms);
// How many reset links were made for the user since then (e-mailed or the administrator's).
int resets_since(Database& db, std::int64_t user, std::int64_t since_ms);
// Uses the reset with this token hash if it is unused and unexpired: marks it used, returns its user.
std::optional<std::int64_t> use_reset(Database& db, const std::string& token_hash, std::int64_t now_ms);

}  // namespace muster::store
