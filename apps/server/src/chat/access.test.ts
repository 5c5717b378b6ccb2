import { describe, expect, it } from 'vitest';
import { belongsTo, supervises } from './access';
import { chatTestKitFile } from './context.testing';

// Who may read or change a conversation: someone else's is answered as if it did not exist.

const kit = chatTestKitFile();

describe('a conversation’s access', () => {
  it('belongs to its visitor and its agent only', async () => {
    const csrId = await kit.staff();
    const touristId = await kit.visitor();
    const session = await kit.conversation(touristId, csrId);
    expect(belongsTo({ type: 'tourist', id: touristId }, session)).toBe(true);
    expect(belongsTo({ type: 'csr', id: csrId }, session)).toBe(true);
    expect(belongsTo({ type: 'tourist', id: touristId + 1 }, session)).toBe(false);
    expect(belongsTo({ type: 'csr', id: csrId + 1 }, session)).toBe(false);
    expect((await kit.ctx.sessionFor({ type: 'csr', id: csrId }, session.id)).id).toBe(session.id);
    await expect(kit.ctx.sessionFor({ type: 'tourist', id: touristId + 1 }, session.id)).rejects.toMatchObject({ status: 404 });
    await expect(kit.ctx.sessionFor({ type: 'tourist', id: touristId }, session.id + 1000)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('is open to a supervisor for reading and managing any open one; a closed one is managed by no one', async () => {
    const [owner, other, admin] = [await kit.staff(), await kit.staff(), await kit.staff('admin')];
    const session = await kit.conversation(await kit.visitor(), owner);
    expect(supervises({ id: admin, role: 'admin' })).toBe(true);
    expect(supervises({ id: other, role: 'csr' })).toBe(false);
    expect((await kit.ctx.sessionToRead({ type: 'csr', id: admin, role: 'admin' }, session.id)).id).toBe(session.id);
    expect((await kit.ctx.sessionToManage({ id: admin, role: 'admin' }, session.id)).id).toBe(session.id);
    await expect(kit.ctx.sessionToRead({ type: 'csr', id: other, role: 'csr' }, session.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(kit.ctx.sessionToManage({ id: other, role: 'csr' }, session.id)).rejects.toMatchObject({ status: 404 });
    await kit.store.updateSession(session.id, { status: 'closed' });
    await expect(kit.ctx.sessionToManage({ id: owner, role: 'csr' }, session.id)).rejects.toMatchObject({ status: 404 });
  });

  it('reads staff members as their records stand now, none for one gone', async () => {
    const id = await kit.staff('csr');
    await kit.t.database.db.updateTable('staff').set({ active: 0 }).where('id', '=', id).execute();
    const now = await kit.ctx.staffNow([id, id + 1000]);
    expect(now.get(id)).toEqual({ active: false, role: 'csr' });
    expect(now.has(id + 1000)).toBe(false);
    expect((await kit.ctx.staffNow([])).size).toBe(0);
  });
});
