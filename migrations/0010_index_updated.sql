-- When a campaign's index row was last written (unix ms of the writer's clock), so that a node of a shared store
-- reads only the rows other nodes have changed since it last looked (server/app/shared_directory.cpp); and the
-- clocks due, by time, to find those of a node that stopped.
ALTER TABLE campaign_index ADD COLUMN updated INTEGER NOT NULL DEFAULT 0;
CREATE INDEX campaign_index_updated ON campaign_index(updated);
CREATE INDEX campaign_index_alarm ON campaign_index(alarm);
