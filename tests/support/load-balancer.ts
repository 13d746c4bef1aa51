// One port in front of several app instances, as a load balancer in round-robin mode: each request goes to the
// next instance in turn, whatever connection it came on, so a client's consecutive requests meet different
// instances (docs/scaling.md "More app instances").
import http from "node:http";
import type { AddressInfo } from "node:net";

export type LoadBalancer = {
  baseUrl: string;
  /** How many requests each instance has been given, in the order of the targets. */
  served: number[];
  close: () => Promise<void>;
};

export async function startLoadBalancer(targets: string[]): Promise<LoadBalancer> {
  const served = targets.map(() => 0);
  let next = 0;
  const server = http.createServer((request, response) => {
    const index = next++ % targets.length;
    served[index]++;
    const upstream = http.request(
      new URL(request.url!, targets[index]),
      { method: request.method, headers: request.headers, agent: false },
      (answer) => {
        response.writeHead(answer.statusCode!, answer.statusMessage, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
