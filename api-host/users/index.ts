/** Users: the demo sign-ins, profiles, passwords and the locations each user may access. */
import type { Area } from '../core/area';
import { userCalls } from './calls';
import { USERS_SCHEMA, USERS_SCHEMA_2 } from './schema';
import { seedUsers } from './seed';

export const users: Area = { name: 'users', migrations: [USERS_SCHEMA, USERS_SCHEMA_2], calls: userCalls, seed: seedUsers };
