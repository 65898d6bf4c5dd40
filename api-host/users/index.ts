/** Users: the demo sign-ins, profiles, passwords and the locations each user may access. */
import type { Area } from '../areas';
import { userCalls } from './calls';
import { USERS_SCHEMA } from './schema';
import { seedUsers } from './seed';

export const users: Area = { name: 'users', migrations: [USERS_SCHEMA], calls: userCalls, seed: seedUsers };
