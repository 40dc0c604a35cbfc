#include "server/app/placement.h"

#include <iostream>

#include <boost/asio/buffers_iterator.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/local/stream_protocol.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>

namespace muster {

Placement::Placement(std::string admin, std::string map)
    : admin_(std::move(admin)), map_(std::move(map)), thread_([this] { loop(); }) {}

Placement::~Placement() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

void Placement::place(std::int64_t campaign, const std::string& node) {
    {
        std::lock_guard lock(mutex_);
        queue_.emplace_back(campaign, node);
    }
    wake_.notify_one();
}

std::string Placement::command(const std::string& map, std::int64_t campaign, const std::string& node) {
    // `set map` changes only an entry that is there; `del` then `add` sets it either way, in one line.
    const std::string key = std::to_string(campaign);
    return "del map " + map + " " + key + ";add map " + map + " " + key + " " + node + "\n";
}

void Placement::loop() {
    for (;;) {
        std::pair<std::int64_t, std::string> next;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) return;
            next = std::move(queue_.front());
            queue_.pop_front();
        }
        send(command(map_, next.first, next.second));
    }
}

// One connection per command, as the runtime API closes it after answering (it is not in interactive mode).
void Placement::send(const std::string& line) {
    namespace asio = boost::asio;
    try {
        asio::io_context ioc;
        asio::local::stream_protocol::socket socket(ioc);
        socket.connect(asio::local::stream_protocol::endpoint(admin_));
        asio::write(socket, asio::buffer(line));
        asio::streambuf answer;
        boost::system::error_code ec;
        asio::read(socket, answer, ec);  // until HAProxy closes it
        std::string text(asio::buffers_begin(answer.data()), asio::buffers_end(answer.data()));
        // Success answers nothing; a `del` of an entry the map did not have answers so. Anything else is a complaint.
        for (auto at = text.find("Key not found."); at != std::string::npos; at = text.find("Key not found."))
            text.erase(at, 14);
        if (text.find_first_not_of(" \r\n") != std::string::npos)
            std::cerr << "muster: the proxy answered " << line.substr(0, line.size() - 1) << ": " << text << "\n";
    } catch (const std::exception& e) {
        std::cerr << "muster: cannot tell the proxy (" << admin_ << ") where a campaign is: " << e.what() << "\n";
    }
}

}  // namespace muster
