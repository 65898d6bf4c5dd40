/** An area's call: the contract call it implements and its handler, given the parsed input, the caller and the host. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallDef } from '../../lib/contract/define';
import type { Caller } from './caller';
import type { HostContext } from './context';

export interface HandlerInput<C extends CallDef> {
  query: z.output<C['query']>;
  body: z.output<C['body']>;
  caller: C['access'] extends 'anonymous' | 'service' ? Caller | null : Caller;
  ctx: HostContext;
  request: FastifyRequest;
  /** For calls that answer something other than JSON (transport 'binary'). */
  reply: FastifyReply;
}

export interface Implementation {
  call: CallDef;
  handler: (input: HandlerInput<CallDef>) => unknown;
}

export function implement<C extends CallDef>(
  call: C,
  // The host answers the wire form (the response schema's input): the BFF's parse makes the contract's output.
  handler: (input: HandlerInput<C>) => Promise<z.input<C['response']>> | z.input<C['response']>,
): Implementation {
  return { call, handler: handler as Implementation['handler'] };
}

/** The answer of save calls whose shape the specification does not show. */
export const OK = { success: true } as const;
