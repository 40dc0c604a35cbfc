// A line between a page and the server that can lose its WebSocket while plain HTTP still goes through: a phone
// whose socket has dropped (asleep, a tunnel) and that can still load the page once it wakes. A real TCP proxy on
// loopback: each connection is piped to the server; one that asks for a WebSocket upgrade is cut while the line is
// down, and every WebSocket open when it goes down is cut then. `deafen()` loses what the server says on the open
// WebSockets while the page's frames still reach it: a command goes in and its reply is lost with the signal.
import net from 'node:net';

export async function cuttableLine(server) {
  let down = false;
  let deaf = false;
  const sockets = new Set(); // [client, upstream] pairs of WebSocket connections
  const proxy = net.createServer((client) => {
    client.once('data', (first) => {
      const ws = /^upgrade:\s*websocket/im.test(first.toString('latin1'));
      if (ws && down) { client.destroy(); return; }
      const upstream = net.connect(server.port, '127.0.0.1', () => {
        upstream.write(first);
        client.pipe(upstream);
        upstream.on('data', (d) => { if (!(ws && deaf)) client.write(d); });
      });
      const pair = [client, upstream];
      if (ws) sockets.add(pair);
      const end = () => { sockets.delete(pair); client.destroy(); upstream.destroy(); };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    client.on('error', () => {});
  });
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = proxy.address().port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    cut() {
      down = true;
      for (const [c, u] of [...sockets]) { c.destroy(); u.destroy(); }
      sockets.clear();
    },
    mend() { down = false; deaf = false; },
    deafen() { deaf = true; },
    close: () => new Promise((resolve) => { for (const [c, u] of sockets) { c.destroy(); u.destroy(); } proxy.close(() => resolve()); }),
  };
}
