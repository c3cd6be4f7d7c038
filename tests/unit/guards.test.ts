import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { guardLogin, guardScreen } from '@/app/guards';
import type { SessionState, SessionStore } from '@/app/session/session-store';
import { ROUTE_ACCESS, type GuardedPath } from '@/domain/role-access';

/** A session store that only answers getState(), which is all the guards read. */
function sessionWith(state: Partial<SessionState>): { session: SessionStore } {
  const full: SessionState = { status: 'ready', token: null, userRole: null, username: null, user: null, fromCache: false, ...state };
  return { session: { getState: () => full } as unknown as SessionStore };
}

const loggedIn = (role: string | null) => sessionWith({ token: 't', userRole: role });

/** Where the guard sends the visitor: the redirect's target, or null when it lets it through. */
function target(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!isRedirect(error)) throw error;
    return String(error.options.to);
  }
}

describe('guardScreen (the logged-in shell, for the screen being opened)', () => {
  const paths = Object.keys(ROUTE_ACCESS) as GuardedPath[];

  it.each([...paths, '/unauthorized'])('should send a logged-out visitor of %s to /', (path) => {
    expect(target(() => guardScreen(sessionWith({}), path))).toBe('/');
  });

  it.each(
    paths.flatMap((path) =>
      (['HR', 'Pembimbing', 'Mentor', 'BusHead'] as const).map((role) => {
        const allowed: readonly string[] | null = ROUTE_ACCESS[path];
        return [path, role, allowed === null || allowed.includes(role) ? null : '/unauthorized'] as const;
      }),
    ),
  )('should answer %s for %s with %s', (path, role, expected) => {
    expect(target(() => guardScreen(loggedIn(role), path))).toBe(expected);
  });

  it('should read the role case-insensitively, the loaded profile first', () => {
    expect(target(() => guardScreen(loggedIn('hr'), '/users'))).toBeNull();
    const profile = { id: 1, employee_id: 'E1', username: 'm', role: 'Mentor', signature_url: null };
    expect(target(() => guardScreen(sessionWith({ token: 't', userRole: 'HR', user: profile }), '/users'))).toBe('/unauthorized');
  });

  it('should let any logged-in user open the paths open to all and /unauthorized, even with an unknown role', () => {
    for (const path of ['/dashboard', '/profile', '/unauthorized']) {
      expect(target(() => guardScreen(loggedIn('intern'), path))).toBeNull();
    }
    expect(target(() => guardScreen(loggedIn('intern'), '/approval'))).toBe('/unauthorized');
  });
});

describe('guardLogin', () => {
  it('should send a logged-in user from / to /dashboard and let a logged-out visitor stay', () => {
    expect(target(() => guardLogin(loggedIn('HR')))).toBe('/dashboard');
    expect(target(() => guardLogin(sessionWith({})))).toBeNull();
  });
});
