#include "server/net/websocket_session.h"

#include <iostream>

#include "server/app/frames.h"

namespace muster::net {

namespace {
// At most this much goes in one array (a whole view is written alone when it is larger).
constexpr std::size_t batch_frames_max = 64;
constexpr std::size_t batch_bytes_max = 256 * 1024;

template <class Stream>
Stream ws_layer(Stream&& stream) {
    return std::move(stream);
}

WsSocket ws_layer(PlainStream&& stream) {
    // The same strand the connection had (the listener gave it one); the descriptor moves to a socket bound to it.
    const auto executor = stream.get_executor();
    const auto* strand = executor.target<SocketStrand>();
    WsSocket out(strand ? *strand
                        : asio::make_strand(static_cast<asio::io_context&>(asio::query(executor, asio::execution::context))));
    tcp::socket socket = stream.release_socket();
    beast::error_code ec;
    const auto local = socket.local_endpoint(ec);
    if (ec) return out;  // gone already: the accept fails on a closed socket, and the session ends
    const auto handle = socket.release(ec);
    if (!ec) out.assign(local.protocol(), handle, ec);
    return out;
}

// The socket under a WebSocket, whatever it runs over.
template <class Layer>
auto& socket_of(Layer& lowest) {
    if constexpr (requires { lowest.socket(); }) return lowest.socket();
    else return lowest;
}

// Beast keeps its permessage-deflate state private to the stream: on Debian 12's Boost 1.74, the switch that says
// whether the next message goes compressed (1.81 made it public as stream::compress(bool)) and the compressor's
// and decompressor's buffers, which it would keep until the socket closes. The explicit instantiations below name
// the stream's private state, which the language allows there (they are exempt from access checks), so that only
// the messages that pay are compressed and a quiet socket holds no buffers (docs/performance.md, "Compression").
template <class Tag, auto Member>
struct PrivateMember {
    friend auto member_of(Tag) { return Member; }
};
struct PlainWsImpl {
    friend auto member_of(PlainWsImpl);
};
struct TlsWsImpl {
    friend auto member_of(TlsWsImpl);
};
template struct PrivateMember<PlainWsImpl, &websocket::stream<WsSocket>::impl_>;
template struct PrivateMember<TlsWsImpl, &websocket::stream<TlsStream>::impl_>;

auto& beast_state(websocket::stream<WsSocket>& ws) { return *(ws.*member_of(PlainWsImpl{})); }
auto& beast_state(websocket::stream<TlsStream>& ws) { return *(ws.*member_of(TlsWsImpl{})); }

// Whether the next message written goes compressed, when the client took permessage-deflate.
template <class Ws>
void compress_next(Ws& ws, bool compress) {
    beast_state(ws).wr_compress_opt = compress;
}

// After a compressed message is written: the compressor's window and tables (136 KB at the window and memLevel
// set in run) and the buffer its output went out through are freed; a later large message allocates them again.
template <class Ws>
void free_compressor(Ws& ws) {
    auto& state = beast_state(ws);
    if (state.pmd_) state.pmd_->zo.clear();
    state.wr_buf.reset();
}

// After a compressed message is read (a browser compresses each one it sends): the decompressor's window, 32 KB,
// is freed (its clear() does not). The client keeps no context between messages (client_no_context_takeover), so
// a new decompressor reads the next as well as the old would.
template <class Ws>
void free_decompressor(Ws& ws) {
    auto& state = beast_state(ws);
    if (!state.pmd_ || !state.pmd_->rd_set) return;
    state.pmd_->zi = beast::zlib::inflate_stream();
    state.pmd_->zi.reset(state.pmd_config_.client_max_window_bits);
}
}  // namespace

template <class Stream>
WebsocketSession<Stream>::WebsocketSession(Stream&& stream, App& app, SessionInfo who)
    : Client(std::move(who)), ws_(ws_layer(std::move(stream))), app_(app) {}

template <class Stream>
WebsocketSession<Stream>::~WebsocketSession() {
    finish();
}

template <class Stream>
void WebsocketSession<Stream>::run(http::request<http::string_body> request) {
    if constexpr (!std::is_same_v<Stream, PlainStream>)
        beast::get_lowest_layer(ws_).expires_never();  // the websocket's own timeouts take over
    // Handshake and idle timeouts, with pings to keep a quiet but live client connected.
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "muster"); }));
    ws_.read_message_max(app_.config().ws_max_message);  // larger closes with 1009 (too big)
    // A message goes as one frame in one write: Beast's default cuts one over 4 KB into 4 KB frames, a write each
    // (a month-36 umpire's view took some 70). A compressed one goes a frame per 16 KB of its output (do_write).
    ws_.auto_fragment(false);
    if (app_.config().ws_deflate) {
        // Each message compressed alone (no context kept between messages, either way), so that the buffers can
        // be freed after each (free_compressor). Freed, zlib's whole window of 2^15 costs a quiet socket nothing,
        // and takes a month-36 umpire's view to 29 KB where 2^11 left 61; level 4 costs half the CPU of level 6
        // for 5 KB more (docs/performance.md, "Compression").
        websocket::permessage_deflate pmd;
        pmd.server_enable = true;
        pmd.server_max_window_bits = 15;
        pmd.server_no_context_takeover = true;
        pmd.client_no_context_takeover = true;
        pmd.memLevel = 4;
        pmd.compLevel = 4;
        ws_.set_option(pmd);
    }
    ws_.async_accept(request, beast::bind_front_handler(&WebsocketSession::on_accept, self()));
}

