import { ServiceUnavailableException } from '@nestjs/common';
import type { ProjectionRunner } from '../../src/projections/projection-runner.js';
import type { TournamentsProjection } from '../../src/projections/tournaments.projection.js';
import { TournamentDirectory } from '../../src/tournament/tournament-directory.js';

describe('TournamentDirectory', () => {
  const unknown = { scheduleOf: () => undefined } as unknown as TournamentsProjection;

  it('answers "not scheduled" only once the tournaments read model has caught up', async () => {
    const settled = { settle: async () => true } as unknown as ProjectionRunner;
    await expect(new TournamentDirectory(settled, unknown).scheduleOf('m1')).resolves.toBeUndefined();
  });

  it('answers 503 rather than guess when the read model cannot catch up in time', async () => {
    const lagging = { settle: async () => false } as unknown as ProjectionRunner;
    await expect(new TournamentDirectory(lagging, unknown).scheduleOf('m1')).rejects.toBeInstanceOf(
      ServiceUnavailableException,
    );
  });
});
