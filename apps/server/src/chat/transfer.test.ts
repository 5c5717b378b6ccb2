import { ChatTexts } from '@shop/contracts/chat-protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatTestKitFile } from './context.testing';
import { chatTransfers } from './transfer';

// Handing a conversation to another agent, and inviting a visitor (the flows as clients see them:
// routing.test.ts and chat.test.ts).

const kit = chatTestKitFile();
let drains = 0;
let transfers: ReturnType<typeof chatTransfers>;
beforeAll(() => {
  transfers = chatTransfers(kit.ctx, { drainQueue: async () => ++drains, sessions: async () => [] });
});

const refusal = (field: string, message: string) => ({ type: 'bad_request', message, fields: { [field]: message } });

describe('a transfer', () => {
  it('is refused to oneself, to someone who is not an agent, and to someone else’s conversation', async () => {
    const [from, admin, stranger] = [await kit.staff(), await kit.staff('admin'), await kit.staff()];
    const session = await kit.conversation(await kit.visitor(), from);
    await expect(transfers.transfer(from, session.id, from)).rejects.toMatchObject(
      refusal('csr_id', 'The conversation is already yours'),
    );
    await expect(transfers.transfer(from, session.id, admin)).rejects.toMatchObject(refusal('csr_id', 'There is no such agent'));
    await expect(transfers.transfer(stranger, session.id, from)).rejects.toMatchObject({ status: 404 });
  });

  it('moves the conversation, tells the visitor and both agents, and drains the queue', async () => {
    const [from, to] = [await kit.staff(), await kit.staff()];
    const touristId = await kit.visitor();
    const session = await kit.conversation(touristId, from, { unread_csr: 3 });
    kit.clear();
    const before = drains;
    expect(await transfers.transfer(from, session.id, to)).toBe(ChatTexts.transferred);
    expect(await kit.store.findSession(session.id)).toMatchObject({ csr_id: to, unread_csr: 0 });
    expect(kit.deliveredTo({ type: 'tourist', id: touristId }, 'changeUserBaseInfo')).toMatchObject([
      { id: to, identity: 'csr' },
    ]);
    expect(kit.deliveredTo({ type: 'csr', id: from }, 'csrTransfer')).toMatchObject([{ session_id: session.id, to: { id: to } }]);
    expect(kit.deliveredTo({ type: 'csr', id: to }, 'sessions')).toHaveLength(1);
    expect(drains).toBe(before + 1);
  });
});

describe('an invitation', () => {
  it('is remembered on the visitor and pushed to them with the agent’s card', async () => {
    const csrId = await kit.staff();
    const touristId = await kit.visitor();
    kit.clear();
    await transfers.invite(csrId, touristId);
    expect(await kit.store.findTourist(touristId)).toMatchObject({ invited_by: csrId });
    expect(kit.deliveredTo({ type: 'tourist', id: touristId }, 'changeStatus')).toMatchObject([
      { id: touristId, status: 'invite', csr: { id: csrId } },
    ]);
    await expect(transfers.invite(csrId, touristId + 1000)).rejects.toMatchObject({ status: 404 });
  });
});
