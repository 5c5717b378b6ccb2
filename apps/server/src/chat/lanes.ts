import { PathInfo, type TChatFrame } from '@shop/contracts/chat-protocol';

const settle = () => {};

/**
 * The order a connection's frames take effect in. Frames about one conversation run one after
 * another, in the order sent; frames about different conversations run side by side, so an agent
 * answering many visitors is not held up by one slow write. A frame about no conversation in
 * particular (initialize, status, lists) waits for everything sent before it and holds back
 * everything sent after it.
 */
export class Lanes {
  private barrier: Promise<void> = Promise.resolve();
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `task` in `lane` (null: the barrier). The promise settles as the task does. */
  run(lane: string | null, task: () => Promise<void>): Promise<void> {
    if (lane === null) {
      const next = Promise.all([this.barrier, ...this.tails.values()]).then(task);
      this.barrier = next.then(settle, settle);
      this.tails.clear();
      return next;
    }
    const next = (this.tails.get(lane) ?? this.barrier).then(task);
    const tail = next.then(settle, settle);
    this.tails.set(lane, tail);
    // A lane with nothing left in it is forgotten, so the map holds only conversations in flight.
    tail.then(() => {
      if (this.tails.get(lane) === tail) this.tails.delete(lane);
    });
    return next;
  }

  /** Settles once everything queued so far has run. */
  idle(): Promise<void> {
    return Promise.all([this.barrier, ...this.tails.values()]).then(settle);
  }

  /** Conversations with frames in flight. */
  get busyLanes(): number {
    return this.tails.size;
  }
}

/** Frames about one conversation share its lane; the rest run as barriers (see lanes.ts). */
export function laneOf(frame: TChatFrame): string | null {
  switch (frame.pathInfo) {
    case PathInfo.sendSessionMessage:
      // a visitor's first messages, sent before they know their conversation, wait for each other
      return frame.session_id === undefined ? 'session:new' : `session:${frame.session_id}`;
    case PathInfo.readMessage:
    case PathInfo.messageInputState:
    case PathInfo.sessionInfo:
      return `session:${frame.session_id}`;
    case PathInfo.loadRecords:
      return `session:${frame.id}`;
    case PathInfo.changeSessionState:
    case PathInfo.rateSession:
    case PathInfo.addNote:
    case PathInfo.loadNotes:
    case PathInfo.labelSession:
    case PathInfo.replyVariables:
      return `session:${frame.session_id}`;
    case PathInfo.search:
      // searches wait for each other only: a slow one holds back no conversation
      return 'search';
    default:
      return null;
  }
}
