import net from 'node:net';

/**
 * A TCP port that is free on loopback right now: the operating system picks it, we release it at once.
 * Another process could take it in between; the window is small and a start-up failure says so loudly.
 */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port was assigned'))));
    });
  });
}
