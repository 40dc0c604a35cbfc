#pragma once
// Pictures a campaign's umpire uploads (migrations/0003_images.sql). All SQL about them lives here.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/database.h"

namespace muster::store {

struct ImageRow {
    std::string type;   // "image/png", ...
    std::string bytes;
};

void add_image(Database& db, const std::string& token, std::int64_t campaign, const std::string& type,
               const std::string& bytes, std::int64_t uploaded_by, std::int64_t now_ms);
// Every picture of a campaign, with its token, uploader and time (for an archive).
struct StoredImage {
    std::string token, type, bytes;
    std::int64_t uploaded_by = 0, created = 0;
};
std::vector<StoredImage> images_of(Database& db, std::int64_t campaign);
// The image of this campaign with this token; none for another campaign's.
std::optional<ImageRow> image(Database& db, std::int64_t campaign, const std::string& token);

}  // namespace muster::store
