#pragma once
// Namespace aliases for the network layer, the only part of Muster that includes Beast.
#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>

namespace muster::net {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace websocket = boost::beast::websocket;
namespace ssl = boost::asio::ssl;
using tcp = boost::asio::ip::tcp;
using PlainStream = beast::tcp_stream;
// A plain WebSocket's socket once upgraded: on its strand, whose type is known rather than erased as a tcp_stream's
// executor is, and with no tcp_stream around it (the WebSocket keeps its own timeouts): each read and write costs
// less (docs/performance.md, "A WebSocket on a bare socket").
using SocketStrand = asio::strand<asio::io_context::executor_type>;
using WsSocket = asio::basic_stream_socket<tcp, SocketStrand>;
using TlsStream = beast::ssl_stream<beast::tcp_stream>;
}  // namespace muster::net
