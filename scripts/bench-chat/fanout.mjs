// The fan-out benchmark: N conversations (two demo agents, N visitors), one message a second each
// way, measured at the recipient: delivery latency, lost and duplicated messages.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createPostgresDatabase } from '../bench-server.mjs';
import { Client, closeCounter, keepAlive, PATH, ramp } from './client.mjs';
import { clientCpuSeconds, cpuSecondsOf, latencySummary, memoryOf, percentile, round, say, sleep } from './process.mjs';
import { startServer, uncapAgents } from './server.mjs';
import { BARS, BATCH, DRAIN_MAX_S, GRACE_S, RUN_TAG, SCALE_OUT_PG, SCALE_OUT_REDIS, SECONDS, SMALLER } from './settings.mjs';

/** One server, or two sharing a PostgreSQL database and Redis; `stopAll` stops them and drops the shared database. */
async function startServers(n, scaleOut) {
  const shared = scaleOut ? await createPostgresDatabase(SCALE_OUT_PG) : null;
  const servers = [];
  const stopAll = async () => {
    for (const server of servers) await server.stop();
    await shared?.drop().catch((error) => console.error(`  (could not drop the bench database: ${error.message})`));
  };
  try {
    // one after the other: the first migrates and seeds the shared database
    for (let k = 0; k < (scaleOut ? 2 : 1); k++)
      servers.push(
        await startServer(`fan-out ${n} #${k + 1}`, n + 2, scaleOut ? { database: shared, redisUrl: SCALE_OUT_REDIS } : {}),
      );
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { servers, stopAll };
}

/** What became of every message: its echo to the sender, its delivery, the duplicates, the errors; `hooks` for the clients. */
function deliveryTracker() {
  const { closed, onClose } = closeCounter();
  const track = {
    errors: { count: 0, samples: [] },
    closedByServer: closed,
    /** client_msg_id → what became of that message */
    messages: new Map(),
    latencies: { t2a: [], a2t: [] },
    duplicated: { by_seq: 0, by_id: 0, echoes: 0 },
    otherMessages: 0,
    firstSend: Number.NaN,
    lastDelivery: Number.NaN,
    delivered: 0,
  };
  const hooks = {
    onError(_client, data) {
      track.errors.count++;
      const text = `${data?.message ?? '?'}${data?.pathInfo ? ` (${data.pathInfo})` : ''}`;
      if (track.errors.samples.length < 5 && !track.errors.samples.includes(text)) track.errors.samples.push(text);
    },
    onClose,
    onMessage(client, message) {
      const at = performance.now();
      const record = track.messages.get(message.client_msg_id);
      if (!record) {
        track.otherMessages++; // system notices and the like
        return;
      }
      const fromTourist = record.dir === 't2a';
      if ((client.role === 'tourist') === fromTourist) {
        // the sender's own echo: it tells the sender the message was stored
        if (record.ackAt === undefined) record.ackAt = at;
        else track.duplicated.echoes++;
        return;
      }
      const key = `${message.session_id}:${message.seq}`;
      if (client.seen.has(key)) {
        track.duplicated.by_seq++;
        return;
      }
      client.seen.add(key);
      if (record.recvAt !== undefined) {
        track.duplicated.by_id++;
        return;
      }
      if (message.session_id !== record.session) hooks.onError(client, { message: 'a message arrived in another session' });
      record.recvAt = at;
      track.latencies[record.dir].push(at - record.sentAt);
      track.delivered++;
      track.lastDelivery = at;
    },
  };
  track.hooks = hooks;
  return track;
}

/** Both agents sign in and come online, each on a server of their own when there are two. */
async function signInAgents(servers, hooks, clients) {
  const agents = [];
  for (const [j, username] of ['agent@example.com', 'agent2@example.com'].entries()) {
    const home = servers[j % servers.length];
    const response = await fetch(`${home.http}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Agent1234' }),
    });
    const body = await response.json();
    const token = body?.result?.token;
    if (!token) throw new Error(`${username} could not sign in: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
    const client = await Client.open(home.ws, 'agent', hooks);
    client.server = j % servers.length;
    clients.push(client);
    const { user } = await client.ask({ pathInfo: PATH.initialize, baToken: token, backend: true }, 'init');
    if (!user) throw new Error(`${username}: initialize answered without a user`);
    client.id = user.id;
    agents.push(client);
  }
  return agents;
}

/**
 * Visitors arrive, write, and are given an agent; then the clock waits for the server to be quiet.
 * Answers the conversations opened, the split between the agents and the ramp's figures.
 */
async function openConversations(n, { servers, agents, hooks, clients, serversCpu }) {
  const conversations = [];
  const rampCpu = serversCpu();
  const rampResult = await ramp(n, async (i) => {
    // visitors alternate between the servers
    const tourist = await Client.open(servers[i % servers.length].ws, 'tourist', hooks);
    tourist.server = i % servers.length;
    clients.push(tourist);
    const { user } = await tourist.ask({ pathInfo: PATH.initialize, language: 'en-us' }, 'init');
    if (!user) throw new Error('a visitor was refused at initialize');
    // the first message opens the conversation (decision 0014); the answer names its agent
    const assigned = await tourist.ask(
      { pathInfo: PATH.send, type: 'text', content: 'Hello', client_msg_id: `open-${i}` },
      'distribution',
    );
    const agent = agents.find((a) => a.id === assigned?.csr?.id);
    if (!agent) throw new Error(`conversation ${assigned?.session_id} was not given to a benchmark agent (queued?)`);
    conversations[i] = { tourist, agent, session: assigned.session_id, sent: { t2a: 0, a2t: 0 } };
  });
  rampResult.server_cpu_s = round(serversCpu() - rampCpu, 1);
  const ready = conversations.filter(Boolean);
  const perAgent = agents.map((a) => ready.filter((c) => c.agent === a).length);
  if (ready.length === 0) throw new Error(`no conversation could be opened: ${rampResult.failure_samples.join('; ')}`);
  // The ramp leaves work behind (every assignment re-sends the agent's session list): the clock
  // starts once the server has been quiet (under 20 % of a core) for a second, or after 120 s.
  const settleStarted = performance.now();
  for (;;) {
    const before = serversCpu();
    await sleep(1_000);
    if (serversCpu() - before < 0.2 * servers.length || performance.now() - settleStarted > 120_000) break;
  }
  rampResult.settle_s = round((performance.now() - settleStarted) / 1000, 1);
  say(
    `ramp: ${ready.length}/${n} conversations in ${rampResult.seconds} s (first batch of ${BATCH} ${rampResult.first_batch_ms} ms, last ${rampResult.last_batch_ms} ms; split ${perAgent.join('/')}), then ${rampResult.settle_s} s until the server was quiet`,
  );
  return { ready, perAgent, rampResult };
}

/** One message a second each way per conversation, spread evenly over the second, for SECONDS. */
async function sendLoad(ready, track, serversCpu) {
  const schedule = [];
  ready.forEach((_, c) => {
    const offset = (c / ready.length) * 1000;
    schedule.push({ t: offset, c, dir: 't2a' }, { t: (offset + 500) % 1000, c, dir: 'a2t' });
  });
  schedule.sort((a, b) => a.t - b.t);
  const total = schedule.length * SECONDS;
  const sendLag = [];
  let sent = 0;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpuServer0 = serversCpu();
  const cpuClient0 = clientCpuSeconds();
  const start = performance.now() + 50;
  track.firstSend = start;
  await new Promise((resolve) => {
    let index = 0;
    let second = 0;
    const tick = () => {
      const now = performance.now();
      while (sent < total) {
        const event = schedule[index];
        const due = start + second * 1000 + event.t;
        if (due > now) break;
        const conversation = ready[event.c];
        const k = conversation.sent[event.dir]++;
        const id = `${RUN_TAG}${event.dir === 't2a' ? 't' : 'a'}${event.c}-${k}`;
        const sentAt = performance.now();
        sendLag.push(sentAt - due);
        track.messages.set(id, { dir: event.dir, session: conversation.session, sentAt, second });
        (event.dir === 't2a' ? conversation.tourist : conversation.agent).send({
          pathInfo: PATH.send,
          session_id: conversation.session,
          type: 'text',
          content: `bench ${id} sent at ${sentAt.toFixed(3)} ms`,
          client_msg_id: id,
        });
        sent++;
        if (++index === schedule.length) {
          index = 0;
          second++;
        }
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    setTimeout(tick, 50);
  });
  const sendWindowS = (performance.now() - start) / 1000;
  const cpuServerSend = serversCpu() - cpuServer0;
  const cpuClientSend = clientCpuSeconds() - cpuClient0;
  loopDelay.disable();
  return { sent, sendWindowS, cpuServerSend, cpuClientSend, sendLag, loopDelay };
}

/**
 * Grace: what is still on its way is waited for while it keeps arriving (an overloaded server
 * has a backlog), and given up on once nothing has arrived for GRACE_S. Answers the seconds waited.
 */
async function drain(messages) {
  const graceStart = performance.now();
  const unsettled = () => {
    let n = 0;
    for (const record of messages.values()) if (record.ackAt === undefined || record.recvAt === undefined) n++;
    return n;
  };
  for (let progress = performance.now(), last = -1; ; ) {
    const left = unsettled();
    if (left === 0 || performance.now() - progress > GRACE_S * 1000 || performance.now() - graceStart > DRAIN_MAX_S * 1000) break;
    if (left !== last) {
      last = left;
      progress = performance.now();
    }
    await sleep(100);
  }
  return (performance.now() - graceStart) / 1000;
}

/** The messages never delivered, never acknowledged, or neither, and the p99 by the second they were sent in. */
function outcomes(messages) {
  let lost = 0;
  let unacknowledged = 0;
  let neitherArrived = 0;
  const undeliveredByDirection = { tourist_to_agent: 0, agent_to_tourist: 0 };
  for (const record of messages.values()) {
    if (record.recvAt === undefined) undeliveredByDirection[record.dir === 't2a' ? 'tourist_to_agent' : 'agent_to_tourist']++;
    if (record.ackAt !== undefined && record.recvAt === undefined) lost++;
    if (record.ackAt === undefined) {
      unacknowledged++;
      if (record.recvAt === undefined) neitherArrived++;
    }
  }
  // p99 by the second a message was sent in: a steady overload climbs, a stall shows as one bad second.
  const bySecond = Array.from({ length: SECONDS }, () => []);
  for (const record of messages.values())
    if (record.recvAt !== undefined) bySecond[record.second].push(record.recvAt - record.sentAt);
  const p99BySecond = bySecond.map((values) => latencySummary(values).p99_ms);
  return { lost, unacknowledged, neitherArrived, undeliveredByDirection, p99BySecond };
}

/** The run's figures as bench/results/chat.json keeps them, with its bars passed or missed. */
function fanoutResult(run) {
  const { n, scaleOut, servers, agents, ready, perAgent, rampResult, track, load, deliveredInWindow, graceUsed } = run;
  const [server] = servers;
  const { lost, unacknowledged, neitherArrived, undeliveredByDirection, p99BySecond } = outcomes(track.messages);
  const all = latencySummary([...track.latencies.t2a, ...track.latencies.a2t]);
  const sortedLag = Float64Array.from(load.sendLag).sort();
  const totalDuplicated = track.duplicated.by_seq + track.duplicated.by_id;
  const logs = {
    warn: servers.reduce((sum, s) => sum + s.logs.warn, 0),
    error: servers.reduce((sum, s) => sum + s.logs.error, 0),
    samples: servers.flatMap((s) => s.logs.samples).slice(0, 5),
  };
  const result = {
    conversations: ready.length,
    conversations_asked: n,
    instances: servers.length,
    database: server.sql.kind,
    pubsub: scaleOut || process.env.BENCH_REDIS_URL ? 'redis' : 'memory',
    // a conversation whose visitor and agent are on different servers: its messages cross through Redis
    conversations_across_servers: ready.filter((c) => c.tourist.server !== c.agent.server).length,
    agents: 2,
    split_per_agent: perAgent,
    seconds: SECONDS,
    ramp: rampResult,
    messages_sent: load.sent,
    messages_delivered: track.delivered,
    sent_per_s: round(load.sent / load.sendWindowS, 0),
    delivered_per_s: round(track.delivered / ((track.lastDelivery - track.firstSend) / 1000), 0),
    latency_ms: all,
    latency_tourist_to_agent_ms: latencySummary(track.latencies.t2a),
    latency_agent_to_tourist_ms: latencySummary(track.latencies.a2t),
    latency_p99_ms_by_second_sent: p99BySecond,
    lost,
    unacknowledged,
    unacknowledged_and_undelivered: neitherArrived,
    undelivered_by_direction: undeliveredByDirection,
    duplicated: totalDuplicated,
    duplicated_detail: track.duplicated,
    error_pushes: track.errors.count,
    error_samples: track.errors.samples,
    closed_by_server: track.closedByServer.count,
    closed_codes: track.closedByServer.codes,
    pings_sent: run.pings,
    other_messages: track.otherMessages,
    delivered_during_send_window: deliveredInWindow,
    drain_after_run_s: round(graceUsed, 1),
    last_delivery_after_run_s: round((track.lastDelivery - track.firstSend) / 1000 - load.sendWindowS, 1),
    client: {
      send_lag_p99_ms: round(percentile(sortedLag, 99), 1),
      send_lag_max_ms: round(sortedLag[sortedLag.length - 1] ?? Number.NaN, 1),
      event_loop_delay_p99_ms: round(load.loopDelay.percentile(99) / 1e6, 1),
      cpu_percent_of_one_core: round((load.cpuClientSend / load.sendWindowS) * 100, 0),
    },
    server: {
      cpu_percent_of_one_core: round((load.cpuServerSend / load.sendWindowS) * 100, 0),
      rss_mb_before_ramp: run.rssAtStart.rss_mb,
      ...memoryOf(server.pid),
      ...(servers.length > 1 ? { rss_mb_by_instance: servers.map((s) => memoryOf(s.pid).rss_mb) } : {}),
      logged_warnings: logs.warn,
      logged_errors: logs.error,
      log_samples: logs.samples,
      agent_bytes_of_session_lists: agents.reduce((sum, a) => sum + a.skippedBytes, 0),
    },
  };
  const bar = scaleOut ? BARS.scale_out : BARS.fanout;
  result.bars = {
    p99_ms: { bar: bar.p99_ms, value: all.p99_ms, pass: all.p99_ms !== null && all.p99_ms <= bar.p99_ms },
    lost: { bar: 0, value: lost + unacknowledged, pass: lost + unacknowledged === 0 },
    duplicated: { bar: 0, value: totalDuplicated, pass: totalDuplicated === 0 },
    errors: { bar: 0, value: track.errors.count, pass: track.errors.count === 0 },
    at_bar_size: ready.length >= bar.conversations,
  };
  result.pass = result.bars.p99_ms.pass && result.bars.lost.pass && result.bars.duplicated.pass && result.bars.errors.pass;
  return result;
}

/** The fan-out at `n` conversations, on one server or (`scaleOut`) two sharing PostgreSQL and Redis. */
export async function fanout(n, { scaleOut = false } = {}) {
  const where = scaleOut ? ' on two servers sharing PostgreSQL and Redis' : '';
  console.log(`\n› Chat fan-out${where}: ${n} conversations, ${SECONDS} s, one message a second each way`);
  const { servers, stopAll } = await startServers(n, scaleOut);
  const server = servers[0];
  const serversCpu = () => servers.reduce((sum, s) => sum + cpuSecondsOf(s.pid), 0);
  const track = deliveryTracker();
  const { hooks } = track;
  const clients = [];
  const heartbeat = keepAlive(clients);
  try {
    await uncapAgents(server, n + 10);
    const agents = await signInAgents(servers, hooks, clients);
    const rssAtStart = memoryOf(server.pid);
    const opened = await openConversations(n, { servers, agents, hooks, clients, serversCpu });
    const load = await sendLoad(opened.ready, track, serversCpu);
    const deliveredInWindow = track.delivered;
    const graceUsed = await drain(track.messages);
    const result = fanoutResult({
      n,
      scaleOut,
      servers,
      agents,
      ...opened,
      track,
      load,
      deliveredInWindow,
      graceUsed,
      rssAtStart,
      pings: heartbeat.pings,
    });
    const all = result.latency_ms;
    say(
      `sent ${load.sent} (${result.sent_per_s}/s), delivered ${deliveredInWindow} while sending and ${track.delivered} in all (${result.delivered_per_s}/s, the last ${result.last_delivery_after_run_s} s after the run); latency p50 ${all.p50_ms} / p95 ${all.p95_ms} / p99 ${all.p99_ms} / max ${all.max_ms} ms`,
    );
    say(
      `lost ${result.lost}, unacknowledged ${result.unacknowledged}, duplicated ${result.duplicated}, error pushes ${result.error_pushes}, closed by the server ${result.closed_by_server}, server log errors ${result.server.logged_errors}; server CPU ${result.server.cpu_percent_of_one_core}% of a core, client ${result.client.cpu_percent_of_one_core}%`,
    );
    return result;
  } finally {
    heartbeat.stop();
    for (const client of clients) client.close();
    await stopAll();
  }
}

/** The fan-out at `size`, then, while it misses a bar, at the smaller sizes: where the limit is on this machine. */
export async function fanoutRuns(size, options) {
  const runs = [await fanout(size, options)];
  for (const smaller of SMALLER) {
    const last = runs[runs.length - 1];
    if (last.pass || smaller >= last.conversations) continue;
    if (runs.length === 1) console.log(`  (missed a bar at ${size}: smaller runs follow, to show where the limit is)`);
    runs.push(await fanout(smaller, options));
  }
  return runs;
}
