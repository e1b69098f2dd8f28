// Programs of the machine a test runs beside the service (HAProxy, PgBouncer): found whether or
// not the user's PATH holds /usr/sbin, where Debian installs them, and a free port for each.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';

export interface InstalledProgram {
  /** The command that ran it. */
  command: string;
  /** Its version as it printed it. */
  version: string;
}

/**
 * The first of `commands` that answers `versionArgs` (exit 0), with the version `versionPattern`
 * reads from its output; null when none is installed.
 */
export function installedProgram(commands: string[], versionArgs: string[], versionPattern: RegExp): InstalledProgram | null {
  for (const command of commands) {
    const result = spawnSync(command, versionArgs, { encoding: 'utf8' });
    if (result.status === 0) return { command, version: versionPattern.exec(result.stdout)?.[1] ?? 'of unknown version' };
  }
  return null;
}

/** A loopback port nobody listens on at the moment of asking. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The lines a program writes to its standard output and error, as they come (kept in the array given back). */
export function collectLines(child: ChildProcess): string[] {
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream?.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const whole = pending.split('\n');
      pending = whole.pop()!;
      lines.push(...whole);
    });
  }
  return lines;
}
