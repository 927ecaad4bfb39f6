import { describe, expect, it } from 'vitest';
import { EnvError } from '../../src/config/read-env';
import { scriptEnv } from '../../platform/script-env';

describe('scriptEnv', () => {
  it('gives the defaults when nothing is set, and treats blank as unset', () => {
    const env = scriptEnv({ PORT: ' ', DIST_DIR: '' });
    expect(env.PORT).toBeUndefined();
    expect(env).toMatchObject({
      DIST_DIR: 'dist',
      BUILD_CACHE_DIR: '.build',
      BUILD_TIMINGS: false,
      CHROMIUM_PATH: '/usr/bin/chromium',
      API_TENANT: 'bayside-toyota',
      API_LEADS: {},
    });
  });

  it('reads what is set: a port as a number, the leads settings as an object, any BUILD_TIMINGS as on', () => {
    expect(
      scriptEnv({
        PORT: '4700',
        API_LEADS: '{"min_fill_ms":0}',
        BUILD_TIMINGS: '1',
        DIST_DIR: '/tmp/sites',
      }),
    ).toMatchObject({
      PORT: 4700,
      API_LEADS: { min_fill_ms: 0 },
      BUILD_TIMINGS: true,
      DIST_DIR: '/tmp/sites',
    });
  });

  it('stops with every bad variable named, its value and what was expected', () => {
    const bad = () => scriptEnv({ PORT: '80a', API_LEADS: '[1,2]' });
    expect(bad).toThrow(EnvError);
    expect(bad).toThrow(
      'Bad environment variables:\n  PORT="80a": expected a port number (1-65535)\n  API_LEADS="[1,2]": expected a JSON object of leads settings',
    );
    expect(() => scriptEnv({ PORT: '70000' })).toThrow(
      'PORT="70000": expected a port number (1-65535)',
    );
    expect(() => scriptEnv({ API_LEADS: '{not json' })).toThrow(
      'API_LEADS="{not json": expected a JSON object of leads settings',
    );
  });

  it('reads the partial render settings as whole numbers, and refuses others (no silent default)', () => {
    expect(
      scriptEnv({ PARTIAL_RENDER_THREADS: '1', INCREMENTAL_MAX_AGE_SECONDS: '0' }),
    ).toMatchObject({
      PARTIAL_RENDER_THREADS: 1,
      INCREMENTAL_MAX_AGE_SECONDS: 0,
    });
    expect(() => scriptEnv({ PARTIAL_RENDER_THREADS: '0' })).toThrow(
      'PARTIAL_RENDER_THREADS="0": expected a whole number of at least 1',
    );
    expect(() => scriptEnv({ INCREMENTAL_MAX_AGE_SECONDS: 'an hour' })).toThrow(
      'INCREMENTAL_MAX_AGE_SECONDS="an hour": expected a whole number of at least 0',
    );
  });
});
