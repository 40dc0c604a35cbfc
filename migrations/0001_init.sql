-- The first schema. Applied inside a transaction by server/store/migrations.cpp, so no PRAGMAs here
-- (journal_mode and foreign_keys cannot change inside one); the connection sets them when it opens.

CREATE TABLE users(
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL,               -- as the player typed it
    username_key TEXT NOT NULL UNIQUE,    -- lower-case ASCII, so names are unique regardless of case
    password_hash TEXT NOT NULL,
    created INTEGER NOT NULL              -- unix ms
);

CREATE TABLE sessions(
    id INTEGER PRIMARY KEY,
    user INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,      -- SHA-256 hex of the token; the token itself is never stored
    created INTEGER NOT NULL,
    last_seen INTEGER NOT NULL
);
-- Without it, deleting a user scans every session to cascade.
CREATE INDEX sessions_user ON sessions(user);

CREATE TABLE campaigns(
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    seed_hex TEXT NOT NULL,
    created INTEGER NOT NULL
);

CREATE TABLE events(
    campaign INTEGER NOT NULL REFERENCES campaigns(id),
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    actor INTEGER NOT NULL,
    at INTEGER NOT NULL,
    body TEXT NOT NULL,                   -- JSON
    dice TEXT NOT NULL DEFAULT '[]',      -- JSON array
    PRIMARY KEY(campaign, seq)
) WITHOUT ROWID;

CREATE TABLE snapshots(
    campaign INTEGER NOT NULL REFERENCES campaigns(id),
    seq INTEGER NOT NULL,
    state TEXT NOT NULL,                  -- JSON
    PRIMARY KEY(campaign, seq)
);

-- The log is the campaign's history; a correction is a new event, never an edit.
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;

CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;
