import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { TOURNAMENT_RULES_VERSION } from '../../src/rules/tournament/rules-version.js';
import { tournamentStream } from '../../src/tournament/tournament-events.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, issueKey, organiser } from './support/umpire-client.js';

/**
 * GET /tournaments/:id says which version of the tournament rules the tournament runs under, over
 * HTTP on the real service: the one its TournamentCreated recorded, to every key that reads the
 * tournament (a participant's own included); a tournament created before versions were recorded
 * is under the first, 1.0.0.
 */
describe('the tournament answer names its tournament rules version', () => {
  let t: TestApp;
  let org: Caller;

  beforeAll(async () => {
    t = await startTestApp();
    org = organiser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a new tournament answers the version it recorded, to the organiser, a spectator and a participant', async () => {
    await org.command('/tournaments', { tournamentId: 'versioned-cup', name: 'Versioned Cup' });
    await org.command('/tournaments/versioned-cup/participants', { name: 'Ann Archer' });
    const participant = new Caller(
      t.url,
      (await org.post('/tournaments/versioned-cup/participants/p1/keys', { label: 'p1' })).body.token,
    );
    const spectator = await issueKey(t, { role: 'spectator', tournamentId: 'versioned-cup' });
    for (const caller of [org, spectator, participant]) {
      const answer = await caller.get('/tournaments/versioned-cup');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        tournamentId: 'versioned-cup',
        name: 'Versioned Cup',
        rulesVersion: TOURNAMENT_RULES_VERSION,
      });
    }
  });

  it('a tournament whose TournamentCreated records no version answers the first, 1.0.0', async () => {
    const store = t.app.get<EventStore>(EVENT_STORE);
    await store.append(
      tournamentStream('early-cup'),
      [
        {
          type: 'TournamentCreated',
          data: { tournamentId: 'early-cup', name: 'Early Cup', scoring: { win: 3, draw: 1, loss: 0 } },
        },
      ],
      { expectedRevision: 'no_stream', commandId: 'create-early-cup', actor: { role: 'organiser' } },
    );
    const answer = await org.get('/tournaments/early-cup');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      tournamentId: 'early-cup',
      name: 'Early Cup',
      rulesVersion: '1.0.0',
    });
  });

  it('an unknown tournament is still 404', async () => {
    expect((await org.get('/tournaments/no-such-cup')).status).toBe(404);
  });
});
