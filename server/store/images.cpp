#include "server/store/images.h"

namespace muster::store {

void add_image(Database& db, const std::string& token, std::int64_t campaign, const std::string& type,
               const std::string& bytes, std::int64_t uploaded_by, std::int64_t now_ms) {
    auto& st = db.cached("INSERT INTO images(token, campaign, type, bytes, uploaded_by, created) VALUES(?1, ?2, ?3, ?4, ?5, ?6)");
    st.bind(1, token).bind(2, campaign).bind(3, type).bind_blob(4, bytes).bind(5, uploaded_by).bind(6, now_ms);
    st.run();
    st.reset();
}

std::optional<ImageRow> image(Database& db, std::int64_t campaign, const std::string& token) {
    auto& st = db.cached("SELECT type, bytes FROM images WHERE token = ?1 AND campaign = ?2");
    st.bind(1, token).bind(2, campaign);
    std::optional<ImageRow> out;
    if (st.step()) out = ImageRow{st.column_text(0), st.column_blob(1)};
    st.reset();
    return out;
}

std::vector<StoredImage> images_of(Database& db, std::int64_t campaign) {
    auto st = db.prepare("SELECT token, type, bytes, uploaded_by, created FROM images WHERE campaign = ? ORDER BY created, token");
    st.bind(1, campaign);
    std::vector<StoredImage> out;
    while (st.step()) out.push_back({st.column_text(0), st.column_text(1), st.column_blob(2), st.column_int(3), st.column_int(4)});
    return out;
}

}  // namespace muster::store
