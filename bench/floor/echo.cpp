// The network floor of one "move" (docs/performance.md, "The floor"): Muster's socket layer with nothing
// behind it. For each text frame a client sends, the server sends a short reply to the sender and the same
// frame, unparsed, to every socket of the sender's room: 7 frames, as Muster sends 6 patches and a reply.
// No JSON, no storage, no views. The socket layer copies server/net/websocket_session.cpp: 2 threads on one
// io_context, a strand per socket, a queue of shared frames written one at a time, text frames, no
// compression, TCP_NODELAY, Beast's suggested server timeouts.
// With "gather", the socket layer Muster has now: the sender's copy is its reply (6 frames a move, as Muster sends
// a push with its reply), a frame reaches a socket through a locked inbox that is posted to the strand only when
// the strand will not look anyway, and frames that queued during a write go as one JSON array.
//
//   echo [port] [gather]   (port 0 = any free port; prints "listening on http://127.0.0.1:PORT")
// A client picks its room with the query string: ws://127.0.0.1:PORT/?room=r12.
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without including it

#include <boost/asio.hpp>
#include <boost/beast.hpp>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Frame = std::shared_ptr<const std::string>;

std::atomic<long> g_moves{0};
bool g_gather = false;  // frames received; printed at exit so run.sh can divide CPU by it

class Session;
// Rooms change only on join and leave, so one mutex is enough; a move copies its room's 6 pointers out.
std::mutex g_rooms_mutex;
std::unordered_map<std::string, std::vector<std::shared_ptr<Session>>> g_rooms;

class Session : public std::enable_shared_from_this<Session> {
public:
    explicit Session(tcp::socket&& socket) : ws_(std::move(socket)) {}

    void run() {  // read the upgrade request ourselves, for its query string
        http::async_read(ws_.next_layer(), buffer_, request_,
                         beast::bind_front_handler(&Session::on_request, shared_from_this()));
    }

    // Any thread: hop onto this socket's strand, queue, and start writing if idle (as Muster's send()).
    void send(Frame frame) {
        if (g_gather) return send_gathered(std::move(frame));
        asio::post(ws_.get_executor(), [s = shared_from_this(), frame = std::move(frame)]() mutable {
            s->queue_.push_back(std::move(frame));
            if (s->queue_.size() == 1) s->do_write();
        });
    }

private:
    void send_gathered(Frame frame) {
        bool post = false;
        {
            std::lock_guard lock(inbox_mutex_);
            inbox_.push_back(std::move(frame));
            post = !will_look_;
            will_look_ = true;
        }
        if (post) asio::post(ws_.get_executor(), [s = shared_from_this()] { s->write_inbox(); });
    }

    void write_inbox() {  // on the strand, no write under way
        {
            std::lock_guard lock(inbox_mutex_);
            for (auto& f : inbox_) queue_.push_back(std::move(f));
            inbox_.clear();
            will_look_ = !queue_.empty();
        }
        if (queue_.empty()) return;
        if (queue_.size() == 1) return do_write();
        batch_.clear();
        for (std::size_t i = 0; i < queue_.size(); ++i) {
            batch_ += i == 0 ? '[' : ',';
            batch_ += *queue_[i];
        }
        batch_ += ']';
        ws_.async_write(asio::buffer(batch_), beast::bind_front_handler(&Session::on_write, shared_from_this()));
    }

    void on_request(beast::error_code ec, std::size_t) {
        if (ec) return;
        std::string target(request_.target());
        auto at = target.find("room=");
        room_ = at == std::string::npos ? "default" : target.substr(at + 5);
        beast::get_lowest_layer(ws_).expires_never();
        ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        ws_.async_accept(request_, beast::bind_front_handler(&Session::on_accept, shared_from_this()));
    }

    void on_accept(beast::error_code ec) {
        if (ec) return;
        {
            std::lock_guard lock(g_rooms_mutex);
            g_rooms[room_].push_back(shared_from_this());
        }
        ws_.text(true);  // every frame we write is text
        do_read();
    }

