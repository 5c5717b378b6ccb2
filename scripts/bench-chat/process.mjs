// What the chat benchmark measures of processes (memory, CPU, the open-file limit), its small
// helpers, and the cleanup that kills the servers and removes their temp dirs whatever happens.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { TIME_LIMIT_MS } from './settings.mjs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const round = (n, digits = 1) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : null);
export const say = (line) => console.log(`  ${line}`);

export function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
export function latencySummary(values) {
  const sorted = Float64Array.from(values).sort();
  return {
    count: sorted.length,
    p50_ms: round(percentile(sorted, 50), 2),
    p95_ms: round(percentile(sorted, 95), 2),
    p99_ms: round(percentile(sorted, 99), 2),
    max_ms: round(sorted[sorted.length - 1] ?? Number.NaN, 2),
  };
}

/** The open-file limit of a shell started from here. */
export const nofile = () => Number(spawnSync('bash', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim()) || 1024;

/** VmRSS and VmHWM of a process, in MB. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss_mb: round(kb('VmRSS') / 1024), peak_rss_mb: round(kb('VmHWM') / 1024) };
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
/** CPU seconds (user + system) a process has used. */
export function cpuSecondsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
export const clientCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

// ── cleanup: servers killed and temp dirs removed, whatever happens ─────────────────────────

/** The servers started, their data directories and the client's sockets, while they live. */
export const children = new Set();
export const tempDirs = new Set();
export const openSockets = new Set();

function cleanupNow() {
  for (const socket of openSockets) socket.terminate();
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}

/** Cleans up on exit, on a signal, and once the run passes its time limit. */
export function cleanUpWhateverHappens() {
  process.on('exit', cleanupNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      console.error(`\n✗ ${signal}: stopping the servers and cleaning up`);
      cleanupNow();
      process.exit(130);
    });
  }
  setTimeout(() => {
    console.error(`✗ the chat benchmark ran past ${TIME_LIMIT_MS / 60_000} minutes: stopped`);
    cleanupNow();
    process.exit(2);
  }, TIME_LIMIT_MS).unref();
}
