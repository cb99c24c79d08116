import { Outbox, type OutboxItem, sendOver, type SendResult } from '../../web/table/outbox.js';
import { commandBody, missing, type CommandTemplate } from '../../web/shared/contract.js';

class MemoryStorage {
  readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
}

const item = (commandId: string): Omit<OutboxItem, 'state'> => ({
  commandId,
  route: '/matches/m/disputes',
  body: { commandId },
  label: commandId,
  action: 'dispute',
});

describe('the table page’s outbox (commands kept on the device until answered)', () => {
  it('C-5 sends in order, once each; what cannot be sent now waits, and a refusal is kept with its rule id', async () => {
    const storage = new MemoryStorage();
    const sent: string[] = [];
    let online = false;
    const answers: Record<string, SendResult> = {
      two: { kind: 'refused', refusal: { status: 409, message: 'already waiting', ruleId: 'C-5' } },
    };
    const outbox = new Outbox(storage, 'k', async (next) => {
      if (!online) return { kind: 'retry' };
      sent.push(next.commandId);
      return answers[next.commandId] ?? { kind: 'landed' };
    });
    await outbox.add(item('one'));
    await outbox.add(item('two'));
    await outbox.add(item('three'));
    expect(sent).toEqual([]);
    expect(outbox.list().map((i) => i.state)).toEqual(['pending', 'pending', 'pending']);
    // Kept across a reload: a new outbox on the same storage has them all.
    expect(new Outbox(storage, 'k', async () => ({ kind: 'retry' })).list()).toHaveLength(3);

    online = true;
    await outbox.flush();
    expect(sent).toEqual(['one', 'two', 'three']);
    expect(outbox.list()).toEqual([
      expect.objectContaining({
        commandId: 'two',
        state: 'refused',
        refusal: expect.objectContaining({ ruleId: 'C-5' }),
      }),
    ]);
    await outbox.flush();
    expect(sent).toEqual(['one', 'two', 'three']);
  });

  it('a flush that finds nothing to send does not stop later ones from sending', async () => {
    const sent: string[] = [];
    const outbox = new Outbox(new MemoryStorage(), 'k', async (next) => {
      sent.push(next.commandId);
      return { kind: 'landed' };
    });
    await outbox.flush();
    await outbox.add(item('after'));
    expect(sent).toEqual(['after']);
  });
});

describe('how the table page sends one command', () => {
  it('C-6 posts the body under its key, asks for a minimal answer (it follows the match on its feed), and counts a 201 as landed', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response('{"matchId":"m","revision":4,"duplicate":false,"events":[]}', { status: 201 });
    }) as typeof fetch;
    const result = await sendOver(fetcher, 'umpire_key', { ...item('one'), state: 'pending' });
    expect(result).toEqual({ kind: 'landed', revisions: [] });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/matches/m/disputes');
    expect(calls[0]!.init.headers).toMatchObject({
      authorization: 'Bearer umpire_key',
      prefer: 'return=minimal',
    });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ commandId: 'one' });
  });
});

describe('a command built from its template alone', () => {
  const template: CommandTemplate = {
    action: 'attack',
    label: 'Attack with a1',
    command: 'CloseCombatAttack',
    side: 'A',
    method: 'POST',
    route: '/matches/m/close-combat-attacks',
    body: { unitId: 'a1' },
    choices: [
      {
        path: 'intent',
        label: 'Fight or flee?',
        kind: 'one-of',
        options: [{ value: 'fight', label: 'Fight' }],
      },
      {
        path: 'card.rank',
        label: 'Rank',
        kind: 'text',
        maxLength: 2,
        when: { path: 'intent', value: 'flee' },
      },
    ],
    dice: { source: 'table', count: 2, sides: 6, purpose: 'attack', ruleId: 'AA-11', path: 'dice' },
    ruleId: 'AA-11',
  };

  it('C-1 asks for exactly the dice needed and every choice asked; the body carries them and a commandId', () => {
    expect(missing(template, {}, [5])).toEqual(['Fight or flee?', '2 dice for the attack']);
    expect(missing(template, { intent: 'fight' }, [5, 4])).toEqual([]);
    expect(commandBody(template, { intent: 'fight', 'card.rank': 'K' }, [5, 4], 'c-1')).toEqual({
      unitId: 'a1',
      intent: 'fight',
      dice: [5, 4],
      commandId: 'c-1',
    });
    expect(commandBody(template, { intent: 'flee', 'card.rank': 'K' }, [1, 2], 'c-2')).toMatchObject({
      card: { rank: 'K' },
    });
    expect(template.body).toEqual({ unitId: 'a1' });
  });
});
