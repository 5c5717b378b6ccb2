import type { TChatMessage, TChatPush, TPushType } from '@shop/contracts/chat-protocol';
import type { PubSub } from '../infra/pubsub';
import { type Participant, participantKey } from './participants';

/** One open websocket of one participant. */
export interface ChatConnection {
  participant: Participant | null;
  /** the last sequence delivered on this connection, per session */
  readonly lastSeq: Map<number, number>;
  send(push: TChatPush): void;
}

/** The channel every instance holding an agent's connection listens on: pushes for all agents. */
const AGENTS_CHANNEL = 'chat:agents';

type LoadMissing = (sessionId: number, afterSeq: number) => Promise<TChatMessage[]>;
/** a new message, published as it was stored, has just been written to one of its recipient's connections */
type OnDelivered = (message: TChatMessage) => void;

/** Tells this instance's own publications from the others' without parsing them: `<instance>|<push>`. */
const SEPARATOR = '|';

/**
 * Published on a participant's channel when their last connection on one instance closed: an
 * instance still holding one of theirs answers (presence is decided across instances, not per one).
 */
const ROLL_CALL = 'rollCall';

/**
 * Fan-out of pushes to every connection of a participant, on every instance: a push is handed to
 * this instance's own connections at once, and published on the participant's channel for the
 * others, each of which hands it to its own (an instance skips what it published itself). New messages
 * reach each connection once and in sequence order: an old one is dropped, and a gap (a message
 * published later than a newer one) is filled from the database first.
 */
export class ChatHub {
  private readonly local = new Map<string, Set<ChatConnection>>();
  private readonly unsubscribe = new Map<string, Promise<() => Promise<void>>>();
  private readonly queues = new WeakMap<ChatConnection, Promise<void>>();
  /** the agents' connections held here, and this instance's subscription to AGENTS_CHANNEL while any */
  private readonly agents = new Set<ChatConnection>();
  private agentsSubscription: Promise<() => Promise<void>> | null = null;
  /** marks this instance's publications, which it has delivered to its own connections already */
  private readonly origin = `${process.pid.toString(36)}.${Math.random().toString(36).slice(2, 10)}`;
  private stillHeld: (participant: Participant) => void = () => {};

  constructor(
    private readonly pubsub: PubSub,
    private readonly loadMissing: LoadMissing,
    private readonly onError: (error: unknown) => void,
    private readonly onDelivered: OnDelivered = () => {},
  ) {}

  /** Registers a connection; resolves once pushes to its participant can reach it. */
  async attach(connection: ChatConnection, participant: Participant) {
    connection.participant = participant;
    const key = participantKey(participant);
    let set = this.local.get(key);
    if (!set) {
      set = new Set();
      this.local.set(key, set);
      this.unsubscribe.set(
        key,
        this.pubsub.subscribe(`chat:${key}`, (raw) => this.receive(key, raw)),
      );
    }
    set.add(connection);
    await this.unsubscribe.get(key);
    if (participant.type === 'csr') {
      this.agents.add(connection);
      this.agentsSubscription ??= this.pubsub.subscribe(AGENTS_CHANNEL, (raw) => this.receiveForAgents(raw));
      await this.agentsSubscription;
    }
  }

