-- A colonel's diary not yet sent (docs/protocol.md, "Diary drafts"): saved as he writes, so he can go on with it on
-- another device. Not a part of the campaign's story: never in its event log, its views or its archive; one per
-- player and campaign, for the month he was writing.

CREATE TABLE diary_drafts(
    campaign INTEGER NOT NULL REFERENCES campaigns(id),
    user INTEGER NOT NULL REFERENCES users(id),
    turn INTEGER NOT NULL,
    body TEXT NOT NULL,          -- the diary's fields as the page holds them (JSON)
    saved INTEGER NOT NULL,      -- unix ms
    PRIMARY KEY (campaign, user)
);