    void do_read() { ws_.async_read(buffer_, beast::bind_front_handler(&Session::on_read, shared_from_this())); }

    void on_read(beast::error_code ec, std::size_t) {
        if (ec) return leave();
        g_moves.fetch_add(1, std::memory_order_relaxed);
        // One copy of the frame, shared by the 6 sends, as Muster shares a patch frame between viewers.
        auto frame = std::make_shared<const std::string>(beast::buffers_to_string(buffer_.data()));
        buffer_.consume(buffer_.size());
        std::vector<std::shared_ptr<Session>> members;
        {
            std::lock_guard lock(g_rooms_mutex);
            members = g_rooms[room_];
        }
        static const Frame reply = std::make_shared<const std::string>(R"({"reply":"ok"})");
        if (!g_gather) send(reply);
        for (auto& m : members) m->send(frame);
        do_read();
    }

    void do_write() {
        ws_.async_write(asio::buffer(*queue_.front()), beast::bind_front_handler(&Session::on_write, shared_from_this()));
    }

    void on_write(beast::error_code ec, std::size_t) {
        if (ec) return queue_.clear();
        if (g_gather) {
            queue_.clear();
            return write_inbox();
        }
        queue_.erase(queue_.begin());  // at most a few frames deep here; Muster's head_ index avoids the shift
        if (!queue_.empty()) do_write();
    }

    void leave() {
        std::lock_guard lock(g_rooms_mutex);
        auto& v = g_rooms[room_];
        std::erase(v, shared_from_this());
    }

    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
    http::request<http::string_body> request_;
    std::string room_;
    std::vector<Frame> queue_;  // touched only on the strand
    std::string batch_;
    std::mutex inbox_mutex_;
    std::vector<Frame> inbox_;
    bool will_look_ = false;
};

class Listener : public std::enable_shared_from_this<Listener> {
public:
    Listener(asio::io_context& ioc, tcp::endpoint ep) : ioc_(ioc), acceptor_(asio::make_strand(ioc)) {
        acceptor_.open(ep.protocol());
        acceptor_.set_option(asio::socket_base::reuse_address(true));
        acceptor_.bind(ep);
        acceptor_.listen(asio::socket_base::max_listen_connections);
    }
    unsigned short port() const { return acceptor_.local_endpoint().port(); }
    void run() {
        // Each socket gets its own strand, so its handlers never run on both threads at once.
        acceptor_.async_accept(asio::make_strand(ioc_), [self = shared_from_this()](beast::error_code ec, tcp::socket s) {
            if (!ec) {
                s.set_option(tcp::no_delay(true));  // Muster sets it: small frames must not wait for Nagle
                std::make_shared<Session>(std::move(s))->run();
            }
            self->run();
        });
    }

private:
    asio::io_context& ioc_;
    tcp::acceptor acceptor_;
};

int main(int argc, char** argv) {
    const auto port = static_cast<unsigned short>(argc > 1 ? std::atoi(argv[1]) : 0);
    g_gather = argc > 2 && std::string(argv[2]) == "gather";
    const int threads = 2;  // Muster's default network threads
    asio::io_context ioc(threads);
    auto listener = std::make_shared<Listener>(ioc, tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    listener->run();
    std::printf("listening on http://127.0.0.1:%u\n", listener->port());
    std::fflush(stdout);

    asio::signal_set signals(ioc, SIGINT, SIGTERM);
    signals.async_wait([&](beast::error_code, int) { ioc.stop(); });
    std::vector<std::thread> pool;
    for (int i = 1; i < threads; ++i) pool.emplace_back([&] { ioc.run(); });
    ioc.run();
    for (auto& t : pool) t.join();
    std::printf("moves %ld\n", g_moves.load());
    // The rooms hold sessions whose sockets belong to ioc: drop them before ioc goes.
    g_rooms.clear();
    return 0;
}
