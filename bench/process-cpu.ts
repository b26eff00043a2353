import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (user and system) processes have used, from Linux's /proc, in milliseconds: what a request
 * costs in CPU is steadier than what a second holds on a shared machine whose speed drifts by half
 * between runs (docs/performance.md, issue 32's seventh round). Undefined where /proc is not.
 */
const TICKS_PER_MS = 100 / 1000; // USER_HZ, 100 on Linux

function cpuOf(pid: string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
  } catch {
    return undefined;
  }
}

/** One process's CPU time so far. */
export const processCpuMs = (pid: number): number | undefined => cpuOf(String(pid));

/** Every PostgreSQL server process's on this machine (its backends, WAL writer, checkpointer …), summed. */
export function postgresCpuMs(): number | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return undefined;
  }
  let total = 0;
  for (const pid of pids) {
    let name: string;
    try {
      name = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue; // gone meanwhile
    }
    if (name === 'postgres') total += cpuOf(pid) ?? 0;
  }
  return total;
}
