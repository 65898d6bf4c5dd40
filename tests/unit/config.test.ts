import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/config';

const SECRET = 'x'.repeat(40);

describe('configuration', () => {
  it('defaults to the embedded reference host', () => {
    const c = parseConfig({ AUTH_SECRET: SECRET });
    expect(c.API_URL).toBe('http://127.0.0.1:4010/api/');
    expect(c.AUTH_URL).toBe('http://127.0.0.1:4010/auth/');
    expect(c.APP_ENV).toBe('uat');
    expect(c.PORT).toBe(3000);
    expect(c.APP_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    expect(c.PRODUCT_NAME.length).toBeGreaterThan(0);
  });

  it('names every malformed value', () => {
    const attempt = () => parseConfig({ AUTH_SECRET: SECRET, API_URL: 'not a url', PORT: '99999', APP_ENV: 'Prod!' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (e) {
      expect((e as Error).message).toContain('API_URL');
      expect((e as Error).message).toContain('PORT');
      expect((e as Error).message).toContain('APP_ENV');
    }
  });

  it('requires AUTH_SECRET in prod', () => {
    expect(() => parseConfig({ APP_ENV: 'prod' })).toThrow(/AUTH_SECRET is required when APP_ENV=prod/);
    expect(parseConfig({ APP_ENV: 'prod', AUTH_SECRET: SECRET }).APP_ENV).toBe('prod');
  });

  it('an empty PUSH_URL turns push off; other empty values fall back to defaults', () => {
    const c = parseConfig({ AUTH_SECRET: SECRET, PUSH_URL: '', PORT: '' });
    expect(c.PUSH_URL).toBe('');
    expect(c.PORT).toBe(3000);
  });

  it('takes a redis:// or rediss:// REDIS_URL, and nothing else', () => {
    expect(parseConfig({ AUTH_SECRET: SECRET }).REDIS_URL).toBeUndefined();
    expect(parseConfig({ AUTH_SECRET: SECRET, REDIS_URL: 'rediss://user:pw@cache.example:6380/2' }).REDIS_URL).toBe(
      'rediss://user:pw@cache.example:6380/2',
    );
    expect(() => parseConfig({ AUTH_SECRET: SECRET, REDIS_URL: 'http://cache.example' })).toThrow(
      /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => parseConfig({ AUTH_SECRET: SECRET, REDIS_URL: 'cache:6379' })).toThrow(/REDIS_URL/);
  });
});

describe('configuration: logging and Redis Sentinel', () => {
  it('LOG_LEVEL defaults to info and takes only pino levels', () => {
    expect(parseConfig({ AUTH_SECRET: SECRET }).LOG_LEVEL).toBe('info');
    expect(parseConfig({ AUTH_SECRET: SECRET, LOG_LEVEL: 'debug' }).LOG_LEVEL).toBe('debug');
    expect(() => parseConfig({ AUTH_SECRET: SECRET, LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of/);
  });

  it('REDIS_SENTINELS: a list of host:port, with the primary name; not together with REDIS_URL', () => {
    const c = parseConfig({
      AUTH_SECRET: SECRET,
      REDIS_SENTINELS: '127.0.0.1:26379, sentinel-b:26380,[::1]:26381',
      REDIS_SENTINEL_MASTER: 'adas',
    });
    expect(c.REDIS_SENTINELS).toEqual([
      { host: '127.0.0.1', port: 26379 },
      { host: 'sentinel-b', port: 26380 },
      { host: '::1', port: 26381 },
    ]);
    expect(c.REDIS_SENTINEL_MASTER).toBe('adas');
    expect(parseConfig({ AUTH_SECRET: SECRET }).REDIS_SENTINEL_MASTER).toBe('mymaster');
    for (const bad of ['127.0.0.1', '127.0.0.1:0', 'a:1,,b:2', 'redis://a:1', 'a:99999'])
      expect(() => parseConfig({ AUTH_SECRET: SECRET, REDIS_SENTINELS: bad }), bad).toThrow(
        /REDIS_SENTINELS must be a comma-separated list of host:port/,
      );
    expect(() => parseConfig({ AUTH_SECRET: SECRET, REDIS_URL: 'redis://a:1', REDIS_SENTINELS: 'b:2' })).toThrow(
      /either REDIS_URL or REDIS_SENTINELS/,
    );
  });
});
