-- What the server knows of a campaign without loading its log (server/store/campaign_index.h): written with the
-- events that change it, in the same transaction, so a campaign nobody is using stays on disk and out of memory
-- until someone subscribes or its clock comes due. A campaign without a row (one from before this table) is
-- loaded once at start, which writes its row.
CREATE TABLE campaign_index(
    campaign INTEGER PRIMARY KEY REFERENCES campaigns(id),
    directory TEXT NOT NULL,        -- JSON {"name", "closed", "members": {"<user>": role}, "codes": [invite codes]}
    needs TEXT NOT NULL,            -- JSON {"<user>": {"count": n, "due": unix ms | null}}: what needs each member
    alarm INTEGER                   -- unix ms of its next clock (a deadline, a countdown), or NULL
);