  detach(connection: ChatConnection) {
    const participant = connection.participant;
    if (!participant) return;
    const key = participantKey(participant);
    if (this.agents.delete(connection) && this.agents.size === 0 && this.agentsSubscription) {
      const pending = this.agentsSubscription;
      this.agentsSubscription = null;
      void pending.then((stop) => stop()).catch(this.onError);
    }
    const set = this.local.get(key);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) {
      this.local.delete(key);
      const pending = this.unsubscribe.get(key);
      this.unsubscribe.delete(key);
      void pending?.then((stop) => stop()).catch(this.onError);
    }
  }

  /** How many connections this instance holds for the participant. */
  localCount(participant: Participant) {
    return this.local.get(participantKey(participant))?.size ?? 0;
  }

  /** The participants this instance holds connections of. */
  participants(): Participant[] {
    return [...this.local.keys()].map(participantOfKey);
  }

  /**
   * Asks the other instances whether they hold a connection of the participant, whose last one here
   * has closed; each that does calls its `whenStillHeld` handler.
   */
  askWhoHolds(participant: Participant) {
    this.pubsub
      .publish(`chat:${participantKey(participant)}`, this.stamped({ type: ROLL_CALL, data: null } as unknown as TChatPush))
      .catch(this.onError);
  }

  /** What this instance does when another asks after a participant it still holds a connection of. */
  whenStillHeld(handler: (participant: Participant) => void) {
    this.stillHeld = handler;
  }

  deliver(to: Participant, type: TPushType, data: unknown) {
    const key = participantKey(to);
    const push = { type, data } as TChatPush;
    this.handOut(key, push);
    this.pubsub.publish(`chat:${key}`, this.stamped(push)).catch(this.onError);
  }

  /** A push for every agent connected to any instance (the queue as it changes). */
  deliverToAgents(type: TPushType, data: unknown) {
    const push = { type, data } as TChatPush;
    for (const connection of this.agents) connection.send(push);
    this.pubsub.publish(AGENTS_CHANNEL, this.stamped(push)).catch(this.onError);
  }

  private stamped(push: TChatPush) {
    return `${this.origin}${SEPARATOR}${JSON.stringify(push)}`;
  }

  /** Another instance's publication, parsed; null for this instance's own (delivered already) or a malformed one. */
  private fromElsewhere(raw: string): TChatPush | null {
    const at = raw.indexOf(SEPARATOR);
    if (at < 0 || raw.slice(0, at) === this.origin) return null;
    try {
      return JSON.parse(raw.slice(at + 1)) as TChatPush;
    } catch {
      return null;
    }
  }

  private receiveForAgents(raw: string) {
    const push = this.fromElsewhere(raw);
    if (push) for (const connection of this.agents) connection.send(push);
  }

  /** Sends a message on one connection in order (used for the replay after a reconnect too). */
  sendMessage(connection: ChatConnection, message: TChatMessage, live = false) {
    const previous = this.queues.get(connection) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        if ((await this.ordered(connection, message)) && live) this.onDelivered(message);
      })
      .catch(this.onError);
    this.queues.set(connection, next);
    return next;
  }

  private receive(key: string, raw: string) {
    const push = this.fromElsewhere(raw);
    if (!push) return;
    if ((push.type as string) === ROLL_CALL) {
      if (this.local.get(key)?.size) this.stillHeld(participantOfKey(key));
      return;
    }
    this.handOut(key, push);
  }

  /** Hands a push to this instance's connections of one participant. */
  private handOut(key: string, push: TChatPush) {
    const set = this.local.get(key);
    if (!set) return;
    for (const connection of set) {
      if (push.type === 'newMessage') void this.sendMessage(connection, push.data as TChatMessage, true);
      else connection.send(push);
    }
  }

  /** Whether the message itself went out (false: this connection had it already). */
  private async ordered(connection: ChatConnection, message: TChatMessage): Promise<boolean> {
    const last = connection.lastSeq.get(message.session_id);
    if (last !== undefined && message.seq <= last) return false;
    if (last !== undefined && message.seq > last + 1) {
      for (const missing of await this.loadMissing(message.session_id, last)) {
        if (missing.seq >= message.seq) break;
        this.emit(connection, missing);
      }
    }
    return this.emit(connection, message);
  }

  private emit(connection: ChatConnection, message: TChatMessage): boolean {
    const last = connection.lastSeq.get(message.session_id);
    if (last !== undefined && message.seq <= last) return false;
    connection.lastSeq.set(message.session_id, message.seq);
    connection.send({ type: 'newMessage', data: message });
    return true;
  }
}

function participantOfKey(key: string): Participant {
  const [type, id] = key.split(':');
  return { type: type as Participant['type'], id: Number(id) };
}
