-- A campaign's latest snapshot, for PostgreSQL (as migrations/0011_snapshots.sql).
-- 0001's table `snapshots` was reserved and never written; this one replaces it.
DROP TABLE snapshots;
CREATE TABLE campaign_snapshots(
    campaign BIGINT PRIMARY KEY REFERENCES campaigns(id),
    seq BIGINT NOT NULL,
    format INTEGER NOT NULL,
    body TEXT NOT NULL,
    taken BIGINT NOT NULL
);
