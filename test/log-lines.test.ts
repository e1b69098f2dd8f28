// The log's lines go out once per turn of the event loop, whole, in order, and none is lost.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { TurnLogLines } from '../src/log-lines.js';

const dir = mkdtempSync(join(tmpdir(), 'log-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function logTo(name: string) {
  const file = join(dir, name);
  const fd = openSync(file, 'w');
  const lines = new TurnLogLines(fd);
  return { lines, logger: pino({ level: 'info' }, lines), written: () => readFileSync(file, 'utf8'), close: () => closeSync(fd) };
}

describe('TurnLogLines', () => {
  it('writes the lines of a turn when the turn ends, in the order logged', async () => {
    const log = logTo('turn.log');
    for (let n = 0; n < 5; n++) log.logger.info({ n }, 'answered');
    expect(log.written()).toBe('');
    await nextTurn();
    const lines = log.written().trimEnd().split('\n').map((line) => JSON.parse(line) as { n: number; msg: string });
    expect(lines.map((line) => line.n)).toEqual([0, 1, 2, 3, 4]);
    expect(lines.every((line) => line.msg === 'answered')).toBe(true);
    log.close();
  });

  it('writes a turn of many lines whole, several writes of whole lines', async () => {
    const log = logTo('many.log');
    const long = 'é'.repeat(700);
    for (let n = 0; n < 40; n++) log.logger.info({ n, long }, 'answered');
    // More than one write's worth went out already, each ending at a line's end.
    const early = log.written();
    expect(early.length).toBeGreaterThan(0);
    expect(early.endsWith('\n')).toBe(true);
    await nextTurn();
    const lines = log.written().trimEnd().split('\n').map((line) => JSON.parse(line) as { n: number; long: string });
    expect(lines.map((line) => line.n)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect(lines.every((line) => line.long === long)).toBe(true);
    log.close();
  });

  it('writes what is left when flushed or ended, and says when it is closed', async () => {
    const log = logTo('end.log');
    log.logger.info('first');
    log.logger.flush();
    expect(log.written()).toContain('"msg":"first"');
    log.logger.info('last');
    const closed = new Promise<void>((resolve) => log.lines.once('close', resolve));
    log.lines.end();
    await closed;
    expect(log.written().trimEnd().split('\n').map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['first', 'last']);
  });
});
