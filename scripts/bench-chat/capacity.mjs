// The capacity benchmark: M idle visitor websockets held by one server process, and its resident memory.
import WebSocket from 'ws';
import { Client, closeCounter, keepAlive, PATH, ramp } from './client.mjs';
import { memoryOf, round, say, sleep } from './process.mjs';
import { startServer } from './server.mjs';
import { BARS, BATCH, IDLE_HOLD_S } from './settings.mjs';

/** Opens `m` visitors, sampling the server's memory at none, half and all of them. */
async function rampIdle(m, server, clients, hooks) {
  const openCount = () => clients.filter((c) => c.ws.readyState === WebSocket.OPEN).length;
  await sleep(1_000);
  const samples = [{ connections: 0, ...memoryOf(server.pid) }];
  const half = Math.floor(m / 2);
  const rampResult = await ramp(
    m,
    async () => {
      const client = await Client.open(server.ws, 'tourist', hooks);
      clients.push(client);
      const { user } = await client.ask({ pathInfo: PATH.initialize, language: 'en-us' }, 'init');
      if (!user) throw new Error('a visitor was refused at initialize');
    },
    {
      onProgress: async (opened) => {
        if (opened === half || (opened > half && opened - BATCH < half)) {
          await sleep(1_000);
          samples.push({ connections: openCount(), ...memoryOf(server.pid) });
        }
        if (opened % 2_000 < BATCH) say(`${openCount()} open…`);
      },
    },
  );
  await sleep(1_000);
  samples.push({ connections: openCount(), ...memoryOf(server.pid) });
  // Held a while longer: memory once the ramp's garbage is collected, and the connections still open.
  await sleep(IDLE_HOLD_S * 1000);
  const settled = { connections: openCount(), ...memoryOf(server.pid) };
  return { rampResult, samples, settled };
}

/**
 * `m` idle visitor connections on one server: how many it holds and its memory as they open and
 * once held; `limits` are the client's open-file limit and why the run was cut, if it was.
 */
export async function capacity(m, limits) {
  console.log(`\n› Chat capacity: ${m} idle visitor connections on one server`);
  const server = await startServer(`capacity ${m}`, m);
  const clients = [];
  const errors = { count: 0, samples: [] };
  const { closed: closedByServer, onClose } = closeCounter();
  const hooks = {
    onError(_client, data) {
      errors.count++;
      if (errors.samples.length < 5) errors.samples.push(String(data?.message ?? '?'));
    },
    onClose,
  };
  const heartbeat = keepAlive(clients);
  try {
    const { rampResult, samples, settled } = await rampIdle(m, server, clients, hooks);
    const atM = samples[samples.length - 1];
    const perConnectionKb = ((Math.max(atM.rss_mb, settled.rss_mb) - samples[0].rss_mb) * 1024) / Math.max(1, atM.connections);
    const result = {
      asked: m,
      held: settled.connections,
      ramp: rampResult,
      rss: samples,
      rss_after_hold: settled,
      hold_s: IDLE_HOLD_S,
      pings_sent: heartbeat.pings,
      rss_kb_per_connection: round(perConnectionKb, 1),
      error_pushes: errors.count,
      error_samples: errors.samples,
      closed_by_server: closedByServer.count,
      closed_codes: closedByServer.codes,
      server_nofile: server.nofile,
      server_nofile_note: server.nofileNote,
      client_nofile: limits.client_nofile,
      client_nofile_note: limits.client_nofile_note || undefined,
      server_logged_errors: server.logs.error,
      server_log_samples: server.logs.samples,
    };
    const worst = Math.max(atM.rss_mb, settled.rss_mb);
    result.bar = {
      connections: BARS.capacity.connections,
      rss_mb: BARS.capacity.rss_mb,
      held: settled.connections,
      worst_rss_mb: worst,
      pass: settled.connections >= BARS.capacity.connections && worst <= BARS.capacity.rss_mb,
    };
    say(
      `ramp: ${atM.connections}/${m} in ${rampResult.seconds} s; RSS ${samples.map((s) => `${s.rss_mb} MB @ ${s.connections}`).join(', ')}; ${settled.rss_mb} MB and ${settled.connections} open ${IDLE_HOLD_S} s later (${result.rss_kb_per_connection} KB per connection)`,
    );
    return result;
  } finally {
    heartbeat.stop();
    for (const client of clients) client.close();
    await server.stop();
  }
}
