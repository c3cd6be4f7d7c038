/**
 * sessionStorage keys of the session: token, userRole, username. Its own module: src/boot.ts reads
 * the token before any app code has loaded.
 */
export const SESSION_KEYS = { token: 'token', userRole: 'userRole', username: 'username' } as const;
