import { configFromEnv } from '../../src/config/app-config.js';
import { canonical, TargetPolicy, type WebhookResolver } from '../../src/live/webhooks/webhook-target.js';

/** Names of the reserved `.test` domain, mapped without the network. */
function resolver(names: Record<string, string[]>): WebhookResolver {
  return {
    lookup: (hostname) => {
      const found = names[hostname];
      if (!found)
        return Promise.reject(
          Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
        );
      return Promise.resolve(found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    },
  };
}

describe('webhook targets: where deliveries may go', () => {
  const policy = new TargetPolicy([], ['1.2.3.9', '2a00:1450::9']);

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd00::1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['64:ff9b::a00:1', 'reserved'],
  ])('%s is refused as %s', (address, kind) => {
    expect(policy.refusal(address)).toMatch(new RegExp(`\\b${kind} address$`));
  });

  it('the service’s own addresses are refused whatever they are', () => {
    expect(policy.refusal('1.2.3.9')).toBe('1.2.3.9 is an address of this service');
    expect(policy.refusal('2a00:1450::9')).toBe('2a00:1450::9 is an address of this service');
  });

  it('public addresses pass, in either family, mapped or not', () => {
    for (const address of ['1.2.3.4', '172.32.0.1', '::ffff:1.2.3.4', '2a00:1450::1']) {
      expect(policy.refusal(address)).toBeUndefined();
    }
  });

  it('the networks the operator allows pass, and nothing next to them', () => {
    const allowing = new TargetPolicy(['10.20.0.0/16', '127.0.0.1', 'fd00::/8']);
    expect(allowing.refusal('10.20.3.4')).toBeUndefined();
    expect(allowing.refusal('127.0.0.1')).toBeUndefined();
    expect(allowing.refusal('::ffff:127.0.0.1')).toBeUndefined();
    expect(allowing.refusal('fd12::1')).toBeUndefined();
    expect(allowing.refusal('10.21.0.1')).toMatch(/private address$/);
    expect(allowing.refusal('127.0.0.2')).toMatch(/loopback address$/);
  });

  it('addresses in a URL are read as a browser reads them: decimal, hex and mapped spellings of loopback are loopback', async () => {
    const none = resolver({});
    for (const url of [
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::ffff:127.0.0.1]:8080/',
      'http://127.1:3000/',
    ]) {
      const check = await policy.check(url, none);
      expect(check).toEqual({ allowed: false, reason: expect.stringMatching(/loopback address$/) });
    }
    expect(canonical('::FFFF:10.0.0.1')).toBe('10.0.0.1');
  });

  it('credentials in a URL are refused before any name is looked up', async () => {
    const looked: string[] = [];
    const lookup = (hostname: string) => {
      looked.push(hostname);
      return Promise.resolve([{ address: '1.2.3.4', family: 4 as const }]);
    };
    const check = await policy.check('https://user:secret@hooks.example.test/x', { lookup });
    expect(check).toEqual({ allowed: false, reason: expect.stringMatching(/must not carry credentials/) });
    expect(looked).toEqual([]);
    expect(await policy.check('https://:secret@hooks.example.test/x', { lookup })).toMatchObject({
      allowed: false,
    });
  });

  it('a name is checked by every address it resolves to; a name inside and a name that does not resolve are answered alike', async () => {
    const names = resolver({
      'hooks.example.test': ['1.2.3.4', '2a00:1450::1'],
      'inside.example.test': ['10.0.0.7'],
      'half.example.test': ['1.2.3.4', '192.168.0.9'],
    });
    expect(await policy.check('https://hooks.example.test/in', names)).toEqual({
      allowed: true,
      target: { url: new URL('https://hooks.example.test/in'), address: { address: '1.2.3.4', family: 4 } },
    });
    const inside = await policy.check('https://inside.example.test/in', names);
    const half = await policy.check('https://half.example.test/in', names);
    const unknown = await policy.check('https://nowhere.example.test/in', names);
    expect(inside).toEqual({ allowed: false, reason: 'url’s host must resolve to public addresses only' });
    expect(half).toEqual(inside);
    expect(unknown).toEqual(inside);
  });

  it('UMPIRE_WEBHOOK_ALLOWED_NETWORKS lists networks, and a typo fails the start', () => {
    expect(configFromEnv({}).webhookAllowedNetworks).toEqual([]);
    expect(
      configFromEnv({ UMPIRE_WEBHOOK_ALLOWED_NETWORKS: '10.0.0.0/8, fd00::/8,192.168.1.20' })
        .webhookAllowedNetworks,
    ).toEqual(['10.0.0.0/8', 'fd00::/8', '192.168.1.20']);
    for (const bad of ['10.0.0.0/33', 'intranet', '10.0.0/8', 'fd00::/129', '10.0.0.0/8/1']) {
      expect(() => configFromEnv({ UMPIRE_WEBHOOK_ALLOWED_NETWORKS: bad })).toThrow(
        /UMPIRE_WEBHOOK_ALLOWED_NETWORKS/,
      );
    }
  });
});
