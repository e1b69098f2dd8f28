// The deadline of a dependency's answer (src/within.ts): an answer that came in time is not
// declared late because the process was busy past the deadline before it read its sockets; one
// that never comes is.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../src/within.js';

// The echo server is another process, as a dependency is: it answers while this one is busy.
let echo: ChildProcess;
let port: number;
beforeAll(async () => {
  const server = "const s = require('node:net').createServer((c) => c.pipe(c)); s.listen(0, '127.0.0.1', () => console.log(s.address().port));";
  echo = spawn(process.execPath, ['-e', server], { stdio: ['ignore', 'pipe', 'inherit'] });
  port = Number(String((await once(echo.stdout!, 'data'))[0]).trim());
});
afterAll(() => void echo.kill());

async function connected(): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  return socket;
}

/** Sends a line on `socket`; resolves with the reply, or never when `silent`. */
function ask(socket: Socket, silent = false): Promise<string> {
  const reply = new Promise<string>((resolve) => {
    socket.once('data', (data) => {
      socket.destroy();
      if (!silent) resolve(String(data));
    });
  });
  socket.write('ping\n');
  return reply;
}

function holdEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy, as a long decode or a starved process is
  }
}

describe('within', () => {
  it('takes an answer that came in time even when the process was busy past the deadline', async () => {
    const socket = await connected();
    const asked = within(ask(socket), 100);
    // The answer comes back into the socket at once, while this process is busy past the deadline.
    holdEventLoop(300);
    await expect(asked).resolves.toBe('ping\n');
  });

  it('rejects an answer that does not come, after the deadline', async () => {
    const began = performance.now();
    await expect(within(ask(await connected(), true), 100, 'nothing')).rejects.toMatchObject({ message: 'nothing', code: 'ETIMEOUT' });
    expect(performance.now() - began).toBeGreaterThanOrEqual(95);
  });
});
