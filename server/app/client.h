#pragma once
// What the application sees of one open WebSocket: who it is, a way to send, a way to close.
// The network layer implements it (server/net/websocket_session.h); the app never sees Beast.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

namespace muster {

struct SessionInfo {
    std::int64_t session = 0;  // the login session's row id
    std::int64_t user = 0;
    std::string username;
};

class Client : public std::enable_shared_from_this<Client> {
public:
    explicit Client(SessionInfo who) : who_(std::move(who)) {}
    virtual ~Client() = default;

    // Thread-safe. Frames go out in the order given; a client whose queue is full is disconnected.
    virtual void send(std::shared_ptr<const std::string> frame) = 0;
    // Thread-safe. Sends a close frame with this code and reason, then drops the connection.
    virtual void close(int code, std::string reason) = 0;

    const SessionInfo& who() const { return who_; }

    // Token bucket for incoming frames; touched only on this client's own strand.
    bool take_token(double rate, double burst) {
        auto now = std::chrono::steady_clock::now();
        if (!started_) {
            tokens_ = burst;
            started_ = true;
        } else {
            tokens_ = std::min(burst, tokens_ + rate * std::chrono::duration<double>(now - last_).count());
        }
        last_ = now;
        if (tokens_ < 1) return false;
        tokens_ -= 1;
        return true;
    }

private:
    SessionInfo who_;
    bool started_ = false;
    double tokens_ = 0;
    std::chrono::steady_clock::time_point last_;
};

}  // namespace muster
