/**
 * The OpenNebula fake's users (ONE-API; goca's UsersController): one.user.allocate(name,
 * password, driver, groupIds[]) → user id, a taken name is 0x4000 ALLOCATE; one.userpool.info →
 * `<USER_POOL><USER>…`; one.user.passwd(id, password). Passwords are kept as given, so tests can
 * check what the cloud was told.
 */
import { esc, type Value } from './xmlrpc-codec.ts';

export type FakeOneUser = { id: number; name: string; password: string; driver: string; groups: number[] };

type Answer = Value | { fault: string };
const ok = (v: Value): Answer => [true, v, 0];
const no = (method: string, code: number, message: string): Answer => [false, `[${method}] ${message}`, code, -1];

/** The answer to a users' call, or undefined when the method is not one of them. */
export function handleUserCall(users: Map<number, FakeOneUser>, method: string, p: Value[]): Answer | undefined {
  switch (method) {
    case 'one.user.allocate': {
      if (typeof p[1] !== 'string' || typeof p[2] !== 'string' || typeof p[3] !== 'string' || !Array.isArray(p[4]))
        return { fault: 'one.user.allocate takes (session, string name, string password, string driver, array groups)' };
      const name = p[1];
      if (!/^[^\s:]{1,128}$/.test(name)) return no(method, 0x1000, 'Invalid NAME');
      if ([...users.values()].some((u) => u.name === name))
        return no(method, 0x4000, `Error allocating a new user. NAME is already taken by USER ${name}.`);
      const id = Math.max(...users.keys()) + 1;
      users.set(id, { id, name, password: p[2], driver: p[3] || 'core', groups: (p[4] as number[]).length ? (p[4] as number[]) : [1] });
      return ok(id);
    }
    case 'one.userpool.info':
      return ok(
        `<USER_POOL>${[...users.values()]
          .map(
            (u) =>
              `<USER><ID>${u.id}</ID><GID>${u.groups[0]}</GID><NAME>${esc(u.name)}</NAME><AUTH_DRIVER>${u.driver}</AUTH_DRIVER><ENABLED>1</ENABLED></USER>`,
          )
          .join('')}</USER_POOL>`,
      );
    case 'one.user.passwd': {
      if (typeof p[1] !== 'number' || typeof p[2] !== 'string')
        return { fault: 'one.user.passwd takes (session, int id, string password)' };
      const user = users.get(p[1]);
      if (!user) return no(method, 0x0400, `Error getting user [${p[1]}].`);
      user.password = p[2];
      return ok(user.id);
    }
    default:
      return undefined;
  }
}
