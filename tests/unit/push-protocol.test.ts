import { describe, expect, it } from 'vitest';
import {
  HANDSHAKE_OK,
  PING_FRAME,
  RS,
  closeFrame,
  completionErrorFrame,
  invocationFrame,
  parseHandshake,
  parseMessage,
  splitFrames,
  sseEvent,
} from '@/api-host/push/protocol';
import { rewriteNegotiate } from '@/lib/push/negotiate';
import { openConnection, sealConnection } from '@/lib/push/seal';

describe('hub protocol framing', () => {
  it('ends every message with the record separator', () => {
    expect(HANDSHAKE_OK).toBe(`{}${RS}`);
    expect(PING_FRAME).toBe(`{"type":6}${RS}`);
    expect(invocationFrame('importNotice', [{ a: 1 }])).toBe(`{"type":1,"target":"importNotice","arguments":[{"a":1}]}${RS}`);
    expect(closeFrame()).toBe(`{"type":7}${RS}`);
    expect(closeFrame('bye', true)).toBe(`{"type":7,"error":"bye","allowReconnect":true}${RS}`);
    expect(completionErrorFrame('3', 'no')).toBe(`{"type":3,"invocationId":"3","error":"no"}${RS}`);
  });

  it('splits received text into messages and keeps a partial one', () => {
    expect(splitFrames(`{"type":6}${RS}{"type":6}${RS}{"ty`)).toEqual({ frames: ['{"type":6}', '{"type":6}'], rest: '{"ty' });
    expect(splitFrames('')).toEqual({ frames: [], rest: '' });
  });

  it('accepts the json protocol versions 1 and 2 in the handshake, and explains a refusal', () => {
    expect(parseHandshake('{"protocol":"json","version":2}')).toEqual({ ok: true, protocol: 'json', version: 2 });
    expect(parseHandshake('{"protocol":"json","version":1}').ok).toBe(true);
    expect(parseHandshake('{"protocol":"messagepack","version":1}')).toEqual({
      ok: false,
      error: "The protocol 'messagepack' is not supported.",
    });
    expect(parseHandshake('{"protocol":"json","version":9}').ok).toBe(false);
    expect(parseHandshake('{"protocol":"json"}').ok).toBe(false);
    expect(parseHandshake('not json').ok).toBe(false);
  });

  it('parses hub messages, refusing anything without a numeric type', () => {
    expect(parseMessage('{"type":1,"target":"x","arguments":[],"invocationId":"1"}')?.invocationId).toBe('1');
    expect(parseMessage('{"target":"x"}')).toBeNull();
    expect(parseMessage('[')).toBeNull();
  });

  it('writes one server-sent event per payload, splitting lines into data: fields', () => {
    expect(sseEvent(`{}${RS}`)).toBe(`data: {}${RS}\r\n\r\n`);
    expect(sseEvent('a\nb')).toBe('data: a\r\ndata: b\r\n\r\n');
  });
});

describe('negotiate through the BFF', () => {
  const seal = (t: string) => `sealed(${t})`;
  const upstream = {
    connectionId: 'abc',
    connectionToken: 'secret-token',
    negotiateVersion: 1,
    availableTransports: [
      { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
      { transport: 'ServerSentEvents', transferFormats: ['Text'] },
      { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
    ],
  };

  it('seals the connection token and offers only what the BFF can forward', () => {
    const r = rewriteNegotiate({ ...upstream, extra: 'dropped' }, seal);
    expect(r).toEqual({
      ok: true,
      answer: {
        negotiateVersion: 1,
        connectionId: 'abc',
        connectionToken: 'sealed(secret-token)',
        availableTransports: [
          { transport: 'ServerSentEvents', transferFormats: ['Text'] },
          { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
        ],
      },
    });
  });

  it('uses the connection id of a version 0 hub, passes errors on and refuses redirects', () => {
    const v0 = rewriteNegotiate({ connectionId: 'abc', availableTransports: upstream.availableTransports }, seal);
    expect(v0.ok && 'connectionToken' in v0.answer && v0.answer.connectionToken).toBe('sealed(abc)');
    expect(rewriteNegotiate({ error: 'nope' }, seal)).toEqual({ ok: true, answer: { error: 'nope' } });
    expect(rewriteNegotiate({ url: 'https://elsewhere', accessToken: 'eyJ...' }, seal).ok).toBe(false);
    expect(rewriteNegotiate({ ...upstream, availableTransports: [upstream.availableTransports[0]] }, seal).ok).toBe(false);
    expect(rewriteNegotiate('x', seal).ok).toBe(false);
  });

  it('opens a sealed id only for the same user and secret', () => {
    const id = sealConnection('s'.repeat(40), 5, 'hub-token');
    expect(id).not.toContain('hub-token');
    expect(openConnection('s'.repeat(40), 5, id)).toBe('hub-token');
    expect(openConnection('s'.repeat(40), 6, id)).toBeNull();
    expect(openConnection('t'.repeat(40), 5, id)).toBeNull();
    expect(openConnection('s'.repeat(40), 5, `${id.slice(0, -2)}AA`)).toBeNull();
    expect(openConnection('s'.repeat(40), 5, 'short')).toBeNull();
    expect(sealConnection('s'.repeat(40), 5, 'hub-token')).not.toBe(id);
  });
});
