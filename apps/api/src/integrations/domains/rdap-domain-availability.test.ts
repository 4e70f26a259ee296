import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRdap, type FakeRdap } from '../../../../../tools/fakes/rdap.ts';
import { cachedDomainAvailability } from './cached-domain-availability.ts';
import { DomainCheckUnavailableError } from './domain-availability.ts';
import { createRdapDomainAvailability } from './rdap-domain-availability.ts';

describe('the RDAP domain availability adapter (against a local fake registry)', () => {
  let fake: FakeRdap;
  beforeAll(async () => {
    fake = await startFakeRdap({ taken: ['taken.com'], slow: ['slow.com'], broken: ['broken.com'] });
  });
  afterAll(() => fake.close());

  it('reads 200 as taken and 404 as available, asking GET /domain/{name}', async () => {
    const rdap = createRdapDomainAvailability(`${fake.url}/`, 2000);
    expect(await rdap.isTaken(1, 'taken.com')).toBe(true);
    expect(await rdap.isTaken(1, 'free-name.com')).toBe(false);
    expect(fake.requests).toEqual(expect.arrayContaining(['/domain/taken.com', '/domain/free-name.com']));
  });

  it('gives up after its time-out instead of hanging', async () => {
    const rdap = createRdapDomainAvailability(fake.url, 200);
    const started = Date.now();
    await expect(rdap.isTaken(1, 'slow.com')).rejects.toBeInstanceOf(DomainCheckUnavailableError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('treats any other status, or no server at all, as unavailable rather than guessing', async () => {
    const rdap = createRdapDomainAvailability(fake.url, 2000);
    await expect(rdap.isTaken(1, 'broken.com')).rejects.toBeInstanceOf(DomainCheckUnavailableError);
    const nowhere = createRdapDomainAvailability('http://127.0.0.1:9', 2000);
    await expect(nowhere.isTaken(1, 'any.com')).rejects.toBeInstanceOf(DomainCheckUnavailableError);
  });
});

describe('the registry’s answers kept a while', () => {
  let fake: FakeRdap;
  beforeAll(async () => {
    fake = await startFakeRdap({ taken: ['google.com'], broken: ['broken.com'] });
  });
  afterAll(() => fake.close());

  const asked = (name: string) => fake.requests.filter((r) => r === `/domain/${name}`).length;

  it('asks the registry once per name within the time it keeps the answer, and not at all for a failure', async () => {
    const rdap = cachedDomainAvailability(createRdapDomainAvailability(fake.url, 2000));
    expect(rdap.kind).toBe('rdap');
    expect(await rdap.isTaken(1, 'google.com')).toBe(true);
    expect(await rdap.isTaken(2, 'google.com')).toBe(true);
    expect(await rdap.isTaken(1, 'free-name-x.com')).toBe(false);
    expect(await rdap.isTaken(1, 'free-name-x.com')).toBe(false);
    expect([asked('google.com'), asked('free-name-x.com')]).toEqual([1, 1]);
    await expect(rdap.isTaken(1, 'broken.com')).rejects.toBeInstanceOf(DomainCheckUnavailableError);
    await expect(rdap.isTaken(1, 'broken.com')).rejects.toBeInstanceOf(DomainCheckUnavailableError);
    expect(asked('broken.com')).toBe(2);
  });

  it('asks again once the answer is old', async () => {
    const rdap = cachedDomainAvailability(createRdapDomainAvailability(fake.url, 2000), { freeMs: 50, takenMs: 50 });
    await rdap.isTaken(1, 'aging-name.com');
    await new Promise((resolve) => setTimeout(resolve, 120));
    await rdap.isTaken(1, 'aging-name.com');
    expect(asked('aging-name.com')).toBe(2);
  });
});
