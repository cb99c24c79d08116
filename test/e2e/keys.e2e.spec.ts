import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, ORGANISER_KEY } from './support/umpire-client.js';

describe('keys across instances on one store', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp();
    second = await startTestApp({ dataDir: first.dataDir });
  });
  afterAll(async () => {
    await second.app.close();
    await first.close();
  });

  it('a key issued on one instance works on the other, and once revoked stops working on both within a second', async () => {
    const organiser = new Caller(first.url, ORGANISER_KEY);
    const issued = await organiser.post('/keys', { role: 'spectator', label: 'press box' });
    expect(issued.status).toBe(201);
    const onFirst = new Caller(first.url, issued.body.token);
    const onSecond = new Caller(second.url, issued.body.token);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await onSecond.get('/tournaments')).status).toBe(200);

    expect((await organiser.delete(`/keys/${issued.body.keyId}`)).status).toBe(204);
    expect((await onFirst.get('/tournaments')).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await onSecond.get('/tournaments')).status).toBe(401);
  });
});
