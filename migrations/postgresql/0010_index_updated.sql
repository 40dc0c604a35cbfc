-- As migrations/0010_index_updated.sql, for PostgreSQL.
ALTER TABLE campaign_index ADD COLUMN updated BIGINT NOT NULL DEFAULT 0;
CREATE INDEX campaign_index_updated ON campaign_index(updated);
CREATE INDEX campaign_index_alarm ON campaign_index(alarm);
