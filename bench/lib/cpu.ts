import fs from 'node:fs';

/**
 * CPU seconds per process, read from Linux's /proc (user + system time), so a benchmark can say where
 * the cores went during its measured run: the portal, its PostgreSQL (the postmaster and every backend
 * below the portal process), and the load generator (this process, or the children it waited for).
 */

/** Clock ticks per second of /proc's times (USER_HZ): 100 on every Linux build we run on. */
const ticksPerSecond = 100;

interface ProcStat {
  parent: number;
  ticks: number;
  childrenTicks: number;
}

function readStat(pid: number | 'self'): ProcStat | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: fields are counted after it.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // After the name: state(3) ppid(4) ... utime(14) stime(15) cutime(16) cstime(17).
  const at = (field: number) => Number(fields[field - 3]);
  return { parent: at(4), ticks: at(14) + at(15), childrenTicks: at(16) + at(17) };
}

/** Every live process below `root` (children, grandchildren, ...). */
function descendantsOf(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = readStat(pid);
    if (stat) parents.set(pid, stat.parent);
  }
  const found: number[] = [];
  const frontier = [root];
  while (frontier.length > 0) {
    const parent = frontier.pop()!;
    for (const [pid, of] of parents) {
      if (of === parent) {
        found.push(pid);
        frontier.push(pid);
      }
    }
  }
  return found;
}

/** CPU ticks so far of the portal process, of everything below it (its PostgreSQL), and of this process. */
export interface CpuSample {
  portal: number;
  postgres: number;
  self: number;
  selfChildren: number;
}

export function sampleCpu(portalPid: number): CpuSample {
  const self = readStat('self');
  return {
    portal: readStat(portalPid)?.ticks ?? 0,
    // Live processes, plus what the postmaster reaped: a backend that ended between two samples
    // (pgbench's, at its end) is still counted, in its parent's children time.
    postgres: descendantsOf(portalPid).reduce((sum, pid) => {
      const stat = readStat(pid);
      return sum + (stat ? stat.ticks + stat.childrenTicks : 0);
    }, 0),
    self: self?.ticks ?? 0,
    selfChildren: self?.childrenTicks ?? 0,
  };
}

/**
 * CPU seconds used between two samples. `load` is this process (the vendor clients) plus the children it
 * waited for meanwhile (pgbench).
 */
export function cpuSecondsBetween(before: CpuSample, after: CpuSample) {
  const seconds = (ticks: number) => Math.max(0, ticks) / ticksPerSecond;
  return {
    portal: seconds(after.portal - before.portal),
    postgres: seconds(after.postgres - before.postgres),
    load: seconds(after.self - before.self + after.selfChildren - before.selfChildren),
  };
}

export function describeCpu(cpu: ReturnType<typeof cpuSecondsBetween>): string {
  return `cpu_s portal=${cpu.portal.toFixed(1)} postgres=${cpu.postgres.toFixed(1)} load=${cpu.load.toFixed(1)}`;
}
