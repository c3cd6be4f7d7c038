/**
 * Roles and the route access table (./role-access), plus the zod schema of a
 * role. Pure: used by the router guards, the sidebar and the server's requireRole(). Code on the
 * app's start-up path imports ./role-access directly, so zod stays out of the first-route JS.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { ROLES } from './role-access';

export * from './role-access';

/** A role as the API spells it. */
export const roleSchema = lazySchema(() => z.enum(ROLES));