template <class Stream>
void WebsocketSession<Stream>::on_accept(beast::error_code ec) {
    if (ec) return;
    if (!app_.admit(self())) {
        closing_ = true;
        ws_.async_close(websocket::close_reason(websocket::close_code::policy_error, "too many connections"),
                        [s = self()](beast::error_code) {});
        return;
    }
    open_ = true;
    do_read();
}

template <class Stream>
void WebsocketSession<Stream>::do_read() {
    // A read at a time rather than a whole message (async_read), so that a message's time can be limited: one
    // trickled as empty continuation frames would otherwise be read for as long as its client kept sending.
    ws_.async_read_some(buffer_, 0, beast::bind_front_handler(&WebsocketSession::on_read, self()));
}

template <class Stream>
void WebsocketSession<Stream>::on_read(beast::error_code ec, std::size_t) {
    if (ec) {
        if (message_timer_) message_timer_->cancel();
        return finish();  // closed, too big (Beast has sent 1009), timed out or reset
    }
    if (!ws_.is_message_done()) {
        if (!in_message_) message_started();
        return do_read();
    }
    if (in_message_) {
        in_message_ = false;
        message_timer_->cancel();
    }
    free_decompressor(ws_);
    if (!closing_) {
        if (ws_.got_text()) {
            app_.on_frame(self(), beast::buffers_to_string(buffer_.data()));
        } else {
            send(frames::reply_error(nullptr, bad_request("Frames must be JSON text, not binary.")));
        }
    }
    buffer_.consume(buffer_.size());
    do_read();
}

template <class Stream>
void WebsocketSession<Stream>::message_started() {
    in_message_ = true;
    if (!message_timer_) message_timer_ = std::make_unique<asio::steady_timer>(ws_.get_executor());
    message_timer_->expires_after(std::chrono::seconds(app_.config().ws_message_timeout_seconds));
    message_timer_->async_wait(beast::bind_front_handler(&WebsocketSession::message_too_slow, self()));
}

template <class Stream>
void WebsocketSession<Stream>::message_too_slow(beast::error_code ec) {
    if (ec || !in_message_ || finished_) return;  // the message came, or the socket is gone
    // A wait that ended as the message came and the next one's began is not the next one's.
    if (message_timer_->expiry() > std::chrono::steady_clock::now()) return;
    in_message_ = false;
    if (closing_) return;
    start_close(static_cast<int>(websocket::close_code::policy_error), "message too slow");
    // A client that keeps sending frames never answers the close (Beast would read them for its close timeout,
    // 30 s): its socket is shut a second after the close frame went.
    message_timer_->expires_after(std::chrono::seconds(1));
    message_timer_->async_wait([s = self()](beast::error_code wait_ec) {
        if (wait_ec || s->finished_) return;
        beast::error_code ignored;
        socket_of(beast::get_lowest_layer(s->ws_)).close(ignored);
    });
}

template <class Stream>
void WebsocketSession<Stream>::send(std::shared_ptr<const std::string> frame) {
    // Any thread. The strand is asked to look only when it would not anyway, so that a frame for a socket whose
    // write is under way costs a lock, not a post.
    const auto& config = app_.config();
    bool post_drain = false;
    bool drop = false;
    {
        std::lock_guard lock(inbox_mutex_);
        if (refusing_) return;
        if (held_frames_ >= config.ws_send_queue || held_bytes_ + frame->size() > config.ws_send_queue_bytes) {
            refusing_ = true;
            inbox_.clear();
            drop = true;
        } else {
            ++held_frames_;
            held_bytes_ += frame->size();
            inbox_.push_back(std::move(frame));
            post_drain = !will_look_;
            will_look_ = true;
        }
    }
    if (drop) {
        asio::post(ws_.get_executor(), [s = self()] { s->drop_slow_reader(); });
    } else if (post_drain) {
        asio::post(ws_.get_executor(), [s = self()] { s->write_inbox(); });
    }
}

template <class Stream>
void WebsocketSession<Stream>::write_inbox() {
    // On the strand, with no write under way (will_look_ was false when this was posted, and only a write sets it).
    // The inbox joins the queue; the strand will look again exactly when a write starts here, whose completion
    // takes what came meanwhile.
    bool more = false;
    {
        std::lock_guard lock(inbox_mutex_);
        for (auto& frame : inbox_) queue_.push_back(std::move(frame));
        inbox_.clear();
        more = head_ < queue_.size() && !closing_;
        will_look_ = more;
    }
    // A socket that goes quiet keeps no array buffer (thousands of idle sockets would each hold one); a busy one
    // keeps it unless it grew past 16 KiB.
    if (!more || batch_.capacity() > 16 * 1024) std::string().swap(batch_);
    if (more) do_write();
}

