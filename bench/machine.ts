// What the rest of the machine is doing while the bench measures: the machine is shared, and a
// process left running elsewhere changes every load figure without a sign (README, "Measuring on
// a shared machine").
import { readdirSync, readFileSync } from 'node:fs';

// Clock ticks per second of /proc times: 100 on Linux (USER_HZ) on every architecture.
export const TICKS_PER_SECOND = 100;

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

/** CPU ticks (user + system) of every process now, by pid. */
function processTicks(): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
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
  const ownSeconds = () => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1e6;
  };
  const [busy, own, before, started] = [machineBusySeconds(), ownSeconds(), processTicks(), performance.now()];
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = processTicks();
  const wall = (performance.now() - started) / 1000;
  const busiest = [...after]
    .filter(([pid]) => pid !== process.pid && before.has(pid))
    .map(([pid, ticks]) => ({ pid, cores: (ticks - before.get(pid)!) / TICKS_PER_SECOND / wall }))
    .filter((p) => p.cores >= 0.05)
    .sort((a, b) => b.cores - a.cores)
    .slice(0, 3)
    .map((p) => ({ ...p, command: commandOf(p.pid) }));
  return { cores: Math.max(0, machineBusySeconds() - busy - (ownSeconds() - own)) / wall, busiest };
}
