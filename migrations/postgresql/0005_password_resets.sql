-- Password reset links, for PostgreSQL (as migrations/0005_password_resets.sql).
CREATE TABLE password_resets(
    token_hash TEXT PRIMARY KEY,
    "user" BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created BIGINT NOT NULL,
    expires BIGINT NOT NULL,
    used BIGINT
);
