import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (user and system) processes have used, from Linux's /proc, in milliseconds: what a request
 * costs in CPU is steadier than what a second holds on a shared machine whose speed drifts by half
 * between runs (docs/performance.md, issue 32's seventh round). Undefined where /proc is not.
 */
const TICKS_PER_MS = 100 / 1000; // USER_HZ, 100 on Linux

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses), from field 3 on. */
function statOf(pid: string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // gone meanwhile, or no /proc
  }
}

// Fields 14 and 15 (utime, stime): the process's own; 16 and 17 (cutime, cstime): its children's that exited
// and were reaped, in clock ticks (proc(5)).
const ownMs = (fields: string[]) => (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
const reapedChildrenMs = (fields: string[]) => (Number(fields[13]) + Number(fields[14])) / TICKS_PER_MS;

/** One process's CPU time so far. */
export function processCpuMs(pid: number): number | undefined {
  const fields = statOf(String(pid));
  return fields && ownMs(fields);
}

/**
 * PostgreSQL's CPU time so far on this machine: every running server process's (its backends, WAL writer,
 * checkpointer …) and, through each postmaster, what its exited backends used (a pooled connection closed
 * while idle would otherwise take its whole CPU time out of the sum). Undefined when no PostgreSQL runs
 * here (a remote server: its CPU cannot be read from this machine).
 */
export function postgresCpuMs(): number | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return undefined;
  }
  const running = new Map<string, string[]>();
  for (const pid of pids) {
    let name: string;
    try {
      name = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue; // gone meanwhile
    }
    const fields = name === 'postgres' ? statOf(pid) : undefined;
    if (fields) running.set(pid, fields);
  }
  if (running.size === 0) return undefined;
  let total = 0;
  for (const fields of running.values()) {
    total += ownMs(fields);
    // A postmaster is the one whose parent (field 4) is not a PostgreSQL process.
    if (!running.has(fields[1]!)) total += reapedChildrenMs(fields);
  }
  return total;
}
