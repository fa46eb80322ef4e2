// @ts-check
/**
 * CPU time of processes, from /proc (Linux): a server's, a PostgreSQL server's with every process
 * it started, and capping a process to a share of one core with the kernel's CPU quota (a cgroup).
 * Shared by load.mjs and instances.mjs. Plain JS, as the benches are (see the package README).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const CLOCK_TICKS_PER_S = 100;

/**
 * The fields of /proc/<pid>/stat after the command name (which may contain spaces).
 * @param {number | string} pid
 */
function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * CPU time (user + system, µs) that process `pid` has used so far, from /proc/<pid>/stat.
 * @param {number} pid
 */
export function cpuMicros(pid) {
  const fields = statFields(pid);
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S) * 1e6;
}

/**
 * CPU time (µs) of the PostgreSQL server: the postmaster of `dataDir` and every process it started
 * (the backends serving the sandboxes, the WAL writer, …), from /proc. A backend that ended between
 * two readings takes its time with it: compare readings over a load that keeps its connections.
 * @param {string} dataDir
 */
export function postgresCpuMicros(dataDir) {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    let fields;
    try {
      fields = statFields(entry);
    } catch {
      continue; // ended meanwhile
    }
    const pid = Number(entry);
    const parent = Number(fields[1]);
    if (pid === postmaster || parent === postmaster) {
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  }
  return (ticks / CLOCK_TICKS_PER_S) * 1e6;
}

/** The cgroup (v1) CPU controller's directory, where a group of its own is made per capped process. */
const CPU_CONTROLLER = '/sys/fs/cgroup/cpu';
/** The scheduler's accounting period of a capped group (µs): the quota is a share of each. */
const QUOTA_PERIOD_US = 100_000;

/**
 * Why CPU caps cannot be set on this machine, or undefined when they can: they need the cgroup v1
 * CPU controller mounted and writable (Linux, as root; a container's own cgroup often is not).
 */
export function cpuCapUnavailable() {
  if (!existsSync(join(CPU_CONTROLLER, 'cpu.cfs_quota_us'))) {
    return `no cgroup v1 CPU controller at ${CPU_CONTROLLER}`;
  }
  const probe = join(CPU_CONTROLLER, `svc-bench-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    rmdirSync(probe);
    return undefined;
  } catch (error) {
    return `cannot make a cgroup under ${CPU_CONTROLLER}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * Caps process `pid` (all its threads) at `share` of one core, with a cgroup of its own whose CPU
 * quota is `share` of each 100 ms. Resolves with the function that lifts the cap (the process goes
 * back to the root group and the group is removed); call it before the process ends or after.
 * @param {number} pid
 * @param {number} share
 * @param {string} name  part of the group's name, for people looking at /sys/fs/cgroup
 * @returns {() => void}
 */
export function capCpu(pid, share, name) {
  const group = join(CPU_CONTROLLER, `svc-bench-${process.pid}-${name}`);
  mkdirSync(group);
  writeFileSync(join(group, 'cpu.cfs_period_us'), String(QUOTA_PERIOD_US));
  writeFileSync(join(group, 'cpu.cfs_quota_us'), String(Math.round(share * QUOTA_PERIOD_US)));
  // Every thread of the process: cgroup.procs moves them all.
  writeFileSync(join(group, 'cgroup.procs'), String(pid));
  return () => {
    if (!existsSync(group)) {
      return;
    }
    for (const task of readFileSync(join(group, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) {
      try {
        writeFileSync(join(CPU_CONTROLLER, 'cgroup.procs'), task);
      } catch {
        // ended meanwhile
      }
    }
    rmdirSync(group);
  };
}
