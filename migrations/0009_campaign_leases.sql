-- Which node of a deployment writes each campaign (docs/operations.md, "More than one machine"): a node takes a
-- campaign's lease when it loads it and renews it while it keeps it; every append checks, in its own transaction,
-- that the lease is still this node's with the same epoch, so two nodes can never both write a campaign. A lease
-- whose time ran out may be taken by another node, which raises the epoch. A single server holds every lease.
CREATE TABLE campaign_leases(
    campaign INTEGER PRIMARY KEY REFERENCES campaigns(id),
    node TEXT NOT NULL,
    epoch INTEGER NOT NULL,     -- raised by each taking, so a node that lost the lease cannot write on
    expires INTEGER NOT NULL    -- unix ms
);
CREATE INDEX campaign_leases_node ON campaign_leases(node);
