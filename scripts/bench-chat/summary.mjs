// The chat benchmark's closing summary: each run's figures against its bars, one line each.
import { BARS, NOTE } from './settings.mjs';

const mark = (pass) => (pass ? 'pass' : 'FAIL');

/** One fan-out run: its set-up, throughput, latency and losses, each against its bar. */
function fanoutLine(run) {
  const b = run.bars;
  const setup =
    run.instances > 1
      ? `${run.instances} servers, ${run.database} + ${run.pubsub}, ${run.conversations_across_servers} across servers`
      : `${run.database}`;
  return `  fan-out ${run.conversations} conversations × ${run.seconds} s (${setup}): ${run.delivered_per_s} msg/s delivered; p50 ${run.latency_ms.p50_ms} p95 ${run.latency_ms.p95_ms} p99 ${run.latency_ms.p99_ms} max ${run.latency_ms.max_ms} ms [p99 ≤ ${b.p99_ms.bar} ms: ${mark(b.p99_ms.pass)}]; lost ${run.lost}+${run.unacknowledged} unacknowledged [${mark(b.lost.pass)}]; duplicated ${run.duplicated} [${mark(b.duplicated.pass)}]; error pushes ${run.error_pushes}; closed by the server ${run.closed_by_server}${b.at_bar_size ? '' : ` (below the bar size of ${run.instances > 1 ? BARS.scale_out.conversations : BARS.fanout.conversations})`}`;
}

/** Prints the summary of bench/results/chat.json. */
export function printSummary(results) {
  console.log('\nChat benchmark summary (bench/results/chat.json)');
  const scaleOutRuns = Array.isArray(results.scale_out) ? results.scale_out : [];
  for (const run of [...(results.fanout ?? []), ...scaleOutRuns]) console.log(fanoutLine(run));
  if (results.scale_out?.not_run) console.log(`  fan-out on two servers: not run (${results.scale_out.not_run})`);
  if (results.capacity) {
    const c = results.capacity;
    console.log(
      `  capacity: ${c.held} idle connections held; RSS ${c.rss.map((s) => `${s.rss_mb} MB @ ${s.connections}`).join(', ')}; ~${c.rss_kb_per_connection} KB each [${c.bar.connections} with ≤ ${c.bar.rss_mb} MB: ${mark(c.bar.pass)}]`,
    );
  }
  console.log(`  ${NOTE}`);
}
