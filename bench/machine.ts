// What the rest of the machine is doing while the bench measures: the machine is shared, and a
// process left running elsewhere changes every load figure without a sign (README, "Measuring on
// a shared machine").
import { readdirSync, readFileSync } from 'node:fs';

// Clock ticks per second of /proc times: 100 on Linux (USER_HZ) on every architecture.
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds every processor of the machine has spent on anything but idling since boot
 * (/proc/stat), the time the hypervisor kept for others (steal) included: set against the CPU
 * of the bench's own processes, it says how much else the machine was doing during a load.
 */
export function machineBusySeconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
  // cpu  user nice system idle iowait irq softirq steal ...
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + (steal || 0)) / TICKS_PER_SECOND;
}

/**
 * CPU time a process has used (user + system): what its answers cost it, whatever else the
 * shared machine was doing (req/s moves by a third from one run to the next here; CPU per answer
 * far less).
 */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, inside parentheses): utime is 14th, stime 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** CPU time this process has used (user + system). */
export function ownCpuSeconds(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
}

/** CPU seconds of every process now, by pid. */
function everyProcessCpuSeconds(): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      seconds.set(Number(entry), cpuSecondsOf(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return seconds;
}

function commandOf(pid: number): string {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    return command.length > 80 ? `${command.slice(0, 77)}...` : command;
  } catch {
    return '?';
  }
}

/**
 * Before a load: how busy the rest of the machine is, over `seconds`, in cores (this process
 * left out), with the processes that used the most of it.
 */
export async function busyBeforeLoad(seconds = 1): Promise<{ cores: number; busiest: { pid: number; cores: number; command: string }[] }> {
  const [busy, own, before, started] = [machineBusySeconds(), ownCpuSeconds(), everyProcessCpuSeconds(), performance.now()];
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = everyProcessCpuSeconds();
  const wall = (performance.now() - started) / 1000;
  const busiest = [...after]
    .filter(([pid]) => pid !== process.pid && before.has(pid))
    .map(([pid, used]) => ({ pid, cores: (used - before.get(pid)!) / wall }))
    .filter((p) => p.cores >= 0.05)
    .sort((a, b) => b.cores - a.cores)
    .slice(0, 3)
    .map((p) => ({ ...p, command: commandOf(p.pid) }));
  return { cores: Math.max(0, machineBusySeconds() - busy - (ownCpuSeconds() - own)) / wall, busiest };
}
