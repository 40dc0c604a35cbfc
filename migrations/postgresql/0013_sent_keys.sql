-- The names a member's page gives its sends, for PostgreSQL (as migrations/0013_sent_keys.sql).
CREATE TABLE sent_keys(
    campaign BIGINT NOT NULL REFERENCES campaigns(id),
    actor BIGINT NOT NULL REFERENCES users(id),
    key TEXT NOT NULL,
    seq BIGINT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (campaign, actor, key)
);
