-- Password reset (docs/protocol.md, "HTTP"): a single-use link e-mailed to a user's verified address, valid until
-- `expires`; only the token's SHA-256 is stored.
CREATE TABLE password_resets(
    token_hash TEXT PRIMARY KEY,
    user INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created INTEGER NOT NULL,  -- unix ms
    expires INTEGER NOT NULL,  -- unix ms
    used INTEGER               -- unix ms once used; NULL until then
);
