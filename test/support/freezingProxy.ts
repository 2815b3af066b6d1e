import net from 'node:net';

/**
 * A TCP relay on loopback in front of a real server (a store's SFTP drop box) that a test can freeze at an
 * exact point of a conversation, whatever the timing. `freezeWhen(condition)` checks the condition before
 * each chunk the server sends is passed on; the first time it holds, that chunk and everything after it,
 * either way and on every connection, stay in the relay. The server has done what it was answering (a file
 * opened, written to or renamed is on disk before the server says so), and the client waits for the answer,
 * so whatever it may only do after that answer (the next file of a batch, the manifest) is out of its reach:
 * a test can look at the server's disk and kill the client there.
 */
export interface FreezingProxy {
  port: number;
  /**
   * Resolves once `condition` held as a chunk from the server came through: the relay is frozen from then
   * on. The condition runs synchronously, before the chunk is passed on (a look at the disk, say); a throw
   * rejects the promise and stops looking.
   */
  freezeWhen(condition: () => boolean): Promise<void>;
  /**
   * Drops every connection open now (what they held is lost, as when their client dies) and lets new ones
   * through again.
   */
  thaw(): void;
  close(): Promise<void>;
}

export async function startFreezingProxy(targetHost: string, targetPort: number): Promise<FreezingProxy> {
  const sockets = new Set<net.Socket>();
  let frozen = false;
  let watch: { condition: () => boolean; resolve(): void; reject(error: unknown): void } | undefined;

  const freeze = () => {
    frozen = true;
    for (const socket of sockets) socket.pause();
  };
  /** Whether the server's chunk may pass: not once frozen, nor when it is the one that freezes. */
  const passes = (): boolean => {
    if (frozen) return false;
    if (!watch) return true;
    const current = watch;
    try {
      if (!current.condition()) return true;
    } catch (error) {
      watch = undefined;
      current.reject(error);
      return true;
    }
    watch = undefined;
    freeze();
    current.resolve();
    return false;
  };
  /** Passes `from`'s data on to `to` (with backpressure) while the relay is not frozen. */
  const relay = (from: net.Socket, to: net.Socket, fromServer: boolean) => {
    from.on('data', (chunk: Buffer) => {
      if (!(fromServer ? passes() : !frozen)) {
        from.pause();
        return;
      }
      if (!to.write(chunk)) {
        from.pause();
        to.once('drain', () => {
          if (!frozen) from.resume();
        });
      }
    });
  };
  const track = (socket: net.Socket, other: () => net.Socket) => {
    sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      sockets.delete(socket);
      other().destroy();
    });
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    track(client, () => upstream);
    track(upstream, () => client);
    relay(client, upstream, false);
    relay(upstream, client, true);
    if (frozen) {
      client.pause();
      upstream.pause();
    }
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
  });

  return {
    port,
    freezeWhen(condition) {
      if (watch) return Promise.reject(new Error('the relay already waits for a condition'));
      return new Promise<void>((resolve, reject) => {
        watch = { condition, resolve, reject };
      });
    },
    thaw() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      frozen = false;
    },
    close() {
      watch?.reject(new Error('the relay was closed'));
      watch = undefined;
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}