template <class Stream>
void WebsocketSession<Stream>::refuse_more() {
    // Closing, closed or failed: frames sent from now on are dropped, and those waiting with them.
    std::lock_guard lock(inbox_mutex_);
    refusing_ = true;
    will_look_ = false;
    inbox_.clear();
}

template <class Stream>
void WebsocketSession<Stream>::drop_slow_reader() {
    // It stopped reading: dropped rather than buffered without bound, with a reset, which also throws away what
    // the kernel holds for it (a plain close would keep that for as long as it reads a byte now and then).
    if (closing_ || finished_) return;
    closing_ = true;
    beast::error_code ignored;
    auto& socket = socket_of(beast::get_lowest_layer(ws_));
    socket.set_option(asio::socket_base::linger(true, 0), ignored);
    socket.close(ignored);
}

template <class Stream>
void WebsocketSession<Stream>::do_write() {
    ws_.text(true);
    // Frames that queued while the last write was under way go together, as one array: under load a socket
    // often has several waiting, and each write costs a system call and a wake-up of the reader.
    std::size_t bytes = queue_[head_]->size();
    writing_ = 1;
    while (head_ + writing_ < queue_.size() && writing_ < batch_frames_max &&
           bytes + queue_[head_ + writing_]->size() <= batch_bytes_max)
        bytes += queue_[head_ + writing_++]->size();
    if (writing_ > 1) {
        batch_.clear();
        batch_.reserve(bytes + writing_ + 1);
        for (std::size_t i = 0; i < writing_; ++i) {
            batch_ += i == 0 ? '[' : ',';
            batch_ += *queue_[head_ + i];
        }
        batch_ += ']';
    }
    const std::string& out = writing_ > 1 ? batch_ : *queue_[head_];
    // A large message (a view on subscribe) goes compressed when the client took deflate; a small one plain (a
    // move's patch, or a busy socket's few patches as one array): it would save a phone a few milliseconds for CPU
    // that a busy campaign would spend on every move (docs/performance.md, "Compression"). Beast's write buffer
    // holds a compressed message's output, a frame of it at a time, and is unused by a plain one (it goes as one
    // frame from `out`): 16 KB for one, the least Beast allows for the other.
    compressing_ = out.size() >= app_.config().ws_deflate_min_bytes;
    compress_next(ws_, compressing_);
    ws_.write_buffer_bytes(compressing_ ? 16 * 1024 : 8);
    ws_.async_write(asio::buffer(out), beast::bind_front_handler(&WebsocketSession::on_write, self()));
}

template <class Stream>
void WebsocketSession<Stream>::on_write(beast::error_code ec, std::size_t) {
    if (ec) {
        queue_.clear();
        head_ = 0;
        writing_ = 0;
        refuse_more();
        return;
    }
    if (compressing_) free_compressor(ws_);
    std::size_t written_bytes = 0;
    const std::size_t written = writing_;
    for (; writing_ > 0; --writing_) {
        written_bytes += queue_[head_]->size();
        queue_[head_++].reset();
    }
    if (head_ == queue_.size() || head_ >= 64) {  // written ones dropped; the capacity kept
        queue_.erase(queue_.begin(), queue_.begin() + static_cast<std::ptrdiff_t>(head_));
        head_ = 0;
    }
    {
        std::lock_guard lock(inbox_mutex_);
        held_frames_ -= written;
        held_bytes_ -= written_bytes;
    }
    write_inbox();
}

template <class Stream>
void WebsocketSession<Stream>::close(int code, std::string reason) {
    asio::post(ws_.get_executor(), [s = self(), code, reason = std::move(reason)]() mutable {
        if (s->closing_ || s->finished_) return;
        s->start_close(code, std::move(reason));
    });
}

template <class Stream>
void WebsocketSession<Stream>::start_close(int code, std::string reason) {
    // On the strand, not closing yet.
    closing_ = true;
    refuse_more();
    // Only the frames being written stay (a queue that is not empty always has a write under way).
    queue_.erase(queue_.begin() + static_cast<std::ptrdiff_t>(head_ + writing_), queue_.end());
    websocket::close_reason why(static_cast<websocket::close_code>(code), reason);
    ws_.async_close(why, [s = self()](beast::error_code) {
        beast::error_code ignored;
        socket_of(beast::get_lowest_layer(s->ws_)).close(ignored);
    });
}

template <class Stream>
void WebsocketSession<Stream>::finish() {
    if (finished_) return;
    finished_ = true;
    refuse_more();
    if (open_) app_.on_close(this);
}

template class WebsocketSession<PlainStream>;
template class WebsocketSession<TlsStream>;

}  // namespace muster::net
