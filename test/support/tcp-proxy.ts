// A TCP proxy on loopback that a test can cut and restore, to make a dependency unreachable
// at the same address and bring it back.
import net from 'node:net';

export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  /** While hanging, connections stay open and accepted, and nothing passes either way. */
  private hanging = false;
  port = 0;

  constructor(
    private readonly targetPort: number,
    private readonly targetHost = '127.0.0.1',
  ) {}

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      if (this.hanging) for (const socket of [client, upstream]) socket.pause();
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /**
   * The dependency stops answering without refusing or closing anything (a process stopped, a
   * network that drops packets): what is sent waits, unanswered, until resume().
   */
  hang(): void {
    this.hanging = true;
    for (const socket of this.sockets) socket.pause();
  }

  /** What waited passes, and the dependency answers again. */
  resume(): void {
    this.hanging = false;
    for (const socket of this.sockets) socket.resume();
  }

  /** Closes the port and every open connection: the dependency is gone from that address. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
