/**
 * What an area is to the host: one folder (`api-host/<area>/`) whose index.ts exports an `Area`, listed once
 * in api-host/areas.ts. Other areas use only what its service.ts exports.
 */
import type { FastifyInstance } from 'fastify';
import type { HostContext } from './context';
import type { Db } from './db';
import type { Implementation } from './implement';

/** `filesDir`: the host's files folder (HostContext.filesDir), for seeds that keep files on disk. */
export type SeedStep = (db: Db, filesDir: string) => Promise<void> | void;

export interface Area {
  /** The folder name; migrations are recorded as `{name}/{n}`. */
  name: string;
  /** The name its migrations were first recorded under, when the folder was renamed since (databases keep it). */
  recordedAs?: string;
  /** SQL scripts, applied once each, in order; append new ones, never edit an applied one. */
  migrations: readonly string[];
  calls: readonly Implementation[];
  /** Deterministic demo data (runs after every area's migrations, in area order). */
  seed?: SeedStep;
  /** Routes outside the contract (third-party stand-ins), mounted beside the calls. */
  routes?(app: FastifyInstance, ctx: HostContext): void;
}
