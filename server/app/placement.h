#pragma once
// Which node keeps each campaign, told to the proxy in front of the nodes (docs/operations.md, "More than one
// machine"): HAProxy routes /ws/c/{campaign} by a map of campaign to backend, and a node that takes a campaign's
// lease, or learns who holds it, sets that map's entry through HAProxy's runtime API (its admin socket). Without
// `proxy_admin` set there is no proxy to tell, and nothing is done.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

namespace muster {

class Placement {
public:
    // admin: HAProxy's admin socket (a Unix socket's path); map: the map file as HAProxy's configuration names it.
    Placement(std::string admin, std::string map);
    ~Placement();  // sends what is queued, then stops
    Placement(const Placement&) = delete;
    Placement& operator=(const Placement&) = delete;

    // Any thread: campaign -> node (the backend of that name), sent in order on a thread of its own.
    void place(std::int64_t campaign, const std::string& node);

    // The runtime API's command line for one entry: replace it whether or not the map had it.
    static std::string command(const std::string& map, std::int64_t campaign, const std::string& node);

private:
    void loop();
    void send(const std::string& line);

    std::string admin_, map_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::pair<std::int64_t, std::string>> queue_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace muster
