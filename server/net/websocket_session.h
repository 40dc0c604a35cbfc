#pragma once
// One WebSocket (DESIGN.md, "Network layer"; after Beast's chat-multi): its own strand, its own send queue of
// shared frames written in order (handed in through a locked inbox), those that queued during a write together as
// one array; a client that stops reading is dropped once its queue is full. Frames read are handed to the App,
// which never sees Beast.
#include <memory>
#include <mutex>
#include <vector>

#include "server/app/app.h"
#include "server/app/client.h"
#include "server/net/beast.h"

namespace muster::net {

// What a WebSocket runs over: a plain connection leaves the HTTP session's tcp_stream for a bare socket; a TLS one
// keeps its stream, whose state cannot move to another.
template <class Stream>
struct WsLayer {
    using type = Stream;
};
template <>
struct WsLayer<PlainStream> {
    using type = WsSocket;
};

template <class Stream>
class WebsocketSession : public Client {
public:
    WebsocketSession(Stream&& stream, App& app, SessionInfo who);
    ~WebsocketSession() override;
    void run(http::request<http::string_body> request);  // completes the upgrade

    void send(std::shared_ptr<const std::string> frame) override;
    void close(int code, std::string reason) override;

private:
    std::shared_ptr<WebsocketSession> self() { return std::static_pointer_cast<WebsocketSession>(shared_from_this()); }
    void on_accept(beast::error_code ec);
    void do_read();
    void on_read(beast::error_code ec, std::size_t bytes);
    void message_started();
    void message_too_slow(beast::error_code ec);
    void start_close(int code, std::string reason);
    void write_inbox();
    void refuse_more();
    void drop_slow_reader();
    void do_write();
    void on_write(beast::error_code ec, std::size_t bytes);
    void finish();

    websocket::stream<typename WsLayer<Stream>::type> ws_;
    beast::flat_buffer buffer_;
    App& app_;
    // A message read a frame at a time must come in full within ws_message_timeout_seconds of its first bytes
    // (docs/operations.md, "Limits"). The timer is made for the first message that takes more than one read (a
    // browser's come whole, so most sockets never make one); in_message_ says part of one has come.
    std::unique_ptr<asio::steady_timer> message_timer_;
    bool in_message_ = false;
    // Frames to write, from queue_[head_] on (a vector: an idle socket's deque would hold a block of its own).
    std::vector<std::shared_ptr<const std::string>> queue_;
    std::size_t head_ = 0;
    // The frames being written now, from queue_[head_]; more than one go as one array (docs/protocol.md,
    // "Frames"), whose text is kept in batch_ until written.
    std::size_t writing_ = 0;
    std::string batch_;
    bool compressing_ = false;  // the message being written goes compressed (when deflate was negotiated)
    // Frames sent from other strands wait in inbox_ until this strand takes them: posted to it only when it is not
    // going to look anyway (a write under way looks when it completes), so a busy socket costs no post per frame.
    // held_* count every frame accepted and not yet written (inbox and queue), for the slow reader's limits.
    std::mutex inbox_mutex_;
    std::vector<std::shared_ptr<const std::string>> inbox_;
    bool will_look_ = false;  // a drain is posted, or a write is under way
    bool refusing_ = false;   // closing, closed, or dropped for reading too slowly
    std::size_t held_frames_ = 0;
    std::size_t held_bytes_ = 0;
    bool open_ = false;     // admitted and reading
    bool closing_ = false;  // a close was started; send nothing more
    bool finished_ = false;
};

}  // namespace muster::net
