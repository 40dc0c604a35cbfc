#include "server/store/sent_keys.h"

namespace muster::store {

void put_sent_key(Database& db, std::int64_t campaign, const SentKey& sent, std::int64_t seq, std::int64_t at) {
    auto& st = db.cached("INSERT INTO sent_keys(campaign, actor, key, seq, at) VALUES(?1, ?2, ?3, ?4, ?5) "
                         "ON CONFLICT(campaign, actor, key) DO NOTHING");
    st.bind(1, campaign).bind(2, sent.actor).bind(3, sent.key).bind(4, seq).bind(5, at);
    st.run();
    st.reset();
    auto& prune = db.cached(
        "DELETE FROM sent_keys WHERE campaign = ?1 AND actor = ?2 AND key NOT IN "
        "(SELECT key FROM sent_keys WHERE campaign = ?1 AND actor = ?2 ORDER BY seq DESC LIMIT ?3)");
    prune.bind(1, campaign).bind(2, sent.actor).bind(3, static_cast<std::int64_t>(sent_keys_per_member));
    prune.run();
    prune.reset();
}

std::set<std::pair<std::int64_t, std::string>> sent_keys(Database& db, std::int64_t campaign) {
    auto& st = db.cached("SELECT actor, key FROM sent_keys WHERE campaign = ?1");
    st.bind(1, campaign);
    std::set<std::pair<std::int64_t, std::string>> out;
    while (st.step()) out.emplace(st.column_int(0), st.column_text(1));
    st.reset();
    return out;
}

}  // namespace muster::store
