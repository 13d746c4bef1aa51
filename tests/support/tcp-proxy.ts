// A TCP proxy a test can cut: between the app and PostgreSQL it makes the database go away as a restart
// looks from the app (open connections reset, new ones refused) and come back on the same address.
import net from "node:net";

export type TcpProxy = {
  port: number;
  /** Accepts connections and forwards them to the target. */
  open: () => Promise<void>;
  /** Resets every open connection and refuses new ones. */
  cut: () => Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const port = await freePort();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  };
  return {
    port,
    open: () =>
      new Promise<void>((resolve, reject) => {
        server = net.createServer((client) => {
          const upstream = net.connect(target.port, target.host);
          track(client);
          track(upstream);
          client.on("error", () => upstream.destroy());
          upstream.on("error", () => client.destroy());
          client.pipe(upstream).pipe(client);
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
