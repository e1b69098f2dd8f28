// What the start says of the room in each thread's V8 heap: the cap it runs under, and a warning
// when what it holds already fills half of it (an out-of-memory exit under load would follow).
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { reportHeapRoom } from '../src/heap-room.js';

const MB = 2 ** 20;

interface Line {
  level: number;
  msg: string;
  heapUsedMb: number;
  heapLimitMb: number;
}

function reported(used: number, limit: number): Line[] {
  const lines: Line[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  reportHeapRoom(logger, { used_heap_size: used * MB, heap_size_limit: limit * MB });
  return lines;
}

describe('the heap room reported at start', () => {
  it('states the heap held and its cap, in MB', () => {
    expect(reported(180, 1120)).toEqual([expect.objectContaining({ level: 30, heapUsedMb: 180, heapLimitMb: 1120 })]);
  });

  it('warns, naming the flag that gives more, once over half the cap is held', () => {
    const [line] = reported(600, 1120);
    expect(line).toMatchObject({ level: 40, heapUsedMb: 600, heapLimitMb: 1120 });
    expect(line.msg).toContain('--max-old-space-size');
    expect(reported(560, 1120)[0].level).toBe(30);
  });
});
