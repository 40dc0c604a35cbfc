#include "server/net/http_request.h"

#include <algorithm>

namespace muster::net {

std::string_view trim_ows(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::uint64_t largest_body(const Config& config) {
    return std::max({request_body_max, static_cast<std::uint64_t>(config.image_max_bytes),
                     static_cast<std::uint64_t>(config.archive_max_bytes), mail_in_body_max(config)});
}

std::uint64_t mail_in_body_max(const Config& config) {
    // The raw message in base64 (4 bytes for 3) with room for the JSON around it.
    return static_cast<std::uint64_t>(config.mail_max_bytes) / 3 * 4 + 8 * 1024;
}

std::uint64_t body_limit(const http::request_header<>& head, const Config& config) {
    const std::string target(head.target());
    const bool picture = head.method() == http::verb::post && target.rfind("/api/campaigns/", 0) == 0 &&
                         target.size() > 7 && target.substr(target.size() - 7) == "/images";
    const bool archive = head.method() == http::verb::post && target == "/api/admin/import";
    const bool mail = head.method() == http::verb::post && target == "/api/mail-in";
    return picture   ? static_cast<std::uint64_t>(config.image_max_bytes)
           : archive ? static_cast<std::uint64_t>(config.archive_max_bytes)
           : mail    ? mail_in_body_max(config)
                     : request_body_max;
}

bool websocket_target(const std::string& target) {
    const std::string path = target.substr(0, target.find('?'));
    if (path == "/ws") return true;
    const std::string prefix = "/ws/c/";
    if (path.rfind(prefix, 0) != 0) return false;
    const std::string id = path.substr(prefix.size());
    return !id.empty() && id.size() <= 18 && id[0] != '0' && id.find_first_not_of("0123456789") == std::string::npos;
}

std::string cookie_value(beast::string_view header, const std::string& name) {
    std::string text(header);
    std::size_t pos = 0;
    while (pos < text.size()) {
        auto end = text.find(';', pos);
        if (end == std::string::npos) end = text.size();
        auto part = text.substr(pos, end - pos);
        auto first = part.find_first_not_of(' ');
        if (first != std::string::npos) part = part.substr(first);
        if (part.rfind(name + "=", 0) == 0) return part.substr(name.size() + 1);
        pos = end + 1;
    }
    return "";
}

std::string link_token(const std::string& target) {
    const auto q = target.find("token=");
    std::string token = q == std::string::npos ? "" : target.substr(q + 6);
    return token.substr(0, token.find('&'));
}

ApiRequest api_request(const http::request<http::string_body>& request, const std::string& path, const std::string& address) {
    return ApiRequest{std::string(request.method_string()), path, request.body(),
                      cookie_value(request[http::field::cookie], "muster_session"), address,
                      std::string(request[http::field::content_type])};
}

}  // namespace muster::net
