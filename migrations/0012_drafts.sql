-- What a member composes and has not sent, kept as he writes it (docs/protocol.md, "Drafts"): his diary, or his
-- choice for a battle's turn. One per player, campaign and kind ("diary", "battle-<id>"); 0007's diary drafts become
-- the kind "diary". Not a part of the campaign's story: never in its event log, its views or its archive.

CREATE TABLE drafts(
    campaign INTEGER NOT NULL REFERENCES campaigns(id),
    user INTEGER NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL,
    turn INTEGER NOT NULL,       -- the month, or the battle's turn, it was written for
    body TEXT NOT NULL,          -- as the page holds it (JSON)
    saved INTEGER NOT NULL,      -- unix ms
    PRIMARY KEY (campaign, user, kind)
);
INSERT INTO drafts(campaign, user, kind, turn, body, saved)
    SELECT campaign, user, 'diary', turn, body, saved FROM diary_drafts;
DROP TABLE diary_drafts;
