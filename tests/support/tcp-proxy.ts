// A TCP proxy a test can cut or freeze: between the app and PostgreSQL it makes the database go away as a
// restart looks from the app (open connections reset, new ones refused) and come back on the same address,
// or stop answering as a frozen server does (connections stay open, nothing comes back) and thaw again.
import net from "node:net";

export type TcpProxy = {
  port: number;
  /** Accepts connections and forwards them to the target. */
  open: () => Promise<void>;
  /** Resets every open connection and refuses new ones. */
  cut: () => Promise<void>;
  /** Stops passing bytes either way, on open connections and on new ones, which it still accepts. */
  freeze: () => void;
  /** Passes bytes again, those held while frozen first. */
  thaw: () => void;
};

type Pair = { client: net.Socket; upstream: net.Socket };

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const pairs = new Set<Pair>();
  let server: net.Server | null = null;
  let frozen = false;
  const port = await freePort();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  };
  const link = ({ client, upstream }: Pair) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const unlink = ({ client, upstream }: Pair) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };
  return {
    port,
    open: () =>
      new Promise<void>((resolve, reject) => {
        server = net.createServer((client) => {
          const upstream = net.connect(target.port, target.host);
          const pair = { client, upstream };
          track(client);
          track(upstream);
          pairs.add(pair);
          client.once("close", () => pairs.delete(pair));
          client.on("error", () => upstream.destroy());
          upstream.on("error", () => client.destroy());
          if (frozen) unlink(pair);
          else link(pair);
        });
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => resolve());
      }),
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.resetAndDestroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = null;
      }),
    freeze: () => {
      frozen = true;
      for (const pair of pairs) unlink(pair);
    },
    thaw: () => {
      frozen = false;
      for (const pair of pairs) link(pair);
    },
  };
}

/** A port nothing listens on now. */
export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
