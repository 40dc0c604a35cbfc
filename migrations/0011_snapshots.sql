-- A campaign's latest snapshot (shared/campaign/snapshot.h): its whole state as it stood after event `seq`, so that
-- loading it reads the snapshot and the events after it, not the whole log (docs/architecture.md, "Snapshots").
-- One row per campaign, replaced by a later one; the log stays whole and is the truth: a snapshot that cannot be read
-- (another format, a newer server's) is passed over and the log replayed.
-- 0001's table `snapshots` was reserved and never written; this one replaces it.
DROP TABLE snapshots;
CREATE TABLE campaign_snapshots(
    campaign INTEGER PRIMARY KEY REFERENCES campaigns(id),
    seq INTEGER NOT NULL,       -- the last event the state holds
    format INTEGER NOT NULL,    -- campaign::snapshot_format of the server that wrote it
    body TEXT NOT NULL,         -- the JSON
    taken INTEGER NOT NULL      -- unix ms
);
