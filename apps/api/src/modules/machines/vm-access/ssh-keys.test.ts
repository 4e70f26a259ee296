import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { ALICE_KEY, ALICE_FINGERPRINT, BOB_KEY, RSA_KEY } from './test-keys.ts';

const ACME = 'https://acme-sshkeys.example';
const ZEBRA = 'https://zebra-sshkeys.example';

describe('SSH public keys in the profile', () => {
  let t: TestContext;
  let thandi: SignedIn;
  let sipho: SignedIn;
  let zebraThandi: SignedIn;
  const as = (who: SignedIn, site = ACME) => authHeaders(site, who);
  const list = async (who: SignedIn, site = ACME) =>
    (await t.app.inject({ method: 'GET', url: '/api/profileSetting/sshKeys', headers: as(who, site) })).json().data as Array<{
      ID: number;
      name: string;
      fingerprint: string;
    }>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const acme = (await upsertCompany(db, completeCompany('acme-sshkeys', 'Acme Cloud'), [ACME])).id;
    const zebra = (await upsertCompany(db, completeCompany('zebra-sshkeys', 'Zebra Hosting'), [ZEBRA])).id;
    thandi = await signIn(t, acme, (await createCustomer(db, acme, { email: 'thandi@example.co.za' })).id);
    sipho = await signIn(t, acme, (await createCustomer(db, acme, { email: 'sipho@example.co.za' })).id);
    zebraThandi = await signIn(t, zebra, (await createCustomer(db, zebra, { email: 'thandi@example.co.za' })).id);
  });
  afterAll(() => t.close());

  it('keeps a valid key with the fingerprint ssh-keygen -l prints, never echoing the body', async () => {
    const res = await post(t.app, 'profileSetting/addSshKey', { name: ' Laptop ', publicKey: `  ${ALICE_KEY}\n` }, as(thandi));
    expect(res.http).toBe(200);
    expect(res.body.message).toBe(messages.sshKeyAdded);
    expect(res.body.data).toMatchObject({ name: 'Laptop', type: 'ssh-ed25519', fingerprint: ALICE_FINGERPRINT });
    expect(JSON.stringify(res.body)).not.toContain(ALICE_KEY.split(' ')[1]);
    expect((await post(t.app, 'profileSetting/addSshKey', { name: 'Desk', publicKey: RSA_KEY }, as(thandi))).http).toBe(200);
    expect((await list(thandi)).map((k) => k.name)).toEqual(['Laptop', 'Desk']);
  });

  it('refuses a bad key with a 400 naming the field and saying why', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'x', publicKey: ALICE_KEY.replace('ssh-ed25519', 'ssh-dss') }, 'publicKey', messages.sshKeyTypeInvalid],
      [{ name: 'x', publicKey: '-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjEAAAAA' }, 'publicKey', messages.sshKeyTypeInvalid],
      [{ name: 'x', publicKey: 'ssh-ed25519 not*base64!' }, 'publicKey', messages.sshKeyBodyInvalid],
      [{ name: 'x', publicKey: 'ssh-ed25519' }, 'publicKey', messages.sshKeyBodyInvalid],
      // An ed25519 body announced as RSA, and a body cut short.
      [{ name: 'x', publicKey: ALICE_KEY.replace('ssh-ed25519', 'ssh-rsa') }, 'publicKey', messages.sshKeyBodyMismatch],
      [{ name: 'x', publicKey: `ssh-ed25519 ${ALICE_KEY.split(' ')[1]!.slice(0, 40)}` }, 'publicKey', messages.sshKeyBodyMismatch],
      [{ name: '', publicKey: BOB_KEY }, 'name', messages.sshKeyNameRequired],
      [{ name: 'x'.repeat(51), publicKey: BOB_KEY }, 'name', messages.sshKeyNameTooLong],
      [{ name: 'x' }, 'publicKey', messages.sshKeyRequired],
      // The same key twice (another comment does not make it another key).
      [{ name: 'again', publicKey: ALICE_KEY.replace('alice@laptop', 'other comment') }, 'publicKey', messages.sshKeyDuplicate],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(t.app, 'profileSetting/addSshKey', body, as(thandi));
      expect(res.http, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fieldErrors[field], JSON.stringify(body)).toBe(message);
    }
    expect(await list(thandi)).toHaveLength(2);
  });

  it('one customer never sees nor removes another’s keys, in this company or another', async () => {
    expect(await list(sipho)).toEqual([]);
    expect(await list(zebraThandi, ZEBRA)).toEqual([]);
    const [laptop] = await list(thandi);
    const foreign = await post(t.app, 'profileSetting/deleteSshKey', { ID: laptop!.ID }, as(sipho));
    expect(foreign.http).toBe(404);
    expect((await post(t.app, 'profileSetting/deleteSshKey', { ID: laptop!.ID }, as(zebraThandi, ZEBRA))).http).toBe(404);
    // The same key may be kept by someone else: it is theirs too.
    expect((await post(t.app, 'profileSetting/addSshKey', { name: 'Shared', publicKey: ALICE_KEY }, as(sipho))).http).toBe(200);

    const mine = await post(t.app, 'profileSetting/deleteSshKey', { ID: laptop!.ID }, as(thandi));
    expect(mine.http).toBe(200);
    expect(mine.body.message).toBe(messages.sshKeyRemoved);
    expect((await list(thandi)).map((k) => k.name)).toEqual(['Desk']);
    expect((await list(sipho)).map((k) => k.name)).toEqual(['Shared']);
  });

  it('asks for a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/profileSetting/sshKeys', headers: { origin: ACME } })).statusCode).toBe(401);
    expect((await post(t.app, 'profileSetting/addSshKey', { name: 'x', publicKey: BOB_KEY }, { origin: ACME })).http).toBe(401);
  });
});
