-- The names a member's page gives its sends (docs/protocol.md, "A send sent twice"): a command carrying a `key`
-- that committed is remembered here, in the transaction of its events, so that the same send again (its reply was
-- lost with the line) is answered as done instead of being done twice or refused for a turn it itself closed.
-- Not a part of the campaign's story: never in its event log, its views or its archive.

CREATE TABLE sent_keys(
    campaign INTEGER NOT NULL REFERENCES campaigns(id),
    actor INTEGER NOT NULL REFERENCES users(id),
    key TEXT NOT NULL,
    seq INTEGER NOT NULL,        -- the command's first event
    at INTEGER NOT NULL,         -- unix ms
    PRIMARY KEY (campaign, actor, key)
);
