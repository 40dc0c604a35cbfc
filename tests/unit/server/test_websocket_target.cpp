// Where a WebSocket may open (server/net/http_request.h): /ws, or /ws/c/{campaign} for a proxy to route by.
#include <catch2/catch.hpp>

#include "server/net/http_request.h"

using muster::net::websocket_target;

TEST_CASE("a WebSocket opens at /ws or /ws/c/{campaign}, nowhere else", "[http][ws]") {
    CHECK(websocket_target("/ws"));
    CHECK(websocket_target("/ws?x=1"));
    CHECK(websocket_target("/ws/c/7"));
    CHECK(websocket_target("/ws/c/123456789012345678?since=3"));
    for (const char* bad : {"/ws/", "/ws/c/", "/ws/c/0", "/ws/c/07", "/ws/c/-1", "/ws/c/7/", "/ws/c/7x", "/ws/c/1234567890123456789",
                            "/wsx", "/ws/d/7", "/api/ws", "", "/ws/c/%37"})
        CHECK_FALSE(websocket_target(bad));
}
